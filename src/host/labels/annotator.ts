import * as vscode from 'vscode';
import { gitUserName } from '../../core/triage/gitUserName';

// Who labels: the trajectoryLens.annotator setting, else git's global user name, else a name asked once and kept.

const ANNOTATOR_SETTING = 'annotator';
const ASKED_NAME_KEY = 'trajectoryLens.annotatorName';

/** The annotator's name; undefined when the person dismissed the question. */
export async function resolveAnnotator(globalState: vscode.Memento): Promise<string | undefined> {
  const configured = vscode.workspace.getConfiguration('trajectoryLens').get<string>(ANNOTATOR_SETTING, '').trim();
  if (configured !== '') return configured;
  const git = await gitUserName();
  if (git !== null) return git;
  const asked = globalState.get<string>(ASKED_NAME_KEY);
  if (asked) return asked;
  const name = (
    await vscode.window.showInputBox({
      title: vscode.l10n.t('Who is labelling?'),
      prompt: vscode.l10n.t('Your name is saved with each label (set trajectoryLens.annotator to change it).'),
      ignoreFocusOut: true,
      validateInput: (value) => (value.trim() === '' ? vscode.l10n.t('A name is needed to save labels.') : undefined),
    })
  )?.trim();
  if (!name) return undefined;
  await globalState.update(ASKED_NAME_KEY, name);
  return name;
}
