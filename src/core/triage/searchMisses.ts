import type { EntityInventory, ScriptVariantWarning, Side } from '../entities/inventory';
import { linkEntities } from '../entities/linkEntities';
import type { Trajectory } from '../model';
import { quoted, runLabel, stepLabel } from './evidenceText';

// T4 evidence: the target run looked a person up by one written form of the name (张伟) and found nothing, where the
// baseline's aligned call, the app's data or the oracle holds another form (Zhang Wei) — and no later result of the
// target names the person. The translation broke the cross-reference to the app's data. The misses are the entity
// inventory's script-variant warnings; the prior keeps those the target never recovered from.

const RESULT_FIELD = /^result(?:$|[.[])/;

/** The steps of one run whose results name the entity. */
function stepsFinding(inventory: EntityInventory, entity: string, side: Side): number[] {
  const forms = inventory.entities.find((e) => e.id === entity)?.forms ?? [];
  return forms.flatMap(({ where }) =>
    where.flatMap((w) => (w.side === side && w.step !== null && RESULT_FIELD.test(w.field) ? [w.step] : [])),
  );
}

function heldText(warning: ScriptVariantWarning, runs: Record<Side, Trajectory>, inventory: EntityInventory): string {
  const { side, step } = warning.heldAt;
  const as = quoted(warning.heldAs);
  if (step === null) return `the ${runLabel(runs[side].run)} oracle holds it as ${as}`;
  const at = stepLabel(runs[side], step);
  if (warning.heldIn === 'data') return `${at} returned it as ${as}`;
  const found = stepsFinding(inventory, warning.entity, side).includes(step);
  return `${at} ${found ? 'found it' : 'searched for it'} as ${as}`;
}

/**
 * One line of evidence per search of the target that missed a name written in another script and never found it.
 * `inventory`: the two runs' entities when the caller linked them already (linkEntities with default options).
 */
export function searchMissEvidence(baseline: Trajectory, target: Trajectory, inventory: EntityInventory = linkEntities(baseline, target)): string[] {
  const runs: Record<Side, Trajectory> = { baseline, target };
  return inventory.warnings
    .filter((w) => w.side === 'target' && !stepsFinding(inventory, w.entity, 'target').some((step) => step > w.step))
    .map(
      (w) =>
        `${stepLabel(target, w.step)} searched ${quoted(w.searched)} and found ${w.emptyResult ? 'nothing' : 'no one by that name'}; ` +
        `${heldText(w, runs, inventory)} (the name is written in another script)`,
    );
}
