import type * as vscode from 'vscode';
import { describe, expect, it } from 'vitest';
import { defaultTargetRun } from '../../../src/core/analysis/defaultRuns';
import type { RunSummary, Trajectory } from '../../../src/core/model';
import { labelItem, newLabelRecord } from '../../../src/core/triage/labelRecord';
import { currentByItem, labelOfItem } from '../../../src/core/triage/labelStore';
import { CompareSession } from '../../../src/host/compare/compareSession';
import { testCompareDirectory } from '../../fixtures/testCompareDirectory';
import { compareLabelItem, compareLabels } from '../../../src/host/labels/compareLabelView';
import { labelTarget, targetText } from '../../../src/host/labels/labelTarget';
import { loadRunDirectory } from '../../../src/host/loadedRunDirectory';
import { comparisonTarget, runsOf } from '../../../src/host/tree/nodeRuns';
import type { TreeNode } from '../../../src/host/tree/nodes';
import { settingDirectories } from '../../../src/host/tree/settingDirectories';
import type { VscodeFileSource } from '../../../src/host/vscodeFileSource';
import { SEATAU_GROUP as GROUP, settingRuns } from '../index/settingRuns';

// A SEATau directory in VS Code: vie runs in l2_interaction and in l2_tools, each compared with English. What a tree
// element or a compare panel labels, which label it shows, and what "Compare with Baseline" and the run pickers offer.

const uri = { toString: () => 'file:///runs' } as unknown as vscode.Uri;

const ALL = [...settingRuns('eng', 'english', ['pass', 'pass']), ...settingRuns('vie', 'l2_interaction', ['pass', 'fail']), ...settingRuns('vie', 'l2_tools', ['fail', 'fail'])];
const whole = loadRunDirectory(uri, {} as VscodeFileSource, 'runs', { runs: ALL, diagnostics: [] }, 'eng');
const [interaction, tools] = settingDirectories(whole).map((v) => v.dir);

function languageNode(dir: typeof whole): TreeNode {
  const group = dir.groups[0];
  const language = group?.languages.find((l) => l.language === 'vie');
  if (group === undefined || language === undefined || dir === undefined) throw new Error('no vie in the view');
  return { kind: 'language', dir, group, language };
}

describe('labelling a SEATau tree element', () => {
  it('labels the pair in the setting of the view it is shown in, and a run in its own setting', () => {
    const toolsPair = labelTarget(languageNode(tools as typeof whole));
    expect(toolsPair?.item).toEqual(labelItem(GROUP, 'vie', null, 'l2_tools'));
    expect(toolsPair && targetText(toolsPair)).toBe('task 14 · vie · l2_tools');
    const regression = tools?.regressions[0];
    if (regression === undefined || tools === undefined) throw new Error('l2_tools has a regression');
    expect(labelTarget({ kind: 'regression', dir: tools, regression, label: '' })?.item.setting).toBe('l2_tools');
    const vie2 = ALL.find((r) => r.id === 'vie_l2_interaction#2') as RunSummary;
    expect(labelTarget({ kind: 'run', dir: interaction as typeof whole, run: vie2 })?.item).toEqual(labelItem(GROUP, 'vie', 2, 'l2_interaction'));
  });

  it('shows a label on the setting it was given in only', () => {
    const current = currentByItem([newLabelRecord({ item: labelItem(GROUP, 'vie', null, 'l2_tools'), code: 'T3', annotator: 'Ana', tool: 'test' })]);
    const shown = (dir: typeof whole | undefined) => {
      const target = labelTarget(languageNode(dir as typeof whole));
      return target && labelOfItem(current, target.item)?.code;
    };
    expect(shown(tools)).toBe('T3');
    expect(shown(interaction)).toBeUndefined();
  });
});

describe('a compare panel of a SEATau setting', () => {
  const vie1Tools = ALL.find((r) => r.id === 'vie_l2_tools#1') as RunSummary;

  it('labels the target’s pair and run in the target’s setting, and names the setting in its header', async () => {
    expect(compareLabelItem(vie1Tools, 'pair')).toEqual(labelItem(GROUP, 'vie', null, 'l2_tools'));
    expect(compareLabelItem(vie1Tools, 'run')).toEqual(labelItem(GROUP, 'vie', 1, 'l2_tools'));
    const shown = await compareLabels(vie1Tools, { labelOf: () => undefined, prior: async () => null, readOnly: null });
    expect([shown.pair.text, shown.run.text]).toEqual(['vie · l2_tools', 'vie · l2_tools · run 1']);
  });

  it('"Compare with Baseline" on a setting’s element compares that setting’s first failing run with English', () => {
    const target = comparisonTarget(languageNode(interaction as typeof whole));
    expect(target && defaultTargetRun(runsOf(target.dir, target.group, target.language))?.id).toBe('vie_l2_interaction#2');
    expect(target && runsOf(target.dir, target.group, target.baseline).map((r) => r.id)).toEqual(['eng_english#1', 'eng_english#2']);
  });

  it('offers only the target setting’s runs in the run pickers, though run numbers repeat across settings', async () => {
    const trajectory = (r: RunSummary): Trajectory => ({ run: r, task: null, steps: [], finalAnswer: null, oracle: [], checks: [], judge: [], diagnostics: [] });
    const session = new CompareSession(
      testCompareDirectory(ALL, trajectory, { labels: (target) => compareLabels(target, { labelOf: () => undefined, prior: async () => null, readOnly: null }) }).directory,
      ALL[0] as RunSummary,
      vie1Tools,
    );
    expect(session.choices().target.map((c) => c.id)).toEqual(['vie_l2_tools#1', 'vie_l2_tools#2']);
    expect(session.choices().baseline.map((c) => c.id)).toEqual(['eng_english#1', 'eng_english#2']);
    const switched = await session.switchRun('target', 2);
    expect(session.runs.target.id).toBe('vie_l2_tools#2');
    expect(switched.choices.target.map((c) => c.id)).toEqual(['vie_l2_tools#1', 'vie_l2_tools#2']);
  });
});
