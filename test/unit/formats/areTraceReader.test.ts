import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DirEntry, FileSource } from '../../../src/core/fileSource';
import { areTraceReader, decodeArgValue, decodeReturnValue, NOT_LOGGED, parseAgentOutput } from '../../../src/core/formats/are';
import { readTopLevelFields } from '../../../src/core/formats/are/topLevelFields';
import { buildIndex } from '../../../src/core/index/buildIndex';
import { loadTrajectory } from '../../../src/core/index/loadTrajectory';
import type { MessageStep, RunSummary, Step, ToolCallStep, Trajectory } from '../../../src/core/model';
import { NodeFileSource } from '../../../src/core/nodeFileSource';
import { tempTrees } from '../index/tempTree';

const EXAMPLES = join(__dirname, '../../../examples/are-traces');
const FIXTURES = join(__dirname, '../../fixtures/are');
const readers = [areTraceReader];

const tree = tempTrees();

/** A file source that records every file it is asked to read, and how. */
function counting(root: string): { fs: NodeFileSource; reads: string[] } {
  const fs = new NodeFileSource(root);
  const reads: string[] = [];
  for (const method of ['read', 'readHead', 'readStream'] as const) {
    const original = fs[method].bind(fs) as (...a: unknown[]) => unknown;
    (fs as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      reads.push(`${method} ${String(args[0])}`);
      return original(...args);
    };
  }
  return { fs, reads };
}

function table(runs: readonly RunSummary[]): string[] {
  return runs.map((r) => `${r.id} ${r.language} ${r.runIndex} ${r.outcome} ${r.failureFamily ?? '-'} ${r.capability ?? '-'}`);
}

async function open(fs: FileSource, id: string): Promise<Trajectory> {
  const index = await buildIndex(fs, { readers });
  const run = index.runs.find((r) => r.id === id);
  if (!run) throw new Error(`no run ${id} in ${index.runs.map((r) => r.id).join(', ')}`);
  return loadTrajectory(fs, run, { check: true }, readers);
}

function outline(steps: readonly Step[]): string[] {
  return steps.map((s) =>
    s.kind === 'message'
      ? `${s.role}: ${s.text.slice(0, 30)}${s.reasoning ? ' [reasoning]' : ''}`
      : `${s.tool}${s.write ? ' (write)' : ''}${s.error ? ` [error: ${s.error.slice(0, 40)}]` : ''}${s.reasoning ? ' [reasoning]' : ''}`,
  );
}

const toolCalls = (t: Trajectory): ToolCallStep[] => t.steps.filter((s): s is ToolCallStep => s.kind === 'tool_call');
const file = (name: string): DirEntry => ({ name, type: 'file' });
const dir = (name: string): DirEntry => ({ name, type: 'directory' });

describe('claimsDirectory', () => {
  it('claims an output folder with hf/ and lite/, or output.jsonl beside one of them, or ARE-named traces', () => {
    expect(areTraceReader.claimsDirectory([dir('hf'), dir('lite')])).toBe(true);
    expect(areTraceReader.claimsDirectory([file('output.jsonl'), dir('hf')])).toBe(true);
    expect(areTraceReader.claimsDirectory([file('output.jsonl'), dir('lite')])).toBe(true);
    expect(areTraceReader.claimsDirectory([file('scn_a_run_1_0a1b2c3d.json')])).toBe(true);
  });

  it('leaves alone a lone hf/ folder (a model cache), a lone output.jsonl, and JSON named otherwise', () => {
    expect(areTraceReader.claimsDirectory([dir('hf'), file('config.json')])).toBe(false);
    expect(areTraceReader.claimsDirectory([file('output.jsonl')])).toBe(false);
    expect(areTraceReader.claimsDirectory([file('scn_a_run_1.json'), file('scn_a_run_1_0a1b2c3.json')])).toBe(false);
    expect(areTraceReader.claimsDirectory([dir('scn_a_run_1_0a1b2c3d.json')])).toBe(false);
  });
});

describe('indexing', () => {
  it('indexes the example sweep from output.jsonl alone: outcome, family, language, run and capability per run', async () => {
    const { fs, reads } = counting(EXAMPLES);
    const index = await buildIndex(fs, { readers });
    expect(index.diagnostics).toEqual([]);
    expect(table(index.runs)).toEqual([
      'eng/standard/execution#scn_contact_email_run_1 eng 1 pass - execution',
      'eng/standard/execution#scn_contact_email_run_2 eng 2 pass - execution',
      'jpn/standard/execution#scn_contact_email_run_1 jpn 1 fail hard_check:unordered_list_checker execution',
      'jpn/standard/execution#scn_contact_email_run_2 jpn 2 fail tool_count execution',
      'eng/standard/execution#scn_dentist_move_run_1 eng 1 pass - execution',
      'eng/standard/execution#scn_dentist_move_run_2 eng 2 fail hard_check:datetime_checker execution',
      'jpn/standard/execution#scn_dentist_move_run_1 jpn 1 pass - execution',
      'jpn/standard/execution#scn_dentist_move_run_2 jpn 2 pass - execution',
      'eng/standard/search#scn_cab_quote_run_1 eng 1 pass - search',
      'eng/standard/search#scn_cab_quote_run_2 eng 2 pass - search',
      'jpn/standard/search#scn_cab_quote_run_1 jpn 1 infra infra search',
      'jpn/standard/search#scn_cab_quote_run_2 jpn 2 unknown no_verdict search',
    ]);
    expect(new Set(index.runs.map((r) => r.group))).toEqual(
      new Set(['standard/search#scn_cab_quote', 'standard/execution#scn_contact_email', 'standard/execution#scn_dentist_move']),
    );
    expect(index.runs.every((r) => r.format === 'are-trace' && r.setting === 'standard')).toBe(true);
    expect(index.runs.find((r) => r.outcome === 'infra')).toMatchObject({
      failureReason: 'TimeoutError: LLM engine did not answer within 300 s (3 retries)',
      score: null,
    });
    expect(reads.sort()).toEqual(
      ['eng/standard/execution', 'eng/standard/search', 'jpn/standard/execution', 'jpn/standard/search'].map((d) => `readStream ${d}/output.jsonl`),
    );
  });

  it('without output.jsonl reads the hf metadata, and the lite verdict only for runs the hf file does not settle', async () => {
    const { fs, reads } = counting(join(FIXTURES, 'no-output'));
    const index = await buildIndex(fs, { readers });
    expect(table(index.runs)).toEqual([
      '.#scn_cab_quote_run_1 und 1 infra infra search',
      '.#scn_contact_email_run_1 und 1 pass - execution',
      '.#scn_contact_email_run_2 und 2 fail hard_check:unordered_list_checker execution',
      '.#scn_dentist_move_run_1 und 1 pass - execution',
      '.#scn_dentist_move_run_2 und 2 fail hard_check:datetime_checker -',
    ]);
    expect(index.diagnostics).toEqual([]);
    expect(index.runs.find((r) => r.id === '.#scn_contact_email_run_2')?.failureReason).toMatch(/^Cannot match EmailClientV2__send_email/);
    // Streamed for a few fields, never read whole; lite files only for the failed run and the run without hf.
    expect(reads.every((r) => r.startsWith('readStream '))).toBe(true);
    expect(reads.filter((r) => r.startsWith('readStream lite/')).sort()).toEqual([
      'readStream lite/scn_contact_email_run_2_65f60db1.json',
      'readStream lite/scn_dentist_move_run_2_3aa4b93c.json',
    ]);
  });

  it('reads the traces of runs output.jsonl does not list, and reports the lines it cannot use', async () => {
    const index = await buildIndex(new NodeFileSource(join(FIXTURES, 'partial-output')), { readers });
    expect(table(index.runs)).toEqual(['.#scn_cab_quote_run_1 und 1 pass - -', '.#scn_cab_quote_run_2 und 2 pass - search']);
    expect(index.diagnostics).toEqual([
      {
        path: 'output.jsonl',
        line: 2,
        message: 'line 2 is not an ARE result (needs "metadata.scenario_id" or "task_id"); ignored',
        severity: 'warning',
      },
    ]);
  });

  it('reads a single-format export written into the output folder itself', async () => {
    const index = await buildIndex(new NodeFileSource(join(FIXTURES, 'flat')), { readers });
    expect(table(index.runs)).toEqual(['.#scn_dentist_move_run_1 und 1 pass - execution']);
    expect(index.diagnostics).toEqual([]);
  });

  it('maps every output.jsonl status, and falls back to the score', async () => {
    const line = (run: number, status: string | null, score: number | null, rationale: string | null = null): string =>
      JSON.stringify({ task_id: 'scn', trace_id: null, score, metadata: { scenario_id: 'scn', run_number: run, status, rationale } });
    const fs = await tree({
      'out/hf/.keep': '',
      'out/output.jsonl': [
        line(1, 'success', 1),
        line(2, 'failed', 0, 'SMU count mismatch: agent=2, oracle=1, allowed_extra=1'),
        line(3, 'exception', null, 'ValueError: boom'),
        line(4, 'no_validation', null),
        line(5, null, 1),
        line(6, null, 0),
        line(7, 'weird', null),
        line(8, 'failed', 0),
      ].join('\n'),
    });
    const index = await buildIndex(fs, { readers });
    expect(index.runs.map((r) => `${r.runIndex} ${r.outcome} ${r.failureFamily ?? '-'} ${r.score ?? '-'} ${r.failureReason ?? '-'}`)).toEqual([
      '1 pass - 1 -',
      '2 fail smu_count 0 SMU count mismatch: agent=2, oracle=1, allowed_extra=1',
      '3 infra infra - ValueError: boom',
      '4 unknown no_verdict - not validated (status no_validation)',
      '5 pass - 1 -',
      '6 fail other 0 -',
      '7 unknown no_verdict - not validated: output.jsonl has unknown status "weird" and no score',
      '8 fail other 0 -',
    ]);
    expect(index.diagnostics).toEqual([]);
  });

  it('keys a run by its trace file name when output.jsonl gives one, so re-numbered files still match', async () => {
    const fs = await tree({
      'out/lite/scn_x_run_3_00ff00ff.json': JSON.stringify({ scenario_id: 'scn_x', validation_decision: 'Valid', per_agent_interaction_histories: {} }),
      'out/hf/.keep': '',
      'out/output.jsonl': JSON.stringify({
        task_id: 'scn_x',
        trace_id: 'C:\\runs\\out\\hf\\scn_x_run_3_00ff00ff.json',
        score: 0.0,
        metadata: { scenario_id: 'scn_x', run_number: 3, status: 'failed', rationale: 'Tool count mismatch: agent={}, oracle={}' },
      }),
    });
    const index = await buildIndex(fs, { readers });
    expect(table(index.runs)).toEqual(['out#scn_x_run_3 und 3 fail tool_count -']);
  });
});

describe('loading a run', () => {
  it('merges the hf log with the lite history: decoded arguments, reasoning, failed and rejected calls', async () => {
    const t = await open(new NodeFileSource(EXAMPLES), 'jpn/standard/execution#scn_contact_email_run_1');
    expect(outline(t.steps)).toEqual([
      'system: You are an expert assistant wh',
      'user: アンナ・ケラーさんに、予算レビューが木曜日の午後3時に変更に',
      'Contacts__search_contacts [reasoning]',
      `Contacts__find_contact [error: ${NOT_LOGGED.slice(0, 40)}] [reasoning]`,
      "Contacts__get_contact [error: KeyError: 'Contact アンナ・ケラー does not exis] [reasoning]",
      'EmailClientV2__send_email (write) [reasoning]',
      'assistant: アンナ・ケラーさんにメールを送りました。 [reasoning]',
      'AgentUserInterface__send_message_to_user (write)',
    ]);
    const calls = toolCalls(t);
    expect(calls[0]).toMatchObject({ app: 'Contacts', fn: 'search_contacts', args: { query: 'アンナ・ケラー' }, result: null, requestor: 'assistant' });
    // A list argument exported as a JSON string (non-ASCII escaped) is a list again.
    expect(calls[3]?.args).toEqual({ recipients: ['anna@example.com'], subject: '予算レビューの変更', content: 'アンナさん、予算レビューは木曜日の午後3時に変更になりました。サム' });
    expect(calls[3]).toMatchObject({ result: 'e_91f3aa', write: true, reasoning: '連絡先が見つからないので、anna@example.com に送ります。' });
    // The rejected call shows what the environment answered.
    expect(calls[1]?.result).toBe('Tool Contacts__find_contact does not exist.');
    expect(t.task).toBe('アンナ・ケラーさんに、予算レビューが木曜日の午後3時に変更になったとメールしてください。');
    expect(t.finalAnswer).toBe('アンナ・ケラーさんにメールを送りました。');
    expect(t.oracle.map((o) => `${o.id} ${o.tool}`)).toEqual([
      'Event-AGENT-5c1e0a7d-2b41-4f0e-9a11-3d9c1f0b2a61 EmailClientV2__send_email',
      'Event-AGENT-0b7e44d2-91c3-4a5e-8f20-6e1d2c3b4a59 AgentUserInterface__send_message_to_user',
    ]);
    expect(t.oracle[0]?.args).toMatchObject({ recipients: ['anna.keller@example.com'] });
    expect(t.judge).toEqual([
      {
        oracleId: 'Event-AGENT-5c1e0a7d-2b41-4f0e-9a11-3d9c1f0b2a61',
        tool: 'EmailClientV2__send_email',
        matched: false,
        check: 'unordered_list_checker:recipients',
        rationale: "Event-AGENT-3e8d1f60-77aa-4c2b-b1d4-0f9e8a7c6b5d: unordered_list_checker:recipients (agent=['anna@example.com'], oracle=['anna.keller@example.com'])",
        llm: false,
        turn: null,
        agentArgs: null,
      },
    ]);
    expect(t.checks).toEqual([{ name: 'verdict', passed: false, detail: expect.stringMatching(/^Cannot match EmailClientV2__send_email/) }]);
    expect(t.diagnostics).toEqual([]);
  });

  it('shows the user task from the hf log as a user message, and Python repr return values as text', async () => {
    const t = await open(new NodeFileSource(EXAMPLES), 'eng/standard/search#scn_cab_quote_run_1');
    const user = t.steps.find((s): s is MessageStep => s.kind === 'message' && s.role === 'user');
    expect(user?.text).toBe('How much would a cab from home to the airport cost right now?');
    const quote = toolCalls(t)[0];
    expect(quote?.args).toEqual({ start_location: 'Home', end_location: 'Zurich Airport', service_type: 'Default', ride_time: null });
    expect(quote?.result).toBe(
      "Ride(ride_id='r_88', status='quoted', service_type='Default', start_location='Home', end_location='Zurich Airport', price=54.3, duration=1260.0, distance_km=14.2)",
    );
    expect(t.checks).toEqual([{ name: 'verdict', passed: true, detail: 'validation decision: Valid' }]);
  });

  it('records a count mismatch as a failed check, and a crashed run as undecided', async () => {
    const fs = new NodeFileSource(EXAMPLES);
    const count = await open(fs, 'jpn/standard/execution#scn_contact_email_run_2');
    expect(count.checks.map((c) => `${c.name} ${String(c.passed)}`)).toEqual(['tool_count false', 'verdict false']);
    expect(count.judge[0]).toMatchObject({ check: 'tool_count', oracleId: null, matched: false });
    const crashed = await open(fs, 'jpn/standard/search#scn_cab_quote_run_1');
    expect(crashed.checks).toEqual([{ name: 'verdict', passed: null, detail: 'TimeoutError: LLM engine did not answer within 300 s (3 retries)' }]);
    expect(crashed.judge).toEqual([]);
    expect(outline(crashed.steps).slice(1)).toEqual(['user: 今、自宅から空港までタクシーはいくらかかりますか？', 'Cab__get_quotation [reasoning]']);
  });

  it('builds the steps from the lite history alone when the hf file is missing, and says so', async () => {
    const t = await open(new NodeFileSource(join(FIXTURES, 'no-output')), '.#scn_dentist_move_run_2');
    expect(outline(t.steps)).toEqual([
      'system: You are an expert assistant wh',
      'user: Move my dentist appointment to',
      'Calendar__search_events [reasoning]',
      'Calendar__edit_calendar_event [reasoning]',
      'assistant: Your dentist appointment is no [reasoning]',
      'AgentUserInterface__send_message_to_user (write)',
    ]);
    expect(toolCalls(t)[0]?.result).toMatch(/^\[CalendarEvent\(event_id='ev_3310'/);
    expect(t.task).toBe('Move my dentist appointment to next Friday, same time.');
    expect(t.oracle).toEqual([]);
    expect(t.judge[0]).toMatchObject({ oracleId: null, tool: 'Calendar__edit_calendar_event', check: 'datetime_checker:start_datetime' });
    expect(t.diagnostics).toEqual([
      {
        path: '.',
        line: null,
        message: 'run scn_dentist_move_run_2 has no readable trace in hf/ (no oracle events; steps from the interaction history)',
        severity: 'warning',
      },
    ]);
  });

  it('shows an hf-only run without reasoning, and says the lite half is missing', async () => {
    const t = await open(new NodeFileSource(join(FIXTURES, 'no-output')), '.#scn_dentist_move_run_1');
    expect(outline(t.steps)).toEqual([
      'user: 歯医者の予約を来週の金曜日の同じ時間に移動してください。',
      'Calendar__search_events',
      'Calendar__edit_calendar_event (write)',
      'assistant: 歯医者の予約を10月18日（金）10:00〜11:00に移動',
      'AgentUserInterface__send_message_to_user (write)',
    ]);
    expect(t.diagnostics.map((d) => d.message)).toEqual(['run scn_dentist_move_run_1 has no readable trace in lite/ (no validator rationale or agent reasoning)']);
  });
});

/** Serves one file's bytes in chunks of `size`, as a slow or remote file system would. */
class ChunkedSource extends NodeFileSource {
  constructor(
    private readonly bytes: Uint8Array,
    private readonly size: number,
  ) {
    super('/');
  }

  override async *readStream(): AsyncIterable<Uint8Array> {
    for (let i = 0; i < this.bytes.length; i += this.size) yield this.bytes.slice(i, i + this.size);
  }
}

const chunked = (bytes: Uint8Array, size: number): FileSource => new ChunkedSource(bytes, size);

describe('reading a few top-level fields of a large trace', () => {
  it('finds the same values JSON.parse does, whatever the chunk boundaries', async () => {
    const folder = join(EXAMPLES, 'jpn/standard/execution');
    for (const kind of ['hf', 'lite']) {
      for (const name of await readdir(join(folder, kind))) {
        const bytes = await readFile(join(folder, kind, name));
        const parsed = JSON.parse(bytes.toString('utf8')) as Record<string, unknown>;
        for (const size of [1, 7, 4096]) {
          const { fields, keys, diagnostics } = await readTopLevelFields(chunked(bytes, size), name, new Set(Object.keys(parsed)));
          expect(diagnostics).toEqual([]);
          expect(Object.fromEntries(fields ?? [])).toEqual(parsed);
          expect([...keys]).toEqual(Object.keys(parsed));
        }
      }
    }
  });

  it('rejects text that is not one well-formed JSON object, naming the line', async () => {
    const read = async (text: string): Promise<string | undefined> => {
      const { diagnostics } = await readTopLevelFields(chunked(new TextEncoder().encode(text), 3), 'f.json', new Set(['a']));
      return diagnostics[0] && `${diagnostics[0].line}: ${diagnostics[0].message}`;
    };
    expect(await read('{"a": [1, {"b": "}"}], "c": 2}')).toBeUndefined();
    expect(await read('\ufeff{"a": 1}')).toBeUndefined();
    expect(await read('{"a": [1, 2}')).toBe('1: invalid JSON: mismatched bracket on line 1');
    expect(await read('{"a": 1,\n"b": 2')).toBe('2: invalid JSON: truncated: the JSON object is not closed at the end of the file');
    expect(await read('{"a": 1}\n{"a": 2}')).toBe('2: invalid JSON: text after the end of the JSON object on line 2');
    expect(await read('{"a" 1}')).toBe('1: invalid JSON: expected ":" on line 1');
    expect(await read('{"a": 1,}')).toBe('1: invalid JSON: expected a field name on line 1');
    expect(await read('{"a": tru}')).toMatch(/^null: invalid JSON in field "a": /);
  });
});

describe('values', () => {
  it('decodes exported argument values by their Python type, keeping text that does not fit', () => {
    expect(decodeArgValue('["a", "b"]', 'list')).toEqual(['a', 'b']);
    expect(decodeArgValue('{"k": 1}', 'dict')).toEqual({ k: 1 });
    expect(decodeArgValue('[broken', 'list')).toBe('[broken');
    expect(decodeArgValue('42', 'int')).toBe(42);
    expect(decodeArgValue('99999999999999999999', 'int')).toBe('99999999999999999999');
    expect(decodeArgValue('2.5', 'float')).toBe(2.5);
    expect(decodeArgValue('inf', 'float')).toBe('inf');
    expect(decodeArgValue('True', 'bool')).toBe(true);
    expect(decodeArgValue('False', 'bool')).toBe(false);
    expect(decodeArgValue(null, null)).toBeNull();
    expect(decodeArgValue('["not", "a", "list"]', 'str')).toBe('["not", "a", "list"]');
    expect(decodeArgValue('2024-10-18 10:00:00', 'datetime')).toBe('2024-10-18 10:00:00');
    expect(decodeArgValue('{{Event-AGENT-1.email_id}}', null)).toBe('{{Event-AGENT-1.email_id}}');
    expect(decodeArgValue(7, 'int')).toBe(7);
  });

  it('parses a return value only when it is a complete Python list or dict literal', () => {
    expect(decodeReturnValue("['a@x.com', 'b@x.com']")).toEqual(['a@x.com', 'b@x.com']);
    expect(decodeReturnValue("{'ok': True, 'n': None}")).toEqual({ ok: true, n: null });
    expect(decodeReturnValue("[Contact(first_name='Anna')]")).toBe("[Contact(first_name='Anna')]");
    expect(decodeReturnValue('e_7d21c0')).toBe('e_7d21c0');
    expect(decodeReturnValue(null)).toBeNull();
  });

  it('splits an agent output into its thought and action', () => {
    expect(parseAgentOutput('Thought: look it up\n\nAction:\n{"action": "Contacts__search_contacts", "action_input": {"query": "Anna"}}<end_action>')).toEqual({
      thought: 'look it up',
      action: { name: 'Contacts__search_contacts', args: { query: 'Anna' } },
    });
    expect(parseAgentOutput('Action:\n```json\n{"action": "Cab__list_rides", "action_input": "{\\"n\\": 2}"}\n```')).toEqual({
      thought: null,
      action: { name: 'Cab__list_rides', args: { n: 2 } },
    });
    expect(parseAgentOutput('Thought: I am done.')).toEqual({ thought: 'I am done.', action: null });
    expect(parseAgentOutput('Action: {"action": 3}')).toEqual({ thought: null, action: null });
    expect(parseAgentOutput('Thought: x Action: {"action": "A__b", "action_input": "plain"')).toEqual({ thought: 'x Action: {"action": "A__b", "action_input": "plain"', action: null });
    expect(parseAgentOutput('Action: {"action": "A__b", "action_input": "plain"}').action).toEqual({ name: 'A__b', args: { input: 'plain' } });
  });
});

describe('malformed exports', () => {
  const hf = async (name: string): Promise<string> => readFile(join(FIXTURES, 'no-output/hf', name), 'utf8');

  it('reports a truncated hf file with its line, and still indexes the run from its lite file', async () => {
    const text = await hf('scn_contact_email_run_2_65f60db1.json');
    const fs = await tree({
      'out/hf/scn_contact_email_run_2_65f60db1.json': text.slice(0, Math.floor(text.length / 2)),
      'out/lite/scn_contact_email_run_2_65f60db1.json': await readFile(join(FIXTURES, 'no-output/lite/scn_contact_email_run_2_65f60db1.json'), 'utf8'),
    });
    const index = await buildIndex(fs, { readers });
    expect(table(index.runs)).toEqual(['out#scn_contact_email_run_2 und 2 fail hard_check:unordered_list_checker -']);
    expect(index.diagnostics).toEqual([
      {
        path: 'out/hf/scn_contact_email_run_2_65f60db1.json',
        line: text.slice(0, Math.floor(text.length / 2)).split('\n').length,
        message: 'invalid JSON: truncated: the JSON object is not closed at the end of the file',
        severity: 'error',
      },
    ]);
    const t = await loadTrajectory(fs, index.runs[0] as RunSummary, { check: true }, readers);
    expect(t.diagnostics[0]).toMatchObject({ path: 'out/hf/scn_contact_email_run_2_65f60db1.json', severity: 'error', message: expect.stringMatching(/^invalid JSON/) });
    // Without the hf half the history still tells the steps.
    expect(toolCalls(t).map((c) => c.tool)).toContain('EmailClientV2__send_email');
  });

  it('reads exports with lists, objects and values of the wrong types, reporting what it skips', async () => {
    const value = JSON.parse(await hf('scn_contact_email_run_1_afb994e2.json')) as Record<string, unknown>;
    const completed = value.completed_events as Array<Record<string, unknown>>;
    completed[1] = { ...completed[1], action: { app: 7, function: null, args: 'not a list' } };
    (completed[2] as { action: Record<string, unknown> }).action.args = { recipients: 'x' };
    completed.push('garbage' as unknown as Record<string, unknown>);
    value.events = { not: 'a list' };
    (value.metadata as Record<string, unknown>).definition = { scenario_id: 42, run_number: 'one', has_exception: 'yes' };
    const fs = await tree({ 'out/scn_contact_email_run_1_afb994e2.json': JSON.stringify(value) });
    const index = await buildIndex(fs, { readers });
    expect(table(index.runs)).toEqual(['out#scn_contact_email_run_1 und 1 pass - -']);
    const t = await loadTrajectory(fs, index.runs[0] as RunSummary, { check: true }, readers);
    expect(outline(t.steps)).toEqual([
      'user: Email Anna Keller that the bud',
      'EmailClientV2__send_email (write)',
      'assistant: I emailed Anna Keller (anna.ke',
      'AgentUserInterface__send_message_to_user (write)',
    ]);
    expect(toolCalls(t)[0]?.args).toEqual({});
    expect(t.oracle).toEqual([]);
    const path = 'out/scn_contact_email_run_1_afb994e2.json';
    expect(t.diagnostics).toEqual([
      { path, line: null, message: '"events" is not a list; ignored', severity: 'warning' },
      { path, line: null, message: 'completed_events[1] has no action app and function; ignored', severity: 'warning' },
      { path, line: null, message: 'completed_events[4] is not an object; ignored', severity: 'warning' },
    ]);
  });

  it('summarises the problems of a huge list of broken events instead of listing each', async () => {
    const value = JSON.parse(await hf('scn_contact_email_run_1_afb994e2.json')) as Record<string, unknown>;
    value.completed_events = Array.from({ length: 100_000 }, (_, i) => ({ event_type: 'AGENT', event_id: `e${i}`, action: {} }));
    const fs = await tree({ 'out/scn_contact_email_run_1_afb994e2.json': JSON.stringify(value) });
    const index = await buildIndex(fs, { readers });
    const t = await loadTrajectory(fs, index.runs[0] as RunSummary, { check: true }, readers);
    expect(t.steps).toEqual([]);
    expect(t.diagnostics).toHaveLength(21);
    expect(t.diagnostics[20]?.message).toBe('99980 more problems in this file are not listed');
  });

  it('turns empty, binary, non-object and unrecognised trace files into diagnostics, never runs', async () => {
    const fs = await tree({
      'out/hf/a_run_1_00000001.json': '',
      'out/hf/b_run_1_00000002.json': '\u0000\u0001binary',
      'out/hf/c_run_1_00000003.json': '[1, 2, 3]',
      'out/hf/d_run_1_00000004.json': '{"hello": "world"}',
      'out/lite/.keep': '',
    });
    const index = await buildIndex(fs, { readers });
    expect(index.runs).toEqual([]);
    expect(index.diagnostics.map((d) => `${d.path}: ${d.message}`)).toEqual([
      'out/hf/a_run_1_00000001.json: invalid JSON: the file is empty',
      'out/hf/b_run_1_00000002.json: invalid JSON: not a JSON object',
      'out/hf/c_run_1_00000003.json: invalid JSON: not a JSON object',
      'out/hf/d_run_1_00000004.json: unrecognised: neither an ARE hf trace (metadata.definition) nor a lite trace (per_agent_interaction_histories)',
    ]);
  });

  it('reads the last of two traces of one run in one folder, and says which it skipped', async () => {
    const lite = (decision: string): string => JSON.stringify({ scenario_id: 's', validation_decision: decision, per_agent_interaction_histories: {} });
    const fs = await tree({ 'out/s_run_1_00000001.json': lite('Invalid'), 'out/s_run_1_00000002.json': lite('Valid') });
    const index = await buildIndex(fs, { readers });
    expect(table(index.runs)).toEqual(['out#s_run_1 und 1 pass - -']);
    expect(index.diagnostics).toEqual([
      {
        path: 'out/s_run_1_00000001.json',
        line: null,
        message: 'two traces of run s_run_1 in one folder: s_run_1_00000002.json is read, s_run_1_00000001.json is not',
        severity: 'warning',
      },
    ]);
  });

  it('reports a run whose files disappeared after indexing, and an id that names no run', async () => {
    const fs = await tree({ 'out/hf/.keep': '', 'out/lite/.keep': '' });
    const run: RunSummary = {
      id: 'out#gone_run_1',
      path: 'out',
      format: 'are-trace',
      group: 'gone',
      scenarioId: 'gone',
      language: 'und',
      languageLabel: 'und',
      runIndex: 1,
      outcome: 'fail',
      capability: null,
      failureFamily: 'other',
      failureReason: null,
      score: 0,
      model: null,
      agent: null,
      setting: null,
    };
    const gone = await areTraceReader.readTrajectory(fs, run);
    expect(gone.diagnostics.map((d) => d.message)).toEqual(['no trace file for run gone_run_1 in hf/, lite/ or the folder itself']);
    expect(gone.checks).toEqual([{ name: 'verdict', passed: false, detail: 'Invalid (no rationale recorded)' }]);
    const unkeyed = await areTraceReader.readTrajectory(fs, { ...run, id: 'out' });
    expect(unkeyed.diagnostics[0]?.message).toBe('run id out names no ARE run (expected <folder>#<scenario>_run_<n>)');
  });
});
