// Labels in the compare view, host side under Node: which items a panel labels, what its header is told about them
// (the current label, else the automatic prior with its evidence), that a switched target brings its own labels, and
// that the webview's label request is accepted only as the protocol defines it.
import { describe, expect, it } from 'vitest';
import type { RunSummary, Trajectory } from '../../../src/core/model';
import { itemKey, newLabelRecord, newReviewRecord, type LabelItem, type LabelRecord } from '../../../src/core/triage/labelRecord';
import type { Suggestion } from '../../../src/core/triage/suggestion';
import { CompareSession } from '../../../src/host/compare/compareSession';
import { testCompareDirectory } from '../../fixtures/testCompareDirectory';
import { compareLabelItem, compareLabels, type LabelSources } from '../../../src/host/labels/compareLabelView';
import { parseCompareRequest } from '../../../src/protocol/validateCompare';
import { message, runSummary } from '../../webview/fixtures/comparisons';
import { shownT4Label } from '../../webview/fixtures/labels';

const GROUP = 'execution/scn_email_budget';
const jpn2 = runSummary({ language: 'jpn', runIndex: 2, outcome: 'fail' });
const pairItem: LabelItem = { group: GROUP, language: 'jpn', run: null };
const runItem: LabelItem = { group: GROUP, language: 'jpn', run: 2 };

const MISSING_EMAIL: Suggestion = { code: 'A2', evidence: ['oracle EmailClientV2.send_email has no match in jpn run 2'] };
const READ_ONLY = 'read-only in Restricted Mode';

/** Labels from a fixed set of records, priors from a fixed table; records which items the prior was asked about. */
function sources(records: LabelRecord[], priors: Map<string, Suggestion>, readOnly: string | null = null) {
  const current = new Map(records.map((r) => [itemKey(r.item), r]));
  const asked: LabelItem[] = [];
  const src: LabelSources = {
    labelOf: (item) => current.get(itemKey(item)),
    prior: async (item) => {
      asked.push(item);
      return priors.get(itemKey(item)) ?? null;
    },
    readOnly,
  };
  return { src, asked };
}

function label(item: LabelItem, over: Partial<Parameters<typeof newLabelRecord>[0]> = {}): LabelRecord {
  return newLabelRecord({ item, code: 'T4', confidence: 'high', note: 'name transliterated', annotator: 'Ada', tool: 'test', ...over });
}

describe('labels of a compare panel', () => {
  it('labels the target language pair by default and the target run alone on request', () => {
    expect(compareLabelItem(jpn2, 'pair')).toEqual(pairItem);
    expect(compareLabelItem(jpn2, 'run')).toEqual(runItem);
  });

  it('shows the current label of the pair with its title, confidence, annotator and note, and the prior for the unlabelled run', async () => {
    const { src, asked } = sources([label(pairItem)], new Map([[itemKey(runItem), MISSING_EMAIL]]));
    const labels = await compareLabels(jpn2, src);
    expect(labels.pair).toEqual({
      scope: 'pair',
      text: 'jpn',
      label: shownT4Label({ annotator: 'Ada', note: 'name transliterated', at: expect.any(String) }),
      suggestion: null,
    });
    expect(labels.run).toEqual({
      scope: 'run',
      text: 'jpn · run 2',
      label: null,
      suggestion: { code: 'A2', title: 'missing required action', evidence: MISSING_EMAIL.evidence },
    });
    // A labelled item needs no prior: reading runs for it would only slow the header down.
    expect(asked).toEqual([runItem]);
    expect(labels.readOnly).toBeNull();
  });

  it('shows a review as the latest decision, says nothing is suggested when the runs cannot be read, and passes the read-only reason on', async () => {
    const review = newReviewRecord({ item: runItem, code: 'A2', verdict: 'confirm', annotator: 'Grace', tool: 'test' });
    const { src } = sources([review], new Map(), READ_ONLY);
    const labels = await compareLabels(jpn2, src);
    expect(labels.run.label).toMatchObject({ kind: 'review', code: 'A2', annotator: 'Grace', confidence: null, note: '' });
    expect(labels.pair).toMatchObject({ label: null, suggestion: null });
    expect(labels.readOnly).toBe(READ_ONLY);
  });
});

describe('labels in the compare state', () => {
  function trajectory(run: RunSummary): Trajectory {
    return { run, task: 'Email Zhang Wei.', steps: [message('user', 'Email Zhang Wei.')], finalAnswer: null, oracle: [], checks: [], judge: [], diagnostics: [] };
  }
  const runs = [runSummary({ language: 'eng', runIndex: 1 }), runSummary({ language: 'jpn', runIndex: 1, outcome: 'fail' }), jpn2];
  const session = (labelled: LabelRecord[]) =>
    new CompareSession(
      testCompareDirectory(runs, trajectory, { labels: (target) => compareLabels(target, sources(labelled, new Map()).src) }).directory,
      runs[0] as RunSummary,
      runs[1] as RunSummary,
    );

  it('carries the labels of the target run, and of the new target after a switch or a swap', async () => {
    const labelled = [label(pairItem), label({ ...runItem }, { code: 'A5', confidence: 'low', annotator: 'Ada' })];
    const compare = session(labelled);
    const first = await compare.state(null);
    expect([first.labels.pair.label?.code, first.labels.run.text, first.labels.run.label]).toEqual(['T4', 'jpn · run 1', null]);
    const switched = await compare.switchRun('target', 2);
    expect([switched.labels.pair.label?.code, switched.labels.run.text, switched.labels.run.label?.code]).toEqual(['T4', 'jpn · run 2', 'A5']);
    const swapped = await compare.swapSides();
    expect([swapped.labels.pair.text, swapped.labels.pair.label, swapped.labels.run.text]).toEqual(['eng', null, 'eng · run 1']);
  });
});

describe('the label request of the webview', () => {
  const request = (params: unknown) => parseCompareRequest({ kind: 'request', id: 4, method: 'label', params });

  it('accepts labelling the pair or the run', () => {
    expect(request({ scope: 'pair' })).toEqual({ ok: true, id: 4, value: { kind: 'request', id: 4, method: 'label', params: { scope: 'pair' } } });
    expect(request({ scope: 'run' }).ok).toBe(true);
  });

  it('refuses any other scope, a missing one, extra parameters or items chosen by the webview, answering with the id', () => {
    for (const params of [{ scope: 'all' }, { scope: 2 }, {}, { scope: 'pair', group: 'x' }, { scope: 'run', code: 'A2' }, null]) {
      const parsed = request(params);
      expect(parsed.ok, JSON.stringify(params)).toBe(false);
      expect(parsed.id).toBe(4);
    }
    expect(request({ scope: 'all' })).toMatchObject({ error: 'label: scope must be "pair" or "run"' });
    expect(request({ scope: 'pair', group: 'x' })).toMatchObject({ error: 'label expects parameters {scope}' });
  });
});
