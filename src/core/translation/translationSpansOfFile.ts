import type { FileSource } from '../fileSource';
import { readTextFile } from '../formats/jsonLines';
import type { Diagnostic } from '../model';
import { scanJsonPositions } from './jsonPositions';
import { lintTranslations, scenarioLocator } from './lintTranslations';
import type { TranslationFinding } from './finding';
import { findTranslationPairs, type TranslationPair } from './pairFiles';
import { translationSpans, type TranslationSpanRow } from './translationSpans';

// The side-by-side rows of one translated file of a directory: its pair as the lint finds it, both files read, and
// the lint's findings of that file on their strings.

const MAX_DOCUMENT_BYTES = 64 * 1024 * 1024;

export interface TranslationSpansOfFile {
  pair: TranslationPair;
  rows: TranslationSpanRow[];
  /** Why there are no rows: the file is no translation, it has no source, or a file could not be read. */
  problems: Diagnostic[];
}

async function parsed(fs: FileSource, path: string, problems: Diagnostic[]): Promise<{ value: unknown; text: string } | null> {
  const { text, diagnostics } = await readTextFile(fs, path, MAX_DOCUMENT_BYTES);
  problems.push(...diagnostics);
  if (text === null) return null;
  try {
    return { value: JSON.parse(text), text };
  } catch {
    problems.push({ path, line: null, message: 'invalid JSON: the side-by-side view needs a file that parses', severity: 'warning' });
    return null;
  }
}

/**
 * Null when `translation` (relative to the file source) is not a translated file the lint pairs. `findings` are the
 * directory's lint findings when the caller has them; without them the directory is linted.
 */
export async function translationSpansOfFile(fs: FileSource, translation: string, findings?: readonly TranslationFinding[]): Promise<TranslationSpansOfFile | null> {
  const { pairs } = await findTranslationPairs(fs);
  const pair = pairs.find((p) => p.translation === translation);
  if (pair === undefined) return null;
  const problems: Diagnostic[] = [];
  if (pair.source === null) {
    problems.push({ path: translation, line: null, message: 'no source file found for this translation', severity: 'warning' });
    return { pair, rows: [], problems };
  }
  const translated = await parsed(fs, translation, problems);
  const source = await parsed(fs, pair.source, problems);
  if (translated === null || source === null) return { pair, rows: [], problems };
  const doc = {
    path: translation,
    value: translated.value,
    positions: scanJsonPositions(translated.text),
    language: pair.language,
    sourceFile: pair.source,
    scenarioIdAt: scenarioLocator(translated.value, translation),
  };
  const linted = findings ?? (await lintTranslations(fs)).findings;
  const rows = translationSpans(source.value, doc, linted.filter((f) => f.file === translation));
  return { pair, rows, problems };
}
