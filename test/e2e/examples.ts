// The generated examples as the e2e tests use them: a throw-away copy (tests never write into the repository) and the
// CLI's view of the same copy, from which the expected tree contents are derived.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Diagnostic, RunSummary } from '../../src/core/model';
import type { Regression } from '../../src/core/analysis/regressionTypes';
import type { LabelRecord } from '../../src/core/triage/labelRecord';
import { parseLabels } from '../../src/core/triage/labelStore';
import { repoRoot } from './codeServer';

export interface ExamplesCopy {
  /** Absolute path of the copy (same folder name as the original). */
  dir: string;
  dispose(): void;
}

/** Copies `examples/<name>` (the gaia2 examples unless named otherwise). */
export function copyExamples(name = 'gaia2-multilingual'): ExamplesCopy {
  const examplesDir = join(repoRoot, 'examples', name);
  if (!existsSync(examplesDir)) throw new Error(`${examplesDir} is missing: run \`npm run examples\``);
  const parent = mkdtempSync(join(tmpdir(), 'trajectory-lens-e2e-examples-'));
  const dir = join(parent, basename(examplesDir));
  cpSync(examplesDir, dir, { recursive: true });
  return { dir, dispose: () => rmSync(parent, { recursive: true, force: true }) };
}

/** Runs the built CLI (`dist/cli.js`) and parses its JSON output. */
export function cliJson<T>(args: string[]): T {
  const cli = join(repoRoot, 'dist', 'cli.js');
  if (!existsSync(cli)) throw new Error(`${cli} is missing: run \`npm run build\``);
  const stdout = execFileSync(process.execPath, [cli, ...args, '--json'], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  return JSON.parse(stdout) as T;
}

/** A run as `trajectory-lens index --json` prints it. */
export type IndexedRun = Pick<
  RunSummary,
  'id' | 'path' | 'format' | 'group' | 'scenarioId' | 'language' | 'languageLabel' | 'runIndex' | 'outcome' | 'capability' | 'failureFamily'
>;

export interface IndexJson {
  runs: IndexedRun[];
  diagnostics: Pick<Diagnostic, 'path' | 'line' | 'message'>[];
}

export function indexOf(dir: string): IndexJson {
  return cliJson<IndexJson>(['index', dir]);
}

export function regressionsOf(dir: string): Regression[] {
  return cliJson<Regression[]>(['regressions', dir]);
}

/** The run in the canonical model, as `trajectory-lens show --json` prints it (only what the tests read). */
export function showRun(dir: string, id: string): { task: string | null } {
  return cliJson<{ task: string | null }>(['show', dir, '--id', id]);
}

/** The ground truth the example generator wrote next to the runs. */
export function groundTruth(dir: string): unknown {
  return JSON.parse(readFileSync(join(dir, 'ground-truth.json'), 'utf8'));
}

/** What a scenario row should say about one language. */
export interface LanguageCounts {
  passes: number;
  /** Infrastructure-clean runs. */
  runs: number;
  infra: number;
}

/** Pass counts per group, then per language, counted from the index's run outcomes. */
export function passCounts(runs: readonly IndexedRun[]): Map<string, Map<string, LanguageCounts>> {
  const byGroup = new Map<string, Map<string, LanguageCounts>>();
  for (const run of runs) {
    const languages = byGroup.get(run.group) ?? new Map<string, LanguageCounts>();
    byGroup.set(run.group, languages);
    const counts = languages.get(run.language) ?? { passes: 0, runs: 0, infra: 0 };
    languages.set(run.language, counts);
    if (run.outcome === 'pass' || run.outcome === 'fail') counts.runs += 1;
    else counts.infra += 1;
    if (run.outcome === 'pass') counts.passes += 1;
  }
  return byGroup;
}

/** The run a regression opens: the target's first failing run by run index. */
export function firstFailingRun(runs: readonly IndexedRun[], regression: Regression): IndexedRun {
  const candidates = runs
    .filter((r) => r.group === regression.group && r.language === regression.language)
    .sort((a, b) => a.runIndex - b.runIndex);
  const run = candidates.find((r) => r.outcome === 'fail');
  if (!run) throw new Error(`no failing run for ${regression.group} ${regression.language}`);
  return run;
}

/** The first failure reason as the verifier wrote it in the run's result.json. */
export function recordedFailureReason(dir: string, run: IndexedRun): string {
  const result = JSON.parse(readFileSync(join(dir, run.path, 'result.json'), 'utf8')) as { failure_reasons?: unknown };
  const reasons = Array.isArray(result.failure_reasons) ? result.failure_reasons : [];
  const first: unknown = reasons[0];
  if (typeof first !== 'string') throw new Error(`${run.path}/result.json has no failure reason`);
  return first;
}

/** The labels file of the run directory `dir`. */
export function labelsFile(dir: string): string {
  return join(dir, '.trajectory-lens', 'labels.jsonl');
}

/** The labels file's text; empty while nothing was labelled. */
export function labelsText(dir: string): string {
  const file = labelsFile(dir);
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}

/** The records of the labels file, as the extension reads them. */
export function labelRecords(dir: string): LabelRecord[] {
  return parseLabels(labelsText(dir)).records;
}
