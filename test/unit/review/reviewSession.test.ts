import { describe, expect, it } from 'vitest';
import type { Stratum } from '../../../src/core/analysis/regressionTypes';
import { itemKey, newLabelRecord, newReviewRecord, type LabelItem, type LabelRecord, type ReviewDecision } from '../../../src/core/triage/labelRecord';
import { parseLabels } from '../../../src/core/triage/labelStore';
import type { TriageItem } from '../../../src/core/triage/triageItems';
import type { TriageCode } from '../../../src/core/triage/taxonomy';
import { positionAfterDecision, resumePosition, reviewEntries } from '../../../src/host/review/reviewEntries';
import { ReviewSession, type ReviewSource } from '../../../src/host/review/reviewSession';
import { parseSavedReviewState, type ReviewEvidence } from '../../../src/protocol/review';
import { regression } from '../analysis/regressionFixture';

// The review queue over the labels file, and the reviewer walking it: which items are queued, where a reopened queue
// resumes, where a decision moves on to, and the one record each decision appends.

function regressionItem(group: string, language: string, stratum: Stratum): TriageItem {
  return { item: { group, language, run: null }, scenarioId: group.split('/').pop() as string, capability: 'execution', regression: regression(language, stratum, group) };
}

const WORKLIST: TriageItem[] = [
  regressionItem('a/execution/scn_one', 'jpn', 'deterministic'),
  regressionItem('a/execution/scn_two', 'jpn', 'deterministic'),
  regressionItem('a/execution/scn_three', 'jpn', 'deterministic'),
  regressionItem('a/execution/scn_four', 'hin', 'stochastic'),
  regressionItem('a/execution/scn_unlabelled', 'jpn', 'deterministic'),
];
const [ONE, TWO, THREE, FOUR] = WORKLIST.map((w) => w.item) as [LabelItem, LabelItem, LabelItem, LabelItem];
const PLAN = { seed: 7, perStratum: 10 };

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute));
const label = (item: LabelItem, code: TriageCode, minute: number, annotator = 'Ana') =>
  newLabelRecord({ item, code, note: `${code} note`, annotator, tool: 'test', at: at(minute) });
const review = (item: LabelItem, code: TriageCode, minute: number, verdict: ReviewDecision['verdict'] = 'confirm') =>
  newReviewRecord({ item, code, verdict, side: verdict === 'reject' ? 'agent' : null, annotator: 'Rui', tool: 'test', at: at(minute) });

const LABELS: LabelRecord[] = [label(ONE, 'T4', 1), label(TWO, 'A2', 2), label(THREE, 'K1', 3), label(FOUR, 'A1', 4)];

describe('the review queue', () => {
  it('queues every labelled item of the worklist by stratum with its current label, and no unlabelled one', () => {
    const entries = reviewEntries(WORKLIST, [...LABELS, label(TWO, 'A5', 9, 'Bo')], PLAN);
    expect(entries.map((e) => itemKey(e.item)).sort()).toEqual([ONE, TWO, THREE, FOUR].map(itemKey).sort());
    // Strata in order, each stratum's items in the sampler's order.
    expect(entries.map((e) => e.stratum)).toEqual([...Array(3).fill('deterministic/jpn/execution'), 'stochastic/hin/execution']);
    const two = entries.find((e) => e.item.group === TWO.group);
    expect(two?.label).toMatchObject({ code: 'A5', annotator: 'Bo', family: 'agent', title: 'wrong final answer' });
    expect(entries.every((e) => e.review === null)).toBe(true);
  });

  it('samples the configured number per stratum with the seed, the same queue every time', () => {
    const small = { seed: 7, perStratum: 2 };
    const entries = reviewEntries(WORKLIST, LABELS, small);
    expect(entries.filter((e) => e.stratum === 'deterministic/jpn/execution')).toHaveLength(2);
    expect(entries.filter((e) => e.stratum === 'stochastic/hin/execution')).toHaveLength(1);
    expect(reviewEntries([...WORKLIST].reverse(), [...LABELS].reverse(), small)).toEqual(entries);
    expect(reviewEntries(WORKLIST, LABELS, { ...small, sizes: { 'deterministic/jpn/execution': 0 } }).map((e) => e.stratum)).toEqual([
      'stochastic/hin/execution',
    ]);
  });

  it('counts a review only for the label it reviewed: relabelling makes the item unreviewed again', () => {
    const reviewed = reviewEntries(WORKLIST, [...LABELS, review(ONE, 'T4', 5, 'reject')], PLAN);
    expect(reviewed.find((e) => e.item.group === ONE.group)?.review).toMatchObject({ verdict: 'reject', side: 'agent', annotator: 'Rui' });
    const relabelled = reviewEntries(WORKLIST, [...LABELS, review(ONE, 'T4', 5), label(ONE, 'T3', 6)], PLAN);
    expect(relabelled.find((e) => e.item.group === ONE.group)).toMatchObject({ label: { code: 'T3' }, review: null });
  });

  it('queues an item of one setting under a label written for every setting, and finds its review', () => {
    const inSetting: TriageItem = { ...regressionItem('d/airline#14', 'vie', 'deterministic'), item: { group: 'd/airline#14', language: 'vie', run: null, setting: 'l2_tools' } };
    const anySetting = label({ group: 'd/airline#14', language: 'vie', run: null }, 'T2', 1);
    const [entry] = reviewEntries([inSetting], [anySetting], PLAN);
    expect(entry).toMatchObject({ item: inSetting.item, label: { code: 'T2' }, review: null });
    const reviewed = reviewEntries([inSetting], [anySetting, review(inSetting.item, 'T2', 2)], PLAN);
    expect(reviewed[0]?.review).toMatchObject({ verdict: 'confirm', annotator: 'Rui' });
  });

  it('resumes at the first unreviewed item and moves on to the next unreviewed one after a decision', () => {
    const entries = reviewEntries(WORKLIST, LABELS, PLAN);
    const [first, second, third] = entries.map((e) => e.item) as [LabelItem, LabelItem, LabelItem];
    expect(resumePosition(entries)).toBe(0);
    const records = [...LABELS, review(first, codeOf(entries, 0), 10), review(third, codeOf(entries, 2), 11)];
    const later = reviewEntries(WORKLIST, records, PLAN);
    expect(resumePosition(later)).toBe(1);
    expect(itemKey(later[1]?.item as LabelItem)).toBe(itemKey(second));
    // After deciding item 2 the next unreviewed is item 4 (item 3 is done); after the last, back to a skipped one.
    expect(positionAfterDecision(later, 1)).toBe(3);
    expect(positionAfterDecision(later, 3)).toBe(1);
    const done = reviewEntries(WORKLIST, [...records, review(second, codeOf(entries, 1), 12), review(entries[3]?.item as LabelItem, codeOf(entries, 3), 13)], PLAN);
    expect(resumePosition(done)).toBe(0);
    expect(positionAfterDecision(done, 1)).toBe(2);
    expect(positionAfterDecision(done, 3)).toBe(3);
  });
});

function codeOf(entries: ReturnType<typeof reviewEntries>, position: number): TriageCode {
  return entries[position]?.label.code as TriageCode;
}

/** A labels file in memory, appended to as NodeLabelSink appends. */
function memorySource(initial: readonly LabelRecord[], options: { readOnly?: string; annotator?: string } = {}) {
  let text = initial.map((r) => `${JSON.stringify(r)}\n`).join('');
  const appended: ReviewDecision[] = [];
  const source: ReviewSource = {
    directory: 'runs',
    runDir: 'file:///work/runs',
    worklist: () => WORKLIST,
    readRecords: async () => parseLabels(text).records,
    append: async (record) => {
      appended.push(record);
      text += `${JSON.stringify(record)}\n`;
    },
    evidence: async () => ({}) as ReviewEvidence,
    readOnly: () => options.readOnly ?? null,
    annotator: async () => ('annotator' in options ? options.annotator : 'Rui'),
    tool: 'trajectory-lens test',
  };
  return { source, appended, text: () => text };
}

describe('a review session', () => {
  it('appends one review record per decision, naming the reviewed code, and advances to the next unreviewed item', async () => {
    const { source, appended } = memorySource(LABELS);
    const session = new ReviewSession(source, PLAN);
    const opened = await session.open();
    expect(opened.position).toBe(0);
    const first = opened.entries[0];
    const afterConfirm = await session.decide({ position: 0, verdict: 'confirm', side: null, note: '  fine  ' });
    expect(appended).toHaveLength(1);
    expect(appended[0]).toMatchObject({ kind: 'review', item: first?.item, code: first?.label.code, verdict: 'confirm', side: null, note: 'fine', annotator: 'Rui' });
    expect(afterConfirm.position).toBe(1);
    expect(afterConfirm.entries[0]?.review).toMatchObject({ verdict: 'confirm' });
    expect(afterConfirm.revision).toBeGreaterThan(opened.revision);

    const afterReject = await session.decide({ position: 1, verdict: 'reject', side: 'translation', note: '' });
    expect(appended[1]).toMatchObject({ verdict: 'reject', side: 'translation', item: opened.entries[1]?.item });
    expect(afterReject.position).toBe(2);
  });

  it('resumes a reopened queue at the first item not reviewed yet', async () => {
    const { source, text } = memorySource(LABELS);
    const first = new ReviewSession(source, PLAN);
    await first.open();
    await first.decide({ position: 0, verdict: 'undecidable', side: null, note: '' });
    await first.decide({ position: 1, verdict: 'confirm', side: null, note: '' });
    const reopened = await new ReviewSession(memorySource(parseLabels(text()).records).source, PLAN).open();
    expect(reopened.position).toBe(2);
    expect(reopened.entries.slice(0, 2).map((e) => e.review?.verdict)).toEqual(['undecidable', 'confirm']);
  });

  it('reopens a restored panel’s queue on the item it showed, and at the first unreviewed one when that item is gone', async () => {
    const restored = await new ReviewSession(memorySource(LABELS).source, PLAN).open(2);
    expect(restored.position).toBe(2);
    expect(restored).toMatchObject({ runDir: 'file:///work/runs', seed: PLAN.seed, sampling: { perStratum: PLAN.perStratum } });
    expect((await new ReviewSession(memorySource(LABELS).source, PLAN).open(99)).position).toBe(0);
  });

  it('refuses decisions in Restricted Mode with the reason, and writes nothing', async () => {
    const reason = 'Trajectory Lens is read-only in Restricted Mode';
    const { source, appended } = memorySource(LABELS, { readOnly: reason });
    const session = new ReviewSession(source, PLAN);
    expect((await session.open()).readOnly).toBe(reason);
    await expect(session.decide({ position: 0, verdict: 'confirm', side: null, note: '' })).rejects.toThrow(reason);
    expect(appended).toEqual([]);
  });

  it('refuses a position outside the queue and a missing reviewer name', async () => {
    const session = new ReviewSession(memorySource(LABELS).source, PLAN);
    await session.open();
    await expect(session.decide({ position: 4, verdict: 'confirm', side: null, note: '' })).rejects.toThrow('Item 5 is not in the review queue');
    const nameless = new ReviewSession(memorySource(LABELS, { annotator: undefined }).source, PLAN);
    await nameless.open();
    await expect(nameless.decide({ position: 0, verdict: 'confirm', side: null, note: '' })).rejects.toThrow('a reviewer name is needed');
  });
});

describe('saved review panel state', () => {
  const SAVED = { runDir: 'file:///work/runs', seed: 7, perStratum: 5, sizes: { 'deterministic/jpn/execution': 2 }, position: 3 };

  it('accepts the state the webview saves, and nothing beyond it', () => {
    expect(parseSavedReviewState(SAVED)).toEqual(SAVED);
    expect(parseSavedReviewState({ ...SAVED, sizes: {}, extra: '<script>' })).toEqual({ ...SAVED, sizes: {} });
  });

  it.each([
    ['nothing', null],
    ['a translation panel’s state', { runDir: SAVED.runDir, file: 'tasks.json', row: 1 }],
    ['an empty run directory', { ...SAVED, runDir: '' }],
    ['a negative seed', { ...SAVED, seed: -1 }],
    ['a seed past the largest', { ...SAVED, seed: 2 ** 32 }],
    ['a fractional stratum size', { ...SAVED, perStratum: 2.5 }],
    ['a stratum size given as text', { ...SAVED, sizes: { 'deterministic/jpn/execution': '2' } }],
    ['sizes given as a list', { ...SAVED, sizes: [2] }],
    ['a negative position', { ...SAVED, position: -1 }],
    ['a missing position', { runDir: SAVED.runDir, seed: 7, perStratum: 5, sizes: {} }],
  ])('refuses %s', (_, raw) => {
    expect(parseSavedReviewState(raw)).toBeNull();
  });
});
