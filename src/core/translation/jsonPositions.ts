// Where each value of a JSON document starts, by JSON path, so a finding can name the line and column of a
// translated string (and of a span inside it) as VS Code counts them: 1-based lines, 1-based UTF-16 columns.
// Call only on text JSON.parse accepted; on anything else the scan stops and returns what it found so far.

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
  let i = 0;
  const space = (): void => {
    while (i < text.length && ' \t\n\r'.includes(text[i] ?? '')) i++;
  };
  const skipString = (): string => {
    const from = i;
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
    return JSON.parse(text.slice(from, i)) as string;
  };
  const value = (pointer: string): void => {
    space();
    starts.set(pointer, i);
    const c = text[i];
    if (c === '"') {
      skipString();
      return;
    }
    if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      i++;
      space();
      let index = 0;
      while (i < text.length && text[i] !== close) {
        let key = String(index++);
        if (close === '}') {
          key = skipString();
          space();
          i++;
        }
        value(`${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
        space();
        if (text[i] === ',') {
          i++;
          space();
        }
      }
      i++;
      return;
    }
    while (i < text.length && !',]} \t\n\r'.includes(text[i] ?? '')) i++;
  };
  try {
    value('');
  } catch {
    // Not valid JSON after all: keep the positions found before the problem.
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
 * (`\n`, `\u0e01`, `\"`) take several characters in the file and one in the value.
 */
export function offsetInString(text: string, quote: number, index: number): number {
  let at = quote + 1;
  for (let k = 0; k < index && at < text.length && text[at] !== '"'; k++) {
    if (text[at] !== '\\') at++;
    else at += text[at + 1] === 'u' ? 6 : 2;
  }
  return at;
}
