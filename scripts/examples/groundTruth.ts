// ground-truth.json of the multilingual example: the planted phenomena with the evidence a person would look at,
// every run's expected outcome, the exact regression worklist and the expected diagnostics.

import { expectedRegressions, type ExpectedRegression, type ExpectedRun } from './expectedWorklist';
import { AGENT, BASELINE, groupOf, RUNS, SCENARIOS, type WrittenExample, type WrittenExampleRun } from './multilingualExample';
import { PHENOMENA, type Locator, type PhenomenonSpec } from './phenomena';
import type { LoggedCall } from './runWriter';
import { LANGUAGES } from './scenarios/spec';

interface Evidence {
  language: string;
  runIndex: number;
  path: string;
  outcome: string;
  failureReason: string | null;
  /** events.jsonl line (1-based) of the call where the phenomenon shows; null when it shows as a missing call. */
  line: number | null;
  tool: string | null;
  args: Record<string, unknown> | null;
}

function locate(calls: LoggedCall[], locator: Locator | null): { line: number | null; tool: string | null; args: Record<string, unknown> | null } | null {
  if (!locator) return { line: null, tool: null, args: null };
  if ('missing' in locator) return { line: null, tool: locator.missing, args: null };
  const found = calls.filter((c) => c.tool === locator.tool)[locator.occurrence - 1];
  return found ? { line: found.line, tool: found.tool, args: found.args } : null;
}

function evidenceOf(run: WrittenExampleRun, locator: Locator | null): Evidence | null {
  const at = locate(run.written.calls, locator);
  if (!at) return null;
  return { language: run.lang, runIndex: run.run, path: run.path, outcome: run.expected.outcome, failureReason: run.written.failureReason, ...at };
}

function phenomenon(spec: PhenomenonSpec, example: WrittenExample, worklist: ExpectedRegression[]) {
  const scenario = SCENARIOS.find((s) => s.id === spec.scenarioId);
  if (!scenario) throw new Error(`unknown scenario ${spec.scenarioId}`);
  const group = groupOf(scenario);
  const runsOf = (lang: string) => example.runs.filter((r) => r.scenario.id === spec.scenarioId && r.lang === lang);
  const evidence = spec.languages.flatMap((lang) =>
    runsOf(lang)
      .filter((r) => spec.runs.includes(r.run))
      .map((r) => {
        const e = evidenceOf(r, spec.locator);
        if (!e) throw new Error(`${spec.id}: ${r.path} has no call where the phenomenon should show`);
        return e;
      }),
  );
  for (const e of evidence) {
    const family = example.runs.find((r) => r.path === e.path)?.expected.failureFamily ?? null;
    if (family !== spec.expectedFailureFamily) throw new Error(`${spec.id}: ${e.path} has family ${family}, planned ${spec.expectedFailureFamily}`);
  }
  // The same tool in the first passing baseline run: what the target should be compared with.
  const baselinePass = runsOf(BASELINE).find((r) => r.expected.outcome === 'pass');
  const locatorTool = spec.locator && 'missing' in spec.locator ? spec.locator.missing : (spec.locator?.tool ?? null);
  const baselineEvidence = baselinePass && locatorTool ? evidenceOf(baselinePass, { tool: locatorTool, occurrence: 1 }) : null;
  return {
    id: spec.id,
    kind: spec.kind,
    summary: spec.summary,
    group,
    scenarioId: spec.scenarioId,
    capability: scenario.split,
    languages: spec.languages,
    runs: spec.runs,
    expectedFailureFamily: spec.expectedFailureFamily,
    expectedTriage: spec.triage.code,
    alternativeTriage: spec.triage.alternatives,
    why: spec.triage.why,
    inWorklist: spec.languages.map((language) => ({ language, regression: worklist.find((w) => w.group === group && w.language === language) ?? null })),
    evidence,
    baselineEvidence,
    ...(spec.details ?? {}),
  };
}

export function buildGroundTruth(example: WrittenExample) {
  const runs: ExpectedRun[] = example.runs.map((r) => r.expected);
  const worklist = expectedRegressions(runs, BASELINE);
  return {
    description:
      'Ground truth of the generated OmnilingualGAIA2-style example (scripts/generate-examples.ts). Paths are relative to this folder. ' +
      'Regenerate with `npm run examples`; the output is byte-identical on every run.',
    layout: '<agent>/<lang>/run_<n>/<split>/<scenario_id>/',
    agent: AGENT,
    baseline: BASELINE,
    languages: [...LANGUAGES],
    runsPerLanguage: RUNS.length,
    notes: [
      'README.md and ground-truth.json document the example; they are not runs. trajectory-lens.json excludes ground-truth.json from the index, so expectedDiagnostics lists exactly what `index --check` reports: the planted damage.',
      'Tool-count maps in failure reasons leave out AgentUserInterface__send_message_to_user, which the SMU count check covers (allowed_extra=1).',
      'The crashed run (scn_coffee_reorder, cmn run_2) holds only result.json and an empty events.jsonl, as gaia2-cli leaves it after an exception: that is not a diagnostic.',
      'The timed-out run (scn_offsite_planning, fra run_2) has no daemon_judgments.jsonl and no agent_response.txt: no turn ended, so nothing was judged.',
      'Each trace.jsonl request carries the task and the latest exchange (the harness logs a window of the conversation); the responses together with events.jsonl hold the whole trajectory.',
      'failureFamily of infrastructure runs: "timeout" when result.json says timed_out, otherwise "infra".',
      'expectedRegressions is sorted by group, then language; it counts infrastructure-clean runs only (pass or fail).',
      'expectedDiagnostics are what `index --check` must report (line null = whole-file problem); without --check an index still reports the empty result.json, since it reads verdicts.',
    ],
    scenarios: SCENARIOS.map((s) => ({
      scenarioId: s.id,
      group: groupOf(s),
      capability: s.split,
      task: s.task,
      plan: s.plan,
    })),
    phenomena: PHENOMENA.map((p) => phenomenon(p, example, worklist)),
    expectedRegressions: worklist,
    expectedDiagnostics: example.diagnostics,
    expectedRuns: runs,
  };
}

export type GroundTruth = ReturnType<typeof buildGroundTruth>;
