import { describe, expect, it } from 'vitest';
import type { RunSummary, Trajectory } from '../../../src/core/model';
import { renderTrajectoryText } from '../../../src/core/render/renderTrajectoryText';
import { runDocumentLine } from '../../../src/core/search/runDocumentLine';

const run = { id: 'r', path: 'r', scenarioId: 's', group: 'g', language: 'jpn', languageLabel: 'ja', runIndex: 1, outcome: 'fail', failureFamily: null, failureReason: null, capability: null, setting: null, model: null, score: null, format: 'canonical' } as RunSummary;
const trajectory: Trajectory = {
  run,
  task: 'Find Lena',
  steps: Array.from({ length: 12 }, (_, i) => ({ kind: 'message' as const, role: 'assistant' as const, text: `### ${i + 2} · not a heading`, reasoning: null, time: null })),
  finalAnswer: 'Done',
  oracle: [],
  checks: [],
  judge: [],
  diagnostics: [],
};
const text = renderTrajectoryText(trajectory);
const lines = text.split('\n');

describe('runDocumentLine', () => {
  it('finds the heading of a step, not text that looks like one', () => {
    expect(lines[runDocumentLine(text, 0, 'text')]).toBe('### 1 · assistant');
    expect(lines[runDocumentLine(text, 10, 'text')]).toBe('### 11 · assistant');
  });

  it('finds the section of the task and the final answer', () => {
    expect(lines[runDocumentLine(text, null, 'task')]).toBe('## Task');
    expect(lines[runDocumentLine(text, null, 'finalAnswer')]).toBe('## Final answer');
  });
});
