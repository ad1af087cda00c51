// One problem the translation lint found, placed where VS Code can show it: the translated file, 1-based line and
// UTF-16 column of the span (or of the translated string when the span is missing).

export type TranslationCheck = 'frozen-span-changed' | 'value-changed' | 'term-inconsistent' | 'untranslated-span' | 'literal-missing';

export interface TranslationFinding {
  /** The translated file, relative to the opened directory. */
  file: string;
  line: number;
  column: number;
  /** Where the marked text ends (same line: JSON strings hold no raw line breaks). */
  endColumn: number;
  code: TranslationCheck;
  message: string;
  /** The span as it stands in the source text. */
  source: string;
  /** What stands in its place in the translation; null when it is missing. */
  translation: string | null;
  /** The source file the translation was compared with, when there is one. */
  sourceFile: string | null;
  /** JSON Pointer of the translated value. */
  pointer: string;
  /** Task or scenario id the value belongs to, when the file says (for labelling the scenario). */
  scenarioId: string | null;
  /** ISO 639-3 code of the translation. */
  language: string;
}

/** The row `lint-translation --json` prints. */
export function findingRow(f: TranslationFinding): { file: string; line: number; column: number; code: TranslationCheck; message: string; source: string; translation: string | null } {
  return { file: f.file, line: f.line, column: f.column, code: f.code, message: f.message, source: f.source, translation: f.translation };
}
