import { allPairAgreements, ratingsByAnnotator, reviewSummary, type PairAgreement, type Ratings, type ReviewSummary } from './agreement';
import { decomposeGap, type BootstrapOptions, type Decomposition, type DecompositionItem } from './decomposition';
import type { LabelRecord } from './labelRecord';

// Everything `trajectory-lens agreement` reports, and the flat rows it exports as CSV or JSONL.

export interface AgreementReport {
  annotators: string[];
  pairs: PairAgreement[];
  reviews: ReviewSummary;
  decomposition: Decomposition;
}

export interface AgreementInput {
  /** Every record of the labels file. */
  records: readonly LabelRecord[];
  /** The automatic prior's code for the labelled items. */
  prior: Ratings;
  /** The worklist's regressions with their current labels and strata. */
  regressions: readonly DecompositionItem[];
  bootstrap?: BootstrapOptions;
}

export function agreementReport(input: AgreementInput): AgreementReport {
  const byAnnotator = ratingsByAnnotator(input.records);
  return {
    annotators: [...byAnnotator.keys()].sort(),
    pairs: allPairAgreements(byAnnotator, input.prior),
    reviews: reviewSummary(input.records),
    decomposition: decomposeGap(input.regressions, input.bootstrap),
  };
}

export const PRIOR_NAME = '(automatic prior)';

/** One exported row: an agreement figure, the review confirmation rate, or a share of the gap. */
export interface ReportRow {
  section: 'agreement' | 'review' | 'share';
  a: string;
  b: string;
  /** `code`, `family`, `side:<family>`, `confirm`, or the family of a share. */
  level: string;
  /** `all` or `language:<code>`. */
  subset: string;
  n: number;
  agreed: number | null;
  estimate: number | null;
  low: number | null;
  high: number | null;
  kappa: number | null;
}

export function reportRows(report: AgreementReport): ReportRow[] {
  const rows: ReportRow[] = [];
  for (const pair of report.pairs) {
    const b = pair.b ?? PRIOR_NAME;
    const row = (level: string, subset: string, s: PairAgreement['code']): ReportRow => ({
      section: 'agreement',
      a: pair.a,
      b,
      level,
      subset,
      n: s.n,
      agreed: s.agreed,
      estimate: s.rate,
      low: s.low,
      high: s.high,
      kappa: s.kappa,
    });
    rows.push(row('code', 'all', pair.code), row('family', 'all', pair.family));
    for (const [side, stat] of Object.entries(pair.bySide)) rows.push(row(`side:${side}`, 'all', stat));
    for (const l of pair.byLanguage) {
      const subset = `language:${l.language}`;
      rows.push(row('code', subset, l.code), row('family', subset, l.family));
    }
  }
  const r = report.reviews;
  rows.push({
    section: 'review', a: '', b: '', level: 'confirm', subset: 'all', n: r.confirmed + r.rejected, agreed: r.confirmed,
    estimate: r.confirmRate, low: r.low, high: r.high, kappa: null,
  });
  for (const share of report.decomposition.shares) {
    rows.push({
      section: 'share', a: '', b: '', level: share.family, subset: 'all', n: share.labelled, agreed: null,
      estimate: share.share, low: share.low, high: share.high, kappa: null,
    });
  }
  return rows;
}

const COLUMNS: ReadonlyArray<keyof ReportRow> = [
  'section', 'a', 'b', 'level', 'subset', 'n', 'agreed', 'estimate', 'low', 'high', 'kappa',
];

// Quoted when needed (RFC 4180); text a spreadsheet would run as a formula gets a leading apostrophe.
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function reportCsv(report: AgreementReport): string {
  const lines = [COLUMNS.join(','), ...reportRows(report).map((row) => COLUMNS.map((c) => csvCell(row[c])).join(','))];
  return `${lines.join('\n')}\n`;
}

export function reportJsonl(report: AgreementReport): string {
  return reportRows(report).map((row) => `${JSON.stringify(row)}\n`).join('');
}
