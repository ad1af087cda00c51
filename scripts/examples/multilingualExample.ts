// Writes examples/gaia2-multilingual: one agent, six languages, three runs, nine scenarios, in the gaia2-cli layout
// `<agent>/<lang>/run_<n>/<split>/<scenario_id>/`, with the planted phenomena and damaged files.

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { corrupt, unrecognised, type CorruptionKind, type ExpectedDiagnostic } from './corruptions';
import type { ExpectedRun } from './expectedWorklist';
import { pyJsonLine } from './python';
import { Rng } from './random';
import type { Endpoint } from './runModel';
import { writeRun, type WrittenRun } from './runWriter';
import { callScheduling } from './scenarios/callScheduling';
import { coffeeReorder } from './scenarios/coffeeReorder';
import { emailBudget } from './scenarios/emailBudget';
import { flatSearch } from './scenarios/flatSearch';
import { groupDinner } from './scenarios/groupDinner';
import { offsitePlanning } from './scenarios/offsitePlanning';
import { LANGUAGES, type Lang, type ScenarioSpec } from './scenarios/spec';
import { viewingReply } from './scenarios/viewingReply';
import { yogaCleanup } from './scenarios/yogaCleanup';

export const AGENT = 'agent-a';
export const BASELINE: Lang = 'eng';
export const RUNS = [1, 2, 3] as const;
export const SCENARIOS: ScenarioSpec[] = [
  emailBudget,
  yogaCleanup,
  callScheduling,
  offsitePlanning,
  viewingReply,
  flatSearch,
  groupDinner,
  coffeeReorder,
];

const MODEL = 'claude-sonnet-4-5';
const GATEWAY = 'http://llm-gateway.internal:4000/v1';
const SPLITS = ['execution', 'search', 'adaptability', 'ambiguity'];
/** Wall-clock start of the whole sweep: fixed, so the files never depend on when they were generated. */
const SWEEP_START_MS = Date.UTC(2025, 5, 10, 8, 0, 0);

interface PlannedDamage {
  scenarioId: string;
  lang: Lang;
  run: number;
  file: string;
  kind: CorruptionKind;
}

const DAMAGE: PlannedDamage[] = [
  { scenarioId: 'scn_coffee_reorder', lang: 'eng', run: 1, file: 'events.jsonl', kind: 'truncated_last_line' },
  { scenarioId: 'scn_yoga_cleanup', lang: 'fra', run: 2, file: 'result.json', kind: 'empty_file' },
  { scenarioId: 'scn_viewing_reply', lang: 'hin', run: 3, file: 'daemon_status.json', kind: 'truncated_json' },
  { scenarioId: 'scn_email_budget', lang: 'spa', run: 2, file: 'trace.jsonl', kind: 'binary_content' },
];

const STRAY_FILE = `${AGENT}/notes.json`;
const STRAY_CONTENT = {
  owner: 'mk',
  todo: ['re-run hin with the new judge prompt', 'ask infra about the OOM kills on the cmn sweep', 'compare against agent-b once it lands'],
  updated: '2025-06-14',
};

/**
 * The run_2 sweep went through an OpenAI-compatible gateway; runs 1 and 3 called Anthropic directly, and the run_3
 * harness logged non-streamed bodies parsed (`response`) rather than as text.
 */
function endpoint(run: number, scenarioIndex: number): Endpoint {
  const stream = (scenarioIndex + run) % 3 === 0;
  return run === 2
    ? { provider: 'openai-compat', model: `anthropic/${MODEL}`, url: `${GATEWAY}/chat/completions`, stream, parsedResponse: false }
    : { provider: 'anthropic', model: MODEL, url: 'https://api.anthropic.com/v1/messages', stream, parsedResponse: run === 3 };
}

function runConfig(lang: Lang, run: number): Record<string, unknown> {
  const viaGateway = run === 2;
  return {
    model: viaGateway ? `anthropic/${MODEL}` : MODEL,
    provider: viaGateway ? 'openai-compat' : 'anthropic',
    ...(viaGateway ? { base_url: GATEWAY } : {}),
    judge_model: 'gpt-oss-120b',
    judge_provider: 'openai-compat',
    dataset: `/data/omnilingual-gaia2/${lang}`,
    splits: SPLITS,
    num_scenarios: SCENARIOS.length,
    run_number: run,
    total_runs: RUNS.length,
    timeout: 600,
    concurrency: 4,
    image: 'gaia2-runner:2025.06',
  };
}

export function runDir(lang: Lang, run: number, scenario: ScenarioSpec): string {
  return `${AGENT}/${lang}/run_${run}/${scenario.split}/${scenario.id}`;
}

export function groupOf(scenario: ScenarioSpec): string {
  return `${AGENT}/${scenario.split}/${scenario.id}`;
}

export interface WrittenExampleRun {
  scenario: ScenarioSpec;
  lang: Lang;
  run: number;
  path: string;
  written: WrittenRun;
  expected: ExpectedRun;
}

export interface WrittenExample {
  runs: WrittenExampleRun[];
  diagnostics: ExpectedDiagnostic[];
}

export function writeMultilingualExample(root: string): WrittenExample {
  rmSync(root, { recursive: true, force: true });
  const runs: WrittenExampleRun[] = [];
  LANGUAGES.forEach((lang, langIndex) => {
    for (const run of RUNS) {
      const out = `${AGENT}/${lang}/run_${run}`;
      mkdirSync(join(root, out), { recursive: true });
      writeFileSync(join(root, out, 'run_config.json'), JSON.stringify(runConfig(lang, run), null, 2));
      const results: string[] = [];
      SCENARIOS.forEach((scenario, scenarioIndex) => {
        const rng = Rng.of('gaia2-multilingual', scenario.id, lang, run);
        const variantName = scenario.plan[lang][run - 1] ?? '';
        const variant = scenario.variants[variantName];
        if (!variant) throw new Error(`${scenario.id}: no variant ${variantName}`);
        const { script, ending } = variant({ lang, run, rng });
        const path = runDir(lang, run, scenario);
        const written = writeRun(join(root, path), {
          scenarioId: scenario.id,
          scenarioFile: `/data/omnilingual-gaia2/${lang}/${scenario.split}/${scenario.id}.json`,
          startTime: scenario.startTime,
          wallClockMs: SWEEP_START_MS + ((langIndex * RUNS.length + run - 1) * 60 + scenarioIndex * 6) * 60_000,
          endpoint: endpoint(run, scenarioIndex),
          tools: scenario.tools,
          script,
          oracle: scenario.oracle(lang),
          ending: ending ?? { kind: 'judged' },
          rng,
          historyWindow: 2,
          files: 'all',
        });
        // A run whose result.json gets torn below lost its results.jsonl line too (the same failed write).
        if (!DAMAGE.some((d) => d.file === 'result.json' && d.scenarioId === scenario.id && d.lang === lang && d.run === run)) {
          results.push(pyJsonLine({ ...written.summary, split: scenario.split }, true));
        }
        runs.push({
          scenario,
          lang,
          run,
          path,
          written,
          expected: {
            path,
            group: groupOf(scenario),
            scenarioId: scenario.id,
            language: lang,
            languageLabel: lang,
            runIndex: run,
            capability: scenario.split,
            outcome: written.outcome,
            failureFamily: written.outcome === 'pass' ? null : written.failureFamily,
          },
        });
      });
      writeFileSync(join(root, out, 'results.jsonl'), results.map((l) => `${l}\n`).join(''));
    }
  });

  const diagnostics: ExpectedDiagnostic[] = [];
  for (const damage of DAMAGE) {
    const target = runs.find((r) => r.scenario.id === damage.scenarioId && r.lang === damage.lang && r.run === damage.run);
    if (!target) throw new Error(`no run to damage: ${damage.scenarioId} ${damage.lang} ${damage.run}`);
    diagnostics.push(corrupt(root, `${target.path}/${damage.file}`, damage.kind, Rng.of('damage', target.path, damage.file)));
    if (damage.file === 'result.json') {
      target.expected.outcome = 'infra';
      target.expected.failureFamily = 'infra';
    }
  }
  writeFileSync(join(root, STRAY_FILE), JSON.stringify(STRAY_CONTENT, null, 2));
  diagnostics.push(unrecognised(STRAY_FILE));
  return { runs, diagnostics };
}
