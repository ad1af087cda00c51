// A run rewritten while VS Code shows the directory, in a real VS Code: the Runs view counts it again as soon as the
// file watcher reports the change (the changed run is read on its own; the directory is not walked again).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { indexOf, passCounts, type IndexJson } from './examples';
import { openTrajectoryLens, treeRows, useExamplesWorkspace, useWorkbench } from './workbench';

const examples = useExamplesWorkspace();
let index: IndexJson;

beforeAll(() => {
  index = indexOf(examples.dir);
});

/** The scenario row's count for one language: `jpn 1/3` → '1/3'. */
async function shownCount(page: Parameters<typeof treeRows>[0], scenarioId: string, language: string): Promise<string | null> {
  const row = (await treeRows(page, 'Runs')).find((r) => r.level === 2 && r.label === scenarioId);
  const part = row?.description.split(' · ').find((p) => p.startsWith(`${language} `));
  return part === undefined ? null : (/\d+\/\d+/.exec(part)?.[0] ?? null);
}

describe('Runs view after a run changes on disk', () => {
  const workbench = useWorkbench(() => examples.open(true), openTrajectoryLens);

  it('counts a failing run that now passes', async () => {
    const run = index.runs.find((r) => r.format === 'gaia2-cli' && r.outcome === 'fail');
    if (!run) throw new Error('the examples have no failing gaia2-cli run');
    const counts = passCounts(index.runs).get(run.group)?.get(run.language);
    if (!counts) throw new Error(`no counts for ${run.group} ${run.language}`);
    const page = workbench.page;
    const before = `${counts.passes}/${counts.runs}`;
    await expect.poll(() => shownCount(page, run.scenarioId, run.language), { timeout: 60_000 }).toBe(before);

    const path = join(examples.dir, run.path, 'result.json');
    const verdict = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    writeFileSync(path, JSON.stringify({ ...verdict, success: true, reward: 1, failure_reasons: [] }));
    await expect.poll(() => shownCount(page, run.scenarioId, run.language), { timeout: 30_000 }).toBe(`${counts.passes + 1}/${counts.runs}`);
  });
});
