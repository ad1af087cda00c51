import type { Step, ToolCallStep } from '../model';
import type { ArgDiff, DivergenceInput } from './comparison';
import { isFreeText, resultsDiffer, sameSet, strongTextTokens, strongTokens } from './divergenceValues';

// Where two runs first part ways in a way that can change the verdict. Messages are free text and never count; a read
// counts when its result differs (or, missing or extra, when it feeds a write that is not the same in both runs);
// harmless self-corrections are passed over. A write whose arguments differ only in free text (a translated title)
// counts only when the oracle rejected it in the target; after that come a harmless self-correction the verdict
// penalised, then the final answer.

export type DivergenceKind =
  | 'missing-step'
  | 'extra-step'
  | 'different-tool'
  | 'different-arguments'
  | 'different-result'
  | 'different-answer'
  | 'none';

export interface FirstDivergence {
  /** Aligned row (index into the comparison's rows); null for the final answer, or when nothing diverges. */
  row: number | null;
  kind: DivergenceKind;
  /** `App__function` of the diverging step (the target's for a different tool), null for the answer. */
  tool: string | null;
  /** Key path of the differing argument (`query`, `flights[].cabin`), never its value; null unless arguments differ. */
  argument: string | null;
  baselineStep: number | null;
  targetStep: number | null;
  /**
   * The write at stake when the diverging step is a read that feeds it; the baseline's tool for a different tool; the
   * undoing write of a harmless self-correction. Null otherwise.
   */
  related: string | null;
  /** One line, e.g. `First divergence: row 3 — extra write Contacts.delete_contact(contact_id "c_lena_munich")`. */
  summary: string;
}

type SideName = 'baseline' | 'target';

const VALUE_CHARS = 40;
const ANSWER_CHARS = 60;

function callAt(steps: readonly Step[], index: number | null): ToolCallStep | null {
  if (index === null) return null;
  const step = steps[index];
  return step?.kind === 'tool_call' ? step : null;
}

export function toolLabel(tool: string): string {
  return tool.replace('__', '.');
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function valueText(value: unknown): string {
  if (value === undefined) return '(absent)';
  return clip(JSON.stringify(value) ?? String(value), VALUE_CHARS);
}

/** `Contacts.delete_contact(contact_id "c_lena_munich", …)`: the named argument, else the first. */
function callText(call: ToolCallStep, argument: string | null = null): string {
  const keys = Object.keys(call.args);
  const key = argument !== null && Object.hasOwn(call.args, argument) ? argument : keys[0];
  const shown = key === undefined ? '' : `${key} ${valueText(call.args[key])}${keys.length > 1 ? ', …' : ''}`;
  return `${toolLabel(call.tool)}(${shown})`;
}

/** `flights[0].cabin` → `flights[].cabin`: the argument's key, the same whichever element differs. */
export function argumentKey(path: string): string {
  return path.replace(/\[\d+\]/g, '[]');
}

function isFreeTextDiff(diff: ArgDiff): boolean {
  return isFreeText(diff.baseline) && isFreeText(diff.target);
}

function harmlessSteps(c: DivergenceInput, side: SideName): Set<number> {
  const steps = new Set<number>();
  for (const s of c.selfCorrections) {
    if (s.side !== side || !s.harmless) continue;
    steps.add(s.step);
    steps.add(s.undoneBy);
  }
  return steps;
}

/** The writes that redid what a harmless self-correction undid: the next call of the undone write's tool. */
function redoneSteps(c: DivergenceInput, side: SideName): Set<number> {
  const steps = new Set<number>();
  const all = c[side].steps;
  for (const s of c.selfCorrections) {
    const undone = callAt(all, s.step);
    if (s.side !== side || !s.harmless || undone === null) continue;
    const redo = all.findIndex((step, k) => k > s.undoneBy && step.kind === 'tool_call' && step.tool === undone.tool);
    if (redo >= 0) steps.add(redo);
  }
  return steps;
}

class Reader {
  private readonly corrected: Record<SideName, Set<number>>;
  private readonly redone: Record<SideName, Set<number>>;
  /** For each side, the kind of the row each step sits on. */
  private readonly rowKind: Record<SideName, Map<number, string>> = { baseline: new Map(), target: new Map() };

  constructor(private readonly c: DivergenceInput) {
    this.corrected = { baseline: harmlessSteps(c, 'baseline'), target: harmlessSteps(c, 'target') };
    this.redone = { baseline: redoneSteps(c, 'baseline'), target: redoneSteps(c, 'target') };
    for (const row of c.rows) {
      if (row.baseline !== null) this.rowKind.baseline.set(row.baseline, row.kind);
      if (row.target !== null) this.rowKind.target.set(row.target, row.kind);
    }
  }

  /** The side's call at `index`, unless it is part of a harmless self-correction. */
  call(side: SideName, index: number | null): ToolCallStep | null {
    if (index !== null && this.corrected[side].has(index)) return null;
    return callAt(this.c[side].steps, index);
  }

  isCorrected(side: SideName, index: number | null): boolean {
    return index !== null && this.corrected[side].has(index);
  }

  /** A redo of a self-corrected write: no extra step when the other run has nothing beside it. */
  isRedone(side: SideName, index: number | null): boolean {
    return index !== null && this.redone[side].has(index);
  }

  /** The first later write of the side that uses an id, number or date the read returned, and is not the same in both runs. */
  fedWrite(side: SideName, index: number): ToolCallStep | null {
    const read = this.call(side, index);
    if (read === null || read.error !== null) return null;
    const returned = strongTokens(read.result);
    if (returned.size === 0) return null;
    const steps = this.c[side].steps;
    for (let k = index + 1; k < steps.length; k++) {
      const write = this.call(side, k);
      if (write === null || !write.write || this.rowKind[side].get(k) === 'same') continue;
      for (const token of strongTokens(write.args)) if (returned.has(token)) return write;
    }
    return null;
  }
}

function found(
  row: number | null,
  kind: DivergenceKind,
  fields: Partial<Omit<FirstDivergence, 'row' | 'kind' | 'summary'>>,
  what: string,
): FirstDivergence {
  const summary = row === null ? `First divergence: ${what}` : `First divergence: row ${row} — ${what}`;
  return {
    row,
    kind,
    tool: fields.tool ?? null,
    argument: fields.argument ?? null,
    baselineStep: fields.baselineStep ?? null,
    targetStep: fields.targetStep ?? null,
    related: fields.related ?? null,
    summary,
  };
}

function outcomeText(call: ToolCallStep): string {
  if (call.error !== null) return `error ${valueText(call.error)}`;
  return valueText(call.result);
}

/** The other side's write in the same stretch of one-sided rows around `r`, when it calls another tool. */
function otherToolInGap(c: DivergenceInput, reader: Reader, r: number, side: SideName, tool: string): number | null {
  const other: SideName = side === 'baseline' ? 'target' : 'baseline';
  const oneSided = (k: number) => c.rows[k]?.kind === 'baseline-only' || c.rows[k]?.kind === 'target-only';
  let lo = r;
  while (lo > 0 && oneSided(lo - 1)) lo--;
  for (let k = lo; k < c.rows.length && oneSided(k); k++) {
    const call = reader.call(other, c.rows[k]?.[other] ?? null);
    if (call?.write && call.tool !== tool) return k;
  }
  return null;
}

function oneSided(c: DivergenceInput, reader: Reader, r: number, side: SideName): FirstDivergence | null {
  const row = c.rows[r];
  const index = row?.[side] ?? null;
  const call = reader.call(side, index);
  if (row === undefined || call === null || reader.isRedone(side, index)) return null;
  const steps = side === 'baseline' ? { baselineStep: index } : { targetStep: index };
  const kind: DivergenceKind = side === 'baseline' ? 'missing-step' : 'extra-step';
  const word = side === 'baseline' ? 'missing' : 'extra';
  if (call.write) {
    const otherRow = otherToolInGap(c, reader, r, side, call.tool);
    if (otherRow !== null) {
      const other = c.rows[otherRow];
      const b = side === 'baseline' ? call : reader.call('baseline', other?.baseline ?? null);
      const t = side === 'target' ? call : reader.call('target', other?.target ?? null);
      if (b && t) {
        return found(
          r,
          'different-tool',
          { tool: t.tool, related: b.tool, baselineStep: side === 'baseline' ? index : other?.baseline, targetStep: side === 'target' ? index : other?.target },
          `different tool: ${callText(b)} in the baseline, ${callText(t)} in the target`,
        );
      }
    }
    return found(r, kind, { tool: call.tool, ...steps }, `${word} write ${callText(call)}`);
  }
  const fed = reader.fedWrite(side, index as number);
  if (fed === null) return null;
  return found(r, kind, { tool: call.tool, related: fed.tool, ...steps }, `${word} read ${callText(call)}, which feeds ${toolLabel(fed.tool)}`);
}

function paired(c: DivergenceInput, reader: Reader, r: number): FirstDivergence | null {
  const row = c.rows[r];
  if (row === undefined || reader.isCorrected('baseline', row.baseline) || reader.isCorrected('target', row.target)) return null;
  const b = reader.call('baseline', row.baseline);
  const t = reader.call('target', row.target);
  if (b === null || t === null) return null;
  const write = b.write || t.write;
  const noun = write ? 'write' : 'read';
  const steps = { tool: t.tool, baselineStep: row.baseline, targetStep: row.target };
  // Values that differ only by form (dates, amounts, digits, width) are not changes.
  const changes = row.argDiff.filter((d) => d.equivalent !== true);
  const differs = resultsDiffer(b, t, write, changes.length === 0);
  if (changes.length === 0) {
    if (!differs) return null;
    return found(r, 'different-result', steps, `same ${noun} ${callText(t)}, different result: ${outcomeText(b)} → ${outcomeText(t)}`);
  }
  const structural = changes.find((d) => !isFreeTextDiff(d));
  if (write ? structural === undefined : !differs) return null;
  const diff = structural ?? (changes[0] as ArgDiff);
  const argument = argumentKey(diff.path);
  const result = write ? '' : '; the result differs';
  return found(
    r,
    'different-arguments',
    { ...steps, argument },
    `different arguments of ${noun} ${toolLabel(t.tool)}: ${diff.path} ${valueText(diff.baseline)} → ${valueText(diff.target)}${result}`,
  );
}

/** A write that differs only in free text, which the oracle accepted in the baseline and rejected in the target. */
function rejectedFreeTextWrite(c: DivergenceInput, reader: Reader): FirstDivergence | null {
  for (let r = 0; r < c.rows.length; r++) {
    const row = c.rows[r];
    if (row?.kind !== 'changed' || row.target === null) continue;
    const b = reader.call('baseline', row.baseline);
    const t = reader.call('target', row.target);
    const changes = row.argDiff.filter((d) => d.equivalent !== true);
    if (b === null || t === null || !(b.write || t.write) || changes.length === 0) continue;
    const rejected = c.oracle.some((o) => o.target?.step === row.target && o.target.matched === false && o.baseline?.matched !== false);
    if (!rejected) continue;
    const diff = changes[0] as ArgDiff;
    return found(
      r,
      'different-arguments',
      { tool: t.tool, argument: argumentKey(diff.path), baselineStep: row.baseline, targetStep: row.target },
      `different arguments of write ${toolLabel(t.tool)}, rejected in the target: ${diff.path} ${valueText(diff.baseline)} → ${valueText(diff.target)}`,
    );
  }
  return null;
}

const NONE = 'No divergence that can change the verdict';

/** Two runs that part ways nowhere the verdict could notice. */
export const NO_DIVERGENCE: Readonly<FirstDivergence> = {
  row: null,
  kind: 'none',
  tool: null,
  argument: null,
  baselineStep: null,
  targetStep: null,
  related: null,
  summary: NONE,
};

/** A failing target whose only difference is a harmless self-correction: the count of actions, not the end state. */
function penalisedSelfCorrection(c: DivergenceInput): FirstDivergence | null {
  if (c.target.run.outcome !== 'fail') return null;
  const correction = c.selfCorrections.find((s) => s.side === 'target' && s.harmless);
  if (correction === undefined) return null;
  const undone = callAt(c.target.steps, correction.step);
  const undoing = callAt(c.target.steps, correction.undoneBy);
  if (undone === null || undoing === null) return null;
  const row = c.rows.findIndex((r) => r.target === correction.step);
  const at = row < 0 ? null : row;
  return {
    row: at,
    kind: 'none',
    tool: undone.tool,
    argument: null,
    baselineStep: null,
    targetStep: correction.step,
    related: undoing.tool,
    summary:
      `${NONE}; ${at === null ? '' : `row ${at} — `}harmless self-correction: ${callText(undone)} undone by ` +
      `${toolLabel(undoing.tool)}`,
  };
}

function differentAnswer(c: DivergenceInput): FirstDivergence | null {
  const b = c.baseline.finalAnswer;
  const t = c.target.finalAnswer;
  if (b === null && t === null) return null;
  if (b !== null && t !== null && sameSet(strongTextTokens(b), strongTextTokens(t))) return null;
  const text = (answer: string | null) => (answer === null ? '(none)' : valueText(clip(answer, ANSWER_CHARS)));
  return found(null, 'different-answer', {}, `the final answer — ${text(b)} → ${text(t)}`);
}

/** The first aligned row where the two runs differ in a way that can change the verdict, or `none`. */
export function firstDivergence(c: DivergenceInput): FirstDivergence {
  const reader = new Reader(c);
  for (let r = 0; r < c.rows.length; r++) {
    const row = c.rows[r];
    const divergence =
      row?.kind === 'baseline-only'
        ? oneSided(c, reader, r, 'baseline')
        : row?.kind === 'target-only'
          ? oneSided(c, reader, r, 'target')
          : paired(c, reader, r);
    if (divergence) return divergence;
  }
  return (
    rejectedFreeTextWrite(c, reader) ??
    penalisedSelfCorrection(c) ??
    differentAnswer(c) ?? { ...NO_DIVERGENCE }
  );
}
