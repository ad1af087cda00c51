import { describe, expect, it } from 'vitest';
import { passedAfterRetry, summaryLine, type JsonReport } from '../../../scripts/testSummary.mjs';

function report(tests: { title: string; status: string; retriedSteps?: string[] }[], name = '/repo/test/e2e/compareView.test.ts'): JsonReport {
  return {
    testResults: [
      { name, assertionResults: tests.map(({ title, status, retriedSteps }) => ({ title, status, meta: retriedSteps ? { retriedSteps } : {} })) },
    ],
  };
}

describe('npm test summary line', () => {
  it('is only the counts when no step was retried', () => {
    expect(summaryLine(1130, 0, [])).toBe('1130 passed, 0 failed');
  });

  it('names every test that passed only after a retried step, after the counts', () => {
    const retried = passedAfterRetry(
      report([
        { title: 'F7 walks the differences', status: 'passed', retriedSteps: ['context menu offers "Compare with Baseline"'] },
        { title: 'shows the oracle event', status: 'passed' },
        { title: 'finds the form', status: 'passed', retriedSteps: [] },
      ]),
    );
    expect(summaryLine(1130, 0, retried)).toBe('1130 passed, 0 failed (passed after a retried step: compareView › F7 walks the differences)');
  });

  it('leaves out a failed test even if a step of it was retried (it is counted as failed)', () => {
    expect(passedAfterRetry(report([{ title: 'walks', status: 'failed', retriedSteps: ['expand "a" in Runs'] }]))).toEqual([]);
  });

  it('lists tests of several files in report order', () => {
    const retried = [
      ...passedAfterRetry(report([{ title: 'a', status: 'passed', retriedSteps: ['x'] }], '/r/test/e2e/labels.test.ts')),
      ...passedAfterRetry(report([{ title: 'b', status: 'passed', retriedSteps: ['y'] }], '/r/test/e2e/review.test.ts')),
    ];
    expect(summaryLine(3, 1, retried)).toBe('3 passed, 1 failed (passed after a retried step: labels › a, review › b)');
  });
});
