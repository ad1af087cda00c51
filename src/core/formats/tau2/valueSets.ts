import { joinPath, type FileSource } from '../../fileSource';
import { normalizeLanguage } from '../../language/normalizeLanguage';
import type { Diagnostic, RunSummary } from '../../model';
import { readJsonFile } from '../jsonLines';
import { isObject, stringOrNull, type JsonObject } from '../gaia2/values';

// SEATau L2 Domain runs translate the domain's enum literals: an agent books cabin "ประหยัด" where the oracle says
// "economy". The translated domain folder data/tau2/domains/<domain>/<lang>/data_model.json lists them:
//   {"models": {"Reservation": {"fields": {"cabin": {"value_set": "CabinClass", …}}}, …},
//    "value_sets": {"CabinClass": {"kind": "literal", "values": [{"canonical": "economy", "localized": "ประหยัด"}, …]},
//                   "GiftCard.source": {…, "owner_model": "GiftCard", "owner_field": "source"}}}
// Literals are mapped per field name (the models' fields and the sets' owner_field), else through the literals that
// mean one canonical value in every set. Matching ignores case, surrounding spaces and Unicode normalisation form;
// for a field with a value set, the canonical value in another case counts too (`Economy` → `economy`).

/** Where SEATau keeps translated domain folders, relative to the run directory root. */
export const DEFAULT_TAU2_DOMAINS = 'data/tau2/domains';
const DATA_MODEL_FILE = 'data_model.json';
const MAX_DATA_MODEL_BYTES = 16 * 1024 * 1024;

export interface ValueSets {
  /** Field name → normalised localized literal → canonical value. */
  byField: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /** Normalised localized literal → canonical value, for literals with one meaning across all sets. */
  anyField: ReadonlyMap<string, string>;
}

export interface ValueSetsResult {
  /** Null when the file is missing, unreadable or holds no value sets. */
  valueSets: ValueSets | null;
  diagnostics: Diagnostic[];
}

function normalise(literal: string): string {
  return literal.normalize('NFC').trim().toLowerCase();
}

/**
 * [literal, canonical] pairs of one value set: every localized form (a string or a list), plus the canonical value
 * itself when `withCanonical` (so that `Economy` in a cabin field reads as `economy`).
 */
function literalsOf(set: JsonObject, withCanonical: boolean): Array<[string, string]> {
  const values = Array.isArray(set.values) ? set.values.filter(isObject) : [];
  return values.flatMap((entry) => {
    const canonical = stringOrNull(entry.canonical);
    if (canonical === null) return [];
    const localized = (Array.isArray(entry.localized) ? entry.localized : [entry.localized]).filter((l): l is string => typeof l === 'string');
    const forms = withCanonical ? [canonical, ...localized] : localized;
    return forms.map((form): [string, string] => [normalise(form), canonical]);
  });
}

/** Adds literal → canonical to `map`; a literal meaning two values is marked ambiguous (null) and never mapped. */
function addLiterals(map: Map<string, string | null>, literals: ReadonlyArray<[string, string]>): void {
  for (const [literal, canonical] of literals) {
    const known = map.get(literal);
    map.set(literal, known === undefined || known === canonical ? canonical : null);
  }
}

function unambiguous(map: ReadonlyMap<string, string | null>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [literal, canonical] of map) if (canonical !== null) out.set(literal, canonical);
  return out;
}

/** Value sets from a parsed data_model.json; null when it defines none. */
export function valueSetsFromJson(value: unknown): ValueSets | null {
  if (!isObject(value) || !isObject(value.value_sets)) return null;
  const sets = value.value_sets;
  const fields = new Map<string, Map<string, string | null>>();
  const addField = (field: string, setName: string): void => {
    const set = sets[setName];
    if (!isObject(set)) return;
    const map = fields.get(field) ?? new Map<string, string | null>();
    fields.set(field, map);
    addLiterals(map, literalsOf(set, true));
  };
  const anyField = new Map<string, string | null>();
  for (const [name, set] of Object.entries(sets)) {
    if (!isObject(set)) continue;
    addLiterals(anyField, literalsOf(set, false));
    const owner = stringOrNull(set.owner_field);
    if (owner !== null) addField(owner, name);
  }
  for (const model of Object.values(isObject(value.models) ? value.models : {})) {
    const modelFields = isObject(model) && isObject(model.fields) ? model.fields : {};
    for (const [field, spec] of Object.entries(modelFields)) {
      const setName = isObject(spec) ? stringOrNull(spec.value_set) : null;
      if (setName !== null) addField(field, setName);
    }
  }
  const byField = new Map<string, ReadonlyMap<string, string>>();
  for (const [field, map] of fields) byField.set(field, unambiguous(map));
  if (byField.size === 0 && anyField.size === 0) return null;
  return { byField, anyField: unambiguous(anyField) };
}

/** Reads `<domainDir>/data_model.json`: the value sets of one translated domain folder. */
export async function loadValueSets(fs: FileSource, domainDir: string): Promise<ValueSetsResult> {
  const path = joinPath(domainDir, DATA_MODEL_FILE);
  if ((await fs.stat(path)) === null) return { valueSets: null, diagnostics: [] };
  const { value, diagnostics } = await readJsonFile(fs, path, MAX_DATA_MODEL_BYTES);
  if (value === undefined) return { valueSets: null, diagnostics };
  const valueSets = valueSetsFromJson(value);
  if (valueSets === null) {
    return { valueSets: null, diagnostics: [...diagnostics, { path, line: null, message: 'no value_sets: localized literals cannot be mapped', severity: 'warning' }] };
  }
  return { valueSets, diagnostics };
}

/** The canonical value of a literal (for `field` when given), or the literal unchanged when it is not localized. */
export function canonicalLiteral(literal: string, valueSets: ValueSets, field: string | null = null): string {
  const key = normalise(literal);
  const byField = field === null ? undefined : valueSets.byField.get(field)?.get(key);
  return byField ?? valueSets.anyField.get(key) ?? literal;
}

function canonicalValue(value: unknown, valueSets: ValueSets, field: string | null): unknown {
  if (typeof value === 'string') return canonicalLiteral(value, valueSets, field);
  if (Array.isArray(value)) return value.map((item) => canonicalValue(item, valueSets, field));
  if (isObject(value)) return canonicalizeArgs(value, valueSets);
  return value;
}

/** A copy of tool arguments with localized enum literals replaced by their canonical values, at any depth. */
export function canonicalizeArgs(args: Record<string, unknown>, valueSets: ValueSets): Record<string, unknown> {
  return Object.fromEntries(Object.entries(args).map(([key, value]) => [key, canonicalValue(value, valueSets, key)]));
}

/**
 * The translated domain folder of a run: `<domainsRoot>/<domain>/<lang>` where `<lang>` is the run's language label,
 * else the folder whose name is a code for the run's language. Null for runs without a domain, and when the folder
 * is not there (English runs, runs opened without their assets).
 */
export async function findDomainDir(
  fs: FileSource,
  run: Pick<RunSummary, 'capability' | 'language' | 'languageLabel'>,
  domainsRoot: string = DEFAULT_TAU2_DOMAINS,
): Promise<string | null> {
  if (run.capability === null) return null;
  const domainDir = joinPath(domainsRoot, run.capability);
  const labelled = joinPath(domainDir, run.languageLabel);
  if ((await fs.stat(joinPath(labelled, DATA_MODEL_FILE)))?.type === 'file') return labelled;
  try {
    const folder = (await fs.list(domainDir)).find((e) => e.type === 'directory' && normalizeLanguage(e.name) === run.language);
    return folder === undefined ? null : joinPath(domainDir, folder.name);
  } catch {
    return null;
  }
}

/** The value sets for a run's localized literals, when its translated domain folder is available. */
export async function loadRunValueSets(
  fs: FileSource,
  run: Pick<RunSummary, 'capability' | 'language' | 'languageLabel'>,
  domainsRoot: string = DEFAULT_TAU2_DOMAINS,
): Promise<ValueSetsResult> {
  const domainDir = await findDomainDir(fs, run, domainsRoot);
  return domainDir === null ? { valueSets: null, diagnostics: [] } : loadValueSets(fs, domainDir);
}
