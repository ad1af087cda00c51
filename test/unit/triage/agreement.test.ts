import { describe, expect, it } from 'vitest';
import {
  agreementStat,
  cohensKappa,
  pairAgreement,
  ratingsByAnnotator,
  reviewSummary,
  wilsonInterval,
  type Ratings,
} from '../../../src/core/triage/agreement';
import { agreementReport, reportCsv, reportJsonl, reportRows } from '../../../src/core/triage/agreementReport';
import { decomposeGap, decompositionItems, type DecompositionItem } from '../../../src/core/triage/decomposition';
import type { Regression } from '../../../src/core/analysis/regressionTypes';
import { currentRecords } from '../../../src/core/triage/labelStore';
import type { TriageItem } from '../../../src/core/triage/triageItems';
import { itemKey, newLabelRecord, newReviewRecord, type LabelItem, type LabelRecord } from '../../../src/core/triage/labelRecord';
import type { Family, TriageCode } from '../../../src/core/triage/taxonomy';

// Every expected number below is worked out by hand in the comments (z = 1.959964, z² = 3.841459).

// A small labelled sample: ten regressions, six in Japanese and four in Hindi.
//   item  lang  alice  bob  prior
//    1    jpn   T3     T3   A3
//    2    jpn   T4     T4   T4
//    3    jpn   A1     A2   A1
//    4    jpn   K1     K1   K1
//    5    jpn   A3     T3   A3
//    6    jpn   A2     A2   A2
//    7    hin   T3     A1   A1
//    8    hin   A1     A1   A1
//    9    hin   K2     K2   A1
//   10    hin   T4     T4   T4
const SAMPLE: ReadonlyArray<[string, TriageCode, TriageCode, TriageCode]> = [
  ['jpn', 'T3', 'T3', 'A3'],
  ['jpn', 'T4', 'T4', 'T4'],
  ['jpn', 'A1', 'A2', 'A1'],
  ['jpn', 'K1', 'K1', 'K1'],
  ['jpn', 'A3', 'T3', 'A3'],
  ['jpn', 'A2', 'A2', 'A2'],
  ['hin', 'T3', 'A1', 'A1'],
  ['hin', 'A1', 'A1', 'A1'],
  ['hin', 'K2', 'K2', 'A1'],
  ['hin', 'T4', 'T4', 'T4'],
];

const itemOf = (k: number): LabelItem => ({ group: `agent/scn_${k + 1}`, language: (SAMPLE[k] as (typeof SAMPLE)[number])[0], run: null });

function labels(column: 1 | 2, annotator: string): LabelRecord[] {
  return SAMPLE.map((row, k) => newLabelRecord({ item: itemOf(k), code: row[column], annotator, tool: 'test', at: new Date(Date.UTC(2025, 2, 1, k)) }));
}

function priorRatings(): Ratings {
  return new Map(SAMPLE.map((row, k) => [itemKey(itemOf(k)), { item: itemOf(k), code: row[3] }]));
}

const records = [...labels(1, 'alice'), ...labels(2, 'bob')];

describe('Wilson interval', () => {
  it('matches the hand computation', () => {
    // 7/10: p = .7; 1 + z²/n = 1.384146; centre = (.7 + z²/20) / 1.384146 = .892073 / 1.384146 = .644490;
    // half = (z / 1.384146) · √(.7·.3/10 + z²/400) = 1.416006 · √.030604 = 1.416006 · .174939 = .247714 → [.396778, .892209]
    const seven = wilsonInterval(7, 10);
    expect(seven?.low).toBeCloseTo(0.396778, 5);
    expect(seven?.high).toBeCloseTo(0.892209, 5);
    // 1/1: centre = (1 + z²/2) / (1 + z²) = 2.920730 / 4.841459 = .603275; half = (z / 4.841459) · √(z²/4) = .404829 · .98 = .396725
    expect(wilsonInterval(1, 1)?.low).toBeCloseTo(0.206549, 5);
    expect(wilsonInterval(1, 1)?.high).toBe(1);
    expect(wilsonInterval(0, 0)).toBeNull();
  });
});

describe('Cohen’s kappa', () => {
  it('is undefined when chance agreement is certain, and 0 at chance level', () => {
    expect(cohensKappa([['T3', 'T3'], ['T3', 'T3']])).toBeNull();
    // Observed .5; each rater says x half the time: chance = .5·.5 + .5·.5 = .5 → κ = 0.
    expect(cohensKappa([['x', 'x'], ['x', 'y'], ['y', 'x'], ['y', 'y']])).toBeCloseTo(0, 10);
    expect(agreementStat([])).toEqual({ n: 0, agreed: 0, rate: null, low: null, high: null, kappa: null });
  });
});

describe('agreement between two annotators', () => {
  const byAnnotator = ratingsByAnnotator(records);
  const pair = pairAgreement('alice', 'bob', byAnnotator.get('alice') as Ratings, byAnnotator.get('bob') as Ratings);

  it('on the exact code', () => {
    // Agreed on items 1, 2, 4, 6, 8, 9, 10 → 7/10.
    // alice: T3 .2, T4 .2, A1 .2, K1 .1, A3 .1, A2 .1, K2 .1; bob: T3 .2, T4 .2, A2 .2, K1 .1, A1 .2, K2 .1
    // chance = T3 .04 + T4 .04 + A1 .04 + K1 .01 + A3 0 + A2 .02 + K2 .01 = .16 → κ = (.7 − .16) / .84 = .642857
    expect(pair.code).toMatchObject({ n: 10, agreed: 7, rate: 0.7 });
    expect(pair.code.low).toBeCloseTo(0.396778, 5);
    expect(pair.code.high).toBeCloseTo(0.892209, 5);
    expect(pair.code.kappa).toBeCloseTo(0.642857, 5);
  });

  it('on the fault side', () => {
    // Sides disagree only on items 5 (agent vs translation) and 7 (translation vs agent) → 8/10.
    // Wilson 8/10: centre = .992073 / 1.384146 = .716736; half = 1.416006 · √(.016 + .009604) = .226577 → [.490162, .943318]
    // alice: translation .4, agent .4, verifier .2; bob the same → chance = .16 + .16 + .04 = .36 → κ = (.8 − .36) / .64 = .6875
    expect(pair.family).toMatchObject({ n: 10, agreed: 8, rate: 0.8 });
    expect(pair.family.low).toBeCloseTo(0.490162, 5);
    expect(pair.family.high).toBeCloseTo(0.943318, 5);
    expect(pair.family.kappa).toBeCloseTo(0.6875, 10);
  });

  it('per side, on whether an item is that side’s fault', () => {
    // Translation: alice yes on 1, 2, 7, 10; bob yes on 1, 2, 5, 10 → they differ on 5 and 7 → 8/10.
    // chance = .4·.4 (yes) + .6·.6 (no) = .52 → κ = (.8 − .52) / .48 = .583333
    expect(pair.bySide.translation).toMatchObject({ n: 10, agreed: 8, rate: 0.8 });
    expect(pair.bySide.translation.kappa).toBeCloseTo(0.583333, 5);
    // Nobody says infrastructure: they always agree, and kappa is undefined.
    expect(pair.bySide.infrastructure).toMatchObject({ agreed: 10, kappa: null });
  });

  it('per language', () => {
    // Japanese (items 1–6): agreed on 1, 2, 4, 6 → 4/6.
    // alice: T3, T4, A1, K1, A3, A2 (1/6 each); bob: T3 2/6, T4 1/6, A2 2/6, K1 1/6
    // chance = (2 + 1 + 0 + 1 + 0 + 2) / 36 = 1/6 → κ = (4/6 − 1/6) / (5/6) = .6
    const japanese = pair.byLanguage.find((l) => l.language === 'jpn');
    expect(japanese?.code).toMatchObject({ n: 6, agreed: 4 });
    expect(japanese?.code.kappa).toBeCloseTo(0.6, 10);
    // Hindi (items 7–10): codes agree on 8, 9, 10 → 3/4; sides the same (7 is translation vs agent).
    expect(pair.byLanguage.map((l) => [l.language, l.code.agreed, l.family.agreed, l.code.n])).toEqual([
      ['hin', 3, 3, 4],
      ['jpn', 4, 5, 6],
    ]);
  });

  it('against the automatic prior', () => {
    // alice vs prior agree on 2, 3, 4, 5, 6, 8, 10 → 7/10.
    // prior: A3 .2, T4 .2, A1 .4, K1 .1, A2 .1 → chance = T4 .04 + A1 .08 + K1 .01 + A3 .02 + A2 .01 = .16 → κ = .642857
    const report = agreementReport({ records, prior: priorRatings(), regressions: [], bootstrap: { replicates: 10 } });
    const vsPrior = report.pairs.find((p) => p.a === 'alice' && p.b === null);
    expect(vsPrior?.code).toMatchObject({ n: 10, agreed: 7 });
    expect(vsPrior?.code.kappa).toBeCloseTo(0.642857, 5);
    expect(report.pairs.map((p) => [p.a, p.b])).toEqual([
      ['alice', 'bob'],
      ['alice', null],
      ['bob', null],
    ]);
  });

  it('uses each annotator’s latest label per item', () => {
    const changed = newLabelRecord({ item: itemOf(2), code: 'A2', annotator: 'alice', tool: 'test', at: new Date(Date.UTC(2025, 3, 1)) });
    const again = ratingsByAnnotator([...records, changed]);
    const pairAgain = pairAgreement('alice', 'bob', again.get('alice') as Ratings, again.get('bob') as Ratings);
    expect(pairAgain.code.agreed).toBe(8);
  });
});

describe('reviews', () => {
  it('count each reviewer’s latest verdict per item, and the confirmation rate among decided ones', () => {
    const review = (k: number, verdict: 'confirm' | 'reject' | 'undecidable', hour: number): LabelRecord =>
      newReviewRecord({ item: itemOf(k), code: 'T3', verdict, side: verdict === 'reject' ? 'agent' : null, annotator: 'carol', tool: 't', at: new Date(Date.UTC(2025, 4, 1, hour)) });
    // Item 0 first rejected, then confirmed: counts once, as confirmed. 2 confirmed, 1 rejected → 2/3.
    const summary = reviewSummary([review(0, 'reject', 1), review(0, 'confirm', 2), review(1, 'confirm', 1), review(2, 'reject', 1), review(3, 'undecidable', 1)]);
    expect(summary).toMatchObject({ reviews: 4, confirmed: 2, rejected: 1, undecidable: 1 });
    expect(summary.confirmRate).toBeCloseTo(2 / 3, 10);
    expect(summary.low).toBeCloseTo(0.20766, 5);
  });
});

describe('gap decomposition', () => {
  function items(stratum: string, families: Array<Family | null>, cluster = (k: number) => `${stratum}-${k}`): DecompositionItem[] {
    return families.map((family, k) => ({ stratum, cluster: cluster(k), family }));
  }

  it('weights each stratum’s labelled shares by its number of regressions', () => {
    // Deterministic: 6 regressions, 4 labelled (T, T, T, A) → T .75, A .25.
    // Stochastic: 4 regressions, 2 labelled (A, K) → A .5, K .5.
    // Weights 6/10 and 4/10: T = .6·.75 = .45; A = .6·.25 + .4·.5 = .35; K = .4·.5 = .2
    // (unweighted it would be T .5, A .333, K .167).
    const population = [
      ...items('deterministic', ['translation', 'translation', 'translation', 'agent', null, null]),
      ...items('stochastic', ['agent', 'verifier', null, null]),
    ];
    const d = decomposeGap(population, { replicates: 200 });
    const share = (f: Family): number | null => d.shares.find((s) => s.family === f)?.share ?? null;
    expect(share('translation')).toBeCloseTo(0.45, 10);
    expect(share('agent')).toBeCloseTo(0.35, 10);
    expect(share('verifier')).toBeCloseTo(0.2, 10);
    expect(share('infrastructure')).toBe(0);
    expect(d).toMatchObject({ regressions: 10, labelled: 6 });
    expect(d.strata).toEqual([
      { stratum: 'deterministic', regressions: 6, labelled: 4 },
      { stratum: 'stochastic', regressions: 4, labelled: 2 },
    ]);
    // A stratum with no labels yet drops out and the others' weights are renormalised: the shares do not change.
    const withUnlabelled = decomposeGap([...population, ...items('run', [null, null, null])], { replicates: 200 });
    expect(withUnlabelled.shares.map((s) => s.share)).toEqual(d.shares.map((s) => s.share));
  });

  it('bootstraps over scenarios: two scenarios give the extremes, one scenario gives no spread', () => {
    // Scenarios g1 (translation) and g2 (agent): resamples {g1,g1} → T 1, {g1,g2} → .5, {g2,g2} → 0, each extreme with
    // probability 1/4 ≫ 2.5%, so the 95% interval of the translation share is [0, 1].
    const two = decomposeGap(
      [{ stratum: 'all', cluster: 'g1', family: 'translation' }, { stratum: 'all', cluster: 'g2', family: 'agent' }],
      { replicates: 2000, seed: 7 },
    );
    expect(two.shares.find((s) => s.family === 'translation')).toEqual({ family: 'translation', labelled: 1, share: 0.5, low: 0, high: 1 });
    expect(two.shares.find((s) => s.family === 'verifier')).toMatchObject({ share: 0, low: 0, high: 0 });
    // One scenario in three languages (T, A, A): every resample holds the same three items → [1/3, 1/3].
    // Resampling items one by one would have spread it.
    const one = decomposeGap(items('all', ['translation', 'agent', 'agent'], () => 'g1'), { replicates: 500 });
    const t = one.shares.find((s) => s.family === 'translation');
    expect(t?.low).toBeCloseTo(1 / 3, 10);
    expect(t?.high).toBeCloseTo(1 / 3, 10);
    expect(one.bootstrap).toEqual({ replicates: 500, seed: 20250101, clusters: 1 });
  });

  it('gives the same interval for the same seed', () => {
    const population = items('all', ['translation', 'agent', 'verifier', 'agent', 'translation', 'agent', null]);
    expect(decomposeGap(population, { seed: 3 })).toEqual(decomposeGap(population, { seed: 3 }));
  });

  it('takes each regression’s current decision: a label, a confirmed code, a rejection’s side; undecidable is inconclusive', () => {
    const regression = { stratum: 'deterministic', cell: 'pass->fail' } as Regression;
    const entries: TriageItem[] = [0, 1, 2, 3, 4].map((k) => ({ item: itemOf(k), scenarioId: `s${k}`, capability: 'execution', regression }));
    entries.push({ item: { ...itemOf(4), run: 2 }, scenarioId: 's4', capability: 'execution', regression: null });
    const at = (hour: number): Date => new Date(Date.UTC(2025, 5, 1, hour));
    const decided = [
      newLabelRecord({ item: itemOf(0), code: 'T3', annotator: 'alice', tool: 't', at: at(1) }),
      newLabelRecord({ item: itemOf(1), code: 'T3', annotator: 'alice', tool: 't', at: at(1) }),
      newReviewRecord({ item: itemOf(1), code: 'T3', verdict: 'reject', side: 'agent', annotator: 'carol', tool: 't', at: at(2) }),
      newLabelRecord({ item: itemOf(2), code: 'K1', annotator: 'alice', tool: 't', at: at(1) }),
      newReviewRecord({ item: itemOf(2), code: 'K1', verdict: 'confirm', annotator: 'carol', tool: 't', at: at(2) }),
      newReviewRecord({ item: itemOf(3), code: 'A1', verdict: 'undecidable', annotator: 'carol', tool: 't', at: at(2) }),
      // A label on one run is not the pair's label.
      newLabelRecord({ item: { ...itemOf(4), run: 2 }, code: 'I1', annotator: 'alice', tool: 't', at: at(1) }),
    ];
    expect(decompositionItems(entries, currentRecords(decided), ['determinism', 'language'])).toEqual([
      { stratum: 'deterministic/jpn', cluster: 'agent/scn_1', family: 'translation' },
      { stratum: 'deterministic/jpn', cluster: 'agent/scn_2', family: 'agent' },
      { stratum: 'deterministic/jpn', cluster: 'agent/scn_3', family: 'verifier' },
      { stratum: 'deterministic/jpn', cluster: 'agent/scn_4', family: 'inconclusive' },
      { stratum: 'deterministic/jpn', cluster: 'agent/scn_5', family: null },
    ]);
  });

  it('has no shares before anything is labelled', () => {
    const d = decomposeGap(items('all', [null, null]));
    expect(d.shares.every((s) => s.share === null && s.low === null)).toBe(true);
  });
});

describe('export', () => {
  const report = agreementReport({
    records: [...labels(1, 'Smith, Jane'), ...labels(2, '=cmd')],
    prior: priorRatings(),
    regressions: [{ stratum: 'all', cluster: 'g1', family: 'translation' }],
    bootstrap: { replicates: 10 },
  });

  it('writes CSV with a header, quoting and formula-safe names', () => {
    const lines = reportCsv(report).trimEnd().split('\n');
    expect(lines[0]).toBe('section,a,b,level,subset,n,agreed,estimate,low,high,kappa');
    // Names are sorted: "=cmd" before "Smith, Jane".
    expect(lines[1]).toMatch(/^agreement,'=cmd,"Smith, Jane",code,all,10,7,0\.7,0\.39677/);
    expect(lines).toContain('review,,,confirm,all,0,0,,,,');
    expect(lines).toContain('share,,,translation,all,1,,1,1,1,');
    expect(lines).toHaveLength(reportRows(report).length + 1);
  });

  it('writes JSON lines, one row each', () => {
    const rows = reportJsonl(report).trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(rows).toEqual(reportRows(report));
    expect(rows[0]).toEqual({
      section: 'agreement', a: '=cmd', b: 'Smith, Jane', level: 'code', subset: 'all', n: 10, agreed: 7, estimate: 0.7,
      low: expect.closeTo(0.396778, 5), high: expect.closeTo(0.892209, 5), kappa: expect.closeTo(0.642857, 5),
    });
  });
});
