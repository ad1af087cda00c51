// Search Runs… in a real VS Code (code-server + Chromium) on a copy of the generated examples: the query typed in the
// quick input, the Search Results tree, and a match opened in the run document at its step. Expected results come
// from the CLI's `search --json` on the same copy, the expected line from its `show` of the run.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './codeServer';
import { cliJson } from './examples';
import {
  activeTab,
  openTrajectoryLens,
  runCommand,
  screenshot,
  treeRows,
  useExamplesWorkspace,
  useWorkbench,
  viewPane,
  webviewFrame,
} from './workbench';

const QUERY = 'tool:Contacts.search_contacts arg:query~張 lang:jpn';

interface SearchJson {
  matches: { run: string; step: number | null; field: string; snippet: string }[];
  runs: number;
}

interface RunJson {
  run: { scenarioId: string; group: string; language: string; runIndex: number };
}

interface CompareJson {
  rows: { target: { step: number } | null }[];
}

const examples = useExamplesWorkspace();
let expected: SearchJson;

beforeAll(() => {
  expected = cliJson<SearchJson>(['search', examples.dir, QUERY]);
  if (expected.matches.length === 0) throw new Error(`the examples hold no match for ${QUERY}`);
});

function runLabel(id: string): string {
  const { run } = cliJson<RunJson>(['show', examples.dir, '--id', id]);
  return `${run.scenarioId} · ${run.language} · run ${run.runIndex}`;
}

/** 1-based line of the step's heading in the run's document, as `show` prints the same document. */
function stepLine(id: string, step: number): number {
  const text = execFileSync(process.execPath, [join(repoRoot, 'dist', 'cli.js'), 'show', examples.dir, '--id', id], { encoding: 'utf8' });
  const line = text.split('\n').findIndex((l) => l.startsWith(`### ${step + 1} · `));
  if (line < 0) throw new Error(`no heading of step ${step + 1} in ${id}`);
  return line + 1;
}

type Match = SearchJson['matches'][number];

/** The Search Results row of a match: snippets repeat across runs, so it is found below its run's row. */
async function matchRow(page: Page, match: Match): Promise<Locator> {
  const rows = await treeRows(page, 'Search Results');
  const runRow = rows.findIndex((r) => r.level === 1 && r.label === runLabel(match.run));
  const place = match.step === null ? match.field : `step ${match.step + 1} · ${match.field}`;
  const position = rows.findIndex((r, i) => i > runRow && r.level === 2 && r.description === place);
  expect(runRow).toBeGreaterThanOrEqual(0);
  expect(position).toBeGreaterThan(runRow);
  return viewPane(page, 'Search Results').locator(`.monaco-list-row[data-index="${position}"]`);
}

/** A match on a step past the second: its row in a comparison differs from its step when steps were dropped. */
function laterStepMatch(): Match & { step: number } {
  const match = expected.matches.find((m) => m.step !== null && m.step > 1);
  if (!match || match.step === null) throw new Error('no match past the second step');
  return { ...match, step: match.step };
}

describe('Search Runs… on the examples', () => {
  const workbench = useWorkbench(() => examples.open(true), openTrajectoryLens);

  it('lists the matching runs and their steps, with the matched text highlighted', async () => {
    const page = workbench.page;
    await runCommand(page, 'Trajectory Lens: Search Runs…');
    const input = page.locator('.quick-input-widget .quick-input-box input');
    await input.fill(QUERY);
    // The first entry is the typed query, offered for searching once it parses.
    const entry = page.locator('.quick-input-widget .quick-input-list .monaco-list-row').first();
    await expect.poll(async () => (await entry.textContent()) ?? '').toContain('Search');
    await input.press('Enter');

    const runs = [...new Set(expected.matches.map((m) => m.run))];
    await expect.poll(async () => (await treeRows(page, 'Search Results')).length, { timeout: 60_000 }).toBe(runs.length + expected.matches.length);
    const rows = await treeRows(page, 'Search Results');
    await screenshot(page, 'search-results');
    const shown = rows.map((r) => (r.level === 1 ? `${r.label}` : `  ${r.description} ${r.label}`));
    const wanted = runs.flatMap((id) => [
      runLabel(id),
      ...expected.matches.filter((m) => m.run === id).map((m) => `  step ${(m.step ?? 0) + 1} · ${m.field} ${m.snippet}`),
    ]);
    expect(shown).toEqual(wanted);

    const highlighted = await viewPane(page, 'Search Results')
      .locator('.monaco-list-row[aria-level="2"] .label-name .highlight')
      .first()
      .textContent();
    expect(highlighted).toBe('張');
  });

  it('opens a match in the run document at its step', async () => {
    const page = workbench.page;
    const match = laterStepMatch();
    const title = runLabel(match.run);
    await (await matchRow(page, match)).click();

    await expect.poll(() => activeTab(page).textContent(), { timeout: 30_000 }).toContain(title);
    const cursor = page.locator('.statusbar-item[id="status.editor.selection"]');
    await expect.poll(async () => (await cursor.textContent()) ?? '', { timeout: 30_000 }).toMatch(new RegExp(`^Ln ${stepLine(match.run, match.step)}, Col 1`));
    await screenshot(page, 'search-open-match');
  });

  it('opens the comparison with the baseline from a match, at the row of its step', async () => {
    const page = workbench.page;
    const match = laterStepMatch();
    const { run } = cliJson<RunJson>(['show', examples.dir, '--id', match.run]);
    const compared = cliJson<CompareJson>(['compare', examples.dir, '--group', run.group, '--language', run.language, '--target-run', String(run.runIndex)]);
    const row = compared.rows.findIndex((r) => r.target?.step === match.step);
    expect(row).toBeGreaterThanOrEqual(0);

    const item = await matchRow(page, match);
    await item.hover();
    await item.locator('.action-label[aria-label="Compare with Baseline at Step"]').click();
    await expect.poll(() => activeTab(page).textContent(), { timeout: 60_000 }).toContain(`${run.scenarioId}: eng run`);
    await expect.poll(() => activeTab(page).textContent()).toContain(`↔ ${run.language} run ${run.runIndex}`);
    const frame = webviewFrame(page);
    await expect.poll(() => frame.locator('.row[aria-selected="true"]').getAttribute('data-target'), { timeout: 60_000 }).toBe(`row:${row}`);
    await screenshot(page, 'search-compare-at-step');
  });
});
