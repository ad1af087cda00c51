import type { Regression } from '../core/analysis/regressionTypes';
import type { Diagnostic, RunSummary, Step, Trajectory } from '../core/model';

// The documented JSON shapes of the CLI: exactly these keys, in this order, whatever else the model carries.

export function runJson(run: RunSummary) {
  return {
    id: run.id,
    path: run.path,
    format: run.format,
    group: run.group,
    scenarioId: run.scenarioId,
    language: run.language,
    languageLabel: run.languageLabel,
    runIndex: run.runIndex,
    outcome: run.outcome,
    capability: run.capability,
    failureFamily: run.failureFamily,
    setting: run.setting,
    agent: run.agent,
  };
}

export function diagnosticJson(diagnostic: Diagnostic) {
  return { path: diagnostic.path, line: diagnostic.line, message: diagnostic.message };
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
