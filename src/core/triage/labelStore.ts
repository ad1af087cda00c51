import { entryNotReadText, type FileSource } from '../fileSource';
import type { Diagnostic } from '../model';
import { anySettingItem, itemKey, recordJson, recordProblem, type LabelItem, type LabelRecord } from './labelRecord';

// Triage labels live beside the runs in an append-only JSONL sidecar: one complete line per decision, appended,
// never rewritten, so concurrent writers and crashes cannot destroy earlier work and the file merges line by line.
//
// Reading goes through the FileSource (local disk, Remote-SSH, virtual workspaces). Appending needs a real O_APPEND
// write under a lock, which vscode.workspace.fs cannot do (it only replaces whole files), so appends go through a
// LabelSink: NodeLabelSink on local disk; the VS Code host uses it for file: URIs, which on a remote window are local
// to the extension host, and refuses to write labels for other schemes rather than fall back to read-modify-write.

export const LABELS_DIRECTORY = '.trajectory-lens';
export const LABELS_PATH = `${LABELS_DIRECTORY}/labels.jsonl`;

/** Where decisions are appended. */
export interface LabelSink {
  /**
   * Appends `line` (one complete JSON line ending in a newline) with a single append under the file's advisory lock.
   * Starts a new line first when the file ends in a line a crash cut off, so that line cannot swallow this one.
   */
  appendLine(line: string): Promise<void>;
  /** The labels file, for messages. */
  describe(): string;
}

export interface LabelFile {
  /** Every readable record, in file order. */
  records: LabelRecord[];
  /** Lines that were skipped: cut off by a crash, malformed, or not label records. */
  diagnostics: Diagnostic[];
}

/** Appends one decision. The record is validated first: nothing malformed is ever written. */
export async function appendRecord(sink: LabelSink, record: LabelRecord): Promise<void> {
  const problem = recordProblem(record);
  if (problem) throw new Error(`not a valid label record: ${problem}`);
  await sink.appendLine(`${JSON.stringify(recordJson(record))}\n`);
}

function diagnostic(line: number, message: string, severity: Diagnostic['severity']): Diagnostic {
  return { path: LABELS_PATH, line, message, severity };
}

function parseLine(text: string): { record: LabelRecord } | { problem: string; json: boolean } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: 'not valid JSON', json: false };
  }
  const problem = recordProblem(value);
  return problem ? { problem, json: true } : { record: value as LabelRecord };
}

/** Parses the labels file's text. Never throws: every line that is not a record becomes a diagnostic naming its line. */
export function parseLabels(text: string): LabelFile {
  const lines = text.split('\n');
  // A file written only by complete appends ends in a newline; what follows the last one was cut off mid-write.
  const unterminated = lines.pop() ?? '';
  const records: LabelRecord[] = [];
  const diagnostics: Diagnostic[] = [];
  const seen = new Map<string, string>();
  const take = (raw: string, line: number, last: boolean): void => {
    // Git on Windows may have turned line ends into CRLF.
    const content = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (content.trim() === '') return;
    const parsed = parseLine(content);
    if ('record' in parsed) {
      const json = JSON.stringify(recordJson(parsed.record));
      const earlier = seen.get(parsed.record.id);
      // The same record twice (a merge kept both copies) is one decision.
      if (earlier === json) return;
      if (earlier !== undefined) {
        diagnostics.push(diagnostic(line, `record id ${parsed.record.id} was already used by a different record; skipped`, 'error'));
        return;
      }
      seen.set(parsed.record.id, json);
      records.push(parsed.record);
    } else if (last && !parsed.json) {
      diagnostics.push(diagnostic(line, 'incomplete last line: a write was cut off (interrupted while saving); skipped', 'warning'));
    } else if (!parsed.json) {
      diagnostics.push(diagnostic(line, 'not valid JSON (a write cut off by a crash, or a bad merge); skipped', 'error'));
    } else {
      diagnostics.push(diagnostic(line, `${parsed.problem}; skipped`, 'error'));
    }
  };
  lines.forEach((raw, k) => take(raw, k + 1, false));
  take(unterminated, lines.length + 1, true);
  return { records, diagnostics };
}

/** Reads `.trajectory-lens/labels.jsonl` of the run directory; no file means no labels yet. */
export async function readLabels(fs: FileSource): Promise<LabelFile> {
  const unusable = (message: string): LabelFile => ({
    records: [],
    diagnostics: [{ path: LABELS_PATH, line: null, message, severity: 'error' }],
  });
  let bytes: Uint8Array;
  try {
    const info = await fs.stat(LABELS_PATH);
    if (info === null) return { records: [], diagnostics: [] };
    if (info.type !== 'file') return unusable(entryNotReadText(info));
    bytes = await fs.read(LABELS_PATH);
  } catch (error) {
    return unusable(`unreadable: ${error instanceof Error ? error.message : String(error)}`);
  }
  return parseLabels(new TextDecoder().decode(bytes));
}

/**
 * The latest record per item: by decision time, and by file order between equal times (after a merge, file order
 * no longer follows time). Ordered by group, language, pair before runs, then setting (none first). An item in a
 * setting and the same item without one are kept apart; `labelOfItem` decides between them.
 */
export function currentRecords(records: readonly LabelRecord[]): LabelRecord[] {
  const latest = new Map<string, LabelRecord>();
  for (const record of records) {
    const key = itemKey(record.item);
    const held = latest.get(key);
    if (held === undefined || Date.parse(record.at) >= Date.parse(held.at)) latest.set(key, record);
  }
  return [...latest.values()].sort(compareItems);
}

/** The current records by item key. */
export function currentByItem(records: readonly LabelRecord[]): Map<string, LabelRecord> {
  return new Map(currentRecords(records).map((r) => [itemKey(r.item), r]));
}

/**
 * The current label of an item: its own record or a record without a setting (about the item in every setting, as
 * records written before settings were labelled are), whichever was decided later; its own on a tie.
 */
export function labelOfItem(current: ReadonlyMap<string, LabelRecord>, item: LabelItem): LabelRecord | undefined {
  const own = current.get(itemKey(item));
  if ((item.setting ?? null) === null) return own;
  const anySetting = current.get(itemKey(anySettingItem(item)));
  if (own === undefined || anySetting === undefined) return own ?? anySetting;
  return Date.parse(anySetting.at) > Date.parse(own.at) ? anySetting : own;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function compareItems(a: Pick<LabelRecord, 'item'>, b: Pick<LabelRecord, 'item'>): number {
  return (
    compareText(a.item.group, b.item.group) ||
    compareText(a.item.language, b.item.language) ||
    (a.item.run ?? 0) - (b.item.run ?? 0) ||
    compareText(a.item.setting ?? '', b.item.setting ?? '')
  );
}
