import type { RunSummary, Trajectory } from '../../../src/core/model';

export function runSummary(overrides: Partial<RunSummary> = {}): RunSummary {
  return {
    id: 'jpn/run_1/execution/scn_email_budget',
    path: 'jpn/run_1/execution/scn_email_budget',
    format: 'gaia2-cli',
    group: 'execution/scn_email_budget',
    scenarioId: 'scn_email_budget',
    language: 'jpn',
    languageLabel: 'ja',
    runIndex: 1,
    outcome: 'fail',
    capability: 'execution',
    failureFamily: 'tool_count',
    failureReason: 'Tool count mismatch: agent={}, oracle={EmailClientV2__send_email: 1}',
    score: 0,
    model: 'demo-model',
    agent: 'demo-model',
    setting: null,
    ...overrides,
  };
}

/** A failing Japanese run: the agent searched for 張偉 while the contacts hold "Zhang Wei" and never sent the email. */
export function failingTrajectory(): Trajectory {
  return {
    run: runSummary(),
    task: '張偉さんに、予算レビューが木曜日に移動したとメールで伝えてください。',
    steps: [
      {
        kind: 'message',
        role: 'user',
        text: '張偉さんに、予算レビューが木曜日に移動したとメールで伝えてください。',
        reasoning: null,
        time: 1_700_000_000,
      },
      {
        kind: 'tool_call',
        tool: 'Contacts__search_contacts',
        app: 'Contacts',
        fn: 'search_contacts',
        args: { query: '張偉' },
        result: [],
        error: null,
        write: false,
        requestor: 'assistant',
        reasoning: 'まず連絡先を検索します。',
        time: 1_700_000_010,
        callId: 'call_1',
      },
      {
        kind: 'tool_call',
        tool: 'EmailClientV2__get_email_by_id',
        app: 'EmailClientV2',
        fn: 'get_email_by_id',
        args: { email_id: 'missing' },
        result: null,
        error: 'KeyError: email missing not found',
        write: false,
        requestor: 'assistant',
        reasoning: null,
        time: 1_700_000_020,
        callId: 'call_2',
      },
      {
        kind: 'message',
        role: 'assistant',
        text: '張偉という連絡先が見つかりません。',
        reasoning: '連絡先が見つからないので、ユーザーに伝えます。',
        time: 1_700_000_030,
      },
    ],
    finalAnswer: '張偉という連絡先が見つかりません。',
    oracle: [
      {
        id: 'oracle_send_email',
        tool: 'EmailClientV2__send_email',
        args: { recipients: ['zhang.wei@corp.example'], subject: '予算レビュー' },
        turn: 1,
      },
    ],
    checks: [{ name: 'tool_count', passed: false, detail: 'agent={}, oracle={EmailClientV2__send_email: 1}' }],
    judge: [
      {
        oracleId: 'oracle_send_email',
        tool: 'EmailClientV2__send_email',
        matched: false,
        check: 'tool_count',
        rationale: 'Tool count mismatch: agent={}, oracle={EmailClientV2__send_email: 1}',
        llm: false,
        turn: 1,
        agentArgs: null,
      },
    ],
    diagnostics: [{ path: 'jpn/run_1/execution/scn_email_budget/trace.jsonl', line: 7, message: 'truncated JSON line', severity: 'warning' }],
  };
}
