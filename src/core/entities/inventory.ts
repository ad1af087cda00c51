import type { ScriptCode } from '../language/scripts';

// The entity inventory of a compared pair: what the compare view colours and `trajectory-lens entities` prints.

export type Side = 'baseline' | 'target';

/** Where a form occurs: a run, a step (null for the task, the final answer and oracle events) and a field in it. */
export interface MentionPlace {
  side: Side;
  step: number | null;
  /**
   * `task`, `final_answer`, `text`, `reasoning`, `args.<path>`, `result` / `result.<path>`,
   * `oracle[<event id>].args.<path>`; paths as compare's argument diffs write them (`recipients[0]`).
   */
  field: string;
  /** UTF-16 offsets of the form in the field's string; null when the form joins several fields (first + last name). */
  start: number | null;
  end: number | null;
}

export interface EntityForm {
  text: string;
  script: ScriptCode;
  where: MentionPlace[];
}

export interface Entity {
  /** `entity-<n>`, numbered by first occurrence (baseline before target): the same for the same pair of runs. */
  id: string;
  forms: EntityForm[];
  /** The value sets and term tables that link its forms (`value set in <path>`), when any does. */
  linkedBy?: string[];
}

/** The failure signature: a call searched with one form of an entity while another form is what the data holds. */
export interface ScriptVariantWarning {
  kind: 'script-variant-miss';
  side: Side;
  step: number;
  /** The form the call carried, and the argument it was in. */
  searched: string;
  field: string;
  /** The other-script form, and where it was found: the aligned call of the other run, tool results, or the oracle. */
  heldAs: string;
  heldIn: 'aligned-call' | 'data' | 'oracle';
  /** Where that form was found: the aligned call, the step whose result holds it, or the oracle (step null). */
  heldAt: MentionPlace;
  entity: string;
  /** True when the call returned nothing (empty list, null, "no results", an error). */
  emptyResult: boolean;
}

export interface EntityInventory {
  entities: Entity[];
  warnings: ScriptVariantWarning[];
}
