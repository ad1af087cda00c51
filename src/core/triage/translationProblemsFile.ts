import { languageCode } from '../language/normalizeLanguage';
import type { TranslationCode, TranslationProblem } from './translationSuspicion';

// Translation problems handed to the prior as a JSON array (from a translation lint, entity linking or a review):
// [{"scenarioId","language","code":"T1".."T4","message","file","line","source","translation"}]. Entries that do not
// fit are reported by position and left out; the others are used.

const CODES: readonly string[] = ['T1', 'T2', 'T3', 'T4'];

function optionalText(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function problemOf(value: unknown): TranslationProblem | string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'not an object';
  const entry = value as Record<string, unknown>;
  if (typeof entry.scenarioId !== 'string' || entry.scenarioId === '') return 'scenarioId is missing';
  const language = typeof entry.language === 'string' ? languageCode(entry.language) : null;
  if (language === null) return 'language is not a language code';
  if (typeof entry.code !== 'string' || !CODES.includes(entry.code)) return 'code is not one of T1, T2, T3, T4';
  return {
    scenarioId: entry.scenarioId,
    language,
    code: entry.code as TranslationCode,
    message: typeof entry.message === 'string' ? entry.message : '',
    file: optionalText(entry.file),
    line: typeof entry.line === 'number' && Number.isInteger(entry.line) ? entry.line : null,
    source: optionalText(entry.source),
    translation: optionalText(entry.translation),
  };
}

export function parseTranslationProblems(value: unknown): { problems: TranslationProblem[]; errors: string[] } {
  if (!Array.isArray(value)) return { problems: [], errors: ['not a JSON array of translation problems'] };
  const problems: TranslationProblem[] = [];
  const errors: string[] = [];
  value.forEach((entry, k) => {
    const parsed = problemOf(entry);
    if (typeof parsed === 'string') errors.push(`entry ${k + 1}: ${parsed}`);
    else problems.push(parsed);
  });
  return { problems, errors };
}
