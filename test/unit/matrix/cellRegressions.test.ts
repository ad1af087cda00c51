import { join } from 'node:path';
import type * as vscode from 'vscode';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildIndex } from '../../../src/core/index/buildIndex';
import { NodeFileSource } from '../../../src/core/nodeFileSource';
import type { RunIndex } from '../../../src/core/index/runIndex';
import { loadRunDirectory, type LoadedRunDirectory } from '../../../src/host/loadedRunDirectory';
import { regressionsInCell, worstRegression } from '../../../src/host/matrix/cellRegressions';
import { cellText } from '../../../src/host/tree/regressionCell';
import type { VscodeFileSource } from '../../../src/host/vscodeFileSource';
import { REPO } from '../cli/cliProcess';
import { settingRuns } from '../index/settingRuns';

// A matrix cell's regressions (what a click filters the Regressions view to) and its worst one (what its context
// menu compares), on the gaia2 examples and on SEATau-style settings.

const uri = { toString: () => 'file:///runs' } as unknown as vscode.Uri;

function directory(index: RunIndex): LoadedRunDirectory {
  return loadRunDirectory(uri, {} as VscodeFileSource, 'runs', index, 'eng');
}

describe('regressions of a matrix cell', () => {
  let examples: LoadedRunDirectory;
  beforeAll(async () => {
    examples = directory(await buildIndex(new NodeFileSource(join(REPO, 'examples/gaia2-multilingual'))));
  });

  it('are the regressions of the agent, capability and language; all capabilities when the cell is a total', () => {
    const execution = regressionsInCell(examples, { agent: 'agent-a', setting: null, capability: 'execution', language: 'jpn' });
    expect(execution.map((r) => r.regression.group).sort()).toEqual(['agent-a/execution/scn_email_budget', 'agent-a/execution/scn_yoga_cleanup']);
    const all = regressionsInCell(examples, { agent: 'agent-a', setting: null, capability: null, language: 'fra' });
    expect(all.map((r) => r.regression.group).sort()).toEqual(['agent-a/ambiguity/scn_coffee_reorder', 'agent-a/execution/scn_offsite_planning']);
    expect(regressionsInCell(examples, { agent: 'agent-b', setting: null, capability: null, language: 'fra' })).toEqual([]);
    expect(regressionsInCell(examples, { agent: 'agent-a', setting: null, capability: 'search', language: 'jpn' })).toEqual([]);
  });

  it('have as worst the largest drop from the baseline, deterministic first on a tie', () => {
    const fra = regressionsInCell(examples, { agent: 'agent-a', setting: null, capability: null, language: 'fra' });
    const worst = worstRegression(fra)?.regression;
    // coffee_reorder: eng 3/3 → fra 2/3; offsite_planning: eng 3/3 → fra 1/2 — the larger drop.
    expect(worst?.group).toBe('agent-a/execution/scn_offsite_planning');
    expect(worstRegression([])).toBeUndefined();
  });

  it('come from the setting of the cell when languages run in several settings', () => {
    const runs = [...settingRuns('eng', 'english', ['pass', 'pass']), ...settingRuns('vie', 'l2_interaction', ['pass', 'pass']), ...settingRuns('vie', 'l2_tools', ['fail', 'fail'])];
    const dir = directory({ runs, diagnostics: [] });
    const agent = runs[0]?.agent ?? 'unknown';
    const tools = regressionsInCell(dir, { agent, setting: 'l2_tools', capability: null, language: 'vie' });
    expect(tools.map((r) => [r.regression.language, r.regression.cell])).toEqual([['vie', 'pass->fail']]);
    expect(regressionsInCell(dir, { agent, setting: 'l2_interaction', capability: null, language: 'vie' })).toEqual([]);
  });

  it('are named in the Regressions view by agent, setting, language and capability', () => {
    expect(cellText({ agent: 'agent-a', setting: null, capability: 'execution', language: 'jpn' })).toBe('agent-a · jpn · execution');
    expect(cellText({ agent: 'airline-bot', setting: 'l2_tools', capability: null, language: 'vie' })).toBe('airline-bot · l2_tools · vie · all capabilities');
  });
});
