import { basename, dirname, type FileSource } from '../fileSource';
import { isObject, stringOrNull } from '../formats/gaia2/values';
import { readJsonFile, readTextFile } from '../formats/jsonLines';
import { normalizeLanguage } from '../language/normalizeLanguage';
import type { Diagnostic } from '../model';
import { compareDocuments } from './compareDocuments';
import type { TranslationFinding } from './finding';
import { scanJsonPositions } from './jsonPositions';
import { checkLiterals } from './literals';
import { findTranslationPairs, type TranslationPair } from './pairFiles';
import { termsFromCsv, termsFromJson, termsFromValueSets, type Term } from './terms';
import type { TranslatedDocument } from './translatedDocument';

// The translation lint over a directory: pairs every translated JSON file with its source, compares them string by
// string, checks enum literals of translated schemas and term consistency, and returns findings in file order.

const MAX_DOCUMENT_BYTES = 64 * 1024 * 1024;
const DATA_MODEL = 'data_model.json';

export interface TranslationLintResult {
  findings: TranslationFinding[];
  pairs: TranslationPair[];
  /** Files that could not be read or parsed. */
  diagnostics: Diagnostic[];
}

interface LoadedJson {
  value: unknown;
  text: string;
}

async function loadJson(fs: FileSource, path: string, diagnostics: Diagnostic[]): Promise<LoadedJson | null> {
  const { text, diagnostics: problems } = await readTextFile(fs, path, MAX_DOCUMENT_BYTES);
  diagnostics.push(...problems);
  if (text === null) return null;
  try {
    return { value: JSON.parse(text), text };
  } catch {
    // Read again through the JSON reader for its located diagnostic (line and column of the syntax error).
    diagnostics.push(...(await readJsonFile(fs, path, MAX_DOCUMENT_BYTES)).diagnostics);
    return null;
  }
}

/** The task or scenario a JSON Pointer belongs to: the `id` of a top-level list item, else the scenario's id. */
export function scenarioLocator(value: unknown, path: string): (pointer: string) => string | null {
  if (Array.isArray(value)) {
    return (pointer) => {
      const item: unknown = value[Number(pointer.split('/')[1])];
      const id = isObject(item) ? item.id : undefined;
      return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
    };
  }
  const definition = isObject(value) && isObject(value.metadata) ? value.metadata.definition : undefined;
  const scenarioId = isObject(definition) ? stringOrNull(definition.scenario_id) : null;
  const fallback = basename(path) === DATA_MODEL ? null : basename(path).replace(/\.json$/, '');
  return () => scenarioId ?? fallback;
}

async function loadTerms(fs: FileSource, files: ReadonlyArray<{ path: string; folderLanguage: string | null }>, diagnostics: Diagnostic[]): Promise<Term[]> {
  const terms: Term[] = [];
  for (const file of files) {
    const languageOf = (label: string): string | null => normalizeLanguage(label);
    if (file.path.endsWith('.csv')) {
      const { text, diagnostics: problems } = await readTextFile(fs, file.path, MAX_DOCUMENT_BYTES);
      diagnostics.push(...problems);
      if (text !== null) terms.push(...termsFromCsv(text, file.folderLanguage, `the term table ${file.path}`, languageOf));
    } else {
      const { value, diagnostics: problems } = await readJsonFile(fs, file.path, MAX_DOCUMENT_BYTES);
      diagnostics.push(...problems);
      terms.push(...termsFromJson(value, file.folderLanguage, `the term table ${file.path}`, languageOf));
    }
  }
  return terms;
}

function byPosition(a: TranslationFinding, b: TranslationFinding): number {
  return a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column || a.code.localeCompare(b.code);
}

/** Lints every translation under `root` (a directory of the file source). */
export async function lintTranslations(fs: FileSource, root = ''): Promise<TranslationLintResult> {
  const { pairs, termFiles, diagnostics } = await findTranslationPairs(fs, root);
  const tableTerms = await loadTerms(fs, termFiles, diagnostics);
  const documents = new Map<string, LoadedJson | null>();
  const load = async (path: string): Promise<LoadedJson | null> => {
    if (!documents.has(path)) documents.set(path, await loadJson(fs, path, diagnostics));
    return documents.get(path) ?? null;
  };
  const findings: TranslationFinding[] = [];
  for (const pair of pairs) {
    const translated = await load(pair.translation);
    if (translated === null) continue;
    const source = pair.source === null ? null : await load(pair.source);
    const doc: TranslatedDocument = {
      path: pair.translation,
      value: translated.value,
      positions: scanJsonPositions(translated.text),
      language: pair.language,
      sourceFile: pair.source,
      scenarioIdAt: scenarioLocator(translated.value, pair.translation),
    };
    const folder = dirname(pair.translation);
    const dataModel = pairs.some((p) => p.translation === `${folder}/${DATA_MODEL}`) ? await load(`${folder}/${DATA_MODEL}`) : null;
    const terms = [
      ...tableTerms.filter((t) => t.language === null || t.language === pair.language),
      ...(dataModel === null ? [] : termsFromValueSets(dataModel.value, pair.language, `the app data (${folder}/${DATA_MODEL})`)),
    ];
    if (source !== null) findings.push(...compareDocuments(source.value, doc, pair.sourceLanguage, terms));
    if (basename(pair.translation) === DATA_MODEL) findings.push(...checkLiterals(doc, source?.value));
  }
  return { findings: findings.sort(byPosition), pairs, diagnostics };
}
