import type { Step, ToolCallStep, Trajectory } from '../model';
import { inDifferentScripts } from './letterScripts';

// The script-variant signature: the target run looked something up by one written form of a name (张伟) and found
// nothing, where the baseline looked it up by another form (Zhang Wei) with the same tool and found it — and the
// target never found it later. The task's translation broke the cross-reference to the app's data.

export interface SearchMiss {
  targetStep: number;
  baselineStep: number;
  tool: string;
  argument: string;
  searched: string;
  heldAs: string;
}

function isEmpty(result: unknown): boolean {
  if (Array.isArray(result)) return result.length === 0;
  if (typeof result === 'string') return /^\s*(\[\s*\]|\{\s*\})?\s*$/.test(result);
  if (typeof result === 'object' && result !== null) {
    // `{}` or a wrapper around empty lists (`{"contacts": []}`).
    return Object.values(result).every((v) => Array.isArray(v) && v.length === 0);
  }
  return false;
}

function readCalls(steps: readonly Step[]): Array<[number, ToolCallStep]> {
  return steps.flatMap((step, index): Array<[number, ToolCallStep]> =>
    step.kind === 'tool_call' && !step.write ? [[index, step]] : [],
  );
}

function variantArgument(target: ToolCallStep, baseline: ToolCallStep): [string, string, string] | null {
  for (const [key, value] of Object.entries(target.args)) {
    const other = baseline.args[key];
    if (typeof value === 'string' && typeof other === 'string' && inDifferentScripts(value, other)) return [key, value, other];
  }
  return null;
}

export function findSearchMisses(baseline: Trajectory, target: Trajectory): SearchMiss[] {
  const baselineFinds = readCalls(baseline.steps).filter(([, call]) => call.result !== null && !isEmpty(call.result));
  const targetCalls = readCalls(target.steps);
  const misses: SearchMiss[] = [];
  for (const [index, call] of targetCalls) {
    if (call.result === null || !isEmpty(call.result)) continue;
    const foundLater = targetCalls.some(
      ([later, other]) => later > index && other.tool === call.tool && other.result !== null && !isEmpty(other.result),
    );
    if (foundLater) continue;
    for (const [baselineIndex, found] of baselineFinds) {
      if (found.tool !== call.tool) continue;
      const variant = variantArgument(call, found);
      if (variant === null) continue;
      const [argument, searched, heldAs] = variant;
      misses.push({ targetStep: index, baselineStep: baselineIndex, tool: call.tool, argument, searched, heldAs });
      break;
    }
  }
  return misses;
}
