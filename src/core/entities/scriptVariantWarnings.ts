import { alignStepRows } from '../analysis/alignSteps';
import type { Step, Trajectory } from '../model';
import type { ScriptVariantWarning, Side } from './inventory';
import type { LinkedMention } from './mentions';

// The script-variant failure signature: a tool call whose argument is one form of an entity (张伟) while the aligned
// call of the other run, the environment's data (tool results of either run) or the oracle holds it in another script
// (Zhang Wei) — and the call did not find it: it returned nothing, or nothing naming the entity.

const NOTHING_FOUND = /^\s*(?:\[\s*\]|\{\s*\}|null|none|no (?:results?|matches?|contacts?|items?|records?)(?: found)?|not found|0 results?)\s*\.?\s*$/i;

function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '' || NOTHING_FOUND.test(value);
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.values(value).every(isEmpty);
  return false;
}

function alignedSteps(baseline: Trajectory, target: Trajectory): { baseline: Map<number, number>; target: Map<number, number> } {
  const toTarget = new Map<number, number>();
  const toBaseline = new Map<number, number>();
  for (const row of alignStepRows(baseline.steps, target.steps)) {
    if (row.baseline === null || row.target === null) continue;
    toTarget.set(row.baseline, row.target);
    toBaseline.set(row.target, row.baseline);
  }
  return { baseline: toTarget, target: toBaseline };
}

const HELD_ORDER = { 'aligned-call': 0, data: 1, oracle: 2 } as const;

export function scriptVariantWarnings(baseline: Trajectory, target: Trajectory, linked: readonly LinkedMention[]): ScriptVariantWarning[] {
  const runs: Record<Side, Trajectory> = { baseline, target };
  const other: Record<Side, Side> = { baseline: 'target', target: 'baseline' };
  const aligned = alignedSteps(baseline, target);
  const warnings: ScriptVariantWarning[] = [];
  const searches = linked.filter(({ mention }) => mention.kind === 'value' && mention.source === 'call-args');
  for (const { mention, entity } of searches) {
    const { side, step, field } = mention.place;
    if (step === null) continue;
    const call = runs[side].steps[step] as Step;
    if (call.kind !== 'tool_call' || call.write) continue;
    const alignedStep = aligned[side].get(step);
    const heldForms = linked
      .filter((l) => l.entity === entity && l.mention.form.script !== mention.form.script)
      .map(({ mention: held }) => {
        const inAlignedCall =
          held.place.side === other[side] && held.place.step === alignedStep && held.source === 'call-args';
        const heldIn = inAlignedCall ? 'aligned-call' : held.source === 'result' ? 'data' : held.source === 'oracle' ? 'oracle' : null;
        return { held, heldIn };
      })
      .filter((h): h is { held: typeof h.held; heldIn: keyof typeof HELD_ORDER } => h.heldIn !== null)
      // Prefer what worked (the aligned call), then the data, then the oracle; a written name over an email address.
      .sort((a, b) => HELD_ORDER[a.heldIn] - HELD_ORDER[b.heldIn] || Number(a.held.kind === 'email') - Number(b.held.kind === 'email'));
    const best = heldForms[0];
    if (best === undefined) continue;
    const emptyResult = call.error !== null || isEmpty(call.result);
    const found = linked.some((l) => l.entity === entity && l.mention.place.side === side && l.mention.place.step === step && l.mention.source === 'result');
    if (!emptyResult && found) continue;
    if (warnings.some((w) => w.side === side && w.step === step && w.searched === mention.form.text)) continue;
    warnings.push({
      kind: 'script-variant-miss',
      side,
      step,
      searched: mention.form.text,
      field,
      heldAs: best.held.form.text,
      heldIn: best.heldIn,
      heldAt: best.held.place,
      entity,
      emptyResult,
    });
  }
  return warnings.sort((a, b) => (a.side === b.side ? a.step - b.step : a.side === 'baseline' ? -1 : 1));
}
