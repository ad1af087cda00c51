// Writes examples/polywork: a PolyWorkBench checkout's full_tasks/<task>/ beside the runner's output/ folder, with one
// task run by two harnesses (OpenClaw and Codex), twice each. Deterministic: the same bytes every time.

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { RUNS, type RunStory } from './exampleRuns';
import { codexLog, codexRolloutName, openClawLog } from './harnessLogs';
import { EXPECTED_SCHEMA, GLOSSARY_JA, INSTRUCTION, MANUAL_EN, RUBRIC, TASK_ID, TASK_TOML, TEST_OUTPUTS_PY } from './exampleTask';

function write(root: string, path: string, text: string): void {
  const file = join(root, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** JSON as the runner writes it (Python's json.dumps(indent=2, ensure_ascii=False)). */
function json(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

const round = (n: number): number => Math.round(n * 10_000) / 10_000;

function gradeOf(story: RunStory): number {
  const dimensions = Object.values(story.grade?.dimensions ?? {});
  return round(dimensions.reduce((sum, d) => sum + d.weight * d.score, 0));
}

function testOutput(tests: Record<string, string | null>): string {
  const names = Object.keys(tests);
  const failed = names.filter((n) => tests[n] !== null);
  const lines = [
    '============================= test session starts ==============================',
    'platform linux -- Python 3.11.9, pytest-8.3.3, pluggy-1.5.0 -- /usr/bin/python3',
    `collected ${names.length} items`,
    '',
    ...names.map((name, i) => {
      const status = tests[name] === null ? 'PASSED' : 'FAILED';
      const percent = `[${String(Math.round(((i + 1) / names.length) * 100)).padStart(3)}%]`;
      return `tests/test_outputs.py::${name} ${status}`.padEnd(73) + percent;
    }),
    '',
    ...(failed.length === 0
      ? []
      : [
          '=========================== short test summary info ============================',
          ...failed.map((name) => `FAILED tests/test_outputs.py::${name} - ${tests[name] ?? ''}`),
        ]),
    `========================= ${failed.length > 0 ? `${failed.length} failed, ` : ''}${names.length - failed.length} passed in 0.41s =========================`,
  ];
  return `${lines.join('\n')}\n`;
}

function scoresOf(story: RunStory): Record<string, unknown> {
  if (story.grade === null) return {};
  const tests = story.grade.tests;
  const total = Object.keys(tests).length;
  const passed = Object.values(tests).filter((t) => t === null).length;
  const judge = story.judge;
  const judgeValues = Object.values(judge?.dimensions ?? {});
  const output = testOutput(tests);
  return {
    overall_score: gradeOf(story),
    pytest_score: round(passed / total),
    tests_passed: passed,
    tests_total: total,
    dimensions: story.grade.dimensions,
    judge_score: round(judgeValues.reduce((a, b) => a + b, 0) / Math.max(1, judgeValues.length)),
    judge_dimensions: judge?.dimensions ?? {},
    judge_reasoning: judge?.reasoning ?? '',
    details: output.length > 2000 ? output.slice(-2000) : output,
  };
}

function writeRun(root: string, story: RunStory): string {
  const folder = `${story.model.split('/').pop() ?? story.model}_${story.started}_${story.id}`;
  const dir = join('output', story.harness, TASK_ID, folder);
  const scores = scoresOf(story);
  const usage = {
    input_tokens: story.usage.input,
    output_tokens: story.usage.output,
    cache_read_tokens: 0,
    cache_write_tokens: 0,
    total_tokens: story.usage.input + story.usage.output,
    cost_usd: story.usage.cost,
    request_count: story.usage.requests,
    elapsed_time: story.usage.elapsed,
  };
  const result = {
    task_id: TASK_ID,
    container_name: `lh_${TASK_ID}_${folder}`,
    harness: story.harness,
    model: story.model,
    scores,
    error: story.error,
    usage,
  };
  write(root, join(dir, 'result.json'), json(result));
  if (story.grade !== null) {
    write(root, join(dir, 'grade_result.json'), json({ overall_score: scores.overall_score, dimensions: story.grade.dimensions }));
    write(root, join(dir, 'score.json'), json(scores));
    write(root, join(dir, 'test_output.txt'), testOutput(story.grade.tests));
  }
  if (story.judge !== null) {
    write(root, join(dir, 'judge_result.json'), json({ judge_score: scores.judge_score, dimensions: story.judge.dimensions, reasoning: story.judge.reasoning }));
  }
  if (story.answer !== null) write(root, join(dir, 'task_output', 'answer.json'), json(story.answer));
  const log = story.harness === 'openclaw' ? openClawLog(story) : codexLog(story);
  write(root, join(dir, 'chat.jsonl'), log);
  if (story.harness === 'codex') {
    const day = story.startIso.slice(0, 10).split('-');
    write(root, join(dir, 'codex_sessions', ...day, codexRolloutName(story)), log);
  }
  const ending = story.error ?? 'agent finished';
  write(root, join(dir, 'agent.log'), `[${story.harness}] task ${TASK_ID} model ${story.model}\n[${story.harness}] ${ending}\n`);
  return result.harness;
}

const README = `# PolyWorkBench example

One task (\`${TASK_ID}\`: instruction in German, sources in English and Japanese, deliverable in German) run by two
harnesses, OpenClaw and Codex, twice each. The task folder under \`full_tasks/\` gives the runs their language
(\`de-instruction\`); the four runs form one group, told apart by harness (setting), model and run number.

- OpenClaw run 1 passes (Grade 0.87) but writes "Werksreset" where the glossary asks for "Zurücksetzen".
- OpenClaw run 2 fails (Grade 0.43): it never reads the glossary and answers in English (language drift);
  pytest shows test_output_language and test_glossary_terms failing, the judge explains why.
- Codex run 1 passes (Grade 0.95) with one section merged (test_sections_complete fails).
- Codex run 2 timed out (infra) after a failed \`pip install\`; it was not graded.

A run passes when its Grade is 0.5 or more (PolyWorkBench itself has no pass/fail; see the reader).
Regenerate with \`npx tsx scripts/generate-examples.ts\`.
`;

export function writePolyworkExample(root: string): string {
  rmSync(root, { recursive: true, force: true });
  const task = join('full_tasks', TASK_ID);
  write(root, join(task, 'task.toml'), TASK_TOML);
  write(root, join(task, 'instruction.md'), INSTRUCTION);
  write(root, join(task, 'environment', 'inputs', 'manual_en.md'), MANUAL_EN);
  write(root, join(task, 'environment', 'inputs', 'glossary_ja.csv'), GLOSSARY_JA);
  write(root, join(task, 'tests', 'test_outputs.py'), TEST_OUTPUTS_PY);
  write(root, join(task, 'tests', 'test.sh'), '#!/bin/bash\npython3 -m pytest tests/test_outputs.py -v --tb=short\n');
  write(root, join(task, 'tests', 'rubric.md'), RUBRIC);
  write(root, join(task, 'tests', 'expected_output_schema.json'), `${json(EXPECTED_SCHEMA)}\n`);
  const harnesses = RUNS.map((story) => writeRun(root, story));
  write(root, join('output', 'summary_latest.json'), `${json(RUNS.map((s) => ({ task_id: TASK_ID, harness: s.harness, model: s.model, error: s.error })))}\n`);
  write(root, 'README.md', README);
  return `examples/polywork: ${RUNS.length} runs of ${TASK_ID} by ${new Set(harnesses).size} harnesses`;
}
