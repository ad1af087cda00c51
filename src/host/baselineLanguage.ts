import * as vscode from 'vscode';
import { languageCode } from '../core/language/normalizeLanguage';

// The baseline language, first that applies: the one the user picked in this workspace, the
// `trajectoryLens.baselineLanguage` setting when set explicitly, the one the run directory's trajectory-lens.json
// names, else eng. The pick is kept in workspace state rather than in settings so that nothing is written into
// the run directory (it may be read-only, or untrusted).

const PICKED_KEY = 'trajectoryLens.pickedBaselineLanguage';
export const DEFAULT_BASELINE = 'eng';

export class BaselineLanguage {
  constructor(private readonly state: vscode.Memento) {}

  get(declared?: string): string {
    const picked = this.state.get<string>(PICKED_KEY);
    if (picked) return picked;
    const setting = vscode.workspace.getConfiguration('trajectoryLens').inspect<string>('baselineLanguage');
    const configured = setting?.workspaceFolderValue ?? setting?.workspaceValue ?? setting?.globalValue;
    const normalized = configured === undefined ? null : languageCode(configured);
    return normalized ?? declared ?? DEFAULT_BASELINE;
  }

  async pick(language: string): Promise<void> {
    await this.state.update(PICKED_KEY, language);
  }

  /** A changed setting wins over an earlier pick. */
  async forgetPick(): Promise<void> {
    await this.state.update(PICKED_KEY, undefined);
  }
}
