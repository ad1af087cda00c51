import { describe, expect, it } from 'vitest';
import { matchOracle } from '../../../src/core/analysis/matchOracle';
import { call, judgeRecord as record, message, oracleEvent as oracle, run, trajectory, write } from './steps';

const longBody = 'Hola, Carmen:\n\nGracias por tu correo. Te confirmo la visita del sábado a las 11:00. ¿Se admiten mascotas en el piso?';
const failedRun = (family: string, reason: string) => run({ language: 'spa', outcome: 'fail', failureFamily: family, failureReason: reason });

describe('matchOracle', () => {
  it("shows the LLM judge's text for a soft check and the checker's reason for a hard check", () => {
    const steps = [
      message('user', 'Responde a Carmen y reserva la visita.'),
      write('Calendar__add_calendar_event', { title: 'Visita', start_datetime: '2024-10-19 11:00:00' }),
      write('EmailClientV2__reply_to_email', { email_id: 'e_5521', content: longBody }),
    ];
    const judgeText = '- Reasoning: the reply does not confirm the viewing.\n- Evaluation: [[Failure]]';
    const verdicts = matchOracle(
      trajectory(steps, {
        run: failedRun('hard_check:datetime_checker', 'Cannot match Calendar__add_calendar_event (o1): a1: datetime_checker:start_datetime (…)'),
        oracle: [
          oracle('o1', 'Calendar__add_calendar_event', { title: 'Visita', start_datetime: '2024-10-21 11:00:00' }),
          oracle('o2', 'EmailClientV2__reply_to_email', { email_id: 'e_5521', content: 'Hola, Carmen: confirmo la visita.' }),
        ],
        judge: [
          record({
            oracleId: 'o1',
            tool: 'Calendar__add_calendar_event',
            matched: false,
            check: 'datetime_checker:start_datetime',
            rationale: 'datetime_checker:start_datetime (agent=2024-10-19 11:00:00, oracle=2024-10-21 11:00:00)',
            agentArgs: { title: 'Visita', start_datetime: '2024-10-19 11:00:00' },
          }),
          record({
            oracleId: 'o2',
            tool: 'EmailClientV2__reply_to_email',
            matched: false,
            check: 'email_checker',
            rationale: judgeText,
            llm: true,
            // The judge log cuts strings at 80 characters.
            agentArgs: { email_id: 'e_5521', content: `${longBody.slice(0, 77)}...` },
          }),
        ],
      }),
    );
    expect(verdicts).toEqual([
      {
        id: 'o1',
        matched: false,
        step: 1,
        check: 'datetime_checker:start_datetime',
        rationale: 'datetime_checker:start_datetime (agent=2024-10-19 11:00:00, oracle=2024-10-21 11:00:00)',
        llm: false,
      },
      { id: 'o2', matched: false, step: 2, check: 'email_checker', rationale: judgeText, llm: true },
    ]);
  });

  it('links each judged event to the write whose arguments the judge recorded, not merely the first of that tool', () => {
    const steps = [
      write('Calendar__delete_calendar_event', { event_id: 'evt_1' }),
      write('Calendar__delete_calendar_event', { event_id: 'evt_2' }),
    ];
    const [verdict] = matchOracle(
      trajectory(steps, {
        oracle: [oracle('o1', 'Calendar__delete_calendar_event', { event_id: 'evt_2' })],
        judge: [record({ oracleId: 'o1', tool: 'Calendar__delete_calendar_event', matched: true, agentArgs: { event_id: 'evt_2' } })],
      }),
    );
    expect(verdict).toMatchObject({ matched: true, step: 1, rationale: null });
  });

  it('links identical writes to oracle events in order, one step each', () => {
    const args = { recipients: ['team@example.com'], subject: 'Reminder' };
    const steps = [write('EmailClientV2__send_email', args), call('Contacts__search_contacts', { query: 'x' }), write('EmailClientV2__send_email', args)];
    const verdicts = matchOracle(
      trajectory(steps, {
        oracle: [oracle('o1', 'EmailClientV2__send_email', args), oracle('o2', 'EmailClientV2__send_email', args)],
        judge: [
          record({ oracleId: 'o1', matched: true, agentArgs: args }),
          record({ oracleId: 'o2', matched: true, agentArgs: args }),
        ],
      }),
    );
    expect(verdicts.map((v) => v.step)).toEqual([0, 2]);
  });

  it("gives every event the run's count failure when the count pre-check stopped the judge, and marks missing ones unmatched", () => {
    const reason = 'Tool count mismatch: agent={}, oracle={EmailClientV2__send_email: 1}';
    const steps = [
      message('user', '给张伟发封邮件。'),
      call('Contacts__search_contacts', { query: '张伟' }, { result: [] }),
      write('AgentUserInterface__send_message_to_user', { content: '我找不到张伟。' }),
    ];
    const verdicts = matchOracle(
      trajectory(steps, {
        run: failedRun('tool_count', reason),
        oracle: [
          oracle('o1', 'EmailClientV2__send_email', { recipients: ['zhang.wei@example.com'] }),
          oracle('o2', 'AgentUserInterface__send_message_to_user', { content: '已发送。' }),
        ],
        checks: [{ name: 'tool_count', passed: false, detail: `turn 0: ${reason}` }],
        judge: [record({ matched: false, check: 'tool_count', rationale: reason })],
      }),
    );
    expect(verdicts).toEqual([
      { id: 'o1', matched: false, step: null, check: 'tool_count', rationale: reason, llm: false },
      { id: 'o2', matched: null, step: 2, check: 'tool_count', rationale: reason, llm: false },
    ]);
  });

  it('recognises an SMU count failure from the run alone', () => {
    const reason = 'SMU count mismatch: agent=3, oracle=1, allowed_extra=1';
    const [verdict] = matchOracle(
      trajectory([write('AgentUserInterface__send_message_to_user', { content: 'hi' })], {
        run: failedRun('smu_count', reason),
        oracle: [oracle('o1', 'AgentUserInterface__send_message_to_user', { content: 'hi' })],
      }),
    );
    expect(verdict).toMatchObject({ matched: null, step: 0, check: 'smu_count', rationale: reason });
  });

  it('counts every event of a passing run as matched, linked by tool, even without judge records', () => {
    const verdicts = matchOracle(
      trajectory([write('Shopping__add_to_cart', { item_id: 'itm_1' }), write('Shopping__checkout', {})], {
        oracle: [oracle('o1', 'Shopping__add_to_cart', { item_id: 'itm_1' }), oracle('o2', 'Shopping__checkout', {})],
      }),
    );
    expect(verdicts.map((v) => [v.matched, v.step])).toEqual([
      [true, 0],
      [true, 1],
    ]);
  });

  it("leaves an event the judge never reached undecided, with the run's failure reason", () => {
    const reason = 'Cannot match Shopping__add_to_cart (o1): a1: eq_checker:item_id (agent=itm_2290, oracle=itm_4471)';
    const verdicts = matchOracle(
      trajectory([write('Shopping__add_to_cart', { item_id: 'itm_2290' }), write('Shopping__checkout', {})], {
        run: failedRun('hard_check:eq_checker', reason),
        oracle: [oracle('o1', 'Shopping__add_to_cart', { item_id: 'itm_4471' }), oracle('o2', 'Shopping__checkout', {})],
        judge: [
          record({
            oracleId: 'o1',
            matched: false,
            check: 'eq_checker:item_id',
            rationale: 'eq_checker:item_id (agent=itm_2290, oracle=itm_4471)',
            agentArgs: { item_id: 'itm_2290' },
          }),
        ],
      }),
    );
    expect(verdicts[0]).toMatchObject({ matched: false, step: 0, check: 'eq_checker:item_id' });
    expect(verdicts[1]).toEqual({ id: 'o2', matched: null, step: 1, check: null, rationale: reason, llm: false });
  });
});
