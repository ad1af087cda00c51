import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseTaskToml, polyworkReader } from '../../../src/core/formats/polywork';
import { buildIndex } from '../../../src/core/index/buildIndex';
import { loadTrajectory } from '../../../src/core/index/loadTrajectory';
import type { RunIndex } from '../../../src/core/index/runIndex';
import type { Diagnostic, Trajectory } from '../../../src/core/model';
import { NodeFileSource } from '../../../src/core/nodeFileSource';
import { makeTree, removeTree } from '../index/tempTree';

// Every malformed variant yields diagnostics naming the file (and line where there is one), never an exception, and
// every other run still loads.

const TASK = 'LEG-01_ru_contract_review';
const RUN = `output/openclaw/${TASK}/claude-sonnet-4_20250301_0900_abcdef`;
const OTHER = `output/openclaw/${TASK}/claude-sonnet-4_20250301_1000_fedcba`;
const roots: string[] = [];

function result(extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ task_id: TASK, harness: 'openclaw', model: 'claude-sonnet-4', error: null, scores: { overall_score: 0.8 }, ...extra });
}

const chatLine = (role: string, content: unknown, extra: Record<string, unknown> = {}): string =>
  JSON.stringify({ type: 'message', message: { role, content, ...extra } });

/** A tree with one healthy run beside the run under test, so each test also shows the other run still loads. */
async function tree(files: Record<string, string>): Promise<{ fs: NodeFileSource; index: RunIndex }> {
  const root = await makeTree({
    [`${OTHER}/result.json`]: result(),
    [`${OTHER}/chat.jsonl`]: chatLine('user', 'hallo'),
    ...files,
  });
  roots.push(root);
  const fs = new NodeFileSource(root);
  return { fs, index: await buildIndex(fs) };
}

async function openRun(files: Record<string, string>, path = RUN): Promise<{ trajectory: Trajectory; index: RunIndex }> {
  const { fs, index } = await tree({ [`${RUN}/result.json`]: result(), ...files });
  const run = index.runs.find((r) => r.path === path);
  if (!run) throw new Error(`no run at ${path}`);
  return { trajectory: await loadTrajectory(fs, run, { check: true }), index };
}

const messages = (diagnostics: readonly Diagnostic[]): string[] => diagnostics.map((d) => `${d.path}:${d.line ?? '-'} ${d.message}`);

afterEach(async () => {
  await Promise.all(roots.splice(0).map(removeTree));
});

describe('result.json', () => {
  it('truncated: an error naming the file and line, no run; the other run is indexed', async () => {
    const { index } = await tree({ [`${RUN}/result.json`]: result().slice(0, 40), [`${RUN}/chat.jsonl`]: '' });
    expect(index.runs.map((r) => r.path)).toEqual([OTHER]);
    expect(index.diagnostics).toEqual([expect.objectContaining({ path: `${RUN}/result.json`, line: 1, severity: 'error' })]);
    expect(index.diagnostics[0]?.message).toMatch(/^invalid JSON/);
  });

  it.each([
    ['a list', '[1, 2, 3]'],
    ['an object without task_id', JSON.stringify({ harness: 'openclaw', scores: {} })],
    ['a string', '"result"'],
  ])('%s: not a PolyWorkBench result', async (_name, text) => {
    const { index } = await tree({ [`${RUN}/result.json`]: text, [`${RUN}/chat.jsonl`]: '' });
    expect(index.runs).toHaveLength(1);
    expect(messages(index.diagnostics)).toEqual([`${RUN}/result.json:- not a PolyWorkBench result (expected an object with task_id and harness or scores); no run read`]);
  });

  it('empty or binary: reported, no run', async () => {
    const empty = await tree({ [`${RUN}/result.json`]: '', [`${RUN}/chat.jsonl`]: '' });
    expect(messages(empty.index.diagnostics)).toEqual([`${RUN}/result.json:- file is empty`]);
    const binary = await tree({ [`${RUN}/result.json`]: '\u0000\u0001PK', [`${RUN}/chat.jsonl`]: '' });
    expect(messages(binary.index.diagnostics)).toEqual([`${RUN}/result.json:- binary content (NUL bytes): not a JSON file`]);
  });

  it('wrong types: each field reported and ignored; the run is indexed from the folder names', async () => {
    const bad = JSON.stringify({ task_id: TASK, harness: 7, model: null, scores: { overall_score: 'high', dimensions: [1, 2], tests_total: '5' }, usage: 'lots' });
    const { index } = await tree({ [`${RUN}/result.json`]: bad, [`${RUN}/chat.jsonl`]: '' });
    const run = index.runs.find((r) => r.path === RUN);
    expect(run).toMatchObject({ outcome: 'unknown', score: null, setting: 'openclaw', model: 'claude-sonnet-4' });
    expect(messages(index.diagnostics)).toEqual([
      `${RUN}/result.json:- harness should be a string, not number; ignored`,
      `${RUN}/result.json:- scores.dimensions should be an object, not a list; ignored`,
      `${RUN}/result.json:- scores.overall_score should be a number, not string; ignored`,
      `${RUN}/result.json:- scores.tests_total should be a number, not string; ignored`,
      `${RUN}/result.json:- usage should be an object, not string; ignored`,
    ]);
  });

  it('missing on open (deleted after indexing): the trajectory reports it instead of throwing', async () => {
    const { fs, index } = await tree({ [`${RUN}/result.json`]: result(), [`${RUN}/chat.jsonl`]: chatLine('user', 'x') });
    await rm(join(fs.root, RUN, 'result.json'));
    const run = index.runs.find((r) => r.path === RUN);
    if (!run) throw new Error('no run');
    const t = await polyworkReader.readTrajectory(fs, run, { check: true });
    expect(t.diagnostics.map((d) => d.path)).toContain(`${RUN}/result.json`);
    expect(t.steps.map((s) => s.kind)).toEqual(['message']);
  });

  it('an agent error without scores is infra, with the error as the reason', async () => {
    const { index } = await tree({ [`${RUN}/result.json`]: result({ scores: {}, error: 'docker: container exited (137)' }), [`${RUN}/chat.jsonl`]: '' });
    expect(index.runs.find((r) => r.path === RUN)).toMatchObject({ outcome: 'infra', failureFamily: 'infra', failureReason: 'docker: container exited (137)' });
  });

  it('a huge dimensions object is read whole', async () => {
    const dimensions = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`d${i}`, { score: i % 2, weight: 0.001, details: {} }]));
    const { trajectory } = await openRun({ [`${RUN}/result.json`]: result({ scores: { overall_score: 0.5, dimensions } }), [`${RUN}/agent.log`]: '' });
    expect(trajectory.checks.filter((c) => c.name.startsWith('grade · '))).toHaveLength(5000);
  });
});

describe('chat logs', () => {
  it('garbage and a truncated last line: diagnostics with line numbers, the valid lines become steps', async () => {
    const chat = [chatLine('user', 'Vertrag prüfen'), 'not json at all', chatLine('assistant', [{ type: 'text', text: 'Готово.' }]), '{"type": "message", "mess'].join('\n');
    const { trajectory } = await openRun({ [`${RUN}/chat.jsonl`]: chat });
    expect(trajectory.steps.map((s) => (s.kind === 'message' ? s.text : s.tool))).toEqual(['Vertrag prüfen', 'Готово.']);
    expect(trajectory.diagnostics.map((d) => [d.path, d.line])).toEqual([
      [`${RUN}/chat.jsonl`, 2],
      [`${RUN}/chat.jsonl`, 4],
    ]);
    expect(trajectory.diagnostics[1]?.message).toContain('truncated');
  });

  it('tens of thousands of lines of an unknown role: one diagnostic, not one per line', async () => {
    const lines = Array.from({ length: 30_000 }, () => chatLine('robot', 'beep'));
    const { trajectory } = await openRun({ [`${RUN}/chat.jsonl`]: `${lines.join('\n')}\n` });
    expect(trajectory.steps).toEqual([]);
    expect(messages(trajectory.diagnostics)).toEqual([`${RUN}/chat.jsonl:1 30000 message lines of unknown shape or role skipped (first: line 1 has role "robot")`]);
  });

  it('wrong types inside messages: content not a list, tool call without a name, result without its call', async () => {
    const chat = [
      chatLine('user', 42),
      chatLine('assistant', [{ type: 'toolCall', id: 'c1', arguments: { x: 1 } }, { type: 'toolCall', id: 'c2', name: 'exec', arguments: 'ls -la' }]),
      chatLine('toolResult', [{ type: 'text', text: 'total 0' }], { toolCallId: 'c2', toolName: 'exec' }),
      chatLine('toolResult', 'lost', { toolCallId: 'c9', toolName: 'read' }),
      JSON.stringify({ type: 'message', message: 'not an object' }),
    ].join('\n');
    const { trajectory } = await openRun({ [`${RUN}/chat.jsonl`]: chat });
    expect(trajectory.steps.map((s) => (s.kind === 'tool_call' ? [s.tool, s.args, s.result] : s.text))).toEqual([
      ['exec', { input: 'ls -la' }, 'total 0'],
      ['read', {}, 'lost'],
    ]);
    expect(messages(trajectory.diagnostics)).toEqual([
      `${RUN}/chat.jsonl:5 1 message lines of unknown shape or role skipped (first: line 5 has no message object)`,
      `${RUN}/chat.jsonl:- 1 tool results answer a call that is not in the log; shown as calls without arguments`,
    ]);
  });

  it('a Codex rollout in chat.jsonl is recognised by its content, whatever the harness says', async () => {
    const rollout = [
      JSON.stringify({ timestamp: '2025-03-01T09:00:00Z', type: 'session_meta', payload: { id: 's' } }),
      JSON.stringify({ timestamp: '2025-03-01T09:00:01Z', type: 'response_item', payload: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Проверь договор.' }] } }),
      JSON.stringify({ timestamp: '2025-03-01T09:00:02Z', type: 'response_item', payload: { type: 'custom_tool_call', name: 'apply_patch', input: '*** Begin Patch', call_id: 'p1' } }),
      JSON.stringify({ timestamp: '2025-03-01T09:00:03Z', type: 'response_item', payload: { type: 'custom_tool_call_output', call_id: 'p1', output: 'Success.' } }),
    ].join('\n');
    const { trajectory } = await openRun({ [`${RUN}/chat.jsonl`]: rollout });
    expect(trajectory.steps).toMatchObject([
      { kind: 'message', role: 'user', text: 'Проверь договор.' },
      { kind: 'tool_call', tool: 'apply_patch', args: { input: '*** Begin Patch' }, result: 'Success.', write: true },
    ]);
  });

  it('Claude Code and Hermes logs of an unknown shape: a warning, and the next log is tried', async () => {
    const { trajectory } = await openRun({
      [`${RUN}/result.json`]: result({ harness: 'claudecode' }),
      [`${RUN}/claude_code_log/chat.json`]: JSON.stringify({ version: 1 }),
      [`${RUN}/hermes_session/session_1.json`]: JSON.stringify({ messages: [7, null, { role: 'user', content: 'Привет' }] }),
    });
    expect(trajectory.steps).toMatchObject([{ kind: 'message', role: 'user', text: 'Привет' }]);
    expect(messages(trajectory.diagnostics)).toEqual([
      `${RUN}/claude_code_log/chat.json:- not a Claude Code log (no list of messages, stream events or API exchanges); no steps read`,
      `${RUN}/hermes_session/session_1.json:- 2 messages of unknown shape or role skipped (first: not an object)`,
    ]);
  });
});

describe('Claude Code log shapes', () => {
  const conversation = [
    { role: 'user', content: 'Проверь договор.' },
    { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'Read', input: { file_path: 'contract.md' } }] },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'Пункт 4.2' }] },
  ];
  it.each([
    ['a list of messages', conversation],
    ['an object with messages', { messages: conversation }],
    ['API exchanges (the last request and its response)', [
      { request: { messages: conversation.slice(0, 1) }, response: { content: [{ type: 'text', text: 'early' }] } },
      { request: { messages: conversation }, response: { role: 'assistant', content: [{ type: 'text', text: 'Пункт 4.2 противоречит 7.1.' }] } },
    ]],
  ])('%s', async (_name, log) => {
    const { trajectory } = await openRun({ [`${RUN}/result.json`]: result({ harness: 'claudecode' }), [`${RUN}/claude_code_log/chat.json`]: JSON.stringify(log) });
    expect(trajectory.steps.slice(0, 2)).toMatchObject([
      { kind: 'message', role: 'user', text: 'Проверь договор.' },
      { kind: 'tool_call', tool: 'Read', args: { file_path: 'contract.md' }, result: 'Пункт 4.2' },
    ]);
    expect(trajectory.diagnostics).toEqual([]);
  });

  it('a log written line by line (JSONL) under the .json name', async () => {
    const lines = conversation.map((m) => JSON.stringify({ type: m.role, message: m })).join('\n');
    const { trajectory } = await openRun({ [`${RUN}/result.json`]: result({ harness: 'claudecode' }), [`${RUN}/claude_code_log/chat.json`]: lines });
    expect(trajectory.steps.map((s) => s.kind)).toEqual(['message', 'tool_call']);
  });
});

describe('task folder', () => {
  it('a task.toml line that cannot be read is reported with its line; the tags still give the language', async () => {
    // The multi-line string is valid TOML; the unterminated array on line 5 is not.
    const toml = 'id = "x"\nname = """multi\nline"""\ntags = ["ru-instruction", "en-output"]\nbroken = [1, 2\n';
    const { index } = await tree({
      [`full_tasks/${TASK}/task.toml`]: toml,
      [`full_tasks/${TASK}/instruction.md`]: 'Проверь договор.',
      [`${RUN}/result.json`]: result(),
      [`${RUN}/chat.jsonl`]: '',
    });
    expect(index.runs.map((r) => r.language)).toEqual(['rus', 'rus']);
    expect(messages(index.diagnostics)).toContain(`full_tasks/${TASK}/task.toml:5 not valid TOML, line not read: expected comma or end of structure`);
  });

  it('a task folder beside output/ (the default tasks folder of the runner) gives the language too', async () => {
    const { index } = await tree({
      [`${TASK}/task.toml`]: 'id = "x"\ntags = ["ko-instruction", "en-source", "ko-output"]\n',
      [`${TASK}/instruction.md`]: '계약서를 검토하세요.',
      [`${RUN}/result.json`]: result(),
      [`${RUN}/chat.jsonl`]: '',
    });
    expect(index.runs.map((r) => r.language)).toEqual(['kor', 'kor']);
    expect(index.diagnostics).toEqual([]);
  });

  it('a task id that is not a folder name is not looked up', async () => {
    const { index } = await tree({ [`${RUN}/result.json`]: result({ task_id: '../../etc' }), [`${RUN}/chat.jsonl`]: '' });
    expect(index.runs.find((r) => r.path === RUN)).toMatchObject({ scenarioId: '../../etc', language: 'und' });
  });
});

describe('parseTaskToml', () => {
  it('reads strings, numbers, booleans and multi-line arrays with comments; tables are not kept', () => {
    const { values, diagnostics } = parseTaskToml(
      'id = "a\\u00e9"\nn = 1_000\nok = true\nlit = \'C:\\path\'\ntags = [\n  "x", # first\n  "y",\n]\ninline = {x = 1}\n[table]\nafter = 1\n',
      'task.toml',
    );
    expect(Object.fromEntries(values)).toEqual({ id: 'aé', n: 1000, ok: true, lit: 'C:\\path', tags: ['x', 'y'] });
    expect(diagnostics).toEqual([]);
  });

  it('reports each line that is not valid TOML at its line and column, and reads the others', () => {
    const { values, diagnostics } = parseTaskToml('x = \nb = "\\q"\nc = "fine"\n', 'task.toml');
    expect(Object.fromEntries(values)).toEqual({ c: 'fine' });
    expect(diagnostics).toEqual([
      { path: 'task.toml', line: 1, column: 5, message: 'not valid TOML, line not read: invalid value', severity: 'warning' },
      { path: 'task.toml', line: 2, column: 7, message: 'not valid TOML, line not read: unrecognised escape sequence', severity: 'warning' },
    ]);
  });
});
