import { describe, expect, it } from 'vitest';
import { walkTranslatedStrings } from '../../../src/core/translation/walkTranslatedStrings';

// Which translated value each source string is checked against: a wrong pairing would put a finding on the wrong text.

function pairs(source: unknown, translation: unknown): Array<[string, string, unknown]> {
  const seen: Array<[string, string, unknown]> = [];
  walkTranslatedStrings(source, translation, (src, dst, pointer) => seen.push([pointer, src, dst]));
  return seen;
}

describe('walkTranslatedStrings', () => {
  it('pairs nested members by key and array items by position, in source order', () => {
    const source = { title: 'Cancel', steps: ['Call', 'Pay'], inner: { note: 'Soon' } };
    const translation = { inner: { note: 'Bald' }, steps: ['Anrufen', 'Zahlen'], title: 'Stornieren' };
    expect(pairs(source, translation)).toEqual([
      ['/title', 'Cancel', 'Stornieren'],
      ['/steps/0', 'Call', 'Anrufen'],
      ['/steps/1', 'Pay', 'Zahlen'],
      ['/inner/note', 'Soon', 'Bald'],
    ]);
  });

  it('pairs items by id when every item has one, naming the translated position', () => {
    const source = [
      { id: 'a', text: 'First' },
      { id: 7, text: 'Second' },
    ];
    const translation = [
      { id: 7, text: 'Zweite' },
      { id: 'a', text: 'Erste' },
    ];
    expect(pairs(source, translation)).toEqual([
      ['/1/id', 'a', 'a'],
      ['/1/text', 'First', 'Erste'],
      ['/0/text', 'Second', 'Zweite'],
    ]);
  });

  it('pairs by position when a translated item has no id', () => {
    const source = [{ id: 'a', text: 'First' }, { id: 'b', text: 'Second' }];
    const translation = [{ id: 'b', text: 'Zweite' }, { text: 'Erste' }];
    expect(pairs(source, translation).map(([pointer, , dst]) => [pointer, dst])).toEqual([
      ['/0/id', 'b'],
      ['/0/text', 'Zweite'],
      ['/1/id', undefined],
      ['/1/text', 'Erste'],
    ]);
  });

  it('hands over what stands in place of a string, and undefined for what the translation lacks', () => {
    const source = { a: 'One', b: 'Two', c: { d: 'Three' }, e: ['Four', 'Five'], f: 'Six' };
    const translation = { a: 1, c: 'flat', e: ['Vier'], f: null };
    expect(pairs(source, translation)).toEqual([
      ['/a', 'One', 1],
      ['/b', 'Two', undefined],
      ['/c/d', 'Three', undefined],
      ['/e/0', 'Four', 'Vier'],
      ['/e/1', 'Five', undefined],
      ['/f', 'Six', null],
    ]);
  });

  it('visits only source strings: not numbers, booleans or nulls, nor members only the translation has', () => {
    const source = { text: 'Hi', count: 2, ok: true, none: null };
    const translation = { text: 'Hallo', count: 2, ok: true, none: null, extra: 'Mehr' };
    expect(pairs(source, translation)).toEqual([['/text', 'Hi', 'Hallo']]);
  });

  it('escapes keys holding / or ~ in the pointer, and gives a lone string the empty pointer', () => {
    expect(pairs({ 'a/b': { '~c': 'x' } }, { 'a/b': { '~c': 'y' } })).toEqual([['/a~1b/~0c', 'x', 'y']]);
    expect(pairs('Hello', 'Hallo')).toEqual([['', 'Hello', 'Hallo']]);
  });
});
