import type { Trajectory } from '../model';
import type { Entity, ScriptVariantWarning, Side } from './inventory';
import { linkEntities, type LinkOptions } from './linkEntities';
import type { ScriptCode } from '../language/scripts';
import { scriptVariantMessage } from './scriptVariantMessage';

// What the compare view colours: the entities of a compared pair worth following across lanes, each with a colour
// slot, and the script-variant warnings. Bounded, since the state crosses to the webview on every change: a run of
// 10,000 steps names the same contact in hundreds of places, and the view needs only a few of them to show in a tooltip.

/** Colours the view cycles through (compare.css defines one per slot). */
export const ENTITY_COLOUR_SLOTS = 8;
export const MAX_COMPARED_ENTITIES = 48;
export const MAX_FORMS_PER_ENTITY = 12;
export const MAX_PLACES_PER_FORM = 8;
export const MAX_ENTITY_WARNINGS = 50;

/** A place as the view lists it: run, step (null for the task, final answer and oracle) and field. */
export interface EntityPlace {
  side: Side;
  step: number | null;
  field: string;
}

export interface ComparedEntityForm {
  text: string;
  script: ScriptCode;
  /** The first places the form occurs in, each once; `morePlaces` says how many were left out. */
  where: EntityPlace[];
  morePlaces: number;
}

export interface ComparedEntity {
  id: string;
  /** 0..ENTITY_COLOUR_SLOTS-1, by order of first occurrence: the same pair of runs gets the same colours. */
  slot: number;
  forms: ComparedEntityForm[];
  /** Forms left out by the cap. */
  moreForms: number;
  /** The value sets and term tables that link its forms (ประหยัด ≙ economy), for the tooltip; absent when none does. */
  linkedBy?: string[];
}

export interface ComparedEntityWarning extends ScriptVariantWarning {
  /** "searched 张伟; the data holds Zhang Wei": names both forms. */
  message: string;
}

export interface ComparedEntities {
  entities: ComparedEntity[];
  warnings: ComparedEntityWarning[];
  /** Entities (and warnings) left out by the caps: the view says so rather than pretending there are none. */
  omittedEntities: number;
  omittedWarnings: number;
}

export const NO_COMPARED_ENTITIES: ComparedEntities = { entities: [], warnings: [], omittedEntities: 0, omittedWarnings: 0 };

function isOracleField(field: string): boolean {
  return field.startsWith('oracle[');
}

/** Worth colouring: written in two or more forms, or met in both runs or in the oracle (else it is one run's word). */
function isFollowed(entity: Entity): boolean {
  if (entity.forms.length >= 2) return true;
  const places = entity.forms.flatMap((f) => f.where);
  const sides = new Set(places.map((p) => p.side));
  return sides.size === 2 || places.some((p) => isOracleField(p.field));
}

function formOf(form: Entity['forms'][number]): ComparedEntityForm {
  const places = new Map<string, EntityPlace>();
  for (const { side, step, field } of form.where) places.set(`${side}|${step}|${field}`, { side, step, field });
  const all = [...places.values()];
  return { text: form.text, script: form.script, where: all.slice(0, MAX_PLACES_PER_FORM), morePlaces: Math.max(0, all.length - MAX_PLACES_PER_FORM) };
}

/** The entities of a compared pair for the compare view. */
export function compareEntities(baseline: Trajectory, target: Trajectory, options: LinkOptions = {}): ComparedEntities {
  const inventory = linkEntities(baseline, target, options);
  const warned = new Set(inventory.warnings.map((w) => w.entity));
  const followed = inventory.entities.filter(isFollowed);
  // Entities a warning names are always kept: the warning's forms must be coloured.
  const room = Math.max(0, MAX_COMPARED_ENTITIES - followed.filter((e) => warned.has(e.id)).length);
  let others = 0;
  const kept = followed.filter((e) => warned.has(e.id) || others++ < room);
  const entities = kept.map((entity, index) => ({
    id: entity.id,
    slot: index % ENTITY_COLOUR_SLOTS,
    forms: entity.forms.slice(0, MAX_FORMS_PER_ENTITY).map(formOf),
    moreForms: Math.max(0, entity.forms.length - MAX_FORMS_PER_ENTITY),
    ...(entity.linkedBy === undefined ? {} : { linkedBy: entity.linkedBy }),
  }));
  const warnings = inventory.warnings.slice(0, MAX_ENTITY_WARNINGS).map((w) => ({ ...w, message: scriptVariantMessage(w) }));
  return {
    entities,
    warnings,
    omittedEntities: followed.length - kept.length,
    omittedWarnings: inventory.warnings.length - warnings.length,
  };
}
