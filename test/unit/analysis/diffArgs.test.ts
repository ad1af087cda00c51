import { describe, expect, it } from 'vitest';
import { diffArgs } from '../../../src/core/analysis/diffArgs';

describe('diffArgs', () => {
  it('addresses nested values by dotted paths and reports only what differs', () => {
    const diffs = diffArgs(
      { event: { title: 'Team lunch', start: '2024-10-21 12:00:00', location: { city: 'Paris' } } },
      { event: { title: 'チームランチ', start: '2024-10-21 12:00:00', location: { city: 'Lyon' } } },
      { language: 'jpn' },
    );
    expect(diffs.map((d) => [d.path, d.baseline, d.target])).toEqual([
      ['event.title', 'Team lunch', 'チームランチ'],
      ['event.location.city', 'Paris', 'Lyon'],
    ]);
  });

  it('aligns arrays of different length: one removed recipient is one removal', () => {
    const diffs = diffArgs(
      { recipients: ['a@example.com', 'b@example.com', 'c@example.com'] },
      { recipients: ['a@example.com', 'c@example.com', 'd@example.com'] },
    );
    expect(diffs.map((d) => [d.path, d.baseline, d.target])).toEqual([
      ['recipients[1]', 'b@example.com', undefined],
      ['recipients[2]', undefined, 'd@example.com'],
    ]);
  });

  it('pairs a replaced array element and diffs inside it', () => {
    const diffs = diffArgs(
      { attendees: [{ name: 'Zhang Wei', email: 'zw@example.com' }] },
      { attendees: [{ name: '张伟', email: 'zw@example.com' }] },
    );
    expect(diffs.map((d) => d.path)).toEqual(['attendees[0].name']);
  });

  it('ignores key order and reports absent arguments on either side', () => {
    expect(diffArgs({ a: 1, b: [1, { c: 2, d: 3 }] }, { b: [1, { d: 3, c: 2 }], a: 1 })).toEqual([]);
    const diffs = diffArgs({ cc: null, subject: 'Hi' }, { subject: 'Hi', folder: 'INBOX' });
    expect(diffs.map((d) => [d.path, d.baseline, d.target])).toEqual([
      ['cc', null, undefined],
      ['folder', undefined, 'INBOX'],
    ]);
  });

  it('quotes keys that are not identifiers', () => {
    expect(diffArgs({ 'due date': '10-21' }, { 'due date': '10-22' })[0]?.path).toBe('["due date"]');
  });

  it('gives word diffs for differing text values and none for structural changes', () => {
    const [text, shape] = diffArgs(
      { subject: '预算评审改到星期四', filter: 'all' },
      { subject: '预算评审改到星期五', filter: { folder: 'INBOX' } },
      { language: 'cmn' },
    );
    expect(text?.parts?.filter((p) => p.op === 'equal').map((p) => p.text).join('')).toContain('预算评审');
    expect(shape).toMatchObject({ path: 'filter', baseline: 'all', target: { folder: 'INBOX' }, parts: null });
  });

  it('leaves word diffs out when asked to', () => {
    const [diff] = diffArgs({ subject: 'Budget review' }, { subject: 'Revisión del presupuesto' }, { textParts: false });
    expect(diff).toEqual({ path: 'subject', baseline: 'Budget review', target: 'Revisión del presupuesto', parts: null });
  });
});
