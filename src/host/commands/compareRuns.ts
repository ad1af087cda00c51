import * as vscode from 'vscode';
import type { RunSummary } from '../../core/model';
import { verdictText } from '../../core/render/runLabels';
import type { LoadedRunDirectory } from '../loadedRunDirectory';
import type { RunStore } from '../runStore';
import type { TreeNode } from '../tree/nodes';
import type { OpenComparison } from './compareWithBaseline';
import { byRunOrder } from '../../core/index/runOrder';

export const COMPARE_RUNS_COMMAND = 'trajectoryLens.compareRuns';

interface RunPick extends vscode.QuickPickItem {
  run: RunSummary;
}

function runPick(run: RunSummary): RunPick {
  return {
    label: `${run.scenarioId} · ${run.language} · ${vscode.l10n.t('run {0}', run.runIndex)}`,
    description: [verdictText(run.outcome), run.failureFamily].filter(Boolean).join(' · '),
    detail: run.group,
    run,
  };
}

function pickRun(runs: readonly RunSummary[] | Promise<readonly RunSummary[]>, title: string): Thenable<RunPick | undefined> {
  const picks = Promise.resolve(runs).then((list) => list.map(runPick));
  return vscode.window.showQuickPick(picks, { title, matchOnDescription: true, matchOnDetail: true });
}

/** Runs of the same scenario: other languages, other runs, other agents or models. */
function sameScenario(dir: LoadedRunDirectory, run: RunSummary): RunSummary[] {
  return dir.index.runs
    .filter((r) => r.scenarioId === run.scenarioId && r.id !== run.id)
    .sort(byRunOrder);
}

/** Compares any two runs of one run directory; a run in the baseline language goes on the baseline side. */
export function registerCompareRuns(store: RunStore, open: OpenComparison): vscode.Disposable {
  return vscode.commands.registerCommand(COMPARE_RUNS_COMMAND, async (node?: TreeNode) => {
    let dir: LoadedRunDirectory | undefined;
    let first: RunSummary | undefined;
    if (node?.kind === 'run') {
      ({ dir, run: first } = node);
    } else {
      // Right after start-up the runs may still be indexing: the pick shows as busy until they are.
      const runs = store.whenIndexed().then(() => store.directories.flatMap((d) => d.index.runs));
      const picked = await pickRun(runs, vscode.l10n.t('Compare two runs: the first run'));
      first = picked?.run;
      dir = store.directories.find((d) => first !== undefined && d.runsById.get(first.id) === first);
    }
    if (dir === undefined || first === undefined) return;
    const second = (await pickRun(sameScenario(dir, first), vscode.l10n.t('Compare {0} · {1} · run {2} with…', first.scenarioId, first.language, first.runIndex)))?.run;
    if (second === undefined) return;
    const [baseline, target] = second.language === dir.baseline && first.language !== dir.baseline ? [second, first] : [first, second];
    await open(baseline, target);
  });
}
