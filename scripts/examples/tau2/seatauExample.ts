// Writes examples/tau2-seatau: a SEATauBench-style sweep of one agent on three airline tasks, two trials each, in
// English and three L2 settings, in the layout tau2-bench writes:
//   data/simulations/<timestamp>_airline_<lang>_<agent llm>_<user llm>/results.json
// en (english, "json" format), th (l2_domain, "json" plus results_reviewed.json), vi (l2_interaction, "dir" format:
// results.json with simulation_index + simulations/<id>.json; and l2_tools, "json"), zh (l2_tools, "json" with
// tool_messages wrappers). vi runs in two settings, each compared with the English setting on its own.
// data/tau2/domains/airline/th/data_model.json holds the Thai value sets the th run's literals come from;
// data/tau2/domains/airline/tasks.json and <lang>/tasks.json the task files, with planted translation defects.

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { hashSeed } from '../random';
import { POLICY, THAI_VALUE_SETS, type Lang } from './airlineWorld';
import { Chat, isoTime, stableUuid, type Json } from './chat';
import { bookFlight, cancelTrip, upgradeCabin, type ConversationEnd, type Variant } from './conversations';
import { cleanReview, rewardInfo, wrongCancellationReview } from './rewardInfo';
import { BOOK_FLIGHT, CANCEL_TRIP, TASKS, UPGRADE_CABIN, taskObject, type TaskSpec } from './tasks';
import { taskFiles } from './translatedTasks';

export const AGENT_LLM = 'gpt-4.1';
const USER_LLM = 'gpt-4.1';
export const BASELINE_LANG: Lang = 'en';
export const TRIALS = [0, 1] as const;

export interface LanguageRun {
  /** Names the run in the plan and seeds its conversations: the language, plus the setting for a language's second setting. */
  key: string;
  lang: Lang;
  setting: 'english' | 'l2_interaction' | 'l2_tools' | 'l2_domain';
  format: 'json' | 'dir';
  reviewed: boolean;
  startMs: number;
  withCosts: boolean;
}

export const LANGUAGE_RUNS: LanguageRun[] = [
  { key: 'en', lang: 'en', setting: 'english', format: 'json', reviewed: false, startMs: Date.UTC(2025, 5, 12, 10, 15, 0), withCosts: false },
  { key: 'th', lang: 'th', setting: 'l2_domain', format: 'json', reviewed: true, startMs: Date.UTC(2025, 5, 12, 11, 30, 0), withCosts: true },
  { key: 'vi', lang: 'vi', setting: 'l2_interaction', format: 'dir', reviewed: false, startMs: Date.UTC(2025, 5, 12, 13, 5, 0), withCosts: true },
  { key: 'zh', lang: 'zh', setting: 'l2_tools', format: 'json', reviewed: false, startMs: Date.UTC(2025, 5, 12, 14, 40, 0), withCosts: true },
  { key: 'vi_l2_tools', lang: 'vi', setting: 'l2_tools', format: 'json', reviewed: false, startMs: Date.UTC(2025, 5, 12, 16, 20, 0), withCosts: true },
];

/** The planned variant of every (task, language run, trial): what each conversation does. */
const PLAN: Record<string, Record<string, [Variant, Variant]>> = {
  [BOOK_FLIGHT.id]: { en: ['ok', 'ok'], th: ['ok', 'ok'], vi: ['ok', 'ok'], zh: ['ok', 'infra'], vi_l2_tools: ['ok', 'ok'] },
  [CANCEL_TRIP.id]: {
    en: ['ok', 'ok'],
    th: ['wrong_reservation_drift', 'wrong_reservation'],
    vi: ['ok', 'ok'],
    zh: ['max_steps', 'ok'],
    vi_l2_tools: ['wrong_reservation', 'wrong_reservation'],
  },
  [UPGRADE_CABIN.id]: { en: ['ok', 'ok'], th: ['ok', 'ok'], vi: ['ok', 'wrong_payment'], zh: ['ok', 'tool_errors'], vi_l2_tools: ['ok', 'ok'] },
};

const CONVERSATIONS: Record<string, typeof bookFlight> = {
  [BOOK_FLIGHT.id]: bookFlight,
  [CANCEL_TRIP.id]: cancelTrip,
  [UPGRADE_CABIN.id]: upgradeCabin,
};

export function runName(run: LanguageRun): string {
  const stamp = isoTime(run.startMs).slice(0, 19).replace(/[-:]/g, '').replace('T', '_');
  return `${stamp}_airline_${run.lang}_${AGENT_LLM}_${USER_LLM}`;
}

export function runDirOf(run: LanguageRun): string {
  return `data/simulations/${runName(run)}`;
}

export interface WrittenSimulation {
  /** The LanguageRun's key. */
  key: string;
  lang: Lang;
  setting: LanguageRun['setting'];
  task: TaskSpec;
  trial: number;
  id: string;
  variant: Variant;
  end: ConversationEnd;
  /** The reward tau2 recorded, or null when it never evaluated the run. */
  reward: number | null;
  messages: Json[];
}

function info(run: LanguageRun): Json {
  const l2 = run.setting !== 'english';
  const components: Record<LanguageRun['setting'], string[]> = {
    english: [],
    l2_interaction: ['user_system', 'greeting'],
    l2_tools: ['user_system', 'greeting', 'tools'],
    l2_domain: ['user_system', 'agent_system', 'greeting', 'tools', 'tasks', 'policy', 'db', 'schema'],
  };
  const base: Json = {
    git_commit: '1d6f92a',
    num_trials: TRIALS.length,
    max_steps: 30,
    max_errors: 3,
    user_info: { implementation: 'user_simulator', llm: USER_LLM, llm_args: { temperature: 0.0 }, global_simulation_guidelines: null },
    agent_info: { implementation: 'llm_agent', llm: AGENT_LLM, llm_args: { temperature: 0.0 } },
    environment_info: { domain_name: 'airline', policy: POLICY, tool_defs: null },
    seed: 300,
  };
  // The vi run predates info.lang_id: its language is only in seatau_info.run_language.
  const langId = run.lang === 'vi' || !l2 ? null : run.lang;
  return {
    ...base,
    lang_id: langId,
    lang_components: components[run.setting],
    seatau_info: {
      experiment_name: run.setting,
      run_language: l2 ? run.lang : null,
      lang_components: components[run.setting],
      asset_mode: run.setting === 'l2_domain' ? 'translated' : run.setting === 'l2_tools' ? 'tool_mix' : 'original',
      artifact_root: run.setting === 'l2_domain' ? `data/tau2/domains/airline/${run.lang}` : null,
      mixed_tools_config: run.setting === 'l2_tools' ? '5lang_uniform_en-th-vi-id-zh' : null,
    },
  };
}

function simulate(run: LanguageRun, task: TaskSpec, trial: number): { simulation: Json; written: WrittenSimulation } {
  const variant = PLAN[task.id]?.[run.key]?.[trial];
  const converse = CONVERSATIONS[task.id];
  if (variant === undefined || converse === undefined) throw new Error(`no plan for task ${task.id} ${run.key} trial ${trial}`);
  const start = run.startMs + (TASKS.indexOf(task) * TRIALS.length + trial) * 95_000 + (hashSeed(run.key, task.id, trial) % 20_000);
  const chat = new Chat(`${run.key}/${task.id}/${trial}`, start, run.withCosts);
  const end = converse(chat, run.lang, { localized: run.setting === 'l2_domain' }, variant);
  const reward = rewardInfo(task, run.lang, chat.messages, end, run.setting !== 'english');
  const id = stableUuid('tau2-seatau', run.key, task.id, trial);
  const costs = run.withCosts ? { agent_cost: 0.0312 + trial * 0.0041, user_cost: 0.0087 } : {};
  const simulation: Json = {
    id,
    task_id: task.id,
    timestamp: isoTime(start),
    start_time: isoTime(start),
    end_time: isoTime(chat.now + 1200),
    duration: Math.round((chat.now + 1200 - start) / 10) / 100,
    termination_reason: end.termination,
    ...costs,
    reward_info: reward,
    messages: chat.messages,
    trial,
    seed: 300 + trial,
    mode: 'half_duplex',
    review: null,
    user_only_review: null,
  };
  const written: WrittenSimulation = {
    key: run.key,
    lang: run.lang,
    setting: run.setting,
    task,
    trial,
    id,
    variant,
    end,
    reward: reward === null ? null : Number(reward.reward),
    messages: chat.messages,
  };
  return { simulation, written };
}

function writeJson(path: string, value: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
}

function reviewed(simulation: Json, written: WrittenSimulation): Json {
  const failedCancel = written.variant === 'wrong_reservation' || written.variant === 'wrong_reservation_drift';
  return { ...simulation, review: failedCancel ? wrongCancellationReview(written.end) : cleanReview() };
}

function writeRun(root: string, run: LanguageRun): WrittenSimulation[] {
  const dir = join(root, runDirOf(run));
  const results = TASKS.flatMap((task) => TRIALS.map((trial) => simulate(run, task, trial)));
  const header = { timestamp: isoTime(run.startMs), info: info(run), tasks: TASKS.map((t) => taskObject(t, run.lang)) };
  if (run.format === 'dir') {
    const index = results.map(({ simulation }) => ({
      id: simulation.id,
      task_id: simulation.task_id,
      trial: simulation.trial,
      reward: (simulation.reward_info as Json | null)?.reward ?? null,
      termination_reason: simulation.termination_reason,
      agent_cost: simulation.agent_cost ?? null,
      duration: simulation.duration,
    }));
    writeJson(join(dir, 'results.json'), { ...header, simulation_index: index });
    for (const { simulation } of results) writeJson(join(dir, 'simulations', `${String(simulation.id)}.json`), simulation);
  } else {
    writeJson(join(dir, 'results.json'), { ...header, simulations: results.map((r) => r.simulation) });
    if (run.reviewed) writeJson(join(dir, 'results_reviewed.json'), { ...header, simulations: results.map((r) => reviewed(r.simulation, r.written)) });
  }
  return results.map((r) => r.written);
}

function dataModel(): Json {
  const valueSets = Object.fromEntries(
    Object.entries(THAI_VALUE_SETS).map(([name, set]) => {
      const [owner, field] = name.includes('.') ? name.split('.') : [null, null];
      return [
        name,
        {
          kind: 'literal',
          values: set.values.map(([canonical, localized]) => ({ canonical, localized })),
          ...(owner && field ? { owner_model: owner, owner_field: field } : {}),
        },
      ];
    }),
  );
  const field = (annotation: string, description: string, valueSet?: string): Json => ({
    annotation,
    description,
    ...(valueSet ? { value_set: valueSet } : {}),
  });
  return {
    kind: 'schema',
    source_file: 'src/tau2/domains/airline/data_model.py',
    models: {
      User: { fields: { user_id: field('str', 'ตัวระบุเฉพาะสำหรับผู้ใช้'), membership: field('MembershipLevel', 'ระดับสมาชิกของผู้ใช้', 'MembershipLevel') } },
      Reservation: {
        fields: {
          reservation_id: field('str', 'ตัวระบุเฉพาะสำหรับการจอง'),
          flight_type: field('FlightType', 'ประเภทของการเดินทาง', 'FlightType'),
          cabin: field('CabinClass', 'ชั้นโดยสารที่เลือก', 'CabinClass'),
          insurance: field('Insurance', 'ว่าได้ซื้อประกันการเดินทางหรือไม่', 'Insurance'),
          status: field("Optional[Literal['cancelled']]", 'สถานะของการจอง', 'Reservation.status'),
        },
      },
      CreditCard: { fields: { source: field("Literal['credit_card']", 'ระบุว่านี่คือวิธีการชำระเงินด้วยบัตรเครดิต', 'CreditCard.source') } },
      GiftCard: { fields: { source: field("Literal['gift_card']", 'ระบุว่านี่คือวิธีการชำระเงินด้วยบัตรของขวัญ', 'GiftCard.source') } },
      Certificate: { fields: { source: field("Literal['certificate']", 'ระบุว่านี่คือวิธีการชำระเงินด้วยใบรับรอง', 'Certificate.source') } },
      DirectFlight: { fields: { status: field("Literal['available']", 'ระบุว่าเที่ยวบินว่างสำหรับการจอง', 'FlightDateStatusAvailable.status') } },
    },
    value_sets: valueSets,
  };
}

export const DATA_MODEL_PATH = 'data/tau2/domains/airline/th/data_model.json';

export function writeSeatauExample(root: string): WrittenSimulation[] {
  rmSync(root, { recursive: true, force: true });
  const written = LANGUAGE_RUNS.flatMap((run) => writeRun(root, run));
  writeJson(join(root, DATA_MODEL_PATH), dataModel());
  for (const [path, tasks] of taskFiles()) writeJson(join(root, path), tasks);
  return written;
}
