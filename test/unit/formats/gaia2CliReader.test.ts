import { cp, mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DirEntry } from '../../../src/core/fileSource';
import type { MessageStep, RunSummary, Step, ToolCallStep, Trajectory } from '../../../src/core/model';
import { NodeFileSource } from '../../../src/core/nodeFileSource';
import { gaia2CliReader, NOT_EXECUTED, verdictFromJson } from '../../../src/core/formats/gaia2';
import { buildIndex } from '../../../src/core/index/buildIndex';

const fixtureRoot = join(__dirname, '../../fixtures/gaia2');
const fixtures = new NodeFileSource(fixtureRoot);
const EMAIL = 'scenario_email_reminder_01';
const dirs = {
  engPass: `runs/eng/run_1/execution/${EMAIL}`,
  engTimeout: `runs/eng/run_2/execution/${EMAIL}`,
  jpnSoft: `runs/jpn/run_1/execution/${EMAIL}`,
  cmnCount: `runs/cmn/run_1/execution/${EMAIL}`,
  spaHard: 'runs/spa/run_1/execution/scenario_cab_airport_02',
  hinCrash: 'runs/hin/run_1/scenario_weather_lookup_03',
  otherTool: 'other-tool/eval_7',
};

async function index(fs: NodeFileSource, dir: string) {
  return gaia2CliReader.indexDirectory(fs, dir, await fs.list(dir));
}

async function openRun(fs: NodeFileSource, dir: string, check = false): Promise<Trajectory> {
  const { runs } = await index(fs, dir);
  const indexed = runs[0];
  if (!indexed) throw new Error(`no run indexed in ${dir}`);
  const run: RunSummary = {
    ...indexed,
    id: dir,
    group: 'g',
    language: 'und',
    languageLabel: 'und',
    runIndex: 1,
  };
  return gaia2CliReader.readTrajectory(fs, run, { check });
}

/** A compact view of the steps: what a user reads, in order. */
function outline(steps: Step[]): string[] {
  return steps.map((s) =>
    s.kind === 'message'
      ? `${s.role}: ${s.text.slice(0, 40)}${s.reasoning ? ' [reasoning]' : ''}`
      : `${s.tool}${s.write ? ' (write)' : ''}${s.error ? ' [not executed]' : ''}${s.reasoning ? ' [reasoning]' : ''}`,
  );
}

const toolSteps = (t: Trajectory): ToolCallStep[] => t.steps.filter((s): s is ToolCallStep => s.kind === 'tool_call');
const messageSteps = (t: Trajectory): MessageStep[] => t.steps.filter((s): s is MessageStep => s.kind === 'message');

describe('claimsDirectory / isAuxiliaryFile', () => {
  const file = (name: string): DirEntry => ({ name, type: 'file' });
  it('claims a directory with result.json beside a gaia2-cli run file', () => {
    expect(gaia2CliReader.claimsDirectory([file('result.json'), file('events.jsonl')])).toBe(true);
    expect(gaia2CliReader.claimsDirectory([file('result.json'), file('daemon_status.json')])).toBe(true);
    expect(gaia2CliReader.claimsDirectory([file('result.json'), file('agent_response.txt')])).toBe(true);
  });
  it('does not claim a lone result.json, nor a lone trace', () => {
    expect(gaia2CliReader.claimsDirectory([file('result.json'), file('README.md')])).toBe(false);
    expect(gaia2CliReader.claimsDirectory([file('trace.jsonl')])).toBe(false);
    expect(gaia2CliReader.claimsDirectory([file('result.json'), { name: 'events.jsonl', type: 'directory' }])).toBe(false);
  });
  it('claims a crashed run that left its environment log but no verdict', () => {
    expect(gaia2CliReader.claimsDirectory([file('events.jsonl'), file('trace.jsonl')])).toBe(true);
    expect(gaia2CliReader.claimsDirectory([file('daemon_status.json')])).toBe(true);
  });
  it('treats the runner files beside and inside runs as auxiliary, but not the verdict', () => {
    for (const name of ['run_config.json', 'results.jsonl', 'index.html', 'trace.jsonl', 'eventd.log', 'notifications.jsonl']) {
      expect(gaia2CliReader.isAuxiliaryFile(name)).toBe(true);
    }
    expect(gaia2CliReader.isAuxiliaryFile('result.json')).toBe(false);
    expect(gaia2CliReader.isAuxiliaryFile('output.jsonl')).toBe(false);
  });
});

describe('indexDirectory', () => {
  it.each([
    [dirs.engPass, { outcome: 'pass', failureFamily: null, failureReason: null, score: 1, capability: 'execution' }],
    [dirs.jpnSoft, { outcome: 'fail', failureFamily: 'soft_check:email_checker', score: 0, capability: 'execution' }],
    [dirs.cmnCount, { outcome: 'fail', failureFamily: 'tool_count', score: 0 }],
    [dirs.spaHard, { outcome: 'fail', failureFamily: 'hard_check:eq_checker', scenarioId: 'scenario_cab_airport_02' }],
    [dirs.engTimeout, { outcome: 'infra', failureFamily: 'timeout', failureReason: 'Scenario did not finish within 900 seconds', score: 0 }],
    [dirs.hinCrash, { outcome: 'infra', failureFamily: 'infra', capability: 'search', score: null }],
  ])('%s', async (dir, expected) => {
    const { runs, diagnostics } = await index(fixtures, dir);
    expect(diagnostics).toEqual([]);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ path: dir, key: null, format: 'gaia2-cli', model: null, ...expected });
  });

  it('keeps the verifier reason of a failed run for tooltips', async () => {
    const { runs } = await index(fixtures, dirs.spaHard);
    expect(runs[0]?.failureReason).toMatch(/^Cannot match CabApp__order_ride \(Event-AGENT-c41d7e02\): .*eq_checker:end_location/);
  });

  it('reads only result.json', async () => {
    const reads: string[] = [];
    const counting = new NodeFileSource(fixtureRoot);
    for (const method of ['read', 'readHead', 'readStream', 'stat'] as const) {
      const original = counting[method].bind(counting) as (...a: unknown[]) => unknown;
      (counting as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
        reads.push(`${method} ${String(args[0])}`);
        return original(...args);
      };
    }
    await gaia2CliReader.indexDirectory(counting, dirs.jpnSoft, await fixtures.list(dirs.jpnSoft));
    expect(reads).toEqual([`read ${dirs.jpnSoft}/result.json`]);
  });

  it('lists a run without result.json as infrastructure, with a diagnostic, without reading anything', async () => {
    const crashed = new NodeFileSource(fixtureRoot);
    crashed.read = () => Promise.reject(new Error('indexing a run without a verdict must not read'));
    const entries: DirEntry[] = [{ name: 'events.jsonl', type: 'file' }];
    const { runs, diagnostics } = await gaia2CliReader.indexDirectory(crashed, 'agent/jpn/run_2/search/scn_x', entries);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ outcome: 'infra', failureFamily: 'infra', scenarioId: 'scn_x', capability: 'search' });
    expect(diagnostics).toEqual([
      expect.objectContaining({ path: 'agent/jpn/run_2/search/scn_x/result.json', line: null, severity: 'warning' }),
    ]);
    expect(diagnostics[0]?.message).toMatch(/no verdict/);
  });

  it('indexes at once, through the synchronous reads, what it indexes in promises; nothing without them', async () => {
    const indexSync = gaia2CliReader.indexDirectorySync;
    if (indexSync === undefined) throw new Error('gaia2-cli indexes at once');
    for (const dir of Object.values(dirs)) {
      const entries = await fixtures.list(dir);
      const atOnce = indexSync(fixtures, dir, entries);
      expect(atOnce, dir).toEqual(await gaia2CliReader.indexDirectory(fixtures, dir, entries));
      expect(atOnce?.runs.length ?? 0, dir).toBeLessThanOrEqual(1);
    }
    const promisesOnly = new NodeFileSource(fixtureRoot);
    Object.assign(promisesOnly, { readSync: undefined });
    expect(indexSync(promisesOnly, dirs.jpnSoft, await fixtures.list(dirs.jpnSoft))).toBeNull();
    const crashed = new NodeFileSource(fixtureRoot);
    crashed.readSync = () => {
      throw new Error('indexing a run without a verdict must not read');
    };
    const entries: DirEntry[] = [{ name: 'events.jsonl', type: 'file' }];
    expect(indexSync(crashed, 'agent/jpn/run_2/search/scn_x', entries)?.runs[0]).toMatchObject({ outcome: 'infra', scenarioId: 'scn_x' });
  });

  it("reports another tool's result.json as unrecognised instead of a run", async () => {
    expect(gaia2CliReader.claimsDirectory(await fixtures.list(dirs.otherTool))).toBe(true);
    const { runs, diagnostics } = await index(fixtures, dirs.otherTool);
    expect(runs).toEqual([]);
    expect(diagnostics).toEqual([
      {
        path: `${dirs.otherTool}/result.json`,
        line: null,
        message: 'unrecognised: result.json is an object without a GAIA2 `success` verdict, not a GAIA2 verdict',
        severity: 'warning',
      },
    ]);
  });
});

describe('readTrajectory: passing English run with an OpenAI SSE trace', () => {
  let t: Trajectory;
  beforeAll(async () => {
    t = await openRun(fixtures, dirs.engPass);
  });

  it('has the task, the steps in order and the final answer, with no diagnostics', () => {
    expect(t.diagnostics).toEqual([]);
    expect(t.task).toBe("Please email Zhang Wei that the design review moves to Friday at 10:00, and tell me when it's done.");
    expect(outline(t.steps)).toEqual([
      'user: Please email Zhang Wei that the design r',
      'Contacts__search_contacts [reasoning]',
      'assistant: Found him. Sending the email now.',
      'EmailClientV2__send_email (write)',
      'assistant: Done: I emailed Zhang Wei that the desig',
      'AgentUserInterface__send_message_to_user (write)',
    ]);
    expect(t.finalAnswer).toBe('Done: I emailed Zhang Wei that the design review moves to Friday at 10:00.');
  });

  it('takes tool calls, arguments and results from the environment log', () => {
    const [search, email, answer] = toolSteps(t);
    expect(search).toMatchObject({
      app: 'Contacts',
      fn: 'search_contacts',
      args: { query: 'Zhang Wei' },
      result: [{ email: 'zhang.wei@example.com' }],
      error: null,
      write: false,
      requestor: 'assistant',
      reasoning: "I need Zhang Wei's email address first.",
      time: 1747044004.51,
    });
    // The log's arguments (with the defaults the model left out), not the model's.
    expect(email?.args).toMatchObject({ cc: [], attachment_paths: [] });
    expect(email?.result).toBe('email_7f3a91');
    expect(answer).toMatchObject({ write: true, args: { content: t.finalAnswer } });
  });

  it('shows the final answer as an assistant message immediately followed by its write action', () => {
    const i = t.steps.findIndex((s) => s.kind === 'tool_call' && s.fn === 'send_message_to_user');
    expect(t.steps[i - 1]).toMatchObject({ kind: 'message', role: 'assistant', text: t.finalAnswer });
  });

  it('has oracle events and LLM judge records per oracle event', () => {
    expect(t.oracle.map((o) => [o.id, o.tool, o.turn])).toEqual([
      ['Event-AGENT-3f9a2c71', 'EmailClientV2__send_email', 0],
      ['Event-AGENT-81b0d4e3', 'AgentUserInterface__send_message_to_user', 0],
    ]);
    // Python-literal lists in the judge log come back as JSON lists.
    expect(t.oracle[0]?.args.recipients).toEqual(['zhang.wei@example.com']);
    expect(t.judge[0]).toMatchObject({ oracleId: 'Event-AGENT-3f9a2c71', matched: true, check: null, llm: true, turn: 0 });
    expect(t.judge[0]?.rationale).toMatch(/\[\[Success\]\]$/);
    expect(t.judge[0]?.agentArgs?.recipients).toEqual(['zhang.wei@example.com']);
  });

  it('has the passed count check and the verdict', () => {
    expect(t.checks).toEqual([
      { name: 'tool_count', passed: true, detail: "turn 0: the agent's write actions match the oracle's counts" },
      { name: 'verdict', passed: true, detail: 'all oracle events matched' },
    ]);
  });
});

describe('readTrajectory: Japanese run rejected by the email checker (Anthropic JSON trace)', () => {
  let t: Trajectory;
  beforeAll(async () => {
    t = await openRun(fixtures, dirs.jpnSoft);
  });

  it('shows the failed attempt the environment never logged, with its error output, between the logged calls', () => {
    expect(t.diagnostics).toEqual([]);
    expect(outline(t.steps)).toEqual([
      'user: 張偉さんに、デザインレビューが金曜日の10時に変更になったことをメールで伝えて、',
      'Contacts__search_contacts [reasoning]',
      'assistant: 見つかりませんでした。ローマ字で検索します。',
      'Contacts__search_contacts',
      'EmailClientV2__send_email [not executed] [reasoning]',
      'EmailClientV2__send_email (write)',
      'assistant: 張偉さんに、デザインレビューが金曜日の10時に変更になったことをメールで伝えまし',
      'AgentUserInterface__send_message_to_user (write)',
    ]);
    const failedAttempt = toolSteps(t)[2];
    expect(failedAttempt).toMatchObject({
      args: { recipients: ['Zhang Wei'] },
      error: NOT_EXECUTED,
      result: "'Zhang Wei' is not a valid email address for recipients.",
      write: false,
      callId: 'toolu_b3',
      reasoning: 'メールを送る。宛先は張偉さん。',
    });
    expect(toolSteps(t)[1]?.args.query).toBe('Zhang Wei');
    expect(toolSteps(t)[0]?.reasoning).toBe('ユーザーは張偉さんにメールを送りたい。まず連絡先を検索する。');
  });

  it("records the judge's rejection of the email with its LLM rationale and the agent arguments it judged", () => {
    const email = t.judge.find((j) => j.oracleId === 'Event-AGENT-3f9a2c71');
    expect(email).toMatchObject({
      tool: 'EmailClientV2__send_email',
      matched: false,
      check: 'email_checker',
      llm: true,
      turn: 0,
    });
    expect(email?.rationale).toMatch(/^- Reasoning: .*\[\[Failure\]\]$/s);
    expect(email?.agentArgs?.subject).toBe('デザインレビューの日程変更');
    const answer = t.judge.find((j) => j.oracleId === 'Event-AGENT-81b0d4e3');
    expect(answer).toMatchObject({ matched: true, llm: false, rationale: '' });
    expect(answer?.agentArgs?.content).toBe(t.finalAnswer);
  });

  it('gives the verdict with the verifier reason', () => {
    expect(t.checks.at(-1)).toEqual({ name: 'verdict', passed: false, detail: expect.stringMatching(/^Cannot match EmailClientV2__send_email/) });
  });
});

describe('readTrajectory: Chinese run failing the tool-count pre-check (Anthropic SSE trace)', () => {
  let t: Trajectory;
  beforeAll(async () => {
    t = await openRun(fixtures, dirs.cmnCount);
  });

  it('lists both emails (the self-correction) with the reasoning that explains the second', () => {
    expect(t.diagnostics).toEqual([]);
    expect(t.task).toBe('给张伟发邮件，告诉他设计评审改到周五上午10点，完成后告诉我。');
    expect(outline(t.steps)).toEqual([
      'user: 给张伟发邮件，告诉他设计评审改到周五上午10点，完成后告诉我。',
      'Contacts__search_contacts [reasoning]',
      'assistant: 找到了张伟的邮箱，现在发送邮件。',
      'EmailClientV2__send_email (write)',
      'EmailClientV2__send_email (write) [reasoning]',
      'assistant: 已给张伟发邮件，告知设计评审改到周五上午10点。',
      'AgentUserInterface__send_message_to_user (write)',
    ]);
    expect(toolSteps(t)[2]?.reasoning).toBe('我把周五写成了周四，需要发一封更正邮件。');
  });

  it('has the oracle events but no per-event records, and the failed count check', () => {
    expect(t.oracle.map((o) => o.id)).toEqual(['Event-AGENT-3f9a2c71', 'Event-AGENT-81b0d4e3']);
    expect(t.judge).toEqual([
      {
        oracleId: null,
        tool: null,
        matched: false,
        check: 'tool_count',
        rationale: "Tool count mismatch: agent={'EmailClientV2__send_email': 2}, oracle={'EmailClientV2__send_email': 1}",
        llm: false,
        turn: 0,
        agentArgs: null,
      },
    ]);
    expect(t.checks).toEqual([
      {
        name: 'tool_count',
        passed: false,
        detail: "turn 0: Tool count mismatch: agent={'EmailClientV2__send_email': 2}, oracle={'EmailClientV2__send_email': 1}",
      },
      { name: 'verdict', passed: false, detail: expect.stringMatching(/^Tool count mismatch/) },
    ]);
  });
});

describe('readTrajectory: Spanish run failing a hard checker (OpenAI JSON trace)', () => {
  it('has the hard-check record with the verifier text as rationale', async () => {
    const t = await openRun(fixtures, dirs.spaHard);
    expect(outline(t.steps)).toEqual([
      'user: Reserva un taxi desde mi casa hasta el a',
      'CabApp__order_ride (write) [reasoning]',
      'assistant: Listo: taxi reservado desde tu casa hast',
      'AgentUserInterface__send_message_to_user (write)',
    ]);
    expect(t.judge[0]).toEqual({
      oracleId: 'Event-AGENT-c41d7e02',
      tool: 'CabApp__order_ride',
      matched: false,
      check: 'eq_checker:end_location',
      rationale: 'AGENT-CabApp.order_ride-0b9e4f11: eq_checker:end_location (agent=Aeropuerto Internacional, oracle=Airport)',
      llm: false,
      turn: 0,
      agentArgs: { start_location: 'Home', end_location: 'Aeropuerto Internacional', service_type: 'Default', ride_time: '2024-10-16 08:00:00' },
    });
    // No agent_response.txt: the final answer comes from result.json.
    expect(t.finalAnswer).toBe('Listo: taxi reservado desde tu casa hasta el Aeropuerto Internacional mañana a las 8:00.');
  });
});

describe('readTrajectory: infrastructure runs', () => {
  it('shows what the environment logged before a timeout, and the timeout as the verdict', async () => {
    const t = await openRun(fixtures, dirs.engTimeout);
    expect(t.diagnostics).toEqual([]);
    expect(outline(t.steps)).toEqual(['user: Please email Zhang Wei that the design r', 'Contacts__search_contacts']);
    expect(t.finalAnswer).toBeNull();
    expect(t.judge).toEqual([]);
    expect(t.checks).toEqual([{ name: 'verdict', passed: null, detail: 'Scenario did not finish within 900 seconds' }]);
  });

  it('loads a crashed run that has only a verdict', async () => {
    const t = await openRun(fixtures, dirs.hinCrash);
    expect(t.steps).toEqual([]);
    expect(t.task).toBeNull();
    expect(t.checks).toEqual([{ name: 'verdict', passed: null, detail: 'Container exited with code 137 before the agent answered' }]);
  });
});

describe('bad input in a run directory', () => {
  let root: string;
  let fs: NodeFileSource;
  const copy = async (from: string, to: string): Promise<string> => {
    await cp(join(fixtureRoot, from), join(root, to), { recursive: true });
    return to;
  };

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'tl-gaia2-'));
    fs = new NodeFileSource(root);
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('an empty result.json makes an infra run with a diagnostic; the rest of the run still loads', async () => {
    const dir = await copy(dirs.engPass, 'empty-verdict');
    await writeFile(join(root, dir, 'result.json'), '');
    const { runs, diagnostics } = await index(fs, dir);
    expect(runs[0]).toMatchObject({ outcome: 'infra', failureFamily: 'infra', scenarioId: 'empty-verdict', failureReason: 'verdict unreadable: file is empty' });
    expect(diagnostics).toEqual([{ path: `${dir}/result.json`, line: null, message: 'file is empty', severity: 'error' }]);
    const t = await openRun(fs, dir);
    expect(t.steps).toHaveLength(6);
    expect(t.judge).toHaveLength(2);
    expect(t.diagnostics).toEqual(diagnostics);
  });

  it('invalid JSON in result.json names the line', async () => {
    const dir = await copy(dirs.engPass, 'invalid-verdict');
    await writeFile(join(root, dir, 'result.json'), '{\n  "scenario_id": "x",\n  "success": tru\n}\n');
    const { runs, diagnostics } = await index(fs, dir);
    expect(runs[0]?.outcome).toBe('infra');
    expect(diagnostics[0]).toMatchObject({ path: `${dir}/result.json`, line: 3, severity: 'error' });
  });

  it('a truncated events.jsonl line and an invalid judge-log line are reported; everything else loads', async () => {
    const dir = await copy(dirs.jpnSoft, 'truncated');
    const eventsPath = join(root, dir, 'events.jsonl');
    const events = await readFile(eventsPath, 'utf8');
    await writeFile(eventsPath, events.slice(0, events.length - 40));
    const judgePath = join(root, dir, 'daemon_judgments.jsonl');
    await writeFile(judgePath, `{"turn": 0, oops}\n${await readFile(judgePath, 'utf8')}`);

    const t = await openRun(fs, dir);
    expect(t.diagnostics).toEqual([
      { path: `${dir}/events.jsonl`, line: 5, message: expect.stringMatching(/^line 5 is truncated/), severity: 'error' },
      { path: `${dir}/daemon_judgments.jsonl`, line: 1, message: expect.stringMatching(/^line 1 is not valid JSON/), severity: 'error' },
    ]);
    // The last logged action (the message to the user) is lost, but the trace still shows the answer as a message.
    expect(toolSteps(t).map((s) => s.fn)).toEqual(['search_contacts', 'search_contacts', 'send_email', 'send_email']);
    expect(messageSteps(t).at(-1)?.text).toBe(t.finalAnswer);
    expect(t.judge.map((j) => j.oracleId)).toEqual(['Event-AGENT-3f9a2c71', 'Event-AGENT-81b0d4e3']);
  });

  it('a binary trace.jsonl is reported once; steps come from the environment log alone', async () => {
    const dir = await copy(dirs.engPass, 'binary-trace');
    await writeFile(join(root, dir, 'trace.jsonl'), new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]));
    const t = await openRun(fs, dir);
    expect(t.diagnostics).toEqual([
      { path: `${dir}/trace.jsonl`, line: null, message: 'binary content (NUL bytes): not a JSON Lines text file', severity: 'error' },
    ]);
    expect(outline(t.steps)).toEqual([
      'user: Please email Zhang Wei that the design r',
      'Contacts__search_contacts',
      'EmailClientV2__send_email (write)',
      'assistant: Done: I emailed Zhang Wei that the desig',
      'AgentUserInterface__send_message_to_user (write)',
    ]);
  });

  it('a 50 MB single line in trace.jsonl is skipped with a diagnostic and the other calls still merge', async () => {
    const dir = await copy(dirs.engPass, 'huge-trace');
    const tracePath = join(root, dir, 'trace.jsonl');
    const original = await readFile(tracePath, 'utf8');
    const handle = await open(tracePath, 'w');
    await handle.write('{"seq": 0, "type": "llm_call", "raw_response": "');
    const chunk = Buffer.alloc(1024 * 1024, 'z');
    for (let i = 0; i < 50; i++) await handle.write(chunk);
    await handle.write(`"}\n${original}`);
    await handle.close();

    const t = await openRun(fs, dir);
    expect(t.diagnostics).toEqual([
      { path: `${dir}/trace.jsonl`, line: 1, message: 'line 1 is longer than 16 MB; skipped', severity: 'error' },
    ]);
    expect(toolSteps(t)[0]?.reasoning).toBe("I need Zhang Wei's email address first.");
    expect(t.steps).toHaveLength(6);
  }, 30_000);

  it('a binary agent_response.txt is reported and the answer comes from result.json', async () => {
    const dir = await copy(dirs.engPass, 'binary-answer');
    await writeFile(join(root, dir, 'agent_response.txt'), new Uint8Array([0xff, 0x00, 0xfe]));
    const t = await openRun(fs, dir);
    expect(t.diagnostics.map((d) => d.path)).toEqual([`${dir}/agent_response.txt`]);
    expect(t.finalAnswer).toBe('Done: I emailed Zhang Wei that the design review moves to Friday at 10:00.');
  });

  it('with check, also validates the files the view does not use', async () => {
    const dir = await copy(dirs.engPass, 'optional-files');
    await writeFile(join(root, dir, 'user_details.json'), '{"first_name": "Alex",');
    await writeFile(join(root, dir, 'notifications.jsonl'), '{"type": "user_message"}\n{broken\n');
    expect((await openRun(fs, dir)).diagnostics).toEqual([]);
    const checked = await openRun(fs, dir, true);
    expect(checked.diagnostics.map((d) => [d.path, d.line])).toEqual([
      [`${dir}/user_details.json`, 1],
      [`${dir}/notifications.jsonl`, 2],
    ]);
  });

  it('without a judge log, the verdict reason gives the judge record and the count check', async () => {
    const hard = await copy(dirs.spaHard, 'no-judge-log-hard');
    await rm(join(root, hard, 'daemon_judgments.jsonl'));
    const t = await openRun(fs, hard);
    // The reason names the oracle event the verifier could not match; its arguments are unknown without the log.
    expect(t.oracle).toEqual([{ id: 'Event-AGENT-c41d7e02', tool: 'CabApp__order_ride', args: {}, turn: null }]);
    expect(t.judge).toEqual([
      {
        oracleId: 'Event-AGENT-c41d7e02',
        tool: 'CabApp__order_ride',
        matched: false,
        check: 'eq_checker:end_location',
        rationale: 'AGENT-CabApp.order_ride-0b9e4f11: eq_checker:end_location (agent=Aeropuerto Internacional, oracle=Airport)',
        llm: false,
        turn: null,
        agentArgs: null,
      },
    ]);
    expect(t.checks.map((c) => c.name)).toEqual(['verdict']);

    const count = await copy(dirs.cmnCount, 'no-judge-log-count');
    await rm(join(root, count, 'daemon_judgments.jsonl'));
    const c = await openRun(fs, count);
    expect(c.checks.map((k) => [k.name, k.passed])).toEqual([
      ['tool_count', false],
      ['verdict', false],
    ]);
    expect(c.judge[0]).toMatchObject({ oracleId: null, check: 'tool_count', matched: false });
  });

  it('a run whose result.json disappeared after indexing opens as infra with what remains', async () => {
    const dir = await copy(dirs.cmnCount, 'verdict-gone');
    const t0 = await openRun(fs, dir);
    await rm(join(root, dir, 'result.json'));
    const t = await gaia2CliReader.readTrajectory(fs, t0.run);
    expect(t.checks.at(-1)).toEqual({ name: 'verdict', passed: null, detail: 'no verdict: result.json is missing' });
    expect(t.steps).toHaveLength(t0.steps.length);
  });
});

describe('verdictFromJson', () => {
  it('falls back to the daemon judgment inside result.json when failure_reasons is empty', async () => {
    const verdict = verdictFromJson(
      {
        scenario_id: 's',
        success: false,
        failure_reasons: [],
        daemon_status: { judgment: { success: false, failure_reason: 'SMU count mismatch: agent=0, oracle=1, allowed_extra=1' } },
      },
      'runs/fra/run_3/time/s',
    );
    expect(verdict).toMatchObject({ outcome: 'fail', failureFamily: 'smu_count', capability: 'time', score: 0 });
  });

  it('counts a run that timed out before any judgment as infrastructure, even when the runner wrote success false', () => {
    const reason = 'Scenario timeout: agent did not complete within 240s scenario duration (7 tool calls)';
    const overran = { scenario_id: 's', success: false, reward: 0.0, num_agent_events: 7, failure_reasons: [reason], timed_out: true, timeout_seconds: 300 };
    expect(verdictFromJson(overran, 'out/time/s')).toMatchObject({ outcome: 'infra', failureFamily: 'timeout', failureReason: reason });
  });

  it('keeps the judge reason of a run judged before the wait ran out, and a null verdict with a timeout as infrastructure', () => {
    const judged = {
      scenario_id: 's',
      success: false,
      failure_reasons: ['SMU count mismatch: agent=0, oracle=1, allowed_extra=1'],
      timed_out: true,
      daemon_status: { judgment: { success: false, failure_reason: 'SMU count mismatch: agent=0, oracle=1, allowed_extra=1' } },
    };
    expect(verdictFromJson(judged, 'out/time/s')).toMatchObject({ outcome: 'fail', failureFamily: 'smu_count' });
    const unjudged = { scenario_id: 's', success: null, error: 'No judgment (daemon status: running, 3 agent events)', timed_out: true };
    expect(verdictFromJson(unjudged, 'out/time/s')).toMatchObject({ outcome: 'infra', failureFamily: 'timeout' });
  });
});

describe('checkRun', () => {
  it('reports for every example run exactly what readTrajectory with check reports', async () => {
    const fs = new NodeFileSource(join(__dirname, '../../../examples/gaia2-multilingual'));
    const runs = (await buildIndex(fs)).runs.filter((run) => run.format === 'gaia2-cli');
    let withProblems = 0;
    for (const run of runs) {
      const expected = (await gaia2CliReader.readTrajectory(fs, run, { check: true })).diagnostics;
      expect(await gaia2CliReader.checkRun?.(fs, run), run.path).toEqual(expected);
      if (expected.length > 0) withProblems++;
    }
    // The example holds a truncated line, an empty verdict, invalid JSON and NUL bytes, each in a run of its own.
    expect(withProblems).toBeGreaterThanOrEqual(4);
  });
});
