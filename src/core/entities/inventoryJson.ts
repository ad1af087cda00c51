import type { EntityInventory } from './inventory';

// The form `trajectory-lens entities --json` prints: exactly these keys, in this order. Offsets and the warnings'
// details stay in the core inventory (the view uses them); each form lists each place once.

export function inventoryJson(inventory: EntityInventory) {
  return {
    entities: inventory.entities.map((entity) => ({
      id: entity.id,
      forms: entity.forms.map((form) => {
        const places = new Map<string, { side: string; step: number | null; field: string }>();
        for (const { side, step, field } of form.where) places.set(`${side}|${step}|${field}`, { side, step, field });
        return { text: form.text, script: form.script, where: [...places.values()] };
      }),
    })),
    warnings: inventory.warnings.map(({ kind, side, step, searched, heldAs }) => ({ kind, side, step, searched, heldAs })),
  };
}
