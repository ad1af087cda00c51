import type { TranslationFinding } from './finding';
import { positionAt } from './jsonPositions';
import type { TranslatedDocument } from './translatedDocument';
import { walkTranslatedStrings } from './walkTranslatedStrings';

// The side-by-side rows of a translated document: every string of the source beside its counterpart, paired the way
// the lint pairs them (same keys, array items by `id` when all have one), with the lint's findings on that string.

export interface TranslationSpanRow {
  /** JSON Pointer of the translated value (`/2/user_scenario/instructions/reason_for_call`). */
  pointer: string;
  /** Task or scenario id the value belongs to, when the file says. */
  scenarioId: string | null;
  /** The source text; null for a finding on a value the source has no string for (an enum literal). */
  source: string | null;
  /** The translated text; null when the translation lacks it. */
  translation: string | null;
  /** 1-based line and UTF-16 column of the translated text (of its nearest enclosing value when missing). */
  line: number;
  column: number;
  findings: TranslationFinding[];
}

/** Where the value at `pointer` starts: inside the quotes of a string, else at the nearest enclosing value. */
function locate(doc: TranslatedDocument, pointer: string): { line: number; column: number } {
  let anchor = pointer;
  while (!doc.positions.starts.has(anchor) && anchor !== '') anchor = anchor.slice(0, anchor.lastIndexOf('/'));
  const start = doc.positions.starts.get(anchor) ?? 0;
  return positionAt(doc.positions.text, doc.positions.text[start] === '"' ? start + 1 : start);
}

/** Rows in source order; findings that fall on no string pair get a row of their own, after the others. */
export function translationSpans(source: unknown, translated: TranslatedDocument, findings: readonly TranslationFinding[]): TranslationSpanRow[] {
  const byPointer = new Map<string, TranslationFinding[]>();
  for (const f of findings) byPointer.set(f.pointer, [...(byPointer.get(f.pointer) ?? []), f]);
  const rows: TranslationSpanRow[] = [];
  walkTranslatedStrings(source, translated.value, (src, dst, pointer) => {
    const onRow = byPointer.get(pointer) ?? [];
    byPointer.delete(pointer);
    const translation = typeof dst === 'string' ? dst : null;
    rows.push({ pointer, scenarioId: translated.scenarioIdAt(pointer), source: src, translation, ...locate(translated, pointer), findings: onRow });
  });
  for (const [pointer, rest] of byPointer) {
    const first = rest[0];
    if (first === undefined) continue;
    rows.push({ pointer, scenarioId: first.scenarioId, source: null, translation: first.translation, line: first.line, column: first.column, findings: rest });
  }
  return rows;
}
