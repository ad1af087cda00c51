import { basename, dirname, joinPath } from '../../fileSource';
import { normalizeLanguage } from '../../language/normalizeLanguage';
import { agentName } from '../agentName';
import { isObject, objectOrEmpty, stringOrNull, type JsonObject } from '../gaia2/values';

// What a results file says about its run as a whole: domain, language, SEATau setting, agent model, and the path
// the run pairs on. Run folders are named `<timestamp>_<domain>_<lang>_<agent llm>_<user llm>` (and archived as
// `<setting>/<run>/`), so the same run in two languages lives in two differently named folders: pairing reads a
// path with the timestamp, language and setting left out of those names.

/** SEATau experiment presets (info.seatau_info.experiment_name). */
const SEATAU_SETTINGS = ['english', 'l2_interaction', 'l2_tools', 'l2_domain'] as const;
const KNOWN_DOMAINS = ['airline', 'retail', 'telecom', 'mock', 'banking_knowledge'];
/** A timestamp token: digits with date/time separators, at least six digits (20250601, 2025-06-01T14-30-00, 143000). */
const TIMESTAMP = /^(?=(?:\D*\d){6})[\dT:.-]+$/;

export interface RunInfo {
  domain: string | null;
  /** The language label as the file (or the run name) states it; `en` for plain tau2-bench runs. */
  languageHint: string | null;
  setting: string | null;
  model: string | null;
  /** `info.agent_info` implementation and llm, else the run name without timestamp, domain and language. */
  agent: string | null;
  /** The run directory's path with timestamp, language and setting left out of its folder names. */
  pairingPath: string;
}

function nonEmpty(value: unknown): string | null {
  const text = stringOrNull(value);
  return text !== null && text.trim() !== '' ? text.trim() : null;
}

function tokensOf(name: string): string[] {
  return name.split('_').filter((t) => t !== '');
}

/** The first token of a run name that is a language code (`th` in `20250601_airline_th_gpt-4.1_gpt-4.1`). */
function runNameLanguage(name: string): string | null {
  return tokensOf(name).find((t) => normalizeLanguage(t) !== null) ?? null;
}

function settingIn(path: string): string | null {
  const lower = path.toLowerCase();
  return SEATAU_SETTINGS.find((s) => new RegExp(`(?:^|[/_.-])${s}(?:$|[/_.-])`).test(lower)) ?? null;
}

/** `tokens` without the first run of tokens equal (in any case) to `sequence`. */
function withoutSequence(tokens: string[], sequence: readonly string[]): string[] {
  if (sequence.length === 0) return tokens;
  for (let i = 0; i + sequence.length <= tokens.length; i++) {
    if (sequence.every((s, k) => tokens[i + k]?.toLowerCase() === s)) return [...tokens.slice(0, i), ...tokens.slice(i + sequence.length)];
  }
  return tokens;
}

/** A folder name without the setting, timestamps and the run's language; '' when nothing else is left. */
function pairingName(name: string, language: string | null, setting: string | null): string {
  return withoutSequence(tokensOf(name), setting === null ? [] : tokensOf(setting))
    .filter((t) => !TIMESTAMP.test(t) && (language === null || normalizeLanguage(t) !== language))
    .join('_');
}

/** The run directory path pairing reads: folders named after the setting dropped, the run folder's name cleaned. */
function pairingPathOf(dir: string, language: string | null, setting: string | null): string {
  if (dir === '') return '';
  const parents = dirname(dir)
    .split('/')
    .filter((s) => s !== '' && (setting === null || s.toLowerCase() !== setting));
  return joinPath(...parents, pairingName(basename(dir), language, setting));
}

/**
 * Language label: info.lang_id, else info.seatau_info.run_language, else a run-name token; tau2-bench runs without
 * any of these (and SEATau english runs) are English.
 */
function languageHintOf(info: JsonObject, seatau: JsonObject | null, runName: string, setting: string | null): string | null {
  const stated = nonEmpty(info.lang_id) ?? (seatau === null ? null : nonEmpty(seatau.run_language)) ?? runNameLanguage(runName);
  if (stated !== null) return stated;
  return seatau === null || setting === 'english' ? 'en' : null;
}

function domainOf(info: JsonObject, runName: string): string | null {
  const stated = nonEmpty(objectOrEmpty(info.environment_info).domain_name);
  if (stated !== null) return stated;
  const tokens = runName.toLowerCase();
  return KNOWN_DOMAINS.find((d) => new RegExp(`(?:^|_)${d}(?:_|$)`).test(tokens)) ?? null;
}

function modelOf(info: JsonObject): string | null {
  return nonEmpty(objectOrEmpty(info.agent_info).llm) ?? nonEmpty(objectOrEmpty(info.audio_native_config).model);
}

/** The agent as `info.agent_info` names it, else the run folder's name with timestamp, domain and language left out. */
function agentOf(info: JsonObject, runName: string, language: string | null, domain: string | null): string | null {
  const agentInfo = objectOrEmpty(info.agent_info);
  const stated = agentName(nonEmpty(agentInfo.implementation), nonEmpty(agentInfo.llm));
  if (stated !== null) return stated;
  const rest = tokensOf(pairingName(runName, language, null)).filter((t) => t.toLowerCase() !== domain?.toLowerCase());
  return rest.length === 0 ? null : rest.join('_');
}

/** Run-level facts of the results file in `dir` (the run directory). */
export function runInfoOf(info: JsonObject, dir: string): RunInfo {
  const runName = basename(dir);
  const seatau = isObject(info.seatau_info) ? info.seatau_info : null;
  const setting = (seatau === null ? null : nonEmpty(seatau.experiment_name)) ?? settingIn(dir);
  const languageHint = languageHintOf(info, seatau, runName, setting);
  const language = languageHint === null ? null : normalizeLanguage(languageHint);
  const domain = domainOf(info, runName);
  return {
    domain,
    languageHint,
    setting,
    model: modelOf(info),
    agent: agentOf(info, runName, language, domain),
    pairingPath: pairingPathOf(dir, language, setting?.toLowerCase() ?? null),
  };
}
