// The decision-relevant evidence of one queue item: the two runs the prior reads (the baseline's passing run and the
// target's failing one, as the compare view picks them), reduced to the task, the final answer, the oracle reference
// and what the target failed. No 'vscode' import.
import type { FileSource } from '../../core/fileSource';
import { loadTrajectory } from '../../core/index/loadTrajectory';
import type { RunSummary, Trajectory } from '../../core/model';
import { runLabel } from '../../core/triage/evidenceText';
import type { LabelItem } from '../../core/triage/labelRecord';
import { comparedRuns } from '../../core/triage/triageItems';
import type { FailedCheck, OracleReference, ReviewEvidence, RunEvidence } from '../../protocol/review';

// Arguments of an oracle event can be long (an email body); the reviewer needs their gist, the compare view has the rest.
const MAX_ARGS_CHARS = 2_000;

function runEvidence(trajectory: Trajectory): RunEvidence {
  const { run } = trajectory;
  return {
    label: runLabel(run),
    outcome: run.outcome,
    task: trajectory.task,
    finalAnswer: trajectory.finalAnswer,
    failureReason: run.failureReason,
  };
}

function argsText(args: Record<string, unknown>): string {
  const text = JSON.stringify(args, null, 2);
  return text.length > MAX_ARGS_CHARS ? `${text.slice(0, MAX_ARGS_CHARS)}…` : text;
}

function failedChecks(target: Trajectory): FailedCheck[] {
  const judged = target.judge
    .filter((j) => j.matched === false)
    .map((j) => ({ check: j.check ?? 'judge', tool: j.tool, rationale: j.rationale, llm: j.llm }));
  const checks = target.checks
    .filter((c) => c.passed === false)
    .map((c) => ({ check: c.name, tool: null, rationale: c.detail, llm: false }));
  // The run-level verdict often repeats a judge's reason word for word: show each reason once.
  const seen = new Set<string>();
  return [...judged, ...checks].filter((f) => !seen.has(f.rationale) && seen.add(f.rationale));
}

/** The evidence of `item`; throws when the item names no run of the index (the queue is then out of date). */
export async function reviewEvidence(
  fs: FileSource,
  runs: readonly RunSummary[],
  item: LabelItem,
  baseline: string,
): Promise<ReviewEvidence> {
  const picked = comparedRuns(runs, item, baseline);
  if (picked === null) throw new Error(`${item.group} ${item.language} has no run in the index any more.`);
  const [target, reference] = await Promise.all([
    loadTrajectory(fs, picked.target),
    picked.baseline && picked.baseline.id !== picked.target.id ? loadTrajectory(fs, picked.baseline) : null,
  ]);
  // The oracle is the scenario's; a target whose reader found none still has the baseline's.
  const oracle: OracleReference[] = (target.oracle.length > 0 ? target.oracle : (reference?.oracle ?? [])).map((e) => ({
    tool: e.tool,
    args: argsText(e.args),
    turn: e.turn,
  }));
  const problems = [target, reference]
    .flatMap((t) => (t === null ? [] : t.diagnostics.filter((d) => d.severity === 'error').map((d) => `${runLabel(t.run)}: ${d.message}`)));
  return {
    baseline: reference === null ? null : runEvidence(reference),
    target: runEvidence(target),
    oracle,
    failed: failedChecks(target),
    problems,
  };
}
