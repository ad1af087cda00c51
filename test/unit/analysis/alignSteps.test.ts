import { describe, expect, it } from 'vitest';
import { alignStepRows, alignSteps } from '../../../src/core/analysis/alignSteps';
import type { AlignedRow } from '../../../src/core/analysis/comparison';
import type { Step } from '../../../src/core/model';
import { call, message, write } from './steps';

function kinds(rows: AlignedRow[]): string[] {
  return rows.map((r) => r.kind);
}

function pairs(rows: AlignedRow[]): Array<[number | null, number | null]> {
  return rows.map((r) => [r.baseline, r.target]);
}

const englishRun: Step[] = [
  message('user', 'Schedule a 30 minute kickoff with Zhang Wei next Monday at 10:00 and email him the agenda.'),
  message('assistant', 'I will look up Zhang Wei first.'),
  call('Contacts__search_contacts', { query: 'Zhang Wei' }),
  call('Calendar__get_calendar_events_from_to', { start_datetime: '2024-10-14 00:00:00', end_datetime: '2024-10-14 23:59:59' }),
  write('Calendar__add_calendar_event', {
    title: 'Project kickoff',
    start_datetime: '2024-10-14 10:00:00',
    end_datetime: '2024-10-14 10:30:00',
    attendees: ['Zhang Wei'],
  }),
  write('EmailClientV2__send_email', {
    recipients: ['zhang.wei@example.com'],
    subject: 'Kickoff agenda',
    content: 'Hi Zhang Wei, here is the agenda for Monday 10:00.',
  }),
  message('assistant', 'Done: the kickoff is booked and the agenda is sent.'),
];

const japaneseRun: Step[] = [
  message('user', '来週の月曜日10:00に張偉さんと30分のキックオフを設定し、議題をメールで送ってください。'),
  message('assistant', 'まず張偉さんを検索します。'),
  call('Contacts__search_contacts', { query: '張偉' }),
  call('Calendar__get_calendar_events_from_to', { start_datetime: '2024-10-14 00:00:00', end_datetime: '2024-10-14 23:59:59' }),
  write('Calendar__add_calendar_event', {
    title: 'プロジェクトキックオフ',
    start_datetime: '2024-10-14 10:00:00',
    end_datetime: '2024-10-14 10:30:00',
    attendees: ['張偉'],
  }),
  write('EmailClientV2__send_email', {
    recipients: ['zhang.wei@example.com'],
    subject: 'キックオフの議題',
    content: '張偉さん、月曜日10:00の議題です。',
  }),
  message('assistant', '完了しました。'),
];

describe('alignSteps', () => {
  it('returns no rows for two empty runs', () => {
    expect(alignSteps([], [])).toEqual([]);
  });

  it('shows every step as one-sided when the other run is empty', () => {
    expect(kinds(alignSteps(englishRun, []))).toEqual(Array(englishRun.length).fill('baseline-only'));
    const rows = alignSteps([], japaneseRun);
    expect(kinds(rows)).toEqual(Array(japaneseRun.length).fill('target-only'));
    expect(rows.map((r) => r.target)).toEqual(japaneseRun.map((_, i) => i));
  });

  it('pairs a translated run step by step, marking translated calls as changed and identical ones as same', () => {
    const rows = alignSteps(englishRun, japaneseRun, { language: 'jpn' });
    expect(pairs(rows)).toEqual(englishRun.map((_, i) => [i, i]));
    expect(kinds(rows)).toEqual(['changed', 'changed', 'changed', 'same', 'changed', 'changed', 'changed']);
    expect(rows[4]?.argDiff.map((d) => d.path)).toEqual(['title', 'attendees[0]']);
    expect(rows[5]?.argDiff.map((d) => d.path)).toEqual(['subject', 'content']);
    expect(rows[3]?.argDiff).toEqual([]);
  });

  it('pairs the user task with the user task even when the other run starts differently', () => {
    const target = [message('system', 'You are a helpful assistant.'), message('assistant', 'こんにちは'), ...japaneseRun];
    const rows = alignSteps(englishRun, target);
    const task = rows.find((r) => r.baseline === 0);
    expect(task).toMatchObject({ kind: 'changed', target: 2 });
    expect(rows.filter((r) => r.kind === 'target-only').map((r) => r.target)).toEqual([0, 1]);
  });

  it('never puts a message and a tool call, or messages of different roles, on one row', () => {
    const rows = alignSteps([message('user', 'hello')], [message('assistant', 'hello'), call('Contacts__search_contacts', {})]);
    expect(kinds(rows)).toEqual(['baseline-only', 'target-only', 'target-only']);
  });

  it('lets ids and emails decide over free text that happens to match', () => {
    const baseline = [
      write('EmailClientV2__send_email', { recipients: ['alice@example.com'], subject: 'Budget review' }),
      write('EmailClientV2__send_email', { recipients: ['bob@example.com'], subject: 'Team lunch' }),
    ];
    const target = [write('EmailClientV2__send_email', { recipients: ['bob@example.com'], subject: 'Budget review' })];
    expect(pairs(alignSteps(baseline, target))).toEqual([
      [0, null],
      [1, 0],
    ]);
  });

  it('pairs translated calls of one tool by the ids they share, not by position', () => {
    const baseline = [
      call('EmailClientV2__get_email_by_id', { email_id: 'e-101', note: 'invoice from the supplier' }),
      call('EmailClientV2__get_email_by_id', { email_id: 'e-102', note: 'meeting notes' }),
      call('EmailClientV2__get_email_by_id', { email_id: 'e-103', note: 'travel plans' }),
    ];
    const target = [
      call('EmailClientV2__get_email_by_id', { email_id: 'e-102', note: '会议记录' }),
      call('EmailClientV2__get_email_by_id', { email_id: 'e-103', note: '旅行计划' }),
    ];
    expect(pairs(alignSteps(baseline, target))).toEqual([
      [0, null],
      [1, 0],
      [2, 1],
    ]);
  });

  it('keeps reordered reads as identical pairs plus one read on each side, and realigns after them', () => {
    const read = (id: string): Step => call('EmailClientV2__get_email_by_id', { email_id: id });
    const send = write('EmailClientV2__send_email', { recipients: ['a@example.com'], subject: 'Summary' });
    const rows = alignSteps([read('e1'), read('e2'), read('e3'), send], [read('e3'), read('e1'), read('e2'), send]);
    expect(rows.filter((r) => r.kind === 'same').map((r) => [r.baseline, r.target])).toEqual([
      [0, 1],
      [1, 2],
      [3, 3],
    ]);
    expect(rows.filter((r) => r.kind === 'changed')).toEqual([]);
    expect(rows.find((r) => r.kind === 'baseline-only')?.baseline).toBe(2);
    expect(rows.find((r) => r.kind === 'target-only')?.target).toBe(0);
  });

  it('pairs repeated identical calls in order and groups the extras after them', () => {
    const search = call('Contacts__search_contacts', { query: 'Zhang Wei' });
    const send = write('EmailClientV2__send_email', { recipients: ['zhang.wei@example.com'], subject: 'Hi' });
    const rows = alignSteps([search, search, search, search, search, send], [search, search, search, send]);
    expect(pairs(rows)).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
      [3, null],
      [4, null],
      [5, 3],
    ]);
  });

  it('pairs repeated searches whose queries were translated in their order', () => {
    const queries = ['Zhang Wei', 'Li Na', 'Wang Fang', 'Chen Jie', 'Liu Yang'];
    const translated = ['张伟', '李娜', '王芳', '陈杰', '刘洋'];
    const baseline = queries.map((query) => call('Contacts__search_contacts', { query }));
    const target = translated.map((query) => call('Contacts__search_contacts', { query }));
    expect(pairs(alignSteps(baseline, target))).toEqual(queries.map((_, i) => [i, i]));
  });

  it('aligns long runs through anchors: the same steps pair, inserted and deleted ones stand alone', () => {
    const read = (k: number): Step => call('EmailClientV2__get_email_by_id', { email_id: `e-${k}` });
    const baseline = Array.from({ length: 3000 }, (_, k) => read(k));
    const deleted = new Set([5, 1234, 2999]);
    const target: Step[] = [];
    baseline.forEach((step, k) => {
      if (k === 100 || k === 2500) target.push(call('Contacts__search_contacts', { query: `inserted ${k}` }));
      if (!deleted.has(k)) target.push(step);
    });
    const rows = alignSteps(baseline, target);
    expect(rows.filter((r) => r.kind === 'baseline-only').map((r) => r.baseline)).toEqual([5, 1234, 2999]);
    expect(rows.filter((r) => r.kind === 'target-only').map((r) => (target[r.target as number] as { args: unknown }).args)).toEqual([
      { query: 'inserted 100' },
      { query: 'inserted 2500' },
    ]);
    expect(rows.filter((r) => r.kind === 'same')).toHaveLength(2997);
  });

  it('still aligns a large run that has no anchor at all (nothing identical, nothing unique), in order', () => {
    // Every step calls one tool with free text only, all translated: nothing is unique, nothing is identical.
    const baseline = Array.from({ length: 1500 }, () => call('Notes__append', { text: 'note in english' }));
    const target = Array.from({ length: 1499 }, () => call('Notes__append', { text: '中文笔记' }));
    const rows = alignStepRows(baseline, target);
    expect(rows.filter((r) => r.kind === 'changed')).toHaveLength(1499);
    expect(rows.filter((r) => r.kind === 'baseline-only')).toHaveLength(1);
    const baselineOrder = rows.flatMap((r) => (r.baseline === null ? [] : [r.baseline]));
    expect(baselineOrder).toEqual(baseline.map((_, i) => i));
  });

  it('gives the same rows every time', () => {
    const search = call('Contacts__search_contacts', { query: 'x' });
    const baseline = [search, ...englishRun, search, search];
    const target = [search, search, ...japaneseRun, search];
    expect(alignSteps(baseline, target)).toEqual(alignSteps(baseline, target));
  });
});
