import { dirname, joinPath } from '../../fileSource';
import { normalizeLanguage } from '../../language/normalizeLanguage';
import { isObject, stringOrNull, type JsonObject } from '../gaia2/values';
import type { LogHeader } from './evalLog';

// Where an Inspect sample's language comes from, and what pairs it with the same item in other languages. Inspect
// has no language field: multilingual datasets put it in the sample's metadata (`language`, `lang`…), or run one
// eval per language and state it in the eval's metadata or task arguments, or keep one log folder per language
// (which pairing reads from the path). One log may hold an item in several languages under ids such as `q7_deu`
// and `q7_eng`: the language token is left out of the scenario id so the two pair.

const LANGUAGE_KEYS = ['language', 'lang', 'lang_id', 'language_code', 'locale'];
/** Separators of the tokens of a sample id or task name. */
const SEPARATOR = /([-_.:/ ])/;

function languageIn(object: unknown): string | null {
  if (!isObject(object)) return null;
  for (const key of LANGUAGE_KEYS) {
    const value = stringOrNull(object[key]);
    if (value !== null && value.trim() !== '') return value.trim();
  }
  return null;
}

/** The members of a sample's metadata that can state its language (all indexing keeps of it). */
export function languageFields(metadata: unknown): JsonObject {
  return isObject(metadata) ? Object.fromEntries(LANGUAGE_KEYS.filter((k) => Object.hasOwn(metadata, k)).map((k) => [k, metadata[k]])) : {};
}

/** The language label the sample (else its eval) states; null when only the path can tell. */
export function statedLanguage(sample: JsonObject, header: LogHeader): string | null {
  return languageIn(sample.metadata) ?? languageIn(header.metadata) ?? languageIn(header.taskArgs);
}

/** `name` without its tokens naming `language` (`q7_deu` → `q7`); `name` itself when nothing would be left. */
export function withoutLanguage(name: string, language: string | null): string {
  const code = language === null ? null : normalizeLanguage(language);
  if (code === null) return name;
  const parts = name.split(SEPARATOR);
  const kept: string[] = [];
  for (let i = 0; i < parts.length; i += 2) {
    const token = parts[i] ?? '';
    if (normalizeLanguage(token) === code) continue;
    if (kept.length > 0) kept.push(parts[i - 1] ?? '_');
    kept.push(token);
  }
  const stripped = kept.join('');
  return stripped === '' ? name : stripped;
}

/**
 * The path pairing reads for a sample: the log's folder and its task name (language left out) in place of the log
 * file's name, which holds a timestamp and a random id. Logs of one task in sibling language folders, or re-runs
 * beside each other, then pair.
 */
export function samplePairingPath(logPath: string, header: LogHeader, language: string | null): string {
  const task = header.task ?? logPath.slice(logPath.lastIndexOf('/') + 1);
  return joinPath(dirname(logPath), withoutLanguage(task.replace(/\//g, '_'), language));
}
