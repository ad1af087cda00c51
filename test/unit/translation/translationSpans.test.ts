import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NodeFileSource } from '../../../src/core/nodeFileSource';
import { scanJsonPositions } from '../../../src/core/translation/jsonPositions';
import { translationSpans } from '../../../src/core/translation/translationSpans';
import { translationSpansOfFile } from '../../../src/core/translation/translationSpansOfFile';

// The side-by-side rows of the tau2-seatau example's Thai airline tasks: every source string beside its translation,
// the planted defects (task 27's reservation 7PX284 written 7PX824, task 3's date without its year) on their rows.

const EXAMPLE_DIR = join(__dirname, '../../../examples/tau2-seatau');
const EXAMPLE = new NodeFileSource(EXAMPLE_DIR);
const THAI = 'data/tau2/domains/airline/th/tasks.json';

describe('translation side-by-side rows', () => {
  it('pairs each source string with its Thai translation, by task, located in the translated file', async () => {
    const result = await translationSpansOfFile(EXAMPLE, THAI);
    expect(result?.pair).toMatchObject({ source: 'data/tau2/domains/airline/tasks.json', language: 'tha' });
    const rows = result?.rows ?? [];
    expect(new Set(rows.map((r) => r.scenarioId))).toEqual(new Set(['3', '14', '27']));
    const reason = rows.find((r) => r.scenarioId === '27' && r.pointer.endsWith('/user_scenario/instructions/reason_for_call'));
    expect(reason?.source).toContain('7PX284');
    expect(reason?.translation).toContain('7PX824');
    // Line 162 of the Thai file holds that string; the column is its first character inside the quotes.
    expect(reason?.line).toBe(162);
    const lineText = readFileSync(join(EXAMPLE_DIR, THAI), 'utf8').split('\n')[161] ?? '';
    expect(reason?.column).toBe(lineText.indexOf('"reason_for_call": "') + '"reason_for_call": "'.length + 1);
    expect(reason?.findings.map((f) => [f.code, f.source, f.translation])).toEqual([['frozen-span-changed', '7PX284', '7PX824']]);
  });

  it('marks exactly the two planted defects; every other row is clean', async () => {
    const rows = (await translationSpansOfFile(EXAMPLE, THAI))?.rows ?? [];
    const marked = rows.filter((r) => r.findings.length > 0);
    expect(marked.map((r) => [r.scenarioId, r.findings.map((f) => f.code)])).toEqual([
      ['3', ['value-changed']],
      ['27', ['frozen-span-changed']],
    ]);
    expect(marked[0]?.source).toContain('May 20, 2024');
    expect(marked[0]?.translation).toContain('20 พฤษภาคม');
    expect(rows.length).toBeGreaterThan(10);
  });

  it('is no translation: a source file or a run file gives no rows', async () => {
    expect(await translationSpansOfFile(EXAMPLE, 'data/tau2/domains/airline/tasks.json')).toBeNull();
  });

  it('shows a string the translation lacks as missing, at its enclosing value, and pairs tasks listed in another order', () => {
    const source = [
      { id: 'a', text: 'Cancel HXDUBJ', note: 'kept' },
      { id: 'b', text: 'Book a flight' },
    ];
    const text = JSON.stringify([{ id: 'b', text: 'จองเที่ยวบิน' }, { id: 'a', text: 'ยกเลิก HXDUBJ' }], null, 2);
    const value: unknown = JSON.parse(text);
    const doc = {
      path: 'th/tasks.json',
      value,
      positions: scanJsonPositions(text),
      language: 'tha',
      sourceFile: 'tasks.json',
      scenarioIdAt: (pointer: string) => (pointer.startsWith('/0') ? 'b' : 'a'),
    };
    const rows = translationSpans(source, doc, []);
    expect(rows.map((r) => [r.scenarioId, r.pointer, r.source, r.translation])).toEqual([
      ['a', '/1/id', 'a', 'a'],
      ['a', '/1/text', 'Cancel HXDUBJ', 'ยกเลิก HXDUBJ'],
      ['a', '/1/note', 'kept', null],
      ['b', '/0/id', 'b', 'b'],
      ['b', '/0/text', 'Book a flight', 'จองเที่ยวบิน'],
    ]);
    // The missing note is placed at the start of its task's object (line 6: the second task).
    expect(rows[2]).toMatchObject({ line: 6, column: 3 });
  });
});
