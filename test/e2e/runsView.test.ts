// The Runs and Regressions views, the run document and the Problems panel in a real VS Code (code-server + Chromium),
// on a copy of the generated examples. Expected contents come from the CLI on the same copy and from the run files.
import { beforeAll, describe, expect, it } from 'vitest';
import { basename, dirname } from 'node:path';
import type { Regression } from '../../src/core/analysis/regressionTypes';
import {
  firstFailingRun,
  indexOf,
  passCounts,
  recordedFailureReason,
  regressionsOf,
  showRun,
  type IndexJson,
  type LanguageCounts,
} from './examples';
import {
  expandTreeRow,
  openTrajectoryLens,
  problems,
  revealTreeRow,
  screenshot,
  treeRows,
  type TreeRow,
  useExamplesWorkspace,
  useWorkbench,
  webviewFrame,
  type Workbench,
} from './workbench';

type ShownCounts = LanguageCounts & { regressed: boolean };

/** `eng 3/3 · jpn 0/2 (1 infra) ↓` → per language: counts and whether it is marked as regressed. */
function parseCounts(description: string): Map<string, ShownCounts> {
  const parsed = new Map<string, ShownCounts>();
  for (const part of description.split(' · ')) {
    const match = /^(\S+) (\d+)\/(\d+)(?: \((\d+) infra\))?( ↓)?$/.exec(part.trim());
    if (!match) throw new Error(`unexpected language count "${part}" in "${description}"`);
    const [, language = '', passes, runs, infra, down] = match;
    parsed.set(language, { passes: Number(passes), runs: Number(runs), infra: Number(infra ?? 0), regressed: down !== undefined });
  }
  return parsed;
}

/** A language row's label: `jpn 0/3`, `jpn 0/2 (1 infra)`. */
function languageLabel(language: string, counts: LanguageCounts): string {
  return `${language} ${counts.passes}/${counts.runs}${counts.infra > 0 ? ` (${counts.infra} infra)` : ''}`;
}

/** A Regressions view item's label: `<scenario> · <language>`. */
function regressionLabel(regression: Regression): string {
  return `${regression.scenarioId} · ${regression.language}`;
}

const examples = useExamplesWorkspace();
let index: IndexJson;
let regressions: Regression[];
/** The regression the tests open: a deterministic one when there is one. */
let regression: Regression;

beforeAll(() => {
  index = indexOf(examples.dir);
  regressions = regressionsOf(examples.dir);
  const chosen = regressions.find((r) => r.stratum === 'deterministic') ?? regressions[0];
  if (!chosen) throw new Error('the examples plant no regression');
  regression = chosen;
});

async function rowsOnceLoaded(workbench: Workbench, view: string, minimum: number): Promise<TreeRow[]> {
  await expect.poll(async () => (await treeRows(workbench.page, view)).length, { timeout: 60_000 }).toBeGreaterThanOrEqual(minimum);
  return treeRows(workbench.page, view);
}

describe('Runs view on the examples (trusted folder)', () => {
  const workbench = useWorkbench(() => examples.open(true), openTrajectoryLens);

  it('lists every scenario under its capability with per-language pass counts, regressions first', async () => {
    const groups = [...new Set(index.runs.map((r) => r.group))];
    const capabilities = [...new Set(index.runs.map((r) => r.capability ?? '(no capability)'))];
    const rows = await rowsOnceLoaded(workbench, 'Runs', capabilities.length + groups.length);
    await screenshot(workbench.page, 'runs-view');

    expect(rows.filter((r) => r.level === 1).map((r) => r.label)).toEqual(expect.arrayContaining(capabilities));
    const counts = passCounts(index.runs);
    const regressed = new Set(regressions.map((r) => `${r.group}\n${r.language}`));
    const scenarioRows = rows.filter((r) => r.level === 2);
    expect(scenarioRows).toHaveLength(groups.length);
    for (const group of groups) {
      const scenarioId = index.runs.find((r) => r.group === group)?.scenarioId;
      const row = scenarioRows.find((r) => r.label === scenarioId);
      expect(row, `scenario row ${scenarioId}`).toBeDefined();
      const expected = new Map(
        [...(counts.get(group) ?? [])].map(([language, c]): [string, ShownCounts] => [
          language,
          { ...c, regressed: regressed.has(`${group}\n${language}`) },
        ]),
      );
      expect(parseCounts(row?.description ?? ''), `counts of ${scenarioId}`).toEqual(expected);
    }

    // Within each capability, scenarios with a regression come before the others.
    let capability = '';
    let seenClean = false;
    for (const row of rows) {
      if (row.level === 1) [capability, seenClean] = [row.label, false];
      if (row.level !== 2) continue;
      const isRegressed = [...parseCounts(row.description).values()].some((c) => c.regressed);
      expect(isRegressed && seenClean, `${row.label} listed after a scenario without regression in ${capability}`).toBe(false);
      seenClean ||= !isRegressed;
    }
  });

  it('expands a regressed scenario into its languages, and a language into its runs with failure families', async () => {
    const page = workbench.page;
    const counts = passCounts(index.runs).get(regression.group) ?? new Map<string, LanguageCounts>();
    await expandTreeRow(page, 'Runs', regression.scenarioId);
    const targetCounts = counts.get(regression.language);
    if (!targetCounts) throw new Error(`no ${regression.language} runs in ${regression.group}`);
    const targetLabel = languageLabel(regression.language, targetCounts);
    await revealTreeRow(page, 'Runs', targetLabel);
    const languageRows = (await treeRows(page, 'Runs')).filter((r) => r.level === 3).map((r) => r.label);
    expect(languageRows.sort()).toEqual([...counts].map(([language, c]) => languageLabel(language, c)).sort());

    await expandTreeRow(page, 'Runs', targetLabel);
    const targetRuns = index.runs
      .filter((r) => r.group === regression.group && r.language === regression.language)
      .sort((a, b) => a.runIndex - b.runIndex);
    await revealTreeRow(page, 'Runs', `run ${targetRuns[0]?.runIndex}`);
    const runRows = (await treeRows(page, 'Runs')).filter((r) => r.level === 4);
    await screenshot(page, 'runs-view-expanded');
    expect(runRows.map((r) => r.label)).toEqual(targetRuns.map((r) => `run ${r.runIndex}`));
    runRows.forEach((row, i) => {
      const family = targetRuns[i]?.failureFamily;
      if (family) expect(row.description).toContain(family);
    });
  });

  it('lists the worklist in the Regressions view and opens a regression as its run document, rendered', async () => {
    const page = workbench.page;
    const rows = await rowsOnceLoaded(workbench, 'Regressions', regressions.length);
    expect(rows.map((r) => r.label).sort()).toEqual(regressions.map(regressionLabel).sort());

    const run = firstFailingRun(index.runs, regression);
    await (await revealTreeRow(page, 'Regressions', regressionLabel(regression))).click();
    const tab = page.locator('.tabs-container .tab.active');
    await expect.poll(() => tab.textContent(), { timeout: 30_000 }).toContain(`${run.scenarioId} · ${run.language} · run ${run.runIndex}`);

    const task = showRun(examples.dir, run.id).task ?? '';
    const taskLine = task.split('\n').find((line) => line.trim().length > 0)?.trim().slice(0, 60) ?? '';
    expect(taskLine, 'the run has a task').not.toBe('');
    const preview = webviewFrame(page).locator('body');
    await expect.poll(() => preview.textContent(), { timeout: 30_000 }).toContain(taskLine);
    await screenshot(page, 'run-document');
    const reason = recordedFailureReason(examples.dir, run).slice(0, 60);
    expect(await preview.textContent(), 'failure reason shown in the run document').toContain(reason);
  });

  it('lists unreadable files last in the Runs view and marks the runs they belong to', async () => {
    const page = workbench.page;
    const files = new Set(index.diagnostics.map((d) => d.path));
    expect(files.size, 'the examples plant corrupt files').toBeGreaterThan(0);
    const problemsLabel = `${files.size} files with problems`;
    await expandTreeRow(page, 'Runs', problemsLabel);
    const rows = await treeRows(page, 'Runs');
    const top = rows.filter((r) => r.level === 1);
    expect(top.at(-1)?.label, 'files with problems are listed last').toBe(problemsLabel);
    const listed = rows.slice(rows.findIndex((r) => r.label === problemsLabel) + 1).filter((r) => r.level === 2);
    for (const diagnostic of index.diagnostics) {
      const label = diagnostic.line === null ? diagnostic.path : `${diagnostic.path}:${diagnostic.line}`;
      expect(listed.find((r) => r.label === label)?.description, label).toBe(diagnostic.message);
    }
    await screenshot(page, 'runs-view-file-problems');

    // A run whose own file is unreadable says so on its row.
    const damaged = index.runs.find((r) => index.diagnostics.some((d) => d.path.startsWith(`${r.path}/`)));
    if (!damaged) throw new Error('no planted problem lies inside a run');
    const counts = passCounts(index.runs).get(damaged.group)?.get(damaged.language);
    if (!counts) throw new Error(`no counts for ${damaged.group} ${damaged.language}`);
    const languageRowLabel = languageLabel(damaged.language, counts);
    await expandTreeRow(page, 'Runs', damaged.scenarioId);
    await expandTreeRow(page, 'Runs', languageRowLabel);
    await revealTreeRow(page, 'Runs', `run ${damaged.runIndex}`);
    const after = await treeRows(page, 'Runs');
    const scenarioAt = after.findIndex((r) => r.level === 2 && r.label === damaged.scenarioId);
    const languageAt = after.findIndex((r, i) => i > scenarioAt && r.level === 3 && r.label === languageRowLabel);
    const runRow = after.find((r, i) => i > languageAt && r.level === 4 && r.label === `run ${damaged.runIndex}`);
    expect(runRow?.description).toContain('⚠ 1 problem');
  });

  it('shows unreadable files in the Problems panel by file name and folder', async () => {
    expect(index.diagnostics.length, 'the examples plant corrupt files').toBeGreaterThan(0);
    const page = workbench.page;
    const files = new Set(index.diagnostics.map((d) => d.path));
    await expect
      .poll(async () => (await problems(page)).filter((r) => r.level === 1).length, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(files.size);
    const rows = await problems(page);
    await screenshot(page, 'problems-panel');
    for (const diagnostic of index.diagnostics) {
      const folder = dirname(diagnostic.path);
      const fileRow = rows.find(
        (r) => r.level === 1 && r.text.includes(basename(diagnostic.path)) && (folder === '.' || r.text.includes(folder)),
      );
      expect(fileRow, `Problems lists ${diagnostic.path}`).toBeDefined();
      expect(rows.some((r) => r.level === 2 && r.text.includes(diagnostic.message)), diagnostic.message).toBe(true);
    }
  });
});

describe('Runs view in Restricted Mode (untrusted folder)', () => {
  const workbench = useWorkbench(() => examples.open(false));

  it('still indexes the runs and lists every scenario', async () => {
    const page = workbench.page;
    await page.locator('.statusbar-item', { hasText: 'Restricted Mode' }).waitFor();
    await openTrajectoryLens(page);
    const scenarios = new Set(index.runs.map((r) => r.scenarioId));
    await expect
      .poll(async () => (await treeRows(page, 'Runs')).filter((r) => scenarios.has(r.label)).length, { timeout: 60_000 })
      .toBe(scenarios.size);
    await screenshot(page, 'runs-view-restricted-mode');
  });
});
