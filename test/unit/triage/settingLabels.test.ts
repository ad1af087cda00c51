import { describe, expect, it } from 'vitest';
import { runsInSetting, settingToCompare } from '../../../src/core/analysis/defaultRuns';
import { allPairAgreements, ratingsByAnnotator } from '../../../src/core/triage/agreement';
import { decompositionItems } from '../../../src/core/triage/decomposition';
import { itemKey, labelItem, newLabelRecord, recordJson, recordProblem, type LabelItem, type LabelRecord } from '../../../src/core/triage/labelRecord';
import { currentByItem, currentRecords, labelOfItem, parseLabels } from '../../../src/core/triage/labelStore';
import { comparedRuns, triageItems } from '../../../src/core/triage/triageItems';
import { SEATAU_GROUP as GROUP, settingRuns } from '../index/settingRuns';

// Labels of runs compared setting by setting (SEATau: vie in l2_interaction and in l2_tools, each against English):
// a label is about one setting's pair or run, and records written before settings were labelled still count.


const SEATAU = [
  ...settingRuns('eng', 'english', ['pass', 'pass']),
  ...settingRuns('vie', 'l2_interaction', ['pass', 'fail']),
  ...settingRuns('vie', 'l2_tools', ['fail', 'fail']),
];
const TOOLS = labelItem(GROUP, 'vie', null, 'l2_tools');
const INTERACTION = labelItem(GROUP, 'vie', null, 'l2_interaction');
const ANY = labelItem(GROUP, 'vie', null);

function label(item: LabelItem, code: LabelRecord['code'], minute: number, annotator = 'Ana'): LabelRecord {
  return newLabelRecord({ item, code, annotator, tool: 'trajectory-lens test', at: new Date(Date.UTC(2026, 0, 1, 0, minute)) });
}

describe('label records with a setting', () => {
  it('writes the setting in the item and reads it back; items without one are written as before', () => {
    const tools = label(TOOLS, 'T3', 1);
    expect(JSON.stringify(recordJson(tools))).toContain('"item":{"group":"sims#14","language":"vie","run":null,"setting":"l2_tools"}');
    expect(parseLabels(`${JSON.stringify(tools)}\n`).records.map((r) => r.item)).toEqual([TOOLS]);
    const plain = label(labelItem('g', 'jpn', 2), 'A2', 1);
    expect(JSON.stringify(recordJson(plain))).toContain('"item":{"group":"g","language":"jpn","run":2},');
    // A null setting is the same item as none.
    expect(itemKey({ group: 'g', language: 'jpn', run: 2, setting: null })).toBe(itemKey(plain.item));
  });

  it('keeps reading records written before settings were labelled, and refuses a setting that is not a name', () => {
    const old = { ...recordJson(label(ANY, 'T3', 1)), item: { group: GROUP, language: 'vie', run: null } };
    expect(recordProblem(old)).toBeNull();
    expect(recordProblem({ ...old, item: { ...old.item, setting: '' } })).toBe('item.setting is neither null nor a setting name');
    expect(recordProblem({ ...old, item: { ...old.item, setting: 3 } })).toBe('item.setting is neither null nor a setting name');
    expect(recordProblem({ ...old, item: { ...old.item, setting: null } })).toBeNull();
  });
});

describe('the current label of an item in a setting', () => {
  it('is its own setting’s, never another setting’s', () => {
    const current = currentByItem([label(TOOLS, 'T3', 1)]);
    expect(labelOfItem(current, TOOLS)?.code).toBe('T3');
    expect(labelOfItem(current, INTERACTION)).toBeUndefined();
    expect(labelOfItem(current, ANY)).toBeUndefined();
  });

  it('counts a record without a setting in every setting, the later of the two deciding', () => {
    const older = label(ANY, 'A2', 1);
    const newer = label(TOOLS, 'T3', 2);
    const current = currentByItem([older, newer]);
    expect(labelOfItem(current, TOOLS)?.code).toBe('T3');
    expect(labelOfItem(current, INTERACTION)?.code).toBe('A2');
    expect(labelOfItem(currentByItem([newer, label(ANY, 'K1', 3)]), TOOLS)?.code).toBe('K1');
  });

  it('lists the items of two settings apart, the one without a setting first', () => {
    const records = [label(TOOLS, 'T3', 1), label(INTERACTION, 'A2', 2), label(ANY, 'A1', 3)];
    expect(currentRecords(records).map((r) => r.item.setting ?? null)).toEqual([null, 'l2_interaction', 'l2_tools']);
  });

  it('are different items to agree on: two annotators agree only within one setting', () => {
    const ratings = ratingsByAnnotator([label(TOOLS, 'T3', 1, 'Ana'), label(INTERACTION, 'T3', 1, 'Bo'), label(TOOLS, 'A2', 2, 'Bo')]);
    const [pair] = allPairAgreements(ratings, new Map());
    // Only l2_tools was labelled by both, with different codes; Bo's l2_interaction T3 is not Ana's l2_tools T3.
    expect([pair?.a, pair?.b, pair?.code.n, pair?.code.agreed]).toEqual(['Ana', 'Bo', 1, 0]);
  });
});

describe('triage items and the prior’s runs, setting by setting', () => {
  it('gives one pair per (group, language, setting) and the decomposition its setting’s label', () => {
    const items = triageItems(SEATAU);
    expect(items.map((e) => [e.item, e.regression?.cell])).toEqual([
      [TOOLS, 'pass->fail'],
      [INTERACTION, 'pass->partial'],
    ]);
    const decomposed = decompositionItems(items, currentRecords([label(TOOLS, 'T3', 1)]));
    expect(decomposed.map((d) => d.family)).toEqual(['translation', null]);
  });

  it('reads the item’s setting’s runs against the English setting’s', () => {
    const tools = comparedRuns(SEATAU, TOOLS);
    expect([tools?.baseline?.id, tools?.target.id]).toEqual(['eng_english#1', 'vie_l2_tools#1']);
    const interaction = comparedRuns(SEATAU, labelItem(GROUP, 'vie', 1, 'l2_interaction'));
    expect(interaction?.target.id).toBe('vie_l2_interaction#1');
    // Without a setting: the first setting with a failing run, by name.
    expect(comparedRuns(SEATAU, ANY)?.target.id).toBe('vie_l2_interaction#2');
  });
});

describe('the setting compared when none is named', () => {
  it('is the first setting with a failing run, else the first; null without settings', () => {
    expect(settingToCompare(SEATAU.filter((r) => r.language === 'vie'))).toBe('l2_interaction');
    const passing = [...settingRuns('vie', 'l2_tools', ['pass']), ...settingRuns('vie', 'l2_domain', ['pass'])];
    expect(settingToCompare(passing)).toBe('l2_domain');
    expect(settingToCompare(settingRuns('jpn', null, ['fail']))).toBeNull();
  });

  it('reads that setting’s runs, the baseline setting’s and those without one', () => {
    const plain = settingRuns('jpn', null, ['pass']);
    const ids = runsInSetting([...SEATAU, ...plain], 'l2_tools', 'english').map((r) => r.id);
    expect(ids).toEqual(['eng_english#1', 'eng_english#2', 'vie_l2_tools#1', 'vie_l2_tools#2', 'jpn_null#1']);
    expect(runsInSetting(SEATAU, null, 'english')).toHaveLength(SEATAU.length);
  });
});
