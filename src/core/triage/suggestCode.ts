import type { EntityInventory } from '../entities/inventory';
import type { Trajectory } from '../model';
import { agentFinding } from './agentFailure';
import { quoted, runLabel } from './evidenceText';
import { readRun } from './failingActions';
import { firstInTaxonomy } from './taxonomy';
import type { Suggestion } from './suggestion';
import { translationFindings, type TranslationProblem } from './translationSuspicion';
import { verifierFindings } from './verifierSuspicion';

// The automatic prior: the taxonomy checked top-down (infrastructure, translation, verifier, agent, inconclusive),
// the first family with evidence giving the code. A suggestion only: a person decides.

export interface PriorInput {
  /** The run being triaged: by default the target language's first failing run. */
  target: Trajectory;
  /** The baseline language's equivalent run (by default its first passing run); null when there is none. */
  baseline: Trajectory | null;
  /** Translation problems known for the scenario (translation lint, entity linking, reviewers); none by default. */
  translationProblems?: readonly TranslationProblem[];
  /** The two runs' linked entities (linkEntities with default options), when the caller shares them with other work. */
  entities?: () => EntityInventory;
}

// Reasons that say no verdict was ever produced, as opposed to a runner that crashed with an error.
const NO_JUDGEMENT = /\b(no judge?ments?|no verdict|unreadable|not persisted)\b/i;

function infrastructure(target: Trajectory): Suggestion | null {
  const { run } = target;
  if (run.outcome !== 'infra' && run.outcome !== 'unknown') return null;
  const reason = run.failureReason ? `: ${quoted(run.failureReason)}` : '';
  if (run.outcome === 'unknown' || run.failureFamily === 'timeout' || NO_JUDGEMENT.test(run.failureReason ?? '')) {
    const why = run.failureFamily === 'timeout' ? 'timed out; no judgement persisted' : 'no judgement persisted';
    return { code: 'I2', evidence: [`${runLabel(run)} ${why}${reason}`] };
  }
  return { code: 'I1', evidence: [`${runLabel(run)} crashed${reason}`] };
}

/** The family's first code among the findings, with the evidence of every finding for that code. */
function strongest(findings: readonly Suggestion[]): Suggestion | null {
  const code = firstInTaxonomy(findings.map((f) => f.code));
  if (code === null) return null;
  return { code, evidence: findings.filter((f) => f.code === code).flatMap((f) => f.evidence) };
}

function inconclusive(target: Trajectory): Suggestion {
  const { run } = target;
  if (run.outcome === 'pass') return { code: 'E1', evidence: [`${runLabel(run)} passed: nothing failed to explain`] };
  // A scorer's failed check (Inspect) says that the run failed, not which action or translation made it fail.
  const failed = target.checks.find((c) => c.passed === false);
  if (failed) {
    const detail = failed.detail ? `: ${quoted(failed.detail)}` : '';
    return {
      code: 'E1',
      evidence: [`${runLabel(run)} failed the check ${failed.name}${detail}; no oracle event or step shows which action or text caused it`],
    };
  }
  const reason = run.failureReason ? `; the verifier said ${quoted(run.failureReason)}` : '';
  return { code: 'E1', evidence: [`no oracle event, check or step explains why ${runLabel(run)} failed${reason}`] };
}

export function suggestCode(input: PriorInput): Suggestion {
  const infra = infrastructure(input.target);
  if (infra) return infra;
  if (input.target.run.outcome === 'pass') return inconclusive(input.target);
  const reading = readRun(input.target);
  const baseline = input.baseline && input.baseline.run.outcome === 'pass' ? readRun(input.baseline) : null;
  return (
    strongest(translationFindings(reading, baseline, input.translationProblems ?? [], input.entities)) ??
    strongest(verifierFindings(reading, baseline)) ??
    agentFinding(reading) ??
    inconclusive(input.target)
  );
}
