import { inventoryJson } from '../../core/entities/inventoryJson';
import type { EntityInventory } from '../../core/entities/inventory';
import { linkEntities } from '../../core/entities/linkEntities';
import { loadEntityAliases } from '../../core/entities/loadEntityAliases';
import { scriptVariantMessage } from '../../core/entities/scriptVariantMessage';
import { EXIT_OK, flag, jsonText, type CliCommand } from '../command';
import { comparedRunsOptions, loadComparedRuns } from '../comparedRuns';
import { diagnosticsText } from '../diagnosticsText';

function place(step: number | null, field: string): string {
  return step === null ? field : `step ${step} ${field}`;
}

function inventoryText(inventory: EntityInventory): string {
  const lines: string[] = [];
  for (const entity of inventory.entities) {
    lines.push(entity.linkedBy === undefined ? entity.id : `${entity.id}  (linked by ${entity.linkedBy.join('; ')})`);
    for (const form of entity.forms) {
      const first = form.where[0];
      const where = first === undefined ? '' : `  ${first.side} ${place(first.step, first.field)}`;
      const more = form.where.length > 1 ? ` (+${form.where.length - 1} more)` : '';
      lines.push(`  ${form.script}  ${form.text}${where}${more}`);
    }
  }
  if (inventory.entities.length === 0) lines.push('no entity occurs more than once');
  for (const w of inventory.warnings) {
    lines.push(`${w.side} step ${w.step}: ${scriptVariantMessage(w)}`);
  }
  return `${lines.join('\n')}\n`;
}

export const entitiesCommand: CliCommand = {
  arguments: '<dir> --group <group> --language <code>',
  options: {
    ...comparedRunsOptions,
    json: { type: 'boolean', description: 'print the entities and warnings as JSON' },
  },
  async run(args, io) {
    const { baseline: a, target: b, fs, index } = await loadComparedRuns(args);
    const { aliases, diagnostics } = await loadEntityAliases(fs, [a.run, b.run], index.tau2Domains);
    io.err(diagnosticsText([...a.diagnostics, ...b.diagnostics, ...diagnostics]));
    const inventory = linkEntities(a, b, { aliases });
    io.out(flag(args, 'json') ? jsonText(inventoryJson(inventory)) : inventoryText(inventory));
    return EXIT_OK;
  },
};
