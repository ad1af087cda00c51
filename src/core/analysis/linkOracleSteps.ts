import type { OracleEvent, Step, ToolCallStep } from '../model';
import { canonicalJson } from './canonicalJson';
import { tokenSimilarity, valueTokens, type TokenWeights } from './matchTokens';
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

// Steps indexed once per run (by tool, by exact arguments, tokens of each write's arguments) so that linking 50 events
// against 10,000 steps does not re-serialise or re-tokenise every step for every event.
class StepLookup {
  readonly writes: number[] = [];
  private readonly writesByTool = new Map<string, number[]>();
  private byCall: Map<string, number[]> | null = null;
  private readonly tokens = new Map<number, TokenWeights>();

  constructor(private readonly steps: readonly Step[]) {
    steps.forEach((s, i) => {
      if (s.kind !== 'tool_call' || !s.write) return;
      this.writes.push(i);
      const list = this.writesByTool.get(s.tool);
      if (list) list.push(i);
      else this.writesByTool.set(s.tool, [i]);
    });
  }

  writesOf(tool: string): readonly number[] {
    return this.writesByTool.get(tool) ?? [];
  }

  /** Tool calls (reads too) of this tool with exactly these arguments, in step order. */
  calls(tool: string, canonicalArgs: string): readonly number[] {
    if (this.byCall === null) {
      const byCall = new Map<string, number[]>();
      this.steps.forEach((s, i) => {
        if (s.kind !== 'tool_call') return;
        const key = `${s.tool}\0${canonicalJson(s.args)}`;
        const list = byCall.get(key);
        if (list) list.push(i);
        else byCall.set(key, [i]);
      });
      this.byCall = byCall;
    }
    return this.byCall.get(`${tool}\0${canonicalArgs}`) ?? [];
  }

  argTokens(i: number): TokenWeights {
    let tokens = this.tokens.get(i);
    if (tokens === undefined) {
      tokens = valueTokens((this.steps[i] as ToolCallStep).args);
      this.tokens.set(i, tokens);
    }
    return tokens;
  }
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

function bestSameTool(lookup: StepLookup, used: Set<number>, event: OracleEvent): number | null {
  let best: number | null = null;
  let bestScore = -1;
  const eventTokens = valueTokens(event.args);
  for (const i of lookup.writesOf(event.tool)) {
    if (used.has(i)) continue;
    const score = tokenSimilarity(eventTokens, lookup.argTokens(i));
    if (score > bestScore) {
      best = i;
      bestScore = score;
    }
  }
  return best;
}

/** The first call not yet linked of the event's tool whose arguments are exactly the recorded ones. */
function exactRecordedCall(lookup: StepLookup, used: Set<number>, request: OracleLinkRequest): number | null {
  return lookup.calls(request.event.tool, canonicalJson(request.agentArgs)).find((i) => !used.has(i)) ?? null;
}

/** Step index per request (same order), null when no step fits. */
export function linkOracleSteps(steps: readonly Step[], requests: readonly OracleLinkRequest[]): Array<number | null> {
  const lookup = new StepLookup(steps);
  const used = new Set<number>();
  const links: Array<number | null> = requests.map(() => null);
  const take = (k: number, step: number | null): void => {
    links[k] = step;
    if (step !== null) used.add(step);
  };
  // Recorded arguments are the strongest evidence, so those events choose first: exact records, then summaries.
  requests.forEach((request, k) => {
    if (request.agentArgs) take(k, exactRecordedCall(lookup, used, request));
  });
  requests.forEach((request, k) => {
    if (request.agentArgs && links[k] === null) take(k, bestByRecordedArgs(steps, lookup.writes, used, request));
  });
  requests.forEach((request, k) => {
    if (links[k] !== null) return;
    take(k, bestSameTool(lookup, used, request.event));
  });
  return links;
}
