// What a translation panel restores after a window reload comes from the webview: only a well-formed, small record of
// run directory, relative file and row is accepted. And a lint finding opens the panel at the row its span is in.
import { describe, expect, it } from 'vitest';
import { rowAtPosition } from '../../../src/host/translation/rowAtPosition';
import { parseSavedTranslationState } from '../../../src/protocol/translation';

const SAVED = { runDir: 'file:///work/runs/seatau', file: 'data/tau2/domains/airline/th/tasks.json', row: 41 };

describe('saved translation panel state', () => {
  it('accepts the state the webview saves, with or without a selected row', () => {
    expect(parseSavedTranslationState(SAVED)).toEqual(SAVED);
    expect(parseSavedTranslationState({ ...SAVED, row: null })).toEqual({ ...SAVED, row: null });
  });

  it('drops anything beyond the three fields', () => {
    expect(parseSavedTranslationState({ ...SAVED, html: '<script>' })).toEqual(SAVED);
  });

  it.each([
    ['nothing', undefined],
    ['a list', [SAVED]],
    ['a state of another shape', { runDir: SAVED.runDir, baselineRunId: 'a', targetRunId: 'b', row: 1 }],
    ['an empty run directory', { ...SAVED, runDir: '' }],
    ['a huge run directory', { ...SAVED, runDir: `file:///${'a'.repeat(5000)}` }],
    ['a file outside the run directory', { ...SAVED, file: '../../etc/passwd' }],
    ['an absolute file', { ...SAVED, file: '/etc/passwd' }],
    ['a negative row', { ...SAVED, row: -1 }],
    ['a fractional row', { ...SAVED, row: 1.5 }],
    ['a row given as text', { ...SAVED, row: '4' }],
    ['a missing row', { runDir: SAVED.runDir, file: SAVED.file }],
  ])('refuses %s', (_, raw) => {
    expect(parseSavedTranslationState(raw)).toBeNull();
  });
});

describe('the row a lint finding is in', () => {
  // Three spans of task 27: line 160 col 30, line 162 col 30 (two on one line would be minified JSON), line 162 col 90.
  const rows = [
    { line: 160, column: 30 },
    { line: 162, column: 30 },
    { line: 162, column: 90 },
  ];

  it('is the span starting closest before the finding', () => {
    expect(rowAtPosition(rows, 162, 64)).toBe(1);
    expect(rowAtPosition(rows, 162, 95)).toBe(2);
    expect(rowAtPosition(rows, 161, 1)).toBe(0);
  });

  it('is the span starting exactly there', () => {
    expect(rowAtPosition(rows, 162, 90)).toBe(2);
  });

  it('is none before the first span', () => {
    expect(rowAtPosition(rows, 10, 1)).toBeNull();
    expect(rowAtPosition([], 10, 1)).toBeNull();
  });
});
