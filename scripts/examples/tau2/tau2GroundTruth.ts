// ground-truth.json of the tau2-seatau example, computed from the generator's plan (never from the reader): every
// run's expected outcome and pairing, the regression worklist, and the planted phenomena with where to see them.

import { expectedRegressions, type ExpectedRun } from '../expectedWorklist';
import { LANGS, type Lang } from './airlineWorld';
import type { Variant } from './conversations';
import { BASELINE_LANG, DATA_MODEL_PATH, LANGUAGE_RUNS, runDirOf, type LanguageRun, type WrittenSimulation } from './seatauExample';
import { TASKS } from './tasks';
import { PLANTED_TRANSLATION_DEFECTS, SOURCE_TASKS_PATH } from './translatedTasks';

const ISO: Record<Lang, string> = { en: 'eng', th: 'tha', vi: 'vie', zh: 'cmn' };
const PAIRING_NAME = 'airline_gpt-4.1_gpt-4.1';

/** The failure family each planned variant must produce (null: the run passes). */
const FAMILY: Record<Variant, string | null> = {
  ok: null,
  infra: 'infra',
  wrong_reservation: 'db_mismatch',
  wrong_reservation_drift: 'db_mismatch',
  max_steps: 'max_steps',
  wrong_payment: 'db_mismatch',
  tool_errors: 'too_many_errors',
};

type Outcome = 'pass' | 'fail' | 'infra' | 'unknown';

function outcomeOf(run: WrittenSimulation): Outcome {
  if (run.end.termination === 'infrastructure_error') return 'infra';
  if (run.reward === null) return 'unknown';
  return run.reward >= 1 ? 'pass' : 'fail';
}

function groupOf(taskId: string): string {
  return `data/simulations/${PAIRING_NAME}#${taskId}`;
}

function languageRunOf(key: string): LanguageRun {
  const language = LANGUAGE_RUNS.find((l) => l.key === key);
  if (language === undefined) throw new Error(`no language run ${key}`);
  return language;
}

function runOf(run: WrittenSimulation) {
  const language = languageRunOf(run.key);
  const outcome = outcomeOf(run);
  const failureFamily = FAMILY[run.variant];
  if ((outcome === 'pass') !== (failureFamily === null)) throw new Error(`${run.key}/${run.task.id}/${run.trial}: ${outcome} with family ${failureFamily}`);
  return {
    id: `${runDirOf(language)}#${run.id}`,
    path: runDirOf(language),
    format: 'tau2',
    group: groupOf(run.task.id),
    scenarioId: run.task.id,
    language: ISO[run.lang],
    languageLabel: run.lang,
    runIndex: run.trial,
    capability: 'airline',
    setting: run.setting,
    outcome,
    failureFamily,
  };
}

/** A simulation of a language run (by its key: the language, or `<lang>_<setting>` for a language's second setting). */
function find(runs: readonly WrittenSimulation[], key: string, taskId: string, trial: number): WrittenSimulation {
  const run = runs.find((r) => r.key === key && r.task.id === taskId && r.trial === trial);
  if (run === undefined) throw new Error(`no run ${key}/${taskId}/${trial}`);
  return run;
}

function dirOf(key: string): string {
  return runDirOf(languageRunOf(key));
}

function phenomena(runs: readonly WrittenSimulation[]) {
  const drift = find(runs, 'th', '14', 0);
  const wrong = find(runs, 'th', '14', 1);
  return [
    {
      id: 'localized_literals',
      summary:
        'In the th L2 Domain run the database and tools speak Thai literals: the agent books cabin "ประหยัด" (economy), flight_type "เที่ยวเดียว" (one_way), insurance "ไม่" (no), and upgrades to "ธุรกิจ" (business). The oracle keeps the canonical English values, so tau2 marks book_reservation / update_reservation_flights as not matched, but ACTION is not in the reward basis and the runs pass. data_model.json maps the literals: a comparison must treat ประหยัด ≙ economy as equal and show both.',
      valueSets: DATA_MODEL_PATH,
      evidence: [
        { path: dirOf('th'), id: find(runs, 'th', '3', 0).id, tool: 'book_reservation', args: { cabin: 'ประหยัด', flight_type: 'เที่ยวเดียว', insurance: 'ไม่' }, oracle: { cabin: 'economy', flight_type: 'one_way', insurance: 'no' } },
        { path: dirOf('th'), id: find(runs, 'th', '27', 0).id, tool: 'update_reservation_flights', args: { cabin: 'ธุรกิจ' }, oracle: { cabin: 'business' } },
      ],
    },
    {
      id: 'wrong_reservation_regression',
      summary:
        'Task 14 passes in every en trial and fails in both th trials: the agent cancels P7HV3D (Miami) instead of the Chicago trip QTR52M. db_check fails; the communicate check (LLM judge in L2 runs) finds no $327 refund.',
      evidence: [drift, wrong].map((r) => ({ path: dirOf('th'), id: r.id, trial: r.trial, cancelCallTurn: r.end.decisiveTurn, args: { reservation_id: 'P7HV3D' }, oracle: { reservation_id: 'QTR52M' } })),
    },
    {
      id: 'language_drift',
      summary: 'In th task 14 trial 0 one assistant turn is in English; language_correctness scores the run below 1 and lists that turn.',
      evidence: [{ path: dirOf('th'), id: drift.id, turn: drift.end.driftTurns[0] ?? null, score: 0.75 }],
    },
    {
      id: 'review_errors',
      summary:
        'results_reviewed.json of the th run carries the judge review: a critical agent error (incorrect_interpretation, missed_required_action) at the cancel call of both task 14 trials, a minor agent error (guideline_violation) at the English turn of trial 0, and a minor user error at the confirmation of trial 1. results.json beside it has no reviews; the reviewed file is the one to read.',
      evidence: [
        { path: `${dirOf('th')}/results_reviewed.json`, id: drift.id, critical: drift.end.decisiveTurn, minor: drift.end.driftTurns },
        { path: `${dirOf('th')}/results_reviewed.json`, id: wrong.id, critical: wrong.end.decisiveTurn, minorUser: (wrong.end.decisiveTurn ?? 0) - 1 },
      ],
    },
    {
      id: 'stochastic_regressions',
      summary:
        'vi task 27 trial 1 charges the upgrade to the credit card although the user asked for the gift card (db_mismatch; vi is in the "dir" format), and zh task 14 trial 0 never looks the reservations up and hits max_steps: each is pass->partial.',
      evidence: [
        { path: `${dirOf('vi')}/simulations/${find(runs, 'vi', '27', 1).id}.json`, args: { payment_id: 'credit_card_4421984' }, oracle: { payment_id: 'gift_card_7126655' } },
        { path: dirOf('zh'), id: find(runs, 'zh', '14', 0).id, termination: 'max_steps' },
      ],
    },
    {
      id: 'two_settings',
      summary:
        'vi is run in two SEATau settings, l2_interaction ("dir" format) and l2_tools, each compared with the English setting on its own. Task 14 passes in both vi l2_interaction trials and fails in both vi l2_tools trials (the agent cancels P7HV3D instead of QTR52M): pooled, vi would read 2/4, a stochastic pass->partial; per setting, vi · l2_tools is a deterministic pass->fail and vi · l2_interaction no regression.',
      evidence: [
        ...[0, 1].map((trial) => ({ path: dirOf('vi'), id: find(runs, 'vi', '14', trial).id, setting: 'l2_interaction', outcome: 'pass' })),
        ...[0, 1].map((trial) => ({ path: dirOf('vi_l2_tools'), id: find(runs, 'vi_l2_tools', '14', trial).id, setting: 'l2_tools', outcome: 'fail' })),
      ],
    },
    {
      id: 'translation_defects',
      summary:
        `The Thai task file (data/tau2/domains/airline/th/tasks.json, translated from ${SOURCE_TASKS_PATH}) carries planted defects: task 27 names reservation 7PX824 instead of 7PX284, and task 3 drops the year of the travel date. lint-translation reports exactly these; the Vietnamese task file is correct.`,
      evidence: PLANTED_TRANSLATION_DEFECTS.map(({ file, scenarioId, code, source, translation }) => ({ path: file, scenarioId, code, source, translation })),
    },
    {
      id: 'not_evaluated',
      summary:
        'zh task 3 trial 1 ended in an infrastructure error (outcome infra) and zh task 27 trial 1 stopped after repeated tool errors without reward_info (outcome unknown, family too_many_errors); both are left out of pass rates.',
      evidence: [
        { path: dirOf('zh'), id: find(runs, 'zh', '3', 1).id, outcome: 'infra' },
        { path: dirOf('zh'), id: find(runs, 'zh', '27', 1).id, outcome: 'unknown' },
      ],
    },
  ];
}

/**
 * Each L2 setting's runs against the English setting's, never pooled across settings: deterministic first, then by
 * group, language and setting.
 */
function settingRegressions(runs: ReadonlyArray<ExpectedRun & { setting: string }>) {
  const english = runs.filter((r) => r.setting === 'english');
  const settings = [...new Set(runs.map((r) => r.setting).filter((s) => s !== 'english'))].sort();
  const text = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  return settings
    .flatMap((setting) => expectedRegressions([...english, ...runs.filter((r) => r.setting === setting)], ISO[BASELINE_LANG]).map((r) => ({ ...r, setting })))
    .sort(
      (a, b) =>
        Number(b.stratum === 'deterministic') - Number(a.stratum === 'deterministic') ||
        text(a.group, b.group) ||
        text(a.language, b.language) ||
        text(a.setting, b.setting),
    );
}

export function buildTau2GroundTruth(runs: readonly WrittenSimulation[]) {
  const expectedRuns = runs.map(runOf);
  // Unknown outcomes are left out of pass rates like infrastructure errors.
  const worklistRuns = expectedRuns.map((r) => ({ ...r, outcome: r.outcome === 'unknown' ? ('infra' as const) : r.outcome }));
  return {
    description:
      'Ground truth of the generated SEATauBench-style example (scripts/generate-examples.ts). Paths are relative to this folder. ' +
      'Regenerate with `npm run examples`; the output is byte-identical on every run.',
    layout: 'data/simulations/<timestamp>_airline_<lang>_<agent llm>_<user llm>/results.json (one run per simulation)',
    baseline: ISO[BASELINE_LANG],
    languages: LANGS.map((l) => ISO[l]),
    runs: LANGUAGE_RUNS.map((l) => ({ language: ISO[l.lang], path: runDirOf(l), setting: l.setting, format: l.format, reviewed: l.reviewed })),
    settings: { baseline: 'english', compared: [...new Set(LANGUAGE_RUNS.map((l) => l.setting).filter((s) => s !== 'english'))].sort() },
    notes: [
      'Pairing: run folders differ by timestamp and language, so the runs pair on the folder name without them (group data/simulations/airline_gpt-4.1_gpt-4.1#<task_id>); scenarioId is the task id and runIndex the trial as written (0 and 1).',
      'Run ids are <run folder>#<simulation id>.',
      'The th run holds results.json and results_reviewed.json; the reviewed file is read. The vi l2_interaction run is in the "dir" format.',
      'Settings: every L2 setting is compared with the english setting on its own; a language run in two settings (vi) is two cells, `vie · l2_interaction` and `vie · l2_tools`, never pooled. expectedRegressions carry their setting.',
      'Outcome unknown (no reward_info) and infra runs are excluded from pass rates.',
      'README.md and ground-truth.json document the example; trajectory-lens.json excludes ground-truth.json from the index, so `index --check` reports nothing.',
    ],
    tasks: TASKS.map((t) => ({ scenarioId: t.id, group: groupOf(t.id), purpose: t.purpose, rewardBasis: t.rewardBasis })),
    phenomena: phenomena(runs),
    expectedRegressions: settingRegressions(worklistRuns),
    expectedDiagnostics: [],
    expectedRuns,
  };
}

export type Tau2GroundTruth = ReturnType<typeof buildTau2GroundTruth>;
