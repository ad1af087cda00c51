// The host accepts from the matrix webview only requests shaped exactly as the protocol defines them.
import { describe, expect, it } from 'vitest';
import { parseMatrixRequest, parseSavedMatrixState } from '../../../src/protocol/matrix';

const cell = { agent: 'agent-a', setting: null, capability: 'execution', language: 'jpn' };
const request = (method: string, params: unknown) => ({ kind: 'request', id: 7, method, params });

describe('matrix protocol', () => {
  it('accepts a cell to filter or compare, a totals cell with capability null, and a setting', () => {
    expect(parseMatrixRequest(request('filterRegressions', cell)).ok).toBe(true);
    expect(parseMatrixRequest(request('compareWorst', { ...cell, capability: null, setting: 'l2_tools' })).ok).toBe(true);
  });

  it('refuses cells with missing, extra or mistyped fields, naming the problem and the id', () => {
    const missing = parseMatrixRequest(request('filterRegressions', { agent: 'a', language: 'jpn', setting: null }));
    expect(missing).toMatchObject({ ok: false, id: 7 });
    expect(parseMatrixRequest(request('filterRegressions', { ...cell, extra: 1 })).ok).toBe(false);
    const empty = parseMatrixRequest(request('compareWorst', { ...cell, agent: '' }));
    expect(empty).toMatchObject({ ok: false, error: 'compareWorst: agent must be a non-empty string' });
    expect(parseMatrixRequest(request('compareWorst', { ...cell, language: 3 })).ok).toBe(false);
    expect(parseMatrixRequest(request('deleteFiles', {})).ok).toBe(false);
  });

  it('accepts images only in their own format: SVG text, PNG bytes in base64; CSV without content (the host writes it)', () => {
    expect(parseMatrixRequest(request('saveImage', { format: 'svg', content: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' })).ok).toBe(true);
    expect(parseMatrixRequest(request('saveImage', { format: 'png', content: 'iVBORw0KGgoAAAANSUhEUg==' })).ok).toBe(true);
    expect(parseMatrixRequest(request('exportCsv', {})).ok).toBe(true);
    expect(parseMatrixRequest(request('exportCsv', { content: 'a,b' })).ok).toBe(false);
    expect(parseMatrixRequest(request('saveImage', { format: 'svg', content: '<html><script>' })).ok).toBe(false);
    expect(parseMatrixRequest(request('saveImage', { format: 'png', content: 'R0lGODlh' })).ok).toBe(false);
    expect(parseMatrixRequest(request('saveImage', { format: 'png', content: 'iVBORw0KGgo<bad>' })).ok).toBe(false);
    expect(parseMatrixRequest(request('saveImage', { format: 'csv', content: 'x' })).ok).toBe(false);
    expect(parseMatrixRequest(request('saveImage', { format: 'svg', content: '' })).ok).toBe(false);
  });

  it('restores a saved panel only from a well-formed state', () => {
    expect(parseSavedMatrixState({ runDir: 'file:///runs', measure: 'passHat:3' })).toEqual({ runDir: 'file:///runs', measure: 'passHat:3' });
    expect(parseSavedMatrixState({ runDir: '', measure: 'pass1' })).toBeNull();
    expect(parseSavedMatrixState({ runDir: 'file:///runs' })).toBeNull();
    expect(parseSavedMatrixState('file:///runs')).toBeNull();
  });
});
