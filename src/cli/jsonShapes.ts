import type { Regression } from '../core/analysis/regressionTypes';
import type { Diagnostic, RunSummary, Step, Trajectory } from '../core/model';

// The documented JSON shapes of the CLI: exactly these keys, in this order, whatever else the model carries.

/** A run's keys in the CLI's JSON, in order. */
const RUN_KEYS = [
  'id',
  'path',
  'format',
  'group',
  'scenarioId',
  'language',
  'languageLabel',
  'runIndex',
  'outcome',
  'capability',
  'failureFamily',
  'setting',
  'agent',
] as const satisfies readonly (keyof RunSummary)[];

/** A diagnostic's keys in the CLI's JSON, in order. */
const DIAGNOSTIC_KEYS = ['path', 'line', 'message'] as const satisfies readonly (keyof Diagnostic)[];

function picked<T extends object, K extends keyof T>(value: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const key of keys) out[key] = value[key];
  return out;
}

export function runJson(run: RunSummary) {
  return picked(run, RUN_KEYS);
}

export function diagnosticJson(diagnostic: Diagnostic) {
  return picked(diagnostic, DIAGNOSTIC_KEYS);
}

const INDEX_KEYS = [...new Set<string>(['runs', 'diagnostics', ...RUN_KEYS, ...DIAGNOSTIC_KEYS])];

/**
 * `index --json`'s text: jsonText({ runs: runs.map(runJson), diagnostics: diagnostics.map(diagnosticJson) }), written
 * straight from the runs and diagnostics by naming the keys to keep (in that order, at every level: both shapes are
 * flat, and a diagnostic's `path` comes first in either), without a copy of 20,000 runs for the collector.
 */
export function indexJsonText(runs: readonly RunSummary[], diagnostics: readonly Diagnostic[]): string {
  return `${JSON.stringify({ runs, diagnostics }, INDEX_KEYS, 2)}\n`;
}

function stepJson(step: Step) {
  return step.kind === 'message'
    ? { kind: step.kind, role: step.role, text: step.text, reasoning: step.reasoning }
    : {
        kind: step.kind,
        tool: step.tool,
        args: step.args,
        result: step.result,
        error: step.error,
        write: step.write,
        requestor: step.requestor,
      };
}

export function trajectoryJson(trajectory: Trajectory) {
  return {
    run: runJson(trajectory.run),
    task: trajectory.task,
    steps: trajectory.steps.map(stepJson),
    finalAnswer: trajectory.finalAnswer,
    oracle: trajectory.oracle,
    checks: trajectory.checks,
    judge: trajectory.judge,
  };
}

export function regressionJson(regression: Regression) {
  return {
    group: regression.group,
    scenarioId: regression.scenarioId,
    language: regression.language,
    baseline: { passes: regression.baseline.passes, runs: regression.baseline.runs },
    target: { passes: regression.target.passes, runs: regression.target.runs },
    stratum: regression.stratum,
    cell: regression.cell,
    failureFamily: regression.failureFamily,
  };
}
