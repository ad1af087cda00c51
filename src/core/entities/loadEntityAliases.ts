import { entryNotReadText, joinPath, type FileSource } from '../fileSource';
import { readJsonFile, readTextFile } from '../formats/jsonLines';
import { DEFAULT_TAU2_DOMAINS, findDomainDir, loadValueSets, type ValueSets } from '../formats/tau2';
import { normalizeLanguage } from '../language/normalizeLanguage';
import type { Diagnostic, RunSummary } from '../model';
import { TERM_TABLE_NAMES, termsFromCsv, termsFromJson, type Term } from '../translation/terms';
import type { EntityAlias } from './aliases';

// The known equivalences of two compared runs: the translated value sets of their SEATau domain folders
// (data/tau2/domains/airline/th/data_model.json: ประหยัด ≙ economy) and the term tables the translation lint reads
// (terms.json / terms.csv, at the root of the run directory or in a translated domain folder).

const MAX_TERM_TABLE_BYTES = 4 * 1024 * 1024;

export interface LoadedAliases {
  aliases: EntityAlias[];
  diagnostics: Diagnostic[];
}

/** One alias per canonical value: the value and every localized literal of it. */
function valueSetAliases(valueSets: ValueSets, source: string): EntityAlias[] {
  const forms = new Map<string, Set<string>>();
  const add = (literal: string, canonical: string): void => {
    forms.set(canonical, (forms.get(canonical) ?? new Set([canonical])).add(literal));
  };
  for (const [literal, canonical] of valueSets.anyField) add(literal, canonical);
  for (const literals of valueSets.byField.values()) for (const [literal, canonical] of literals) add(literal, canonical);
  return [...forms.values()].filter((set) => set.size >= 2).map((set) => ({ forms: [...set], source }));
}

/** The terms of one table, or null when it cannot be read (the read reports why). */
async function readTerms(fs: FileSource, path: string, folderLanguage: string | null, diagnostics: Diagnostic[]): Promise<Term[] | null> {
  const origin = `term table ${path}`;
  const languageOf = (label: string): string | null => normalizeLanguage(label);
  if (path.endsWith('.csv')) {
    const { text, diagnostics: problems } = await readTextFile(fs, path, MAX_TERM_TABLE_BYTES);
    diagnostics.push(...problems);
    return text === null ? null : termsFromCsv(text, folderLanguage, origin, languageOf);
  }
  const { value, diagnostics: problems } = await readJsonFile(fs, path, MAX_TERM_TABLE_BYTES);
  diagnostics.push(...problems);
  return value === undefined ? null : termsFromJson(value, folderLanguage, origin, languageOf);
}

async function termTable(fs: FileSource, path: string, folderLanguage: string | null, diagnostics: Diagnostic[]): Promise<Term[]> {
  const terms = await readTerms(fs, path, folderLanguage, diagnostics);
  if (terms === null) return [];
  if (terms.length === 0) {
    const expected = path.endsWith('.csv') ? 'a header "source,translation[,language]" and one term a row' : 'a list of {"source", "translation", "language"?}';
    diagnostics.push({ path, line: null, message: `no terms read: expected ${expected}; ignored`, severity: 'warning' });
  }
  return terms;
}

/** Value-set and term-table aliases for the languages of `runs`; missing files are no problem, unreadable ones are. */
export async function loadEntityAliases(
  fs: FileSource,
  runs: ReadonlyArray<Pick<RunSummary, 'format' | 'capability' | 'language' | 'languageLabel'>>,
  domainsRoot: string = DEFAULT_TAU2_DOMAINS,
): Promise<LoadedAliases> {
  const aliases: EntityAlias[] = [];
  const diagnostics: Diagnostic[] = [];
  const tables = new Map<string, string | null>(TERM_TABLE_NAMES.map((name) => [name, null]));
  const languages = new Set(runs.map((run) => run.language));
  const domainDirs = new Set<string>();
  for (const run of runs) {
    if (run.format !== 'tau2') continue;
    const dir = await findDomainDir(fs, run, domainsRoot);
    if (dir === null || domainDirs.has(dir)) continue;
    domainDirs.add(dir);
    const loaded = await loadValueSets(fs, dir);
    diagnostics.push(...loaded.diagnostics);
    if (loaded.valueSets !== null) aliases.push(...valueSetAliases(loaded.valueSets, `value set in ${joinPath(dir, 'data_model.json')}`));
    for (const name of TERM_TABLE_NAMES) tables.set(joinPath(dir, name), run.language);
  }
  for (const [path, folderLanguage] of tables) {
    const stat = await fs.stat(path);
    if (stat === null) continue;
    if (stat.type !== 'file') {
      diagnostics.push({ path, line: null, message: entryNotReadText(stat), severity: 'warning' });
      continue;
    }
    const terms = await termTable(fs, path, folderLanguage, diagnostics);
    for (const term of terms) {
      if (term.language !== null && !languages.has(term.language)) continue;
      aliases.push({ forms: [term.source, term.translation], source: term.origin });
    }
  }
  return { aliases, diagnostics };
}
