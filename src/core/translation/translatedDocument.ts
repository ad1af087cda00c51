import { offsetInString, positionAt, type JsonPositions } from './jsonPositions';
import type { TranslationCheck, TranslationFinding } from './finding';

// A translated JSON file as the checks see it: its parsed value, where each value starts, and how to turn a span
// of one of its strings into a finding.

export interface TranslatedDocument {
  path: string;
  value: unknown;
  positions: JsonPositions;
  language: string;
  sourceFile: string | null;
  /** Task or scenario id for a JSON Pointer into this document. */
  scenarioIdAt(pointer: string): string | null;
}

export interface FindingDraft {
  code: TranslationCheck;
  message: string;
  source: string;
  translation: string | null;
  /** Span in the translated string; null marks the whole string's start (the span is missing). */
  at: { start: number; end: number } | null;
}

/** A finding at a span of the string at `pointer` (or of the nearest enclosing value the file has). */
export function placeFinding(doc: TranslatedDocument, pointer: string, draft: FindingDraft): TranslationFinding {
  let anchor = pointer;
  while (!doc.positions.starts.has(anchor) && anchor !== '') anchor = anchor.slice(0, anchor.lastIndexOf('/'));
  const start = doc.positions.starts.get(anchor) ?? 0;
  const text = doc.positions.text;
  const isString = text[start] === '"' && anchor === pointer;
  const from = isString ? offsetInString(text, start, draft.at?.start ?? 0) : start;
  const to = isString && draft.at !== null ? offsetInString(text, start, draft.at.end) : from + 1;
  const { line, column } = positionAt(text, from);
  return {
    file: doc.path,
    line,
    column,
    endColumn: column + Math.max(1, to - from),
    code: draft.code,
    message: draft.message,
    source: draft.source,
    translation: draft.translation,
    sourceFile: doc.sourceFile,
    pointer,
    scenarioId: doc.scenarioIdAt(pointer),
    language: doc.language,
  };
}
