// The last line `npm test` prints, and what it reads from vitest's JSON report for it.
import { basename } from 'node:path';

/**
 * The tests of a vitest JSON report that passed only after one of their UI steps was retried (the end-to-end helper
 * `retryStep` records them in the test's meta), named `<file> › <test>`.
 * @param {{ testResults: { name: string, assertionResults: { title: string, status: string, meta?: { retriedSteps?: string[] } }[] }[] }} report
 * @returns {string[]}
 */
export function passedAfterRetry(report) {
  return report.testResults.flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status === 'passed' && (test.meta?.retriedSteps?.length ?? 0) > 0)
      .map((test) => `${basename(file.name).replace(/\.test\.[cm]?[jt]s$/, '')} › ${test.title}`),
  );
}

/**
 * `N passed, N failed`, followed by the tests that passed only after a retried step, if any.
 * @param {number} passed
 * @param {number} failed
 * @param {string[]} retried
 * @returns {string}
 */
export function summaryLine(passed, failed, retried) {
  const line = `${passed} passed, ${failed} failed`;
  return retried.length === 0 ? line : `${line} (passed after a retried step: ${retried.join(', ')})`;
}
