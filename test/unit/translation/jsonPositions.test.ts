import { describe, expect, it } from 'vitest';
import { offsetInString, positionAt, scanJsonPositions } from '../../../src/core/translation/jsonPositions';

describe('JSON positions', () => {
  const text = '[\n  {"id": "5", "a/b": ["x", "line\\nnext \\u0e01 QTR52M"]}\n]\n';

  it('maps JSON Pointers to where values start', () => {
    const { starts } = scanJsonPositions(text);
    expect(positionAt(text, starts.get('/0/id') ?? -1)).toEqual({ line: 2, column: 10 });
    expect(positionAt(text, starts.get('/0/a~1b/1') ?? -1)).toEqual({ line: 2, column: 28 });
  });

  it('counts escapes as the characters they are in the file', () => {
    const quote = scanJsonPositions(text).starts.get('/0/a~1b/1') ?? -1;
    const value = (JSON.parse(text) as Array<{ 'a/b': string[] }>)[0]?.['a/b'][1] ?? '';
    const at = offsetInString(text, quote, value.indexOf('QTR52M'));
    expect(text.slice(at, at + 6)).toBe('QTR52M');
  });
});
