import { itemKey, type LabelItem, type LabelRecord } from './labelRecord';
import { FAMILIES, familyOf, type Family, type TriageCode } from './taxonomy';

// How far annotators agree with each other and with the automatic prior, on the exact code and on the fault side
// (family), overall, per side and per language: percent agreement with a Wilson 95% interval, and Cohen's kappa.

const Z95 = 1.959963984540054;

export interface AgreementStat {
  /** Items both rated. */
  n: number;
  agreed: number;
  /** agreed / n; null when n is 0. */
  rate: number | null;
  /** Wilson score 95% interval of the rate. */
  low: number | null;
  high: number | null;
  /** Cohen's kappa; null when undefined (no items, or chance agreement is certain). */
  kappa: number | null;
}

export function wilsonInterval(successes: number, n: number, z = Z95): { low: number; high: number } | null {
  if (n === 0) return null;
  const p = successes / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** Cohen's kappa of two raters' categories for the same items: (observed − chance) / (1 − chance). */
export function cohensKappa(pairs: ReadonlyArray<readonly [string, string]>): number | null {
  const n = pairs.length;
  if (n === 0) return null;
  const first = new Map<string, number>();
  const second = new Map<string, number>();
  let agreed = 0;
  for (const [a, b] of pairs) {
    first.set(a, (first.get(a) ?? 0) + 1);
    second.set(b, (second.get(b) ?? 0) + 1);
    if (a === b) agreed++;
  }
  let chance = 0;
  for (const [category, count] of first) chance += (count / n) * ((second.get(category) ?? 0) / n);
  if (chance >= 1) return null;
  return (agreed / n - chance) / (1 - chance);
}

export function agreementStat(pairs: ReadonlyArray<readonly [string, string]>): AgreementStat {
  const n = pairs.length;
  const agreed = pairs.filter(([a, b]) => a === b).length;
  const interval = wilsonInterval(agreed, n);
  return {
    n,
    agreed,
    rate: n === 0 ? null : agreed / n,
    low: interval?.low ?? null,
    high: interval?.high ?? null,
    kappa: cohensKappa(pairs),
  };
}

/** One rater's codes by item. */
export type Ratings = Map<string, { item: LabelItem; code: TriageCode }>;

/** Each annotator's latest label per item (reviews are judged separately: see reviewSummary). */
export function ratingsByAnnotator(records: readonly LabelRecord[]): Map<string, Ratings> {
  const latest = new Map<string, Map<string, LabelRecord>>();
  for (const record of records) {
    if (record.kind !== 'label') continue;
    let own = latest.get(record.annotator);
    if (own === undefined) latest.set(record.annotator, (own = new Map()));
    const key = itemKey(record.item);
    const held = own.get(key);
    if (held === undefined || Date.parse(record.at) >= Date.parse(held.at)) own.set(key, record);
  }
  return new Map(
    [...latest].map(([annotator, own]) => [annotator, new Map([...own].map(([key, r]) => [key, { item: r.item, code: r.code }]))]),
  );
}

export interface LanguageAgreement {
  language: string;
  code: AgreementStat;
  family: AgreementStat;
}

export interface PairAgreement {
  a: string;
  /** The second annotator; null for the automatic prior. */
  b: string | null;
  /** Agreement on the exact code. */
  code: AgreementStat;
  /** Agreement on the fault side (family). */
  family: AgreementStat;
  /** Per side: agreement on whether an item is that side's fault (yes / no), with that decision's kappa. */
  bySide: Record<Family, AgreementStat>;
  byLanguage: LanguageAgreement[];
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function pairAgreement(a: string, b: string | null, first: Ratings, second: Ratings): PairAgreement {
  const shared = [...first].flatMap(([key, rating]) => {
    const other = second.get(key);
    return other ? [{ language: rating.item.language, x: rating.code, y: other.code }] : [];
  });
  type Shared = (typeof shared)[number];
  const codes = (rows: Shared[]): Array<[string, string]> => rows.map((r) => [r.x, r.y]);
  const families = (rows: Shared[]): Array<[string, string]> => rows.map((r) => [familyOf(r.x), familyOf(r.y)]);
  const bySide = Object.fromEntries(
    FAMILIES.map((side) => [
      side,
      agreementStat(shared.map((r) => [String(familyOf(r.x) === side), String(familyOf(r.y) === side)] as [string, string])),
    ]),
  ) as Record<Family, AgreementStat>;
  const languages = [...new Set(shared.map((r) => r.language))].sort(compareText);
  return {
    a,
    b,
    code: agreementStat(codes(shared)),
    family: agreementStat(families(shared)),
    bySide,
    byLanguage: languages.map((language) => {
      const rows = shared.filter((r) => r.language === language);
      return { language, code: agreementStat(codes(rows)), family: agreementStat(families(rows)) };
    }),
  };
}

/** Every pair of annotators (by name), then every annotator against the automatic prior. */
export function allPairAgreements(byAnnotator: Map<string, Ratings>, prior: Ratings): PairAgreement[] {
  const names = [...byAnnotator.keys()].sort(compareText);
  const pairs: PairAgreement[] = [];
  names.forEach((a, k) => {
    for (const b of names.slice(k + 1)) pairs.push(pairAgreement(a, b, byAnnotator.get(a) as Ratings, byAnnotator.get(b) as Ratings));
  });
  for (const a of names) pairs.push(pairAgreement(a, null, byAnnotator.get(a) as Ratings, prior));
  return pairs;
}

export interface ReviewSummary {
  /** Items reviewed (each reviewer's latest review per item). */
  reviews: number;
  confirmed: number;
  rejected: number;
  undecidable: number;
  /** Confirmed among decided reviews (confirmed + rejected), with its Wilson 95% interval. */
  confirmRate: number | null;
  low: number | null;
  high: number | null;
}

export function reviewSummary(records: readonly LabelRecord[]): ReviewSummary {
  const latest = new Map<string, LabelRecord>();
  for (const record of records) {
    if (record.kind !== 'review') continue;
    const key = `${record.annotator}\n${itemKey(record.item)}`;
    const held = latest.get(key);
    if (held === undefined || Date.parse(record.at) >= Date.parse(held.at)) latest.set(key, record);
  }
  const verdicts = [...latest.values()].map((r) => r.verdict);
  const confirmed = verdicts.filter((v) => v === 'confirm').length;
  const rejected = verdicts.filter((v) => v === 'reject').length;
  const decided = confirmed + rejected;
  const interval = wilsonInterval(confirmed, decided);
  return {
    reviews: verdicts.length,
    confirmed,
    rejected,
    undecidable: verdicts.length - decided,
    confirmRate: decided === 0 ? null : confirmed / decided,
    low: interval?.low ?? null,
    high: interval?.high ?? null,
  };
}
