import { describe, expect, it } from 'vitest';
import { compareRuns } from '../../../src/core/analysis/compareRuns';
import { comparisonJson } from '../../../src/core/analysis/comparisonJson';
import { call, judgeRecord, message, oracleEvent, run, trajectory, write } from './steps';

const sendEmail = oracleEvent('Event-AGENT-1', 'EmailClientV2__send_email', {
  recipients: ['zhang.wei@example.com'],
  subject: 'Q4 budget review',
});
const answer = oracleEvent('Event-AGENT-2', 'AgentUserInterface__send_message_to_user', { content: 'Sent.' });
const matched = (oracleId: string) => judgeRecord({ oracleId, matched: true });
const countReason = 'Tool count mismatch: agent={}, oracle={EmailClientV2__send_email: 1}';

// English finds Zhang Wei and sends the email; Japanese searches 張偉 (Kanji), finds nobody and sends nothing.
const english = trajectory(
  [
    message('user', 'Email Zhang Wei that the Q4 budget review moved to Thursday.'),
    call('Contacts__search_contacts', { query: 'Zhang Wei' }, { result: [{ email: 'zhang.wei@example.com' }] }),
    write('EmailClientV2__send_email', { recipients: ['zhang.wei@example.com'], subject: 'Q4 budget review' }, 'mail_1'),
    message('assistant', 'Sent.'),
    write('AgentUserInterface__send_message_to_user', { content: 'Sent.' }),
  ],
  { finalAnswer: 'Sent.', oracle: [sendEmail, answer], judge: [matched(sendEmail.id), matched(answer.id)] },
);
const japanese = trajectory(
  [
    message('user', '張偉さんに、第4四半期の予算レビューが木曜日に変更になったとメールしてください。'),
    call('Contacts__search_contacts', { query: '張偉' }, { result: [] }),
    call('Contacts__search_contacts', { query: '張' }, { result: [] }),
    message('assistant', '張偉さんが見つかりません。'),
    write('AgentUserInterface__send_message_to_user', { content: '張偉さんが見つかりません。' }),
  ],
  {
    run: run({ id: 'jpn/run_1/x', path: 'jpn/run_1/x', language: 'jpn', outcome: 'fail', failureFamily: 'tool_count', failureReason: countReason }),
    finalAnswer: '張偉さんが見つかりません。',
    oracle: [sendEmail, answer],
    judge: [judgeRecord({ matched: false, check: 'tool_count', rationale: countReason })],
  },
);

describe('compareRuns', () => {
  it('shows the missing write, the translated search and the unmatched oracle event with its reason', () => {
    const c = compareRuns(english, japanese);
    expect(c.rows.map((r) => [r.kind, r.baseline, r.target])).toEqual([
      ['changed', 0, 0],
      ['changed', 1, 1],
      ['baseline-only', 2, null],
      ['target-only', null, 2],
      ['changed', 3, 3],
      ['changed', 4, 4],
    ]);
    expect(c.rows[1]?.argDiff).toEqual([{ path: 'query', baseline: 'Zhang Wei', target: '張偉', parts: expect.any(Array) }]);
    expect(c.oracle.map((o) => [o.id, o.baseline?.matched, o.baseline?.step, o.target?.matched, o.target?.step])).toEqual([
      ['Event-AGENT-1', true, 2, false, null],
      ['Event-AGENT-2', true, 4, null, 4],
    ]);
    expect(c.oracle[0]?.target).toMatchObject({ check: 'tool_count', rationale: countReason });
    expect(c.finalAnswerDiff).toEqual([
      { op: 'delete', text: 'Sent.' },
      { op: 'insert', text: '張偉さんが見つかりません。' },
    ]);
    expect(c.baseline.run.language).toBe('eng');
    expect(c.target.steps).toBe(japanese.steps);
  });

  it('reports self-corrections of either run with their side', () => {
    const redo = trajectory([
      write('Calendar__add_calendar_event', { title: 'Offsite' }, 'evt_1'),
      write('Calendar__delete_calendar_event', { event_id: 'evt_1' }),
      write('Calendar__add_calendar_event', { title: 'Offsite' }, 'evt_2'),
    ]);
    expect(compareRuns(english, redo).selfCorrections).toMatchObject([{ side: 'target', step: 0, undoneBy: 1 }]);
    expect(compareRuns(redo, english).selfCorrections).toMatchObject([{ side: 'baseline', step: 0, undoneBy: 1 }]);
  });

  it('keeps oracle events that only one run lists, and has no answer diff when neither run answered', () => {
    const bare = trajectory([]);
    const c = compareRuns(bare, japanese);
    expect(c.oracle.map((o) => [o.id, o.baseline, o.target?.matched])).toEqual([
      ['Event-AGENT-1', null, false],
      ['Event-AGENT-2', null, null],
    ]);
    expect(compareRuns(bare, trajectory([])).finalAnswerDiff).toBeNull();
  });

  it('prints exactly the documented JSON shape', () => {
    const json = comparisonJson(compareRuns(english, japanese, { textParts: false }));
    expect(Object.keys(json)).toEqual(['baseline', 'target', 'rows', 'oracle', 'firstDivergence']);
    expect(Object.keys(json.firstDivergence)).toEqual(['row', 'kind', 'tool', 'argument', 'baselineStep', 'targetStep', 'summary']);
    expect(json.target).toEqual({ path: 'jpn/run_1/x', language: 'jpn', runIndex: 1, outcome: 'fail', failureFamily: 'tool_count', setting: null });
    expect(json.rows[1]).toEqual({
      kind: 'changed',
      baseline: { step: 1, tool: 'Contacts__search_contacts', write: false },
      target: { step: 1, tool: 'Contacts__search_contacts', write: false },
      argDiff: [{ path: 'query', baseline: 'Zhang Wei', target: '張偉', equivalent: false, normalForm: null }],
    });
    expect(json.rows[2]).toEqual({
      kind: 'baseline-only',
      baseline: { step: 2, tool: 'EmailClientV2__send_email', write: true },
      target: null,
      argDiff: [],
    });
    expect(json.rows[0]?.baseline).toEqual({ step: 0, tool: null, write: false });
    expect(json.oracle[0]).toEqual({
      id: 'Event-AGENT-1',
      tool: 'EmailClientV2__send_email',
      baseline: { matched: true, step: 2, check: null, rationale: null },
      target: { matched: false, step: null, check: 'tool_count', rationale: countReason },
    });
    expect(JSON.parse(JSON.stringify(json))).toEqual(json);
  });
});
