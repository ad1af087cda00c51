// A synthetic corpus in the gaia2-cli layout `<agent>/<lang>/run_<n>/<split>/<scenario_id>/`, as large as a benchmark
// needs (OmnilingualGAIA2 is about 37,000 runs), with the outcomes, the regression worklist and the diagnostics a
// correct reader must report. Everything follows from the seed.

import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SEND_MESSAGE_TO_USER } from './apps';
import { corrupt, unrecognised, type CorruptionKind, type ExpectedDiagnostic } from './corruptions';
import { corpusText } from './corpusText';
import { expectedRegressions, type ExpectedRegression, type ExpectedRun } from './expectedWorklist';
import { languageCode } from './languageCodes';
import { pyJsonLine } from './python';
import { Rng } from './random';
import type { Ending, HardChecker, LlmStep, OracleEventSpec, RunScript, SoftChecker, ToolCall } from './runModel';
import { writeRun } from './runWriter';
import { ADD_EVENT_CHECKS, call, oracleAnswer, oracleEvent, oracleId, say, step } from './scenarios/spec';

export interface Gaia2CorpusOptions {
  scenarios: number;
  /** Language folder labels as they appear on disk (`eng`, `es`, `zh-CN`…). */
  languages: string[];
  runs: number;
  /** Tool calls per run, the final message to the user included (a run makes at least its writes and that message). */
  stepsPerRun: number;
  seed: number;
  /** Agent folders, each its own group of runs. Default `["agent-a"]`. */
  agents?: string[];
  /** ISO 639-3 code of the baseline language. Default `eng`. */
  baseline?: string;
  /** How many files of otherwise valid runs to damage (truncated line, empty verdict, invalid JSON, binary). Default 0. */
  corruptFiles?: number;
  /** How many unrelated JSON files to leave in agent folders. Default 0. */
  strayFiles?: number;
  /**
   * `all` (default): every file of a gaia2-cli run. `verdicts`: result.json and events.jsonl only, what an index reads;
   * a third of the files and a tenth of the bytes, for the largest corpora.
   */
  files?: 'all' | 'verdicts';
}

export interface Gaia2Corpus {
  runCount: number;
  fileCount: number;
  baseline: string;
  expectedRuns: ExpectedRun[];
  expectedRegressions: ExpectedRegression[];
  expectedDiagnostics: ExpectedDiagnostic[];
}

const SPLITS = ['execution', 'search', 'adaptability', 'ambiguity'] as const;
const START = 1729069200; // 2024-10-16 09:00:00
const SWEEP_START_MS = Date.UTC(2025, 5, 1, 0, 0, 0);

/** A write a scenario's oracle expects, and how an agent gets one of its hard-checked arguments wrong. */
interface WriteTemplate {
  tool: string;
  args: (n: number, text: string) => Record<string, unknown>;
  hard: ReadonlyArray<readonly [string, HardChecker]>;
  soft: [SoftChecker, string] | null;
  wrong: (args: Record<string, unknown>) => Record<string, unknown>;
}

const day = (n: number) => `2024-10-${String(17 + (n % 10)).padStart(2, '0')}`;

const WRITES: WriteTemplate[] = [
  {
    tool: 'Calendar__add_calendar_event',
    args: (n, text) => ({ title: text, start_datetime: `${day(n)} 10:00:00`, end_datetime: `${day(n)} 11:00:00`, attendees: ['Maria Lopez'] }),
    hard: ADD_EVENT_CHECKS,
    soft: ['event_checker', 'Same event title; times and attendees already matched.'],
    wrong: (a) => ({ ...a, start_datetime: String(a.start_datetime).replace('10:00', '14:00') }),
  },
  {
    tool: 'EmailClientV2__send_email',
    args: (n, text) => ({ recipients: [`contact${n}@example.com`], subject: `#${n}`, content: text }),
    hard: [['recipients', 'unordered_list_checker']],
    soft: ['email_checker', 'Both emails carry the same update to the same recipient.'],
    wrong: (a) => ({ ...a, recipients: ['someone.else@example.com'] }),
  },
  {
    tool: 'Chats__send_message_to_group_conversation',
    args: (n, text) => ({ conversation_id: `conv_${n}`, content: text }),
    hard: [['conversation_id', 'eq_checker']],
    soft: ['message_checker', 'Both messages say the same thing in the same conversation.'],
    wrong: (a) => ({ ...a, conversation_id: 'conv_general' }),
  },
  {
    tool: 'Calendar__delete_calendar_event',
    args: (n) => ({ event_id: `evt_${n}` }),
    hard: [['event_id', 'eq_checker']],
    soft: null,
    wrong: (a) => ({ ...a, event_id: `${String(a.event_id)}b` }),
  },
  {
    tool: 'Shopping__add_to_cart',
    args: (n) => ({ item_id: `itm_${n}`, quantity: 1 }),
    hard: [
      ['item_id', 'eq_checker'],
      ['quantity', 'eq_checker'],
    ],
    soft: null,
    wrong: (a) => ({ ...a, quantity: 2 }),
  },
];

const READS: Array<(n: number) => ToolCall> = [
  (n) => call('Contacts__search_contacts', { query: `Contact ${n}` }, [{ id: `c_${n}`, first_name: 'Contact', last_name: String(n), email: `contact${n}@example.com` }]),
  (n) => call('EmailClientV2__search_emails', { query: `#${n}` }, [{ email_id: `e_${n}`, sender: `contact${n}@example.com`, subject: `#${n}` }]),
  (n) => call('Calendar__get_calendar_events_from_to', { start_datetime: `${day(n)} 00:00:00`, end_datetime: `${day(n)} 23:59:59` }, []),
  () => call('Shopping__list_orders', {}, []),
];

type Failure = 'missing_write' | 'extra_write' | 'hard_check' | 'soft_check' | 'smu_count' | 'causality' | 'time';
const FAILURE_WEIGHTS: Array<[Failure, number]> = [
  ['missing_write', 25],
  ['extra_write', 15],
  ['hard_check', 25],
  ['soft_check', 15],
  ['smu_count', 5],
  ['causality', 5],
  ['time', 5],
];

/** `timeout`: the runner gave up waiting; `overrun`: the agent exceeded the scenario's declared duration. Both are timed out. */
type Planned = { kind: 'pass' } | { kind: 'fail'; failure: Failure } | { kind: 'crash' } | { kind: 'timeout' } | { kind: 'overrun' };

function weighted<T>(rng: Rng, items: Array<[T, number]>): T {
  let roll = rng.next() * items.reduce((sum, [, w]) => sum + w, 0);
  for (const [item, w] of items) {
    roll -= w;
    if (roll < 0) return item;
  }
  return (items[items.length - 1] as [T, number])[0];
}

interface ScenarioPlan {
  id: string;
  n: number;
  split: (typeof SPLITS)[number];
  writes: WriteTemplate[];
  tools: string[];
  /** Probability that one baseline run passes. */
  basePass: number;
}

function planScenario(seed: number, i: number): ScenarioPlan {
  const rng = Rng.of(seed, 'scenario', i);
  const split = SPLITS[i % SPLITS.length] ?? 'execution';
  const first = WRITES[i % WRITES.length] as WriteTemplate;
  const second = i % 3 === 0 ? (WRITES[(i + 2) % WRITES.length] as WriteTemplate) : null;
  const writes = second ? [first, second] : [first];
  const reads = READS.map((r) => r(0).tool);
  const basePass = weighted(rng, [
    [1, 60],
    [0.75, 15],
    [0.5, 10],
    [0, 15],
  ]);
  return { id: `scn_${split}_${String(i + 1).padStart(5, '0')}`, n: i + 1, split, writes, tools: [...new Set([...reads, ...writes.map((w) => w.tool), SEND_MESSAGE_TO_USER])], basePass };
}

/** A target language mostly keeps the baseline's rate; some cells degrade, a few always fail. */
function targetPass(basePass: number, rng: Rng): number {
  return weighted(rng, [
    [basePass, 65],
    [basePass * 0.5, 20],
    [0, 10],
    [Math.min(1, basePass + 0.25), 5],
  ]);
}

function planRun(pass: number, rng: Rng): Planned {
  if (rng.chance(0.015)) return weighted<Planned>(rng, [[{ kind: 'crash' }, 5], [{ kind: 'timeout' }, 3], [{ kind: 'overrun' }, 2]]);
  if (rng.chance(pass)) return { kind: 'pass' };
  return { kind: 'fail', failure: weighted(rng, FAILURE_WEIGHTS) };
}

/** Reads, four parallel calls per LLM call. */
function readSteps(n: number, count: number): LlmStep[] {
  const steps: LlmStep[] = [];
  for (let i = 0; i < count; i += 4) {
    const calls = Array.from({ length: Math.min(4, count - i) }, (_, k) => (READS[(i + k) % READS.length] as (n: number) => ToolCall)(n));
    steps.push(step(i === 0 ? `Look up what request #${n} needs.` : null, ...calls));
  }
  return steps;
}

function oracleOf(s: ScenarioPlan, code: string): OracleEventSpec[] {
  const { done } = corpusText(code, s.n);
  return [
    ...s.writes.map((w, k) => oracleEvent(oracleId(s.id, k + 1), w.tool, w.args(s.n, done), w.hard, w.soft)),
    oracleAnswer(oracleId(s.id, s.writes.length + 1), done, 'The agent reports that the request was handled, as in the reference.'),
  ];
}

function corpusRun(s: ScenarioPlan, code: string, planned: Planned, steps: number): { script: RunScript; ending: Ending } {
  const { task, done } = corpusText(code, s.n);
  const failure = planned.kind === 'fail' ? planned.failure : null;
  let writes = s.writes.map((w) => call(w.tool, w.args(s.n, done), `${w.tool.split('__')[1] ?? 'ok'}_${s.n}`));
  const script: RunScript = { turns: [] };
  const firstSoft = s.writes.findIndex((w) => w.soft !== null);
  if (failure === 'missing_write') writes = writes.slice(0, -1);
  if (failure === 'extra_write') writes = [...writes, writes[0] as ToolCall];
  if (failure === 'hard_check' || (failure === 'soft_check' && firstSoft < 0)) {
    const w = s.writes[0] as WriteTemplate;
    writes[0] = call(w.tool, w.wrong(w.args(s.n, done)), (writes[0] as ToolCall).ret);
  }
  if (failure === 'soft_check' && firstSoft >= 0) {
    script.softVerdicts = {
      [oracleId(s.id, firstSoft + 1)]: { success: false, reasoning: "The agent's text does not convey the update the reference gives." },
    };
  }
  if (failure === 'causality') {
    script.forcedMismatch = {
      oracleId: oracleId(s.id, 1),
      rationale: `causality violation (agent event ran before the ENV event it depends on, Event-ENV-${s.n})`,
      family: 'causality',
    };
  }
  if (failure === 'time') {
    script.forcedMismatch = { oracleId: oracleId(s.id, 1), rationale: 'time check failed (agent_relative=12.0s, oracle_relative=180.0s)', family: 'time' };
  }
  const answers = failure === 'smu_count' ? 3 : 1;
  const unending = planned.kind === 'timeout' || planned.kind === 'overrun';
  const reads = Math.max(0, steps - (unending ? 0 : writes.length + answers));
  const body: LlmStep[] = [...readSteps(s.n, reads)];
  if (!unending) {
    if (writes.length > 0) body.push(step(null, ...writes));
    for (let k = 0; k < answers; k++) body.push(say(null, done));
  }
  script.turns = planned.kind === 'crash' ? [] : [{ user: task, steps: body }];
  const ending: Ending =
    planned.kind === 'crash'
      ? { kind: 'crash', error: 'Container exited with code 137 while waiting for the agent response (out of memory)' }
      : planned.kind === 'timeout'
        ? { kind: 'timeout', timeoutSeconds: 600 }
        : planned.kind === 'overrun'
          ? { kind: 'scenario_timeout', durationSeconds: 330, timeoutSeconds: 390 }
          : { kind: 'judged' };
  return { script, ending };
}

/** What the writer leaves for a run: a crash keeps result.json and events.jsonl; a run without a judgment has no judge log or answer. */
function filesWritten(planned: Planned, ending: Ending, files: 'all' | 'verdicts'): number {
  if (planned.kind === 'crash' || files === 'verdicts') return 2;
  return ending.kind === 'judged' ? 6 : 4;
}

/** Damage in turn, per file set; a damaged result.json leaves the run without a verdict (infrastructure). */
const DAMAGE: Record<'all' | 'verdicts', Array<[string, CorruptionKind]>> = {
  all: [
    ['events.jsonl', 'truncated_last_line'],
    ['result.json', 'empty_file'],
    ['daemon_status.json', 'truncated_json'],
    ['trace.jsonl', 'binary_content'],
  ],
  verdicts: [
    ['events.jsonl', 'truncated_last_line'],
    ['result.json', 'empty_file'],
    ['result.json', 'truncated_json'],
    ['events.jsonl', 'binary_content'],
  ],
};

/** Writes the corpus into `outDir`, which must be missing or empty (nothing is ever deleted). */
export function generateGaia2Corpus(outDir: string, options: Gaia2CorpusOptions): Gaia2Corpus {
  if (existsSync(outDir) && readdirSync(outDir).length > 0) throw new Error(`${outDir} is not empty`);
  const { seed, runs, stepsPerRun } = options;
  const agents = options.agents ?? ['agent-a'];
  const files = options.files ?? 'all';
  const baseline = options.baseline ?? 'eng';
  const scenarios = Array.from({ length: options.scenarios }, (_, i) => planScenario(seed, i));
  const expectedRuns: ExpectedRun[] = [];
  const results = new Map<string, Map<string, string>>();
  let fileCount = 0;

  agents.forEach((agent, agentIndex) => {
    const anthropic = agentIndex % 2 === 0;
    options.languages.forEach((label, langIndex) => {
      const code = languageCode(label);
      const rates = scenarios.map((s) => (code === baseline ? s.basePass : targetPass(s.basePass, Rng.of(seed, 'rate', agent, code, s.id))));
      for (let run = 1; run <= runs; run++) {
        const out = `${agent}/${label}/run_${run}`;
        mkdirSync(join(outDir, out), { recursive: true });
        writeFileSync(
          join(outDir, out, 'run_config.json'),
          JSON.stringify({ model: `${agent}-model`, provider: anthropic ? 'anthropic' : 'openai-compat', judge_model: 'gpt-oss-120b', dataset: `/data/gaia2/${label}`, run_number: run, total_runs: runs, timeout: 600 }, null, 2),
        );
        fileCount += 2;
        const lines = new Map<string, string>();
        results.set(out, lines);
        scenarios.forEach((s, i) => {
          const rng = Rng.of(seed, agent, label, run, s.id);
          const planned = planRun(rates[i] ?? 0, rng);
          const { script, ending } = corpusRun(s, code, planned, stepsPerRun);
          const path = `${out}/${s.split}/${s.id}`;
          const written = writeRun(join(outDir, path), {
            scenarioId: s.id,
            scenarioFile: `/data/gaia2/${label}/${s.split}/${s.id}.json`,
            startTime: START,
            wallClockMs: SWEEP_START_MS + ((agentIndex * 97 + langIndex * 13 + run) * 3600 + i * 40) * 1000,
            endpoint: anthropic
              ? { provider: 'anthropic', model: `${agent}-model`, url: 'https://api.anthropic.com/v1/messages', stream: i % 8 === 0, parsedResponse: false }
              : { provider: 'openai-compat', model: `${agent}-model`, url: 'http://llm-gateway.internal:4000/v1/chat/completions', stream: i % 8 === 0, parsedResponse: false },
            tools: s.tools,
            script,
            oracle: [oracleOf(s, code)],
            ending,
            rng,
            historyWindow: 2,
            files,
          });
          fileCount += filesWritten(planned, ending, files);
          lines.set(path, pyJsonLine({ ...written.summary, split: s.split }, true));
          expectedRuns.push({
            path,
            group: `${agent}/${s.split}/${s.id}`,
            scenarioId: s.id,
            language: code,
            languageLabel: label,
            runIndex: run,
            capability: s.split,
            outcome: written.outcome,
            failureFamily: written.outcome === 'pass' ? null : written.failureFamily,
          });
        });
      }
    });
  });

  const expectedDiagnostics: ExpectedDiagnostic[] = [];
  const damageRng = Rng.of(seed, 'damage');
  const candidates = expectedRuns.filter((r) => r.outcome !== 'infra');
  const damaged = new Set<string>();
  for (let k = 0; k < (options.corruptFiles ?? 0) && damaged.size < candidates.length; k++) {
    let target = damageRng.pick(candidates);
    while (damaged.has(target.path)) target = damageRng.pick(candidates);
    damaged.add(target.path);
    const [file, kind] = DAMAGE[files][k % DAMAGE[files].length] as [string, CorruptionKind];
    expectedDiagnostics.push(corrupt(outDir, `${target.path}/${file}`, kind, damageRng));
    if (file === 'result.json') {
      target.outcome = 'infra';
      target.failureFamily = 'infra';
      results.get(target.path.split('/').slice(0, 3).join('/'))?.delete(target.path);
    }
  }
  for (const [out, lines] of results) writeFileSync(join(outDir, out, 'results.jsonl'), [...lines.values()].map((l) => `${l}\n`).join(''));
  for (let k = 0; k < (options.strayFiles ?? 0); k++) {
    const path = `${agents[k % agents.length]}/notes-${k + 1}.json`;
    writeFileSync(join(outDir, path), JSON.stringify({ note: `scratch notes ${k + 1}`, items: [] }, null, 2));
    expectedDiagnostics.push(unrecognised(path));
    fileCount += 1;
  }

  return {
    runCount: expectedRuns.length,
    fileCount,
    baseline,
    expectedRuns,
    expectedRegressions: expectedRegressions(expectedRuns, baseline),
    expectedDiagnostics,
  };
}
