import * as vscode from 'vscode';
import { version } from '../../../package.json';
import { newLabelRecord } from '../../core/triage/labelRecord';
import { appendRecord } from '../../core/triage/labelStore';
import { NodeLabelSink } from '../../core/triage/nodeLabelSink';
import { suggestForItem } from '../../core/triage/triageItems';
import type { Suggestion } from '../../core/triage/suggestion';
import { codeText } from '../../core/triage/taxonomy';
import type { RunStore } from '../runStore';
import type { TreeNode } from '../tree/nodes';
import { confirmWritingAllowed } from '../workspaceTrust';
import { resolveAnnotator } from './annotator';
import { codePicks, confidencePicks, type CodePick } from './labelPicks';
import type { LabelState } from './labelState';
import { labelTarget, targetText, type LabelTarget } from './labelTarget';
import type { TreeSelection } from './treeSelection';

// "Label Failure…": code (the automatic prior offered first, never applied by itself), confidence, note; then one
// record appended to the run directory's labels file.

export const LABEL_COMMAND = 'trajectoryLens.label';
const TOOL_NAME = `trajectory-lens ${version}`;

interface TargetPick extends vscode.QuickPickItem {
  target: LabelTarget;
}

/** Without an element (command palette, nothing selected): pick one of the regressions. */
async function pickRegression(store: RunStore): Promise<LabelTarget | undefined> {
  const picks: TargetPick[] = store.directories.flatMap((dir) =>
    dir.regressions.map((r) => {
      const target: LabelTarget = { dir, item: { group: r.group, language: r.language, run: null } };
      return { label: targetText(target), description: r.group, target };
    }),
  );
  if (picks.length === 0) {
    void vscode.window.showInformationMessage('There are no regressions to label. Pick a language or a run in the Runs view.');
    return undefined;
  }
  return (await vscode.window.showQuickPick(picks, { title: 'Label Failure: which regression?', matchOnDescription: true }))?.target;
}

async function priorFor(store: RunStore, target: LabelTarget): Promise<Suggestion | null> {
  try {
    return await suggestForItem(target.dir.fs, target.dir.index.runs, target.item, { baseline: store.baseline });
  } catch {
    // The prior is a convenience: a run that cannot be read leaves the choice to the person.
    return null;
  }
}

async function label(store: RunStore, labels: LabelState, globalState: vscode.Memento, target: LabelTarget): Promise<void> {
  const { dir } = target;
  if (dir.uri.scheme !== 'file') {
    void vscode.window.showErrorMessage(
      `Labels can only be saved in run directories on disk (this one is ${dir.uri.scheme}:): appending safely needs the local file system. Use \`trajectory-lens label\` where the runs are.`,
    );
    return;
  }
  const title = `Label ${targetText(target)}`;
  const current = labels.labelOf(dir, target.item);
  // The quick pick opens at once (busy) and fills in once the prior has read the runs.
  const picks: Promise<CodePick[]> = priorFor(store, target).then((prior) => codePicks(prior, current));
  const picked = await vscode.window.showQuickPick<CodePick>(
    picks,
    { title, placeHolder: 'Root cause (taxonomy, checked top-down)', matchOnDescription: true, ignoreFocusOut: true },
  );
  const code = picked?.code;
  if (code === undefined) return;
  const confidence = await vscode.window.showQuickPick(confidencePicks(), {
    title: `${title}: ${code}`,
    placeHolder: 'How sure are you?',
    ignoreFocusOut: true,
  });
  if (confidence === undefined) return;
  const note = await vscode.window.showInputBox({
    title: `${title}: ${code}, ${confidence.confidence} confidence`,
    prompt: 'Note (optional): what you saw. Enter to save, Escape to cancel.',
    ignoreFocusOut: true,
  });
  if (note === undefined) return;
  const annotator = await resolveAnnotator(globalState);
  if (annotator === undefined) return;
  const record = newLabelRecord({ item: target.item, code, confidence: confidence.confidence, note: note.trim(), annotator, tool: TOOL_NAME });
  const sink = new NodeLabelSink(dir.uri.fsPath);
  try {
    await appendRecord(sink, record);
  } catch (error) {
    void vscode.window.showErrorMessage(`The label was not saved to ${sink.describe()}: ${error instanceof Error ? error.message : String(error)}`);
    return;
  }
  await labels.reload(dir);
  vscode.window.setStatusBarMessage(`Labelled ${targetText(target)} as ${codeText(code)}`, 5_000);
}

export function registerLabelCommand(
  globalState: vscode.Memento,
  store: RunStore,
  labels: LabelState,
  selection: TreeSelection,
): vscode.Disposable {
  return vscode.commands.registerCommand(LABEL_COMMAND, async (node?: TreeNode) => {
    if (!(await confirmWritingAllowed())) return;
    const given = node ?? selection.node;
    const target = given ? labelTarget(given) : await pickRegression(store);
    if (target === undefined) {
      if (given) void vscode.window.showInformationMessage('Pick a language, a run or a regression to label.');
      return;
    }
    await label(store, labels, globalState, target);
  });
}
