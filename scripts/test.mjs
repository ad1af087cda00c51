// `npm test`: every check the project has, in order, stopping at the first failure.
// Ends with one line, `N passed, N failed`: tests summed over the vitest projects, plus one failure for a failed
// build, typecheck, lint, setup or packaging step. Skipped tests are never counted as passed. Tests that passed only
// after an end-to-end step was retried are named after the counts.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { passedAfterRetry, summaryLine } from './testSummary.mjs';

const resultsDir = join('.cache', 'test-results');
const vitest = join('node_modules', '.bin', 'vitest');

/** @typedef {{ title: string, command: string[] } | { title: string, project: string }} Step */
/** @type {Step[]} */
const steps = [
  { title: 'Build', command: ['npm', 'run', 'build'] },
  { title: 'Typecheck', command: ['npm', 'run', 'typecheck'] },
  { title: 'Lint', command: ['npm', 'run', 'lint'] },
  { title: 'Unit tests', project: 'unit' },
  // Installs Chromium and the fonts the webview tests need too, and code-server for the end-to-end tests.
  { title: 'Set up Chromium, Node 24 and code-server', command: ['bash', 'test/e2e/setup-code-server.sh'] },
  { title: 'Webview tests (headless Chromium)', project: 'webview' },
  { title: 'Package the extension (VSIX)', command: ['npm', 'run', 'package'] },
  { title: 'End-to-end tests in VS Code (code-server + Chromium)', project: 'e2e' },
];

/** @type {{ passed: number, failed: number }[]} */
const counts = [];
/** @type {string[]} */
const retried = [];

function run(command) {
  const result = spawnSync(command[0], command.slice(1), { stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.error) console.error(result.error.message);
  return result.status === 0;
}

function runCommand(command) {
  const ok = run(command);
  if (!ok) counts.push({ passed: 0, failed: 1 });
  return ok;
}

/**
 * Counts from vitest's JSON report. In a test file that failed as a whole (a hook or an import threw), every test that
 * did not pass counts as failed (at least one per file); a failing run without a report or a failing test counts as one.
 */
function countProject(reportFile, succeeded) {
  if (!existsSync(reportFile)) return { passed: 0, failed: 1, skipped: 0 };
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  retried.push(...passedAfterRetry(report));
  const total = { passed: 0, failed: 0, skipped: 0 };
  for (const file of report.testResults) {
    const passed = file.assertionResults.filter((test) => test.status === 'passed').length;
    const notPassed = file.assertionResults.length - passed;
    const failed = file.assertionResults.filter((test) => test.status === 'failed').length;
    total.passed += passed;
    if (file.status === 'failed') total.failed += Math.max(1, notPassed);
    else [total.failed, total.skipped] = [total.failed + failed, total.skipped + notPassed - failed];
  }
  if (total.failed === 0 && !succeeded) total.failed = 1;
  return total;
}

function runProject(project) {
  mkdirSync(resultsDir, { recursive: true });
  const reportFile = join(resultsDir, `${project}.json`);
  rmSync(reportFile, { force: true });
  const succeeded = run([vitest, 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`]);
  const result = countProject(reportFile, succeeded);
  counts.push(result);
  console.log(`${project}: ${result.passed} passed, ${result.failed} failed, ${result.skipped} skipped`);
  return succeeded && result.failed === 0;
}

function summarize() {
  const passed = counts.reduce((sum, c) => sum + c.passed, 0);
  const failed = counts.reduce((sum, c) => sum + c.failed, 0);
  console.log(`\n${summaryLine(passed, failed, retried)}`);
  return failed;
}

const started = Date.now();
for (const [i, step] of steps.entries()) {
  const what = 'command' in step ? step.command.join(' ') : `vitest run --project ${step.project}`;
  console.log(`\n=== [${i + 1}/${steps.length}] ${step.title}: ${what} ===\n`);
  const stepStarted = Date.now();
  const ok = 'command' in step ? runCommand(step.command) : runProject(step.project);
  console.log(`--- ${step.title}: ${ok ? 'ok' : 'FAILED'} (${((Date.now() - stepStarted) / 1000).toFixed(1)} s)`);
  if (!ok) {
    console.error(`\nStopped at step ${i + 1} (${step.title}); later steps did not run.`);
    summarize();
    process.exit(1);
  }
}
console.log(`\nAll ${steps.length} steps passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
process.exit(summarize() === 0 ? 0 : 1);
