// The OmnilingualGAIA2 triage taxonomy. A regression gets the first code that fits, checking the families in this
// order: a crashed run says nothing about translation, and a translation defect makes the agent's behaviour moot.

export type Family = 'infrastructure' | 'translation' | 'verifier' | 'agent' | 'inconclusive';

export const FAMILIES: readonly Family[] = ['infrastructure', 'translation', 'verifier', 'agent', 'inconclusive'];

export const TRIAGE_CODES = [
  'I1', 'I2',
  'T1', 'T2', 'T3', 'T4',
  'K1', 'K2', 'K3',
  'A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7',
  'E1',
] as const;

export type TriageCode = (typeof TRIAGE_CODES)[number];

export interface CodeInfo {
  code: TriageCode;
  family: Family;
  title: string;
}

const FAMILY_OF_LETTER: Record<string, Family> = {
  I: 'infrastructure',
  T: 'translation',
  K: 'verifier',
  A: 'agent',
  E: 'inconclusive',
};

const TITLES: Record<TriageCode, string> = {
  I1: 'run crashed',
  I2: 'no judgement persisted',
  T1: 'oracle event mistranslated',
  T2: 'app state (universe) corrupted by translation',
  T3: 'task description ambiguous or changed in meaning',
  T4: 'cross-reference or transliteration broken',
  K1: 'judge rejected correct content',
  K2: 'locale or format mismatch on a hard checker',
  K3: 'list or ordering strictness',
  A1: 'wrong content or arguments',
  A2: 'missing required action',
  A3: 'extra action',
  A4: 'wrong tool or target',
  A5: 'wrong final answer',
  A6: 'refusal or no answer',
  A7: 'non-convergence (loop or step limit)',
  E1: 'inconclusive',
};

/** Every code, top-down, with its family and title. */
export const TAXONOMY: readonly CodeInfo[] = TRIAGE_CODES.map((code) => ({
  code,
  family: FAMILY_OF_LETTER[code[0] as string] as Family,
  title: TITLES[code],
}));

const CODE_SET: ReadonlySet<string> = new Set(TRIAGE_CODES);

export function isTriageCode(value: unknown): value is TriageCode {
  return typeof value === 'string' && CODE_SET.has(value);
}

/** `t3`, ` T3 ` → `T3`; null when the text is not a code of the taxonomy. */
export function parseTriageCode(text: string): TriageCode | null {
  const code = text.trim().toUpperCase();
  return isTriageCode(code) ? code : null;
}

export function familyOf(code: TriageCode): Family {
  return FAMILY_OF_LETTER[code[0] as string] as Family;
}

export function codeTitle(code: TriageCode): string {
  return TITLES[code];
}

export function isFamily(value: unknown): value is Family {
  return typeof value === 'string' && (FAMILIES as readonly string[]).includes(value);
}

/** Top-down rank: the code checked first has rank 0. Picks the first code that fits among several candidates. */
export function codeRank(code: TriageCode): number {
  return TRIAGE_CODES.indexOf(code);
}

/** The code among `codes` that the taxonomy checks first. */
export function firstInTaxonomy<T extends TriageCode>(codes: readonly T[]): T | null {
  let best: T | null = null;
  for (const code of codes) if (best === null || codeRank(code) < codeRank(best)) best = code;
  return best;
}

/** A one-line description for messages and tables: `T3 (task description ambiguous or changed in meaning)`. */
export function codeText(code: TriageCode): string {
  return `${code} (${TITLES[code]})`;
}
