import * as vscode from 'vscode';

// Which directories to index: the folder chosen with "Open Run Directory…", else the `trajectoryLens.runDirectories`
// setting resolved against each workspace folder, else each workspace folder itself.

const CHOSEN_KEY = 'trajectoryLens.chosenRunDirectory';

function isAbsolutePath(path: string): boolean {
  return path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path);
}

function resolveAgainst(folder: vscode.WorkspaceFolder, path: string): vscode.Uri {
  if (!isAbsolutePath(path)) return vscode.Uri.joinPath(folder.uri, ...path.split(/[\\/]/).filter((p) => p !== ''));
  return folder.uri.scheme === 'file' ? vscode.Uri.file(path) : folder.uri.with({ path });
}

export function runDirectories(state: vscode.Memento): vscode.Uri[] {
  const chosen = state.get<string>(CHOSEN_KEY);
  if (chosen) return [vscode.Uri.parse(chosen)];
  const dirs = (vscode.workspace.workspaceFolders ?? []).flatMap((folder) => {
    const configured = vscode.workspace.getConfiguration('trajectoryLens', folder.uri).get<string[]>('runDirectories', []);
    return configured.length === 0 ? [folder.uri] : configured.map((path) => resolveAgainst(folder, path));
  });
  const unique = new Map(dirs.map((uri) => [uri.toString(), uri]));
  return [...unique.values()];
}

export async function chooseRunDirectory(state: vscode.Memento, uri: vscode.Uri): Promise<void> {
  await state.update(CHOSEN_KEY, uri.toString());
}

/** How a run directory is named in views: relative to its workspace folder when inside one. */
export function runDirectoryName(uri: vscode.Uri): string {
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  if (folder === undefined) return uri.scheme === 'file' ? uri.fsPath : uri.toString();
  const relative = uri.path.slice(folder.uri.path.length).replace(/^\/+/, '');
  return relative === '' ? folder.name : `${folder.name}/${relative}`;
}
