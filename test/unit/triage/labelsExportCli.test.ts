import { beforeAll, describe, expect, it, vi } from 'vitest';
import { cli } from '../cli/cliProcess';
import { useExampleCopy } from '../cli/exampleCopy';

// `trajectory-lens labels <dir> --csv | --jsonl`: every record of the labels file, in file order, parsed back the way
// a spreadsheet or a script reads it. Notes carry commas, quotes and line breaks, which CSV must quote.

const EMAIL = 'agent-a/execution/scn_email_budget';
const YOGA = 'agent-a/execution/scn_yoga_cleanup';
const TRICKY_NOTE = 'says "Tanaka, K." in the task,\nbut "K. Tanaka" in the oracle';

const copy = useExampleCopy('gaia2-multilingual');

beforeAll(async () => {
  const label = (group: string, language: string, code: string, note: string, annotator: string) =>
    cli('label', copy.runs, '--group', group, '--language', language, '--code', code, '--note', note, '--annotator', annotator);
  expect((await label(EMAIL, 'jpn', 'T4', TRICKY_NOTE, 'Ana, the reviewer')).code).toBe(0);
  expect((await label(YOGA, 'jpn', 'A2', 'plain', 'Bo')).code).toBe(0);
}, 120_000);

vi.setConfig({ testTimeout: 60_000 });

/** RFC 4180: fields separated by commas, quoted fields may hold commas, line breaks and doubled quotes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let k = 0; k < text.length; k++) {
    const c = text[k] as string;
    if (quoted) {
      if (c === '"' && text[k + 1] === '"') {
        field += '"';
        k++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  expect(quoted, 'a quoted field is never left open').toBe(false);
  expect(field === '' && row.length === 0, 'the text ends with a line break').toBe(true);
  return rows;
}

describe('trajectory-lens labels export', () => {
  it('exports every record as CSV, quoting notes with commas, quotes and line breaks', async () => {
    const { code, stdout } = await cli('labels', copy.runs, '--csv');
    expect(code).toBe(0);
    const [header, ...rows] = parseCsv(stdout);
    expect(header).toEqual(['id', 'group', 'language', 'run', 'kind', 'code', 'confidence', 'verdict', 'side', 'note', 'annotator', 'at', 'tool', 'setting']);
    expect(rows).toHaveLength(2);
    const byColumn = rows.map((r) => Object.fromEntries((header as string[]).map((name, k) => [name, r[k]])));
    expect(byColumn[0]).toMatchObject({
      group: EMAIL, language: 'jpn', run: '', kind: 'label', code: 'T4', verdict: '', side: '', note: TRICKY_NOTE,
      annotator: 'Ana, the reviewer', setting: '',
    });
    expect(byColumn[1]).toMatchObject({ group: YOGA, code: 'A2', note: 'plain', annotator: 'Bo' });
    // The same records as the JSON listing, in the same order.
    const json = JSON.parse((await cli('labels', copy.runs, '--json')).stdout) as { records: Array<{ id: string; at: string }> };
    expect(byColumn.map((r) => [r.id, r.at])).toEqual(json.records.map((r) => [r.id, r.at]));
  });

  it('exports every record as one JSON object per line, as the file holds them', async () => {
    const { code, stdout } = await cli('labels', copy.runs, '--jsonl');
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    expect(lines.pop()).toBe('');
    const records = lines.map((line) => JSON.parse(line) as { note: string; item: { group: string }; kind: string });
    expect(records.map((r) => [r.item.group, r.kind, r.note])).toEqual([
      [EMAIL, 'label', TRICKY_NOTE],
      [YOGA, 'label', 'plain'],
    ]);
  });

  it('exports the agreement report as CSV that parses back to the JSON lines rows, annotator names with commas quoted', async () => {
    // A second annotator on the same item makes a pair whose name holds a comma.
    expect((await cli('label', copy.runs, '--group', EMAIL, '--language', 'jpn', '--code', 'T3', '--annotator', 'Bo')).code).toBe(0);
    const csv = await cli('agreement', copy.runs, '--csv', '--replicates', '50');
    const jsonl = await cli('agreement', copy.runs, '--jsonl', '--replicates', '50');
    expect(csv.code).toBe(0);
    const [header, ...rows] = parseCsv(csv.stdout);
    const expected = jsonl.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, string | number | null>);
    expect(rows).toHaveLength(expected.length);
    const asText = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));
    expect(rows).toEqual(expected.map((row) => (header as string[]).map((column) => asText(row[column]))));
    expect(rows.some((r) => r.includes('Ana, the reviewer') && r.includes('Bo'))).toBe(true);
  });

  it('refuses two output formats at once', async () => {
    const { code, stderr } = await cli('labels', copy.runs, '--csv', '--jsonl');
    expect(code).not.toBe(0);
    expect(stderr).toContain('choose one of --csv, --jsonl');
  });
});
