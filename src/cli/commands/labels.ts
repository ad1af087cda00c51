import { NodeFileSource } from '../../core/nodeFileSource';
import { oneLine, truncated } from '../../core/render/markdownText';
import { countText } from '../../core/render/runLabels';
import { currentRecords, LABELS_PATH, readLabels } from '../../core/triage/labelStore';
import { recordJson, type LabelRecord } from '../../core/triage/labelRecord';
import { csvCell } from '../../core/triage/agreementReport';
import { EXIT_OK, flag, jsonText, UsageError, type CliCommand } from '../command';
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

function recordsCsv(records: readonly LabelRecord[]): string {
  return [CSV_COLUMNS.join(','), ...records.map(csvRow)].map((line) => `${line}\n`).join('');
}

function recordsJsonl(records: readonly LabelRecord[]): string {
  return records.map((r) => `${JSON.stringify(recordJson(r))}\n`).join('');
}

export const labelsCommand: CliCommand = {
  name: 'labels',
  summary: 'list the triage labels of a run directory: every record, and the current one per item',
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
    const { records, diagnostics } = await readLabels(fs);
    // Skipped lines (a write cut off by a crash, a bad merge) are reported, never fatal.
    io.err(diagnosticsText(diagnostics));
    const current = currentRecords(records);
    if (flag(args, 'json')) {
      io.out(jsonText({ records: records.map(recordJson), current: current.map(recordJson) }));
      return EXIT_OK;
    }
    if (flag(args, 'csv')) {
      io.out(recordsCsv(records));
      return EXIT_OK;
    }
    if (flag(args, 'jsonl')) {
      io.out(recordsJsonl(records));
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
    io.out(`${table}\n\n${countText(current.length, 'labelled item')}, ${countText(records.length, 'record')}\n`);
    return EXIT_OK;
  },
};
