// Step-level terms against one loaded trajectory. All of a query's step terms must hold on the same step; text
// terms also search the task, the final answer and the judge rationales, which have no step.
import type { Step, ToolCallStep, Trajectory } from '../model';
import { fold, foldToolName, toolLabel } from './fold';
import type { ArgTerm, StepTerm, TextTerm, ToolTerm } from './parseQuery';
import { findSnippet, snippetOf, type Snippet } from './snippet';

interface FieldSnippet extends Snippet {
  /** Where the match is: tool, args.<name>, text, reasoning, result, error, task, finalAnswer, judge. */
  field: string;
}

export interface TrajectoryMatch extends FieldSnippet {
  /** Index into the trajectory's steps; null for the task, the final answer and judge rationales. */
  step: number | null;
}

/** A searchable text of a step (or of the run), folded once on first use. */
class Place {
  private foldedText: string | undefined;
  constructor(
    readonly field: string,
    readonly text: string,
  ) {}
  get folded(): string {
    this.foldedText ??= fold(this.text);
    return this.foldedText;
  }
}

function jsonText(value: unknown): string {
  if (typeof value === 'string') return value;
  return JSON.stringify(value) ?? 'null';
}

/** What an exact argument value may equal: the value's text, or any element of a list. */
function exactTexts(value: unknown): string[] {
  if (Array.isArray(value)) return [jsonText(value), ...value.flatMap(exactTexts)];
  return [jsonText(value)];
}

function stepPlaces(step: Step): Place[] {
  if (step.kind === 'message') {
    const places = [new Place('text', step.text)];
    if (step.reasoning) places.push(new Place('reasoning', step.reasoning));
    return places;
  }
  const places = Object.entries(step.args).map(([key, value]) => new Place(`args.${key}`, jsonText(value)));
  if (step.result !== null && step.result !== undefined) places.push(new Place('result', jsonText(step.result)));
  if (step.error !== null) places.push(new Place('error', step.error));
  if (step.reasoning) places.push(new Place('reasoning', step.reasoning));
  return places;
}

function toolMatches(step: ToolCallStep, term: ToolTerm): boolean {
  const label = foldToolName(toolLabel(step));
  const fn = fold(step.fn);
  return term.values.some((value) => {
    if (term.substring) return label.includes(value);
    // A name without an app matches that function in any app.
    return value.includes('.') ? label === value : fn === value || label === value;
  });
}

function argSnippet(step: ToolCallStep, term: ArgTerm): FieldSnippet | null {
  const key = Object.keys(step.args).find((k) => fold(k) === term.key);
  if (key === undefined) return null;
  const value = step.args[key];
  const text = jsonText(value);
  const field = `args.${key}`;
  const prefix = `${key}: `;
  if (term.values === null) return { field, ...snippetOf(text, 0, text.length, prefix) };
  if (term.substring) {
    const folded = fold(text);
    for (const needle of term.values) {
      const found = findSnippet(text, folded, needle, prefix);
      if (found) return { field, ...found };
    }
    return null;
  }
  const equal = exactTexts(value).find((t) => term.values?.includes(fold(t)));
  if (equal === undefined) return null;
  const at = text.indexOf(equal);
  return { field, ...snippetOf(text, Math.max(at, 0), Math.max(at, 0) + equal.length, prefix) };
}

function textSnippet(places: readonly Place[], term: TextTerm): FieldSnippet | null {
  for (const place of places) {
    for (const needle of term.values) {
      const found = findSnippet(place.text, place.folded, needle);
      if (found) return { field: place.field, ...found };
    }
  }
  return null;
}

function toolSnippet(step: ToolCallStep): FieldSnippet {
  const label = toolLabel(step);
  const call = `${label}(${JSON.stringify(step.args)})`;
  return { field: 'tool', ...snippetOf(call, 0, label.length) };
}

/** The match of every term on one step (the most telling one shown), or null when a term does not hold. */
function matchStep(step: Step, terms: readonly StepTerm[]): FieldSnippet | null {
  let places: Place[] | undefined;
  let shown: { rank: number; match: FieldSnippet } | null = null;
  const show = (rank: number, match: FieldSnippet): void => {
    if (shown === null || rank < shown.rank) shown = { rank, match };
  };
  for (const term of terms) {
    if (term.kind === 'text') {
      places ??= stepPlaces(step);
      const match = textSnippet(places, term);
      if (!match) return null;
      show(0, match);
      continue;
    }
    if (step.kind !== 'tool_call') return null;
    if (term.kind === 'arg') {
      const match = argSnippet(step, term);
      if (!match) return null;
      show(1, match);
    } else {
      if (!toolMatches(step, term)) return null;
      show(2, toolSnippet(step));
    }
  }
  return (shown as { match: FieldSnippet } | null)?.match ?? null;
}

/** Places that are not steps: only a query of text terms alone can match them. */
function runPlaces(trajectory: Trajectory): { before: Place[]; after: Place[] } {
  const before = trajectory.task !== null ? [new Place('task', trajectory.task)] : [];
  const after = trajectory.finalAnswer !== null ? [new Place('finalAnswer', trajectory.finalAnswer)] : [];
  for (const record of trajectory.judge) if (record.rationale) after.push(new Place('judge', record.rationale));
  return { before, after };
}

function matchPlace(place: Place, terms: readonly TextTerm[]): TrajectoryMatch | null {
  let first: FieldSnippet | null = null;
  for (const term of terms) {
    const match = textSnippet([place], term);
    if (!match) return null;
    first ??= match;
  }
  return first && { ...first, step: null };
}

/** Every place of the trajectory where all step terms hold, in document order: task, steps, final answer, judge. */
export function matchTrajectory(trajectory: Trajectory, terms: readonly StepTerm[]): TrajectoryMatch[] {
  const matches: TrajectoryMatch[] = [];
  const textOnly = terms.every((t): t is TextTerm => t.kind === 'text');
  const { before, after } = textOnly ? runPlaces(trajectory) : { before: [], after: [] };
  const textTerms = terms as readonly TextTerm[];
  for (const place of before) {
    const match = matchPlace(place, textTerms);
    if (match) matches.push(match);
  }
  trajectory.steps.forEach((step, index) => {
    const match = matchStep(step, terms);
    if (match) matches.push({ ...match, step: index });
  });
  for (const place of after) {
    const match = matchPlace(place, textTerms);
    if (match) matches.push(match);
  }
  return matches;
}
