import { NodeFileSource } from '../../core/nodeFileSource';
import { oneLine, truncated } from '../../core/render/markdownText';
import { countText } from '../../core/render/runLabels';
import { forEachLabel, LABELS_PATH, LatestRecords } from '../../core/triage/labelStore';
import { recordJson, type LabelRecord } from '../../core/triage/labelRecord';
import { csvCell } from '../../core/triage/agreementReport';
import { EXIT_OK, flag, UsageError, type CliCommand, type CliIO } from '../command';
import { diagnosticsText } from '../diagnosticsText';
import { runDirectoryRoot } from '../runDirectory';
import { textTable } from '../textTable';

const NOTE_CHARS = 60;

function decisionText(record: LabelRecord): string {
  if (record.kind === 'label') return `label ${record.code}`;
  return `review ${record.verdict} ${record.code}${record.side ? ` (side: ${record.side})` : ''}`;
}

// The export's columns: one row per record, in file order, the item flattened. `setting` (empty when the item has
// none) came later and is last, so that sheets reading the earlier columns by position still read them.
const CSV_COLUMNS = ['id', 'group', 'language', 'run', 'kind', 'code', 'confidence', 'verdict', 'side', 'note', 'annotator', 'at', 'tool', 'setting'];

function csvRow(r: LabelRecord): string {
  const { item } = r;
  const cells = [r.id, item.group, item.language, item.run, r.kind, r.code, r.confidence, r.verdict, r.side, r.note, r.annotator, r.at, r.tool, item.setting ?? null];
  return cells.map(csvCell).join(',');
}

/** Output gathered into pieces of about this size: one write per record would cost a system call each. */
const OUTPUT_BYTES = 1 << 16;

/** Writes text to `io.out` in pieces, so that the whole output is never one string. */
class BufferedOut {
  private pending: string[] = [];
  private length = 0;

  constructor(private readonly io: CliIO) {}

  write(text: string): void {
    this.pending.push(text);
    this.length += text.length;
    if (this.length >= OUTPUT_BYTES) this.flush();
  }

  flush(): void {
    if (this.pending.length > 0) this.io.out(this.pending.join(''));
    this.pending = [];
    this.length = 0;
  }
}

/** One element of a list printed as `jsonText` prints `{"name": [...]}`: two-space indentation, four for elements. */
function listElementJson(value: unknown, first: boolean): string {
  return `${first ? '\n' : ',\n'}    ${JSON.stringify(value, null, 2).replaceAll('\n', '\n    ')}`;
}

/** How each export prints: `record` for every record in file order as it is read, `end` with the current ones. */
interface Export {
  record(record: LabelRecord, index: number): string;
  end(current: readonly LabelRecord[], count: number): Iterable<string>;
}

const EXPORTS: Record<'json' | 'csv' | 'jsonl', Export> = {
  json: {
    record: (r, index) => `${index === 0 ? '{\n  "records": [' : ''}${listElementJson(recordJson(r), index === 0)}`,
    *end(current, count) {
      yield `${count === 0 ? '{\n  "records": []' : '\n  ]'},\n  "current": [`;
      for (const [k, r] of current.entries()) yield listElementJson(recordJson(r), k === 0);
      yield `${current.length === 0 ? ']' : '\n  ]'}\n}\n`;
    },
  },
  csv: {
    record: (r, index) => `${index === 0 ? `${CSV_COLUMNS.join(',')}\n` : ''}${csvRow(r)}\n`,
    end: (_current, count) => (count === 0 ? [`${CSV_COLUMNS.join(',')}\n`] : []),
  },
  jsonl: {
    record: (r) => `${JSON.stringify(recordJson(r))}\n`,
    end: () => [],
  },
};

export const labelsCommand: CliCommand = {
  arguments: '<dir>',
  options: {
    json: { type: 'boolean', description: 'print {"records":[every record in file order],"current":[latest per item]}' },
    csv: { type: 'boolean', description: 'export every record in file order as CSV, one row per record' },
    jsonl: { type: 'boolean', description: 'export every record in file order as JSON lines, one record per line' },
  },
  async run(args, io) {
    const formats = ['json', 'csv', 'jsonl'].filter((f) => flag(args, f));
    if (formats.length > 1) throw new UsageError(`choose one of --${formats.join(', --')}`);
    const fs = new NodeFileSource(await runDirectoryRoot(args));
    // Records are printed as they are read and only the latest per item is kept: a labels file may be larger than memory.
    const format = formats[0] as keyof typeof EXPORTS | undefined;
    const out = new BufferedOut(io);
    const latest = new LatestRecords();
    let count = 0;
    const diagnostics = await forEachLabel(fs, (record) => {
      if (format !== undefined) out.write(EXPORTS[format].record(record, count));
      latest.add(record);
      count++;
    });
    const current = latest.records();
    // Skipped lines (a write cut off by a crash, a bad merge) are reported, never fatal.
    io.err(diagnosticsText(diagnostics));
    if (format !== undefined) {
      for (const text of EXPORTS[format].end(current, count)) out.write(text);
      out.flush();
      return EXIT_OK;
    }
    if (current.length === 0) {
      io.out(`No labels in ${fs.describe(LABELS_PATH)}.\n`);
      return EXIT_OK;
    }
    // Labels of runs compared setting by setting name it; a record without one is about every setting (`any`).
    const bySetting = current.some((r) => (r.item.setting ?? null) !== null);
    const rows = current.map((r) => {
      const note = truncated(oneLine(r.note), NOTE_CHARS);
      const run = r.item.run === null ? '' : String(r.item.run);
      const setting = bySetting ? [r.item.setting ?? 'any'] : [];
      return [r.item.group, r.item.language, ...setting, run, decisionText(r), r.annotator, r.at, note.text + (note.omitted > 0 ? '…' : '')];
    });
    const headers = ['GROUP', 'LANGUAGE', ...(bySetting ? ['SETTING'] : []), 'RUN', 'DECISION', 'ANNOTATOR', 'AT', 'NOTE'];
    const table = textTable(headers, rows);
    io.out(`${table}\n\n${countText(current.length, 'labelled item')}, ${countText(count, 'record')}\n`);
    return EXIT_OK;
  },
};
