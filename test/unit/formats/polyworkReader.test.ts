import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DirEntry } from '../../../src/core/fileSource';
import { createPolyworkReader, polyworkReader } from '../../../src/core/formats/polywork';
import { buildIndex } from '../../../src/core/index/buildIndex';
import { loadTrajectory } from '../../../src/core/index/loadTrajectory';
import type { RunSummary, Step, Trajectory } from '../../../src/core/model';
import { NodeFileSource } from '../../../src/core/nodeFileSource';

const fixtures = new NodeFileSource(join(__dirname, '../../fixtures/polywork'));
const TASK = 'COM-00_ja_receipt_to_en_excel';
const run = (harness: string, folder: string): string => `output/${harness}/${TASK}/${folder}`;
const dirs = {
  openclawFirst: run('openclaw', 'claude-sonnet-4_20250101_0900_aaaaaa'),
  openclawSecond: run('openclaw', 'claude-sonnet-4_20250101_1100_bbbbbb'),
  openclawOtherModel: run('openclaw', 'gpt-5_20250101_1000_cccccc'),
  claudeCode: run('claudecode', 'claude-sonnet-4_20250102_0800_dddddd'),
  hermes: run('hermesagent', 'qwen3-coder_20250103_0800_eeeeee'),
  codex: run('codex', 'gpt-5_20250104_0800_ffffff'),
};

function outline(steps: Step[]): string[] {
  return steps.map((s) =>
    s.kind === 'message'
      ? `${s.role}: ${s.text}${s.reasoning ? ' [reasoning]' : ''}`
      : `${s.tool}${s.error ? ' [error]' : ''}${s.reasoning ? ' [reasoning]' : ''}${s.write ? ' (write)' : ''}`,
  );
}

async function indexed(): Promise<RunSummary[]> {
  return (await buildIndex(fixtures)).runs;
}

async function open(dir: string): Promise<Trajectory> {
  const found = (await indexed()).find((r) => r.path === dir);
  if (!found) throw new Error(`no run at ${dir}`);
  return loadTrajectory(fixtures, found, { check: true });
}

describe('claimsDirectory / isAuxiliaryFile', () => {
  const file = (name: string): DirEntry => ({ name, type: 'file' });
  const folder = (name: string): DirEntry => ({ name, type: 'directory' });
  it('claims a run folder: result.json beside a grader file, a chat log or a harness log folder', () => {
    expect(polyworkReader.claimsDirectory([file('result.json'), file('grade_result.json')])).toBe(true);
    expect(polyworkReader.claimsDirectory([file('result.json'), file('chat.jsonl')])).toBe(true);
    expect(polyworkReader.claimsDirectory([file('result.json'), folder('codex_sessions')])).toBe(true);
    expect(polyworkReader.claimsDirectory([file('result.json'), folder('task_output')])).toBe(true);
  });
  it('claims a task folder (task.toml and instruction.md), so its inputs are not walked', () => {
    expect(polyworkReader.claimsDirectory([file('task.toml'), file('instruction.md'), folder('environment')])).toBe(true);
  });
  it('does not claim a lone result.json (a gaia2 or unknown verdict) nor a tau2 results.json', () => {
    expect(polyworkReader.claimsDirectory([file('result.json')])).toBe(false);
    expect(polyworkReader.claimsDirectory([file('results.json'), file('chat.jsonl')])).toBe(false);
    expect(polyworkReader.claimsDirectory([folder('result.json'), file('chat.jsonl')])).toBe(false);
  });
  it('treats the runner batch files as auxiliary', () => {
    for (const name of ['summary_latest.json', 'summary_20250101_120000.json', 'eval_report.jsonl']) {
      expect(polyworkReader.isAuxiliaryFile(name)).toBe(true);
    }
    expect(polyworkReader.isAuxiliaryFile('result.json')).toBe(false);
    expect(polyworkReader.isAuxiliaryFile('summary.json')).toBe(false);
  });
});

describe('index', () => {
  it('finds every run, with the harness as setting and the model as the run states it', async () => {
    const runs = await indexed();
    expect(runs.map((r) => [r.path, r.format, r.setting, r.model])).toEqual(
      expect.arrayContaining([
        [dirs.openclawFirst, 'polywork', 'openclaw', 'anthropic/claude-sonnet-4'],
        [dirs.claudeCode, 'polywork', 'claudecode', 'claude-sonnet-4'],
        [dirs.hermes, 'polywork', 'hermesagent', 'qwen/qwen3-coder'],
        [dirs.codex, 'polywork', 'codex', 'openai/gpt-5'],
      ]),
    );
    expect(runs).toHaveLength(6);
  });

  it('puts every run of the task in one group, whatever the harness, model or repetition', async () => {
    const runs = await indexed();
    expect(new Set(runs.map((r) => r.group))).toEqual(new Set([`output/${TASK}`]));
    expect(new Set(runs.map((r) => r.scenarioId))).toEqual(new Set([TASK]));
    expect(new Set(runs.map((r) => r.capability))).toEqual(new Set(['COM']));
  });

  it('takes the language from the task.toml instruction tag, not from the folder name', async () => {
    const runs = await indexed();
    expect(new Set(runs.map((r) => `${r.language}/${r.languageLabel}`))).toEqual(new Set(['cmn/zh']));
  });

  it('numbers the runs of one harness on a task by start time, whatever their model, so each number names one run', async () => {
    const runs = await indexed();
    const byPath = new Map(runs.map((r) => [r.path, r.runIndex]));
    expect(byPath.get(dirs.openclawFirst)).toBe(1);
    expect(byPath.get(dirs.openclawOtherModel)).toBe(2);
    expect(byPath.get(dirs.openclawSecond)).toBe(3);
    const picks = runs.map((r) => `${r.group} ${r.language} ${r.setting} ${r.runIndex}`);
    expect(new Set(picks).size).toBe(picks.length);
  });

  it('passes a run whose Grade reaches 0.5, keeps the Grade as the score, and names the costliest dimension', async () => {
    const byPath = new Map((await indexed()).map((r) => [r.path, r]));
    expect(byPath.get(dirs.openclawFirst)).toMatchObject({ outcome: 'pass', score: 0.775, failureFamily: null });
    expect(byPath.get(dirs.openclawOtherModel)).toMatchObject({ outcome: 'pass', score: 0.5 });
    expect(byPath.get(dirs.openclawSecond)).toMatchObject({ outcome: 'fail', score: 0.3, failureFamily: 'dimension:translation' });
    expect(byPath.get(dirs.openclawSecond)?.failureReason).toContain('Grade 0.3 is below the pass threshold 0.5');
  });

  it('reports a failed grading as infra (timeout), not as a zero Grade', async () => {
    const codex = (await indexed()).find((r) => r.path === dirs.codex);
    expect(codex).toMatchObject({ outcome: 'infra', score: null, failureFamily: 'timeout' });
    expect(codex?.failureReason).toContain('Grading timed out after 120s');
  });

  it('uses the configured pass threshold', async () => {
    const strict = createPolyworkReader({ passThreshold: 0.8 });
    const runs = (await buildIndex(fixtures, { readers: [strict] })).runs;
    expect(runs.find((r) => r.path === dirs.openclawFirst)?.outcome).toBe('fail');
    expect(runs.find((r) => r.path === dirs.claudeCode)?.outcome).toBe('pass');
  });

  it('walks the task folder and the runner batch files without a diagnostic', async () => {
    expect((await buildIndex(fixtures)).diagnostics).toEqual([]);
  });
});

describe('trajectories by harness', () => {
  it('OpenClaw chat.jsonl: thinking on the call, results attached by id, isError as the error', async () => {
    const t = await open(dirs.openclawFirst);
    expect(outline(t.steps)).toEqual(['user: You are an expert agent.\n\n请把收据整理成英文报销单。', 'read [reasoning]', 'exec [error]', 'write (write)', 'assistant: Done: answer.json written.']);
    const [, read, exec, write] = t.steps;
    expect(read).toMatchObject({ args: { path: 'inputs/receipt_001.txt' }, result: '領収書 ¥1,200 タクシー', callId: 'call_1' });
    expect(exec).toMatchObject({ error: "ls: cannot access 'inputs/missing': No such file or directory" });
    expect(write).toMatchObject({ result: { ok: true, bytes: 16 } });
    expect(t.steps[0]?.time).toBe(1735722002);
    expect(t.diagnostics).toEqual([]);
  });

  it('Claude Code chat.json stream events: tool_use and tool_result blocks, thinking on the message', async () => {
    const t = await open(dirs.claudeCode);
    expect(outline(t.steps)).toEqual([
      'user: 请把收据整理成英文报销单。',
      'assistant: Let me look at the receipts. [reasoning]',
      'Bash',
      'Write [error] (write)',
      'assistant: The expense report is in answer.json.',
    ]);
    expect(t.steps[2]).toMatchObject({ result: '領収書 ¥1,200 タクシー', args: { command: 'cat inputs/receipt_001.txt' } });
  });

  it('Hermes: the largest session, JSON-text arguments parsed, the reasoning field kept', async () => {
    const t = await open(dirs.hermes);
    expect(outline(t.steps)).toEqual(['system: You are Hermes.', 'user: 请把收据整理成英文报销单。', 'terminal [reasoning]', 'assistant: Report written: Taxi, 1,200 JPY.']);
    expect(t.steps[2]).toMatchObject({ args: { command: 'cat inputs/receipt_001.txt' }, reasoning: 'I need the receipt text.' });
  });

  it('Codex: the newest rollout under codex_sessions/ when there is no chat.jsonl; a non-zero exit code is an error', async () => {
    const t = await open(dirs.codex);
    expect(outline(t.steps)).toEqual(['system: <environment_context>\n<cwd>/workspace</cwd>\n</environment_context>', 'user: 请把收据整理成英文报销单。', 'shell [error] [reasoning]', 'assistant: I could not find the file.']);
    expect(t.steps[2]).toMatchObject({ error: 'exit code 1', result: 'cat: inputs/nope.txt: No such file or directory', reasoning: 'Inspect the inputs.' });
  });

  it('warns when a run folder has no chat log, and still shows its grade', async () => {
    const t = await open(dirs.openclawOtherModel);
    expect(t.steps).toEqual([]);
    expect(t.diagnostics.map((d) => d.message)).toEqual([expect.stringContaining('no chat log in this run folder')]);
    expect(t.checks[0]).toMatchObject({ name: 'grade', passed: true });
  });
});

describe('grade, pytest and judge', () => {
  it('shows the task instruction, the deliverable, and the task languages', async () => {
    const t = await open(dirs.openclawFirst);
    expect(t.task).toBe('请把 inputs/ 中的日文收据整理成英文报销单，写入 answer.json。');
    expect(JSON.parse(t.finalAnswer ?? '')).toEqual({ expenses: [{ vendor: 'タクシー', amount_jpy: 1200 }] });
    expect(t.checks.find((c) => c.name === 'task languages')?.detail).toBe('instruction zh · source ja · output en');
  });

  it('lists each grade dimension with its weight and per-check scores', async () => {
    const checks = (await open(dirs.openclawFirst)).checks;
    expect(checks.find((c) => c.name === 'grade')).toMatchObject({ passed: true, detail: 'Grade 0.78 (a run passes at 0.5 or more)' });
    expect(checks.find((c) => c.name === 'grade · translation')).toEqual({
      name: 'grade · translation',
      passed: false,
      detail: '0.25 × weight 0.3; checks: vendor_names 0, categories 0.5',
    });
  });

  it('shows pytest counts, every test from test_output.txt, and the output itself', async () => {
    const checks = (await open(dirs.openclawFirst)).checks;
    const pytest = checks.find((c) => c.name === 'pytest');
    expect(pytest?.passed).toBe(false);
    expect(pytest?.detail).toMatch(/^3\/4 tests passed \(pytest score 0\.75\)\n\n/);
    expect(pytest?.detail).toContain('1 failed, 3 passed');
    expect(checks.filter((c) => c.name.startsWith('pytest · ')).map((c) => [c.name, c.passed])).toEqual([
      ['pytest · test_answer_exists', true],
      ['pytest · test_amounts', true],
      ['pytest · test_vendor_names_english', false],
      ['pytest · test_schema', true],
    ]);
    expect(checks.find((c) => c.name === 'pytest · test_vendor_names_english')?.detail).toBe(
      "FAILED: AssertionError: vendor 'タクシー' is not English",
    );
  });

  it('turns the judge into LLM records: the reasoning, then one record per dimension', async () => {
    const judge = (await open(dirs.openclawFirst)).judge;
    expect(judge.map((j) => [j.check, j.matched, j.llm, j.rationale])).toEqual([
      ['judge', true, true, 'Judge 0.7: Amounts right; vendor names left in Japanese.'],
      ['judge:accuracy', true, true, 'accuracy: 0.8'],
      ['judge:completeness', true, true, 'completeness: 0.6'],
    ]);
  });

  it("shows the judge's own failure from judge_result.json, which result.json drops", async () => {
    const judge = (await open(dirs.openclawSecond)).judge;
    expect(judge).toHaveLength(1);
    expect(judge[0]).toMatchObject({ check: 'judge', matched: null, llm: true, rationale: 'Judge 0: No JSON in judge response: I cannot grade this.' });
  });

  it('reads flat dimensions (numbers without weights)', async () => {
    const checks = (await open(dirs.openclawSecond)).checks;
    expect(checks.find((c) => c.name === 'grade · format')).toEqual({ name: 'grade · format', passed: false, detail: '0.4' });
  });

  it('shows usage as a fact, and the grading error as a failed check', async () => {
    const checks = (await open(dirs.codex)).checks;
    expect(checks.find((c) => c.name === 'grading error')).toEqual({ name: 'grading error', passed: false, detail: 'Grading timed out after 120s' });
    expect(checks.find((c) => c.name === 'usage')).toEqual({ name: 'usage', passed: null, detail: '1,200 tokens · 1,000 in / 200 out · 3 requests · $0.0100 · 43 s' });
  });
});
