import type { OracleEvent, Step, ToolCallStep } from '../model';
import { canonicalJson } from './canonicalJson';
import { valueSimilarity } from './matchTokens';
import { argsAgreement } from './recordedArgs';

// Which agent step each oracle event was matched to, or compared against. Judge logs name agent actions by ids that
// appear nowhere else, so steps are found by tool, arguments and order; each step serves at most one oracle event.
// A call of the event's tool with exactly the recorded arguments is that action, read or write (tau2 expects reads too);
// otherwise only writes are candidates.

export interface OracleLinkRequest {
  event: OracleEvent;
  /** Arguments of the agent action the judge compared, as the judge log recorded them; null when it did not. */
  agentArgs: Record<string, unknown> | null;
}

// Score = 2 × share of recorded arguments that agree, + 0.5 for the oracle's tool. A link needs half the arguments
// to agree, or a quarter of them on the oracle's tool.
const MIN_LINK_SCORE = 1;
const SAME_TOOL_BONUS = 0.5;

function writeSteps(steps: readonly Step[]): number[] {
  return steps.flatMap((s, i) => (s.kind === 'tool_call' && s.write ? [i] : []));
}

function bestByRecordedArgs(
  steps: readonly Step[],
  writes: number[],
  used: Set<number>,
  request: OracleLinkRequest,
): number | null {
  const recorded = request.agentArgs as Record<string, unknown>;
  let best: number | null = null;
  let bestScore = MIN_LINK_SCORE;
  for (const i of writes) {
    if (used.has(i)) continue;
    const step = steps[i] as ToolCallStep;
    const score = 2 * argsAgreement(recorded, step.args) + (step.tool === request.event.tool ? SAME_TOOL_BONUS : 0);
    if (score > bestScore || (best === null && score === bestScore)) {
      best = i;
      bestScore = score;
    }
  }
  return best;
}

function bestSameTool(steps: readonly Step[], writes: number[], used: Set<number>, event: OracleEvent): number | null {
  let best: number | null = null;
  let bestScore = -1;
  for (const i of writes) {
    const step = steps[i] as ToolCallStep;
    if (used.has(i) || step.tool !== event.tool) continue;
    const score = valueSimilarity(event.args, step.args);
    if (score > bestScore) {
      best = i;
      bestScore = score;
    }
  }
  return best;
}

/** The first call not yet linked of the event's tool whose arguments are exactly the recorded ones. */
function exactRecordedCall(steps: readonly Step[], used: Set<number>, request: OracleLinkRequest): number | null {
  const recorded = canonicalJson(request.agentArgs);
  const index = steps.findIndex(
    (s, i) => !used.has(i) && s.kind === 'tool_call' && s.tool === request.event.tool && canonicalJson(s.args) === recorded,
  );
  return index < 0 ? null : index;
}

/** Step index per request (same order), null when no step fits. */
export function linkOracleSteps(steps: readonly Step[], requests: readonly OracleLinkRequest[]): Array<number | null> {
  const writes = writeSteps(steps);
  const used = new Set<number>();
  const links: Array<number | null> = requests.map(() => null);
  const take = (k: number, step: number | null): void => {
    links[k] = step;
    if (step !== null) used.add(step);
  };
  // Recorded arguments are the strongest evidence, so those events choose first: exact records, then summaries.
  requests.forEach((request, k) => {
    if (request.agentArgs) take(k, exactRecordedCall(steps, used, request));
  });
  requests.forEach((request, k) => {
    if (request.agentArgs && links[k] === null) take(k, bestByRecordedArgs(steps, writes, used, request));
  });
  requests.forEach((request, k) => {
    if (links[k] !== null) return;
    take(k, bestSameTool(steps, writes, used, request.event));
  });
  return links;
}
