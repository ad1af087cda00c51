// Where each value of a JSON document starts, by JSON path, so a finding can name the line and column of a
// translated string (and of a span inside it) as VS Code counts them: 1-based lines, 1-based UTF-16 columns.
// Call only on text JSON.parse accepted; on anything else the positions are those of what parses.
import { parseTree, type Node as JsonNode } from 'jsonc-parser';

export type JsonPath = ReadonlyArray<string | number>;

/** `/0/user_scenario/instructions/task_instructions` (JSON Pointer, RFC 6901). */
export function pointerOf(path: JsonPath): string {
  return path.map((part) => `/${String(part).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

export interface JsonPositions {
  /** JSON Pointer → offset of the value's first character (the opening quote of a string). */
  readonly starts: ReadonlyMap<string, number>;
  readonly text: string;
}

export function scanJsonPositions(text: string): JsonPositions {
  const starts = new Map<string, number>();
  const walk = (node: JsonNode, pointer: string): void => {
    starts.set(pointer, node.offset);
    if (node.type === 'object') {
      for (const property of node.children ?? []) {
        const [key, value] = property.children ?? [];
        if (key && value) walk(value, `${pointer}${pointerOf([String(key.value)])}`);
      }
    } else if (node.type === 'array') {
      (node.children ?? []).forEach((item, index) => walk(item, `${pointer}/${index}`));
    }
  };
  try {
    const root = parseTree(text);
    if (root) walk(root, '');
  } catch {
    // Nested too deeply to walk: keep the positions found so far.
  }
  return { starts, text };
}

export interface TextPosition {
  line: number;
  column: number;
}

/** 1-based line and UTF-16 column of an offset in the text. */
export function positionAt(text: string, offset: number): TextPosition {
  let line = 1;
  let lineStart = 0;
  for (let k = text.indexOf('\n'); k >= 0 && k < offset; k = text.indexOf('\n', k + 1)) {
    line++;
    lineStart = k + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/**
 * Offset in the file of character `index` of the string value starting at `quote` (its opening quote): escapes
 * (`\n`, `\u0e01`, `\"`) take several characters in the file and one in the value. jsonc-parser gives a string's
 * range but not where each of its characters sits, hence this walk over the escapes.
 */
export function offsetInString(text: string, quote: number, index: number): number {
  let at = quote + 1;
  for (let k = 0; k < index && at < text.length && text[at] !== '"'; k++) {
    if (text[at] !== '\\') at++;
    else at += text[at + 1] === 'u' ? 6 : 2;
  }
  return at;
}
