import type { RunIndex } from '../core/index/runIndex';
import { languageCode } from '../core/language/normalizeLanguage';
import { stringOption, UsageError, type OptionSpec, type ParsedArgs } from './command';

export const DEFAULT_BASELINE = 'eng';

export const baselineOptionSpec: OptionSpec = {
  type: 'string',
  valueName: '<code>',
  description:
    'baseline language (ISO 639-1/639-3 or BCP 47); ' +
    `default: trajectory-lens.json "baseline", else ${DEFAULT_BASELINE}`,
};

/**
 * `--baseline`, normalised; else the run directory's configured baseline; else eng. A language given on the command
 * line that no run is in is a usage error (a typo), as `compare` says of a group without it.
 */
export function baselineOf(args: ParsedArgs, index: RunIndex): string {
  const given = stringOption(args, 'baseline');
  if (given === undefined) return index.baseline ?? DEFAULT_BASELINE;
  const code = languageCode(given);
  if (code === null) throw new UsageError(`--baseline ${given}: not a language code (e.g. eng, en, jpn, zh-CN)`);
  const languages = [...new Set(index.runs.map((r) => r.language))].sort();
  if (languages.length > 0 && !languages.includes(code)) {
    throw new UsageError(`--baseline ${given}: no run is in ${code}; languages found: ${languages.join(', ')}`);
  }
  return code;
}

/** A warning when no run is in the baseline language, naming the languages that are there. */
export function missingBaselineNote(index: RunIndex, baseline: string): string {
  const languages = [...new Set(index.runs.map((r) => r.language))].sort();
  if (languages.length === 0 || languages.includes(baseline)) return '';
  const found = languages.join(', ');
  return `no run is in the baseline language ${baseline}; languages found: ${found} (choose one with --baseline)\n`;
}
