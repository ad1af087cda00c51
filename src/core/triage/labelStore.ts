import { entryNotReadText, megabytesText, type FileSource } from '../fileSource';
import { byteLines } from '../formats/byteLines';
import { DEFAULT_MAX_LINE_BYTES } from '../formats/jsonLines';
import { hash53 } from '../hash53';
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

/** Reads the labels file's lines one at a time: records go to `visit` in file order, skipped lines become diagnostics. */
class LabelLines {
  readonly diagnostics: Diagnostic[] = [];
  /** A hash of each record by id (not the record: a labels file may hold more records than memory should). */
  private readonly seen = new Map<string, number>();

  constructor(private readonly visit: (record: LabelRecord) => void) {}

  /** One line, numbered from 1; `last` when no newline ends it (a write cut off mid-line). */
  take(raw: string, line: number, last: boolean): void {
    // Git on Windows may have turned line ends into CRLF.
    const content = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (content.trim() === '') return;
    const parsed = parseLine(content);
    if ('record' in parsed) {
      const hash = hash53(JSON.stringify(recordJson(parsed.record)));
      const earlier = this.seen.get(parsed.record.id);
      // The same record twice (a merge kept both copies) is one decision.
      if (earlier === hash) return;
      if (earlier !== undefined) {
        this.diagnostics.push(diagnostic(line, `record id ${parsed.record.id} was already used by a different record; skipped`, 'error'));
        return;
      }
      this.seen.set(parsed.record.id, hash);
      this.visit(parsed.record);
    } else if (last && !parsed.json) {
      this.diagnostics.push(diagnostic(line, 'incomplete last line: a write was cut off (interrupted while saving); skipped', 'warning'));
    } else if (!parsed.json) {
      this.diagnostics.push(diagnostic(line, 'not valid JSON (a write cut off by a crash, or a bad merge); skipped', 'error'));
    } else {
      this.diagnostics.push(diagnostic(line, `${parsed.problem}; skipped`, 'error'));
    }
  }
}

/** Parses the labels file's text. Never throws: every line that is not a record becomes a diagnostic naming its line. */
export function parseLabels(text: string): LabelFile {
  const lines = text.split('\n');
  // A file written only by complete appends ends in a newline; what follows the last one was cut off mid-write.
  const unterminated = lines.pop() ?? '';
  const records: LabelRecord[] = [];
  const reader = new LabelLines((record) => records.push(record));
  lines.forEach((raw, k) => reader.take(raw, k + 1, false));
  reader.take(unterminated, lines.length + 1, true);
  return { records, diagnostics: reader.diagnostics };
}

/**
 * Streams `.trajectory-lens/labels.jsonl` of the run directory, passing each record to `visit` in file order, so that
 * a labels file of any size is read in the memory of its longest line; no file means no labels yet. Returns the
 * diagnostics of the lines skipped. Never throws.
 */
export async function forEachLabel(fs: FileSource, visit: (record: LabelRecord) => void): Promise<Diagnostic[]> {
  const unusable = (message: string): Diagnostic[] => [{ path: LABELS_PATH, line: null, message, severity: 'error' }];
  const reader = new LabelLines(visit);
  const decoder = new TextDecoder();
  let line = 0;
  try {
    const info = await fs.stat(LABELS_PATH);
    if (info === null) return [];
    if (info.type !== 'file') return unusable(entryNotReadText(info));
    for await (const bytes of byteLines(fs.readStream(LABELS_PATH), DEFAULT_MAX_LINE_BYTES)) {
      line++;
      if (bytes.bytes === null) {
        reader.diagnostics.push(diagnostic(line, `line ${line} is longer than ${megabytesText(DEFAULT_MAX_LINE_BYTES)}; skipped`, 'error'));
      } else {
        reader.take(decoder.decode(bytes.bytes), line, !bytes.terminated);
      }
    }
  } catch (error) {
    return [...reader.diagnostics, ...unusable(`unreadable: ${error instanceof Error ? error.message : String(error)}`)];
  }
  return reader.diagnostics;
}

/** Reads `.trajectory-lens/labels.jsonl` of the run directory whole; no file means no labels yet. */
export async function readLabels(fs: FileSource): Promise<LabelFile> {
  const records: LabelRecord[] = [];
  const diagnostics = await forEachLabel(fs, (record) => records.push(record));
  return { records, diagnostics };
}

/** The latest record per item, kept as records arrive in file order (see `currentRecords`). */
export class LatestRecords {
  private readonly latest = new Map<string, LabelRecord>();

  add(record: LabelRecord): void {
    const key = itemKey(record.item);
    const held = this.latest.get(key);
    if (held === undefined || Date.parse(record.at) >= Date.parse(held.at)) this.latest.set(key, record);
  }

  /** Ordered as `currentRecords` orders them. */
  records(): LabelRecord[] {
    return [...this.latest.values()].sort(compareItems);
  }
}

/**
 * The latest record per item: by decision time, and by file order between equal times (after a merge, file order
 * no longer follows time). Ordered by group, language, pair before runs, then setting (none first). An item in a
 * setting and the same item without one are kept apart; `labelOfItem` decides between them.
 */
export function currentRecords(records: readonly LabelRecord[]): LabelRecord[] {
  const latest = new LatestRecords();
  for (const record of records) latest.add(record);
  return latest.records();
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
