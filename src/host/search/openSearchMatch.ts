import * as vscode from 'vscode';
import { defaultBaselineRun } from '../../core/analysis/defaultRuns';
import { compareRunsInDirectory } from '../../core/analysis/literalCanonicalizer';
import { loadTrajectory } from '../../core/index/loadTrajectory';
import type { RunSummary } from '../../core/model';
import { runDocumentLine } from '../../core/search/runDocumentLine';
import type { SearchMatch } from '../../core/search/searchRuns';
import type { LoadedRunDirectory } from '../loadedRunDirectory';
import { runDocumentUri } from '../runDocument/runDocumentUri';
import { runsOf } from '../tree/nodeRuns';

/** Opens the match's run document with the heading of its step (or section) at the top and the cursor on it. */
export async function openMatchInRunDocument(dir: LoadedRunDirectory, match: SearchMatch): Promise<void> {
  let document = await vscode.workspace.openTextDocument(runDocumentUri(dir.uri, match.run));
  if (document.languageId !== 'markdown') document = await vscode.languages.setTextDocumentLanguage(document, 'markdown');
  const line = match.field === 'run' ? 0 : runDocumentLine(document.getText(), match.step, match.field);
  const at = new vscode.Range(line, 0, line, 0);
  const editor = await vscode.window.showTextDocument(document, { preview: true, selection: at });
  editor.revealRange(at, vscode.TextEditorRevealType.AtTop);
}

export type OpenComparisonAt = (baseline: RunSummary, target: RunSummary, row?: number) => Promise<void>;

/**
 * The aligned row of the comparison with the baseline's default run that holds the match's step; undefined when the
 * step has no row of its own (the comparison then opens at its top).
 */
async function rowOfStep(dir: LoadedRunDirectory, baseline: RunSummary, match: SearchMatch): Promise<number | undefined> {
  if (match.step === null) return undefined;
  const [baselineTrajectory, targetTrajectory] = await Promise.all([loadTrajectory(dir.fs, baseline), loadTrajectory(dir.fs, match.run)]);
  const { comparison } = await compareRunsInDirectory(dir.fs, baselineTrajectory, targetTrajectory, { domainsRoot: dir.index.tau2Domains });
  const row = comparison.rows.findIndex((r) => r.target === match.step);
  return row >= 0 ? row : undefined;
}

/** Opens the comparison of the match's run with the baseline language's run of its scenario, scrolled to the step. */
export async function compareMatchWithBaseline(open: OpenComparisonAt, dir: LoadedRunDirectory, match: SearchMatch): Promise<void> {
  const baseline = match.run.language === dir.baseline ? undefined : defaultBaselineRun(runsOf(dir, match.run.group, dir.baseline));
  if (baseline === undefined) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Trajectory Lens: {0} has no {1} run to compare with.', match.run.id, dir.baseline));
    return;
  }
  const row = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Aligning runs') }, () =>
    rowOfStep(dir, baseline, match),
  );
  await open(baseline, match.run, row);
}
