// Search Runs… in a real VS Code (code-server + Chromium) on a copy of the generated examples: the query typed in the
// quick input, the Search Results tree, and a match opened in the run document at its step. Expected results come
// from the CLI's `search --json` on the same copy, the expected line from its `show` of the run.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './codeServer';
import { cliJson } from './examples';
import {
  activeTab,
  openTrajectoryLens,
  revealTreeRow,
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
  run: { scenarioId: string; language: string; runIndex: number };
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
    const match = expected.matches.find((m) => m.step !== null && m.step > 1) ?? expected.matches[0];
    const step = match?.step;
    if (!match || step === null || step === undefined) throw new Error('no step match to open');
    const title = runLabel(match.run);
    // Snippets repeat across runs: the step's row is found below its run's row.
    const rows = await treeRows(page, 'Search Results');
    const runRow = rows.findIndex((r) => r.level === 1 && r.label === title);
    const position = rows.findIndex((r, i) => i > runRow && r.level === 2 && r.description === `step ${step + 1} · ${match.field}`);
    expect(runRow).toBeGreaterThanOrEqual(0);
    expect(position).toBeGreaterThan(runRow);
    await viewPane(page, 'Search Results').locator(`.monaco-list-row[data-index="${position}"]`).click();

    await expect.poll(() => activeTab(page).textContent(), { timeout: 30_000 }).toContain(title);
    const cursor = page.locator('.statusbar-item[id="status.editor.selection"]');
    await expect.poll(async () => (await cursor.textContent()) ?? '', { timeout: 30_000 }).toMatch(new RegExp(`^Ln ${stepLine(match.run, step)}, Col 1`));
    await screenshot(page, 'search-open-match');
  });

  it('opens the comparison with the baseline from a match', async () => {
    const page = workbench.page;
    const match = expected.matches[0];
    if (!match) throw new Error('no match');
    const row = await revealTreeRow(page, 'Search Results', match.snippet);
    await row.hover();
    await row.locator('.action-label[aria-label="Compare with Baseline at Step"]').click();
    const { run } = cliJson<RunJson>(['show', examples.dir, '--id', match.run]);
    await expect.poll(() => activeTab(page).textContent(), { timeout: 60_000 }).toMatch(new RegExp(`${run.scenarioId}: eng run \\d ↔ jpn run ${run.runIndex}`));
    await webviewFrame(page).locator('.row').first().waitFor({ timeout: 60_000 });
  });
});
