import * as vscode from 'vscode';
import { version } from '../../../package.json';
import { NodeLabelSink } from '../../core/triage/nodeLabelSink';
import { isWorkspaceTrusted, readOnlyMessage } from '../workspaceTrust';

// Where the host appends label and review records: the run directory's labels file, only in a trusted workspace and
// only on the local disk (appending safely needs its file system). Labelling and review both write through here.

/** The `tool` of every record the extension writes. */
export const LABELLING_TOOL = `trajectory-lens ${version}`;

/** Why `records` (e.g. "Labels") cannot be saved in this run directory because it is not on disk; null when it is. */
export function notOnDiskReason(dir: { uri: vscode.Uri }, records: string): string | null {
  return dir.uri.scheme === 'file' ? null : vscode.l10n.t('{0} can only be saved in run directories on disk (this one is {1}:)', records, dir.uri.scheme);
}

/** Why `records` cannot be saved in this run directory (Restricted Mode, not on disk); null when they can. */
export function writeRefusal(dir: { uri: vscode.Uri }, records: string): string | null {
  if (!isWorkspaceTrusted()) return readOnlyMessage();
  const notOnDisk = notOnDiskReason(dir, records);
  return notOnDisk === null ? null : `${notOnDisk}.`;
}

/** The labels file of a run directory on disk, appended to with the label store's locking. */
export function labelSink(dir: { uri: vscode.Uri }): NodeLabelSink {
  return new NodeLabelSink(dir.uri.fsPath);
}
