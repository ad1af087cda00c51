import { describe, expect, it } from 'vitest';
import type { Step, Trajectory } from '../../../src/core/model';
import { suggestCode } from '../../../src/core/triage/suggestCode';
import { call, judgeRecord, message, oracleEvent, run, trajectory, write } from '../analysis/steps';

// The prior's rules one at a time, on hand-built runs: English baseline passes, the French target fails.

const ADD = 'Calendar__add_calendar_event';
const EDIT = 'Calendar__edit_calendar_event';
const ANSWER = 'AgentUserInterface__send_message_to_user';
const EVENT = oracleEvent('ev-1', ADD, { title: 'Review', start_datetime: '2024-10-21 09:00:00', attendees: ['Omar', 'Lena'] });

function baseline(steps: Step[] = [write(ADD, EVENT.args)]): Trajectory {
  return trajectory(steps, {
    run: run({ language: 'eng' }),
    oracle: [EVENT],
    judge: [judgeRecord({ oracleId: 'ev-1', tool: ADD, matched: true, agentArgs: EVENT.args })],
  });
}

function target(steps: Step[], overrides: Partial<Trajectory> = {}): Trajectory {
  return trajectory(steps, {
    run: run({ language: 'fra', outcome: 'fail', failureFamily: 'other', failureReason: 'failed', ...overrides.run }),
    oracle: [EVENT],
    ...overrides,
  });
}

/** The target failed the event on a hard check of `field`, comparing it with the step that wrote `args`. */
function hardFailure(args: Record<string, unknown>, field: string): Trajectory {
  return target([write(ADD, args)], {
    judge: [judgeRecord({ oracleId: 'ev-1', tool: ADD, matched: false, check: `eq_checker:${field}`, rationale: 'mismatch', agentArgs: args })],
  });
}

describe('infrastructure', () => {
  it('a crashed run is I1, a run whose verdict was never persisted is I2', () => {
    const crashed = target([], { run: run({ language: 'fra', outcome: 'infra', failureFamily: 'infra', failureReason: 'Container exited with code 137' }) });
    expect(suggestCode({ target: crashed, baseline: baseline() })).toEqual({ code: 'I1', evidence: ['fra run 1 crashed: "Container exited with code 137"'] });
    const timedOut = target([], { run: run({ language: 'fra', outcome: 'infra', failureFamily: 'timeout', failureReason: null }) });
    expect(suggestCode({ target: timedOut, baseline: null })).toEqual({ code: 'I2', evidence: ['fra run 1 timed out; no judgement persisted'] });
    const unknown = target([], { run: run({ language: 'fra', outcome: 'unknown', failureFamily: null }) });
    expect(suggestCode({ target: unknown, baseline: null }).code).toBe('I2');
  });
});

describe('inconclusive', () => {
  it('is E1 when nothing the run recorded explains the failure', () => {
    const bare = target([message('assistant', 'Done.')], { oracle: [], run: run({ language: 'fra', outcome: 'fail', failureReason: 'reward 0.0' }) });
    expect(suggestCode({ target: bare, baseline: null })).toEqual({
      code: 'E1',
      evidence: ['no oracle event, check or step explains why fra run 1 failed; the verifier said "reward 0.0"'],
    });
  });

  it('is E1 naming the failed scorer check when a score is all the run recorded (Inspect)', () => {
    const scored = target([message('assistant', '申し訳ありませんが、その商品は見つかりませんでした。')], {
      oracle: [],
      checks: [{ name: 'score · match', passed: false, detail: 'I; answer: 申し訳ありません' }],
      run: run({ language: 'jpn', outcome: 'fail', failureReason: 'match = I' }),
    });
    expect(suggestCode({ target: scored, baseline: null })).toEqual({
      code: 'E1',
      evidence: [
        'jpn run 1 failed the check score · match: "I; answer: 申し訳ありません"; no oracle event or step shows which action or text caused it',
      ],
    });
  });

  it('is E1 for a passing run', () => {
    const passing = trajectory([], { run: run({ language: 'fra', outcome: 'pass' }) });
    expect(suggestCode({ target: passing, baseline: baseline() }).code).toBe('E1');
  });
});

describe('verifier artefacts', () => {
  it('K2: a hard checker failed on the same date written in another locale', () => {
    const suggestion = suggestCode({ target: hardFailure({ ...EVENT.args, start_datetime: '21/10/2024 9:00' }, 'start_datetime'), baseline: baseline() });
    expect(suggestion).toEqual({
      code: 'K2',
      evidence: [
        'fra run 1 step 0 Calendar__add_calendar_event: eq_checker:start_datetime failed on start_datetime: "21/10/2024 9:00" vs expected "2024-10-21 09:00:00" (the same value in another format)',
      ],
    });
  });

  it('K2 against the baseline: the value the baseline passed with, written in another format', () => {
    // The checker accepted 30 seconds off in English; the French run wrote the same time in French order.
    const englishArgs = { ...EVENT.args, start_datetime: '2024-10-21 09:00:30' };
    const english = trajectory([write(ADD, englishArgs)], {
      run: run({ language: 'eng' }),
      oracle: [EVENT],
      judge: [judgeRecord({ oracleId: 'ev-1', tool: ADD, matched: true, agentArgs: englishArgs })],
    });
    const suggestion = suggestCode({ target: hardFailure({ ...EVENT.args, start_datetime: '21/10/2024 9:00:30' }, 'start_datetime'), baseline: english });
    expect(suggestion).toEqual({
      code: 'K2',
      evidence: [
        'fra run 1 step 0 Calendar__add_calendar_event: eq_checker:start_datetime failed on start_datetime: "21/10/2024 9:00:30", where eng run 1 step 0 Calendar__add_calendar_event passed with "2024-10-21 09:00:30" (the same value in another format)',
      ],
    });
  });

  it('not K2 when a check that names no field may have failed on another, really different field', () => {
    const args = { ...EVENT.args, title: 'review', start_datetime: '2024-10-19 09:00:00' };
    const t = target([write(ADD, args)], {
      judge: [judgeRecord({ oracleId: 'ev-1', tool: ADD, matched: false, check: 'event_checker', rationale: 'mismatch', agentArgs: args })],
    });
    expect(suggestCode({ target: t, baseline: baseline() }).code).toBe('A1');
    const onlyFormat = { ...EVENT.args, title: 'review' };
    const k2 = target([write(ADD, onlyFormat)], {
      judge: [judgeRecord({ oracleId: 'ev-1', tool: ADD, matched: false, check: 'event_checker', rationale: 'mismatch', agentArgs: onlyFormat })],
    });
    expect(suggestCode({ target: k2, baseline: baseline() }).code).toBe('K2');
  });

  it('K3: a hard checker failed on the expected list in another order', () => {
    const suggestion = suggestCode({ target: hardFailure({ ...EVENT.args, attendees: ['Lena', 'Omar'] }, 'attendees'), baseline: baseline() });
    expect(suggestion.code).toBe('K3');
    expect(suggestion.evidence[0]).toContain('(the same items in another order)');
  });

  it('a really different value is the agent’s wrong argument (A1), not an artefact', () => {
    const suggestion = suggestCode({ target: hardFailure({ ...EVENT.args, start_datetime: '2024-10-19 09:00:00' }, 'start_datetime'), baseline: baseline() });
    expect(suggestion).toEqual({
      code: 'A1',
      evidence: ['fra run 1 step 0 Calendar__add_calendar_event: eq_checker:start_datetime failed (start_datetime "2024-10-19 09:00:00", expected "2024-10-21 09:00:00")'],
    });
  });

  it('K1 only when the baseline passed the same event with the same tool; otherwise the judge’s rejection is A1', () => {
    const rejected = (steps: Step[]): Trajectory =>
      target(steps, { judge: [judgeRecord({ oracleId: 'ev-1', tool: ADD, matched: false, check: 'event_checker', llm: true, rationale: 'The titles differ.' })] });
    const k1 = suggestCode({ target: rejected([write(ADD, { ...EVENT.args, title: 'Revue' })]), baseline: baseline() });
    expect(k1.code).toBe('K1');
    expect(k1.evidence).toEqual([
      'fra run 1 step 0 Calendar__add_calendar_event: event_checker (LLM judge) rejected it: "The titles differ."',
      'eng run 1 step 0 Calendar__add_calendar_event passed the same oracle event ev-1',
    ]);
    const failingBaseline = { ...baseline(), run: run({ language: 'eng', outcome: 'fail' }) };
    expect(suggestCode({ target: rejected([write(ADD, { ...EVENT.args, title: 'Revue' })]), baseline: failingBaseline }).code).toBe('A1');
  });
});

describe('translation', () => {
  it('T1: the translated oracle expects another value than the source oracle, and the agent wrote the source’s', () => {
    const translatedOracle = oracleEvent('ev-1', ADD, { ...EVENT.args, start_datetime: '2024-10-12 09:00:00' });
    const wrote = { ...EVENT.args };
    const drifted = target([write(ADD, wrote)], {
      oracle: [translatedOracle],
      judge: [judgeRecord({ oracleId: 'ev-1', tool: ADD, matched: false, check: 'datetime_checker:start_datetime', rationale: 'mismatch', agentArgs: wrote })],
    });
    expect(suggestCode({ target: drifted, baseline: baseline() })).toEqual({
      code: 'T1',
      evidence: [
        'the fra run 1 oracle ev-1 expects start_datetime = "2024-10-12 09:00:00" where the eng oracle expects "2024-10-21 09:00:00"; fra run 1 step 0 Calendar__add_calendar_event wrote "2024-10-21 09:00:00"',
      ],
    });
  });

  it('a translation problem comes before a verifier artefact (checked top-down), and the earliest T code wins', () => {
    const problem = { scenarioId: 'scenario_a', language: 'fra', file: 'fra/scenario.json', line: 12, source: null, translation: null };
    const t = hardFailure({ ...EVENT.args, start_datetime: '21/10/2024 9:00' }, 'start_datetime');
    const suggestion = suggestCode({
      target: t,
      baseline: baseline(),
      translationProblems: [
        { ...problem, code: 'T3', message: 'the task lost "weekday"' },
        { ...problem, code: 'T2', message: 'a contact name was translated in the app data' },
      ],
    });
    expect(suggestion).toEqual({ code: 'T2', evidence: ['translation problem (fra/scenario.json:12): a contact name was translated in the app data'] });
  });
});

describe('script-variant misses (T4)', () => {
  const SEARCH = 'Contacts__search_contacts';
  const ZHANG_WEI = [{ name: 'Zhang Wei', email: 'zhang.wei@example.com' }];

  function chinese(steps: Step[]): Trajectory {
    return target(steps, { run: run({ language: 'cmn', outcome: 'fail', failureFamily: 'other', failureReason: 'failed' }) });
  }

  function english(steps: Step[]): Trajectory {
    return baseline([...steps, write(ADD, EVENT.args)]);
  }

  it('names the search that missed and the baseline call that found the other written form', () => {
    const t = chinese([call(SEARCH, { query: '张伟' }, { result: [] })]);
    const suggestion = suggestCode({ target: t, baseline: english([call(SEARCH, { query: 'Zhang Wei' }, { result: ZHANG_WEI })]) });
    expect(suggestion).toEqual({
      code: 'T4',
      evidence: [
        'cmn run 1 step 0 Contacts__search_contacts searched "张伟" and found nothing; ' +
          'eng run 1 step 0 Contacts__search_contacts found it as "Zhang Wei" (the name is written in another script)',
      ],
    });
  });

  it('names the result that holds the other form when no call of the baseline searched for it', () => {
    const t = chinese([call(SEARCH, { query: '张伟' }, { result: [] })]);
    const suggestion = suggestCode({ target: t, baseline: english([call('Contacts__get_contacts', {}, { result: ZHANG_WEI })]) });
    expect(suggestion.code).toBe('T4');
    expect(suggestion.evidence).toEqual([
      'cmn run 1 step 0 Contacts__search_contacts searched "张伟" and found nothing; ' +
        'eng run 1 step 0 Contacts__get_contacts returned it as "Zhang Wei" (the name is written in another script)',
    ]);
  });

  it('is not suggested when the target found the person later, nor for another person written in another script', () => {
    const foundInEnglish = english([call(SEARCH, { query: 'Zhang Wei' }, { result: ZHANG_WEI })]);
    const recovered = chinese([call(SEARCH, { query: '张伟' }, { result: [] }), call(SEARCH, { query: 'Zhang Wei' }, { result: ZHANG_WEI })]);
    expect(suggestCode({ target: recovered, baseline: foundInEnglish }).code).not.toBe('T4');
    const someoneElse = chinese([call(SEARCH, { query: '李娜' }, { result: [] })]);
    expect(suggestCode({ target: someoneElse, baseline: foundInEnglish }).code).not.toBe('T4');
  });
});

describe('agent failures', () => {
  it('A4: the required write is missing and another tool of the same app was written instead', () => {
    const t = target([write(EDIT, { event_id: 'e1', title: 'Review' })], {
      run: run({ language: 'fra', outcome: 'fail', failureFamily: 'tool_count', failureReason: 'Tool count mismatch' }),
      judge: [judgeRecord({ check: 'tool_count', matched: false, rationale: 'Tool count mismatch' })],
    });
    expect(suggestCode({ target: t, baseline: baseline() })).toEqual({
      code: 'A4',
      evidence: ['oracle ev-1 Calendar__add_calendar_event is missing; fra run 1 step 0 Calendar__edit_calendar_event was written instead'],
    });
  });

  it('A2: the required write is missing', () => {
    const t = target([call('Contacts__search_contacts', { query: 'Omar' }, { result: [{ id: 'c1' }] })], {
      finalAnswer: 'I could not schedule it.',
      run: run({ language: 'fra', outcome: 'fail', failureFamily: 'tool_count', failureReason: 'Tool count mismatch' }),
      judge: [judgeRecord({ check: 'tool_count', matched: false, rationale: 'Tool count mismatch' })],
    });
    expect(suggestCode({ target: t, baseline: baseline() })).toEqual({
      code: 'A2',
      evidence: ['oracle ev-1 Calendar__add_calendar_event has no matching write in fra run 1 ("Tool count mismatch")'],
    });
  });

  it('A6: the run wrote nothing and gave no answer', () => {
    const t = target([message('assistant', '')], {
      run: run({ language: 'fra', outcome: 'fail', failureFamily: 'tool_count', failureReason: 'Tool count mismatch' }),
      judge: [judgeRecord({ check: 'tool_count', matched: false })],
    });
    expect(suggestCode({ target: t, baseline: baseline() })).toEqual({ code: 'A6', evidence: ['fra run 1 wrote nothing and gave no final answer'] });
  });

  it('A5 when the answer was judged wrong, A6 when the answer event has no answer to match', () => {
    const question = oracleEvent('ev-2', ANSWER, { content: 'The cheapest flat is apt_1184.' });
    const answered = target([write(ANSWER, { content: 'The cheapest flat is apt_2207.' })], {
      oracle: [question],
      finalAnswer: 'The cheapest flat is apt_2207.',
      judge: [judgeRecord({ oracleId: 'ev-2', tool: ANSWER, matched: false, check: 'content_checker', llm: true, rationale: 'Another flat.' })],
    });
    expect(suggestCode({ target: answered, baseline: null })).toEqual({
      code: 'A5',
      evidence: ['fra run 1 step 0 AgentUserInterface__send_message_to_user: the answer was judged wrong: "Another flat."'],
    });
    const silent = target([call('RentAFlat__search_apartments', {}, { result: [] })], {
      oracle: [question],
      judge: [judgeRecord({ oracleId: 'ev-2', tool: ANSWER, matched: false, rationale: 'no candidates' })],
    });
    expect(suggestCode({ target: silent, baseline: null }).code).toBe('A6');
  });

  it('A7: the same call repeated in a loop, or a run stopped at its step limit', () => {
    const read = (): Step => call('Calendar__get_events', { day: '2024-10-22' }, { result: [] });
    const looping = target([message('user', 'Plan it'), read(), read(), read(), read(), read()], {
      judge: [judgeRecord({ check: 'tool_count', matched: false })],
    });
    expect(suggestCode({ target: looping, baseline: baseline() })).toEqual({
      code: 'A7',
      evidence: ['fra run 1 steps 1–5: Calendar__get_events called 5 times in a row with the same arguments'],
    });
    const three = target([read(), read(), read()], { judge: [judgeRecord({ check: 'tool_count', matched: false })] });
    expect(suggestCode({ target: three, baseline: baseline() }).code).not.toBe('A7');
    const limited = target([read()], { run: run({ language: 'fra', outcome: 'fail', failureReason: 'Reached max_steps (40) before finishing' }) });
    expect(suggestCode({ target: limited, baseline: baseline() })).toEqual({
      code: 'A7',
      evidence: ['fra run 1 stopped at its step limit: "Reached max_steps (40) before finishing"'],
    });
  });
});
