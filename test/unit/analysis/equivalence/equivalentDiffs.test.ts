import { describe, expect, it } from 'vitest';
import { alignSteps } from '../../../../src/core/analysis/alignSteps';
import { compareRuns } from '../../../../src/core/analysis/compareRuns';
import { comparisonJson } from '../../../../src/core/analysis/comparisonJson';
import { diffArgs } from '../../../../src/core/analysis/diffArgs';
import { diffText } from '../../../../src/core/analysis/diffText';
import { localeConventions } from '../../../../src/core/analysis/equivalence/localeConventions';
import type { EquivalenceSides } from '../../../../src/core/analysis/equivalence/normalForm';
import { call, run, trajectory, write } from '../steps';

const engTha: EquivalenceSides = { baseline: localeConventions('eng'), target: localeConventions('tha') };
const engDeu: EquivalenceSides = { baseline: localeConventions('eng'), target: localeConventions('deu') };

describe('argument diffs with equivalences', () => {
  it('marks values that differ only by form as equivalent, with their normal form', () => {
    const diffs = diffArgs(
      { date: '2024-10-16', amount: '1,234.50', room: '12' },
      { date: '16 ต.ค. 2567', amount: '1,234.50', room: '๑๒' },
      { language: 'tha', equivalences: engTha },
    );
    expect(diffs.map((d) => [d.path, d.equivalent, d.normal])).toEqual([
      ['date', true, '2024-10-16'],
      ['room', true, '12'],
    ]);
  });

  it('keeps values that differ in substance changed, without the flag', () => {
    const diffs = diffArgs({ date: '2024-10-16', amount: '1,234' }, { date: '2024-10-17', amount: '1,243' }, { equivalences: engDeu });
    expect(diffs.map((d) => d.path)).toEqual(['date', 'amount']);
    expect(diffs.every((d) => d.equivalent === undefined)).toBe(true);
  });

  it('marks every difference changed when equivalences are off', () => {
    const diffs = diffArgs({ total: '1,234.50' }, { total: '1.234,50' });
    expect(diffs).toHaveLength(1);
    expect(diffs[0]?.equivalent).toBeUndefined();
    expect(diffs[0]?.parts?.some((p) => p.op === 'delete')).toBe(true);
  });

  it('pairs list elements by their normal forms', () => {
    const diffs = diffArgs({ days: ['2024-10-16', '2024-10-18'] }, { days: ['16.10.2024', '17.10.2024'] }, { equivalences: engDeu });
    expect(diffs.map((d) => [d.path, d.equivalent ?? false])).toEqual([
      ['days[0]', true],
      ['days[1]', false],
    ]);
  });
});

describe('text diffs with equivalences', () => {
  it('shows a value written in another form as one equivalent part, each side keeping its own form', () => {
    const parts = diffText('Paid $1,234.50 on 2024-10-16.', 'Paid 1.234,50 USD on 16.10.2024.', 'deu', engDeu);
    expect(parts).toEqual([
      { op: 'equal', text: 'Paid ' },
      { op: 'equivalent', text: '$1,234.50', target: '1.234,50 USD', normal: 'USD 1234.5' },
      { op: 'equal', text: ' on ' },
      { op: 'equivalent', text: '2024-10-16', target: '16.10.2024', normal: '2024-10-16' },
      { op: 'equal', text: '.' },
    ]);
  });

  it('diffs Chinese by word with CJK numerals equivalent to digits, and a different number changed', () => {
    const sides = { baseline: localeConventions('cmn'), target: localeConventions('cmn') };
    const same = diffText('预订3个房间', '预订三个房间', 'cmn', sides);
    expect(same.filter((p) => p.op === 'equivalent')).toEqual([{ op: 'equivalent', text: '3', target: '三', normal: '3' }]);
    const changed = diffText('预订12个房间', '预订十三个房间', 'cmn', sides);
    expect(changed.filter((p) => p.op !== 'equal').map((p) => [p.op, p.text])).toEqual([
      ['delete', '12'],
      ['insert', '十三'],
    ]);
  });

  it('marks full-width letters equivalent but leaves CJK punctuation as it is written', () => {
    const sides = { baseline: localeConventions('eng'), target: localeConventions('jpn') };
    const parts = diffText('Order ABC12 (paid)', 'Order ＡＢＣ１２（paid）', 'jpn', sides);
    expect(parts.filter((p) => p.op === 'equivalent')).toEqual([{ op: 'equivalent', text: 'ABC12', target: 'ＡＢＣ１２', normal: 'ABC12' }]);
    expect(parts.filter((p) => p.op === 'insert').map((p) => p.text)).toEqual(['（', '）']);
  });

  it('diffs as before when equivalences are off', () => {
    const parts = diffText('on 2024-10-16', 'on 16.10.2024', 'deu');
    expect(parts.some((p) => p.op === 'equivalent')).toBe(false);
  });
});

describe('alignment with equivalences', () => {
  const baseline = [
    call('Calendar__get_events', { date: '2024-10-16' }),
    write('Calendar__add_event', { date: '2024-10-16', title: 'Dinner' }),
  ];
  const target = [
    call('Calendar__get_events', { date: '16 ต.ค. 2567' }),
    write('Calendar__add_event', { date: '16 ต.ค. 2567', title: 'Dinner' }),
  ];

  it('counts steps whose arguments differ only by form as the same, listing the equivalent arguments', () => {
    const rows = alignSteps(baseline, target, { language: 'tha', equivalences: engTha });
    expect(rows.map((r) => r.kind)).toEqual(['same', 'same']);
    expect(rows[1]?.argDiff.map((d) => [d.path, d.equivalent])).toEqual([['date', true]]);
  });

  it('counts them as changed when equivalences are off', () => {
    expect(alignSteps(baseline, target, { language: 'tha' }).map((r) => r.kind)).toEqual(['changed', 'changed']);
  });
});

describe('compareRuns and compare --json', () => {
  const english = trajectory([write('Payments__pay', { amount: '1,234.50', when: '2024-10-16' })], { finalAnswer: 'Paid 1,234.50.' });
  const german = trajectory([write('Payments__pay', { amount: '1.234,50', when: '17.10.2024' })], {
    run: run({ id: 'deu/run_1/x', path: 'deu/run_1/x', language: 'deu' }),
    finalAnswer: 'Bezahlt 1.234,50.',
  });

  it('reads each run with its own language and flags equivalent argument diffs in the JSON', () => {
    const json = comparisonJson(compareRuns(english, german));
    expect(json.rows[0]?.argDiff).toEqual([
      { path: 'amount', baseline: '1,234.50', target: '1.234,50', equivalent: true, normalForm: '1234.5' },
      { path: 'when', baseline: '2024-10-16', target: '17.10.2024', equivalent: false, normalForm: null },
    ]);
  });

  it('marks the answer’s amount equivalent', () => {
    const parts = compareRuns(english, german).finalAnswerDiff ?? [];
    expect(parts.find((p) => p.op === 'equivalent')).toMatchObject({ text: '1,234.50', target: '1.234,50' });
  });

  it('with equivalentForms off, marks nothing equivalent', () => {
    const comparison = compareRuns(english, german, { equivalentForms: false });
    expect(comparison.rows[0]?.argDiff.map((d) => d.equivalent ?? false)).toEqual([false, false]);
    expect(comparison.finalAnswerDiff?.some((p) => p.op === 'equivalent')).toBe(false);
  });
});
