import { join } from 'node:path';
import type * as vscode from 'vscode';
import { beforeAll, describe, expect, it } from 'vitest';
import { scenarioTargetChoice, targetLanguageText, type ScenarioTargetChoice } from '../../../src/core/analysis/scenarioTargets';
import { summarizeGroups, type GroupSummary } from '../../../src/core/analysis/groupSummary';
import { buildIndex } from '../../../src/core/index/buildIndex';
import type { RunSummary } from '../../../src/core/model';
import { NodeFileSource } from '../../../src/core/nodeFileSource';
import { loadRunDirectory, type LoadedRunDirectory } from '../../../src/host/loadedRunDirectory';
import { runToOpen, runsOf } from '../../../src/host/tree/nodeRuns';
import { settingDirectories } from '../../../src/host/tree/settingDirectories';
import type { VscodeFileSource } from '../../../src/host/vscodeFileSource';
import { run } from '../analysis/steps';
import { buildCli, cli, REPO } from '../cli/cliProcess';
import { settingRuns } from '../index/settingRuns';

// "Compare with Baseline" on a scenario row of the Runs view: which language it compares, or which it offers to pick,
// and which target run it opens (the same as `trajectory-lens compare`).

const EXAMPLES = join(REPO, 'examples/gaia2-multilingual');
const uri = { toString: () => 'file:///examples' } as unknown as vscode.Uri;

function runs(language: string, outcomes: Array<RunSummary['outcome']>): RunSummary[] {
  return outcomes.map((outcome, i) =>
    run({ id: `${language}/run_${i + 1}`, path: `${language}/run_${i + 1}`, language, languageLabel: language, runIndex: i + 1, outcome }),
  );
}

function onlyGroup(all: RunSummary[]): GroupSummary {
  const [group] = summarizeGroups(all, 'eng');
  if (!group) throw new Error('no group');
  return group;
}

/** What the person sees: the language opened directly, or the texts of the quick pick's entries in order. */
function shown(choice: ScenarioTargetChoice): string | string[] | null {
  if (choice.kind === 'none') return null;
  if (choice.kind === 'open') return choice.language.language;
  return choice.languages.map(targetLanguageText);
}

describe('the language "Compare with Baseline" compares on a scenario row', () => {
  let dir: LoadedRunDirectory;
  beforeAll(async () => {
    const index = await buildIndex(new NodeFileSource(EXAMPLES));
    dir = loadRunDirectory(uri, {} as VscodeFileSource, 'examples', index, 'eng');
  });

  function group(scenarioId: string): GroupSummary {
    const found = dir.groups.find((g) => g.scenarioId === scenarioId);
    if (!found) throw new Error(`no ${scenarioId} in the examples`);
    return found;
  }

  it('offers every other language when several regressed: regressed first with count, cell and failure family', () => {
    expect(shown(scenarioTargetChoice(group('scn_email_budget'), 'eng'))).toEqual([
      'cmn 0/3 ↓ deterministic pass→fail · tool_count',
      'hin 0/3 ↓ deterministic pass→fail · tool_count',
      'jpn 0/3 ↓ deterministic pass→fail · tool_count',
      'fra 3/3',
      'spa 3/3',
    ]);
  });

  it('opens the only regressed language without asking', () => {
    expect(shown(scenarioTargetChoice(group('scn_group_dinner'), 'eng'))).toBe('spa');
  });

  it('puts deterministic regressions before stochastic ones, and counts infrastructure failures apart', () => {
    const all = [
      ...runs('eng', ['pass', 'pass', 'pass']),
      ...runs('fra', ['pass', 'fail', 'pass']),
      ...runs('deu', ['pass', 'pass', 'infra']),
      ...runs('tha', ['fail', 'fail', 'fail']),
    ];
    expect(shown(scenarioTargetChoice(onlyGroup(all), 'eng'))).toEqual([
      'tha 0/3 ↓ deterministic pass→fail',
      'fra 2/3 ↓ stochastic pass→partial',
      'deu 2/2 (1 infra)',
    ]);
  });

  it('offers the languages to pick when none regressed, and nothing without a baseline run or another language', () => {
    expect(shown(scenarioTargetChoice(onlyGroup([...runs('eng', ['pass']), ...runs('fra', ['pass'])]), 'eng'))).toEqual(['fra 1/1']);
    expect(scenarioTargetChoice(onlyGroup(runs('eng', ['pass'])), 'eng')).toEqual({ kind: 'none' });
    expect(scenarioTargetChoice(onlyGroup(runs('fra', ['fail'])), 'eng')).toEqual({ kind: 'none' });
  });

  it('opens the same default target run as the CLI (scn_coffee_reorder cmn: pass, infra, pass)', async () => {
    const coffee = group('scn_coffee_reorder');
    const cmn = coffee.languages.find((l) => l.language === 'cmn');
    if (!cmn) throw new Error('no cmn runs of scn_coffee_reorder');
    expect(cmn.members.map((r) => r.outcome)).toEqual(['pass', 'infra', 'pass']);
    const opened = runToOpen({ kind: 'language', dir, group: coffee, language: cmn })?.run;

    await buildCli();
    const result = await cli('compare', EXAMPLES, '--group', coffee.group, '--language', 'cmn', '--json');
    expect(result.code, result.stderr).toBe(0);
    const printed = JSON.parse(result.stdout) as { target: { path: string; runIndex: number } };
    expect(opened && [opened.path, opened.runIndex]).toEqual([printed.target.path, printed.target.runIndex]);
  }, 60_000);
});

describe('a scenario row under a SEATau setting', () => {
  it('compares that setting’s language with the baseline setting, from that setting’s runs only', () => {
    const all = [
      ...settingRuns('eng', 'english', ['pass', 'pass']),
      ...settingRuns('vie', 'l2_interaction', ['pass', 'pass']),
      ...settingRuns('vie', 'l2_tools', ['pass', 'fail']),
    ];
    const whole = loadRunDirectory(uri, {} as VscodeFileSource, 'runs', { runs: all, diagnostics: [] }, 'eng');
    const [interaction, tools] = settingDirectories(whole).map((v) => v.dir);
    const group = (dir: LoadedRunDirectory | undefined): GroupSummary => {
      const [only] = dir?.groups ?? [];
      if (!only) throw new Error('no group in the setting');
      return only;
    };
    expect(shown(scenarioTargetChoice(group(interaction), 'eng'))).toEqual(['vie 2/2']);
    const choice = scenarioTargetChoice(group(tools), 'eng');
    expect(shown(choice)).toBe('vie');
    if (choice.kind !== 'open' || !tools) throw new Error('l2_tools opens vie directly');
    const node = { kind: 'language', dir: tools, group: group(tools), language: choice.language } as const;
    expect(runToOpen(node)?.run.id).toBe('vie_l2_tools#2');
    expect(runsOf(tools, group(tools).group, 'vie').map((r) => r.id)).toEqual(['vie_l2_tools#1', 'vie_l2_tools#2']);
  });
});
