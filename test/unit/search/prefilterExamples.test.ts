import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildIndex } from '../../../src/core/index/buildIndex';
import { loadTrajectory } from '../../../src/core/index/loadTrajectory';
import type { RunSummary, Trajectory } from '../../../src/core/model';
import { NodeFileSource } from '../../../src/core/nodeFileSource';
import { matchTrajectory } from '../../../src/core/search/matchTrajectory';
import { parseQuery } from '../../../src/core/search/parseQuery';
import { searchRuns } from '../../../src/core/search/searchRuns';

// Search skips gaia2-cli runs whose raw files lack the query's words, and reads each run folder at once. On the
// generated examples, every query built from values the runs hold must find exactly what matching every trajectory
// loaded file by file finds, in the same order with the same snippets.

const EXAMPLES = join(__dirname, '../../../examples/gaia2-multilingual');
const fs = new NodeFileSource(EXAMPLES);
const QUERIES = 40;
let runs: RunSummary[];
let trajectories: Trajectory[];

beforeAll(async () => {
  runs = (await buildIndex(fs)).runs;
  trajectories = await Promise.all(runs.map((r) => loadTrajectory(fs, r)));
}, 120_000);

/** Queries from what the runs hold: every tool, a slice of argument values, words of messages, answers and rationales. */
function queriesFromData(): string[] {
  const queries = new Set<string>();
  const quoted = (text: string) => `"${text.replace(/["\\]/g, '')}"`;
  for (const trajectory of trajectories) {
    for (const step of trajectory.steps) {
      if (step.kind === 'tool_call') {
        queries.add(`tool:${step.tool}`);
        for (const [key, value] of Object.entries(step.args)) {
          if (typeof value === 'string' && value.length > 2) queries.add(`arg:${key}~${quoted(value.slice(1, 6))}`);
        }
      } else {
        const word = step.text.split(/\s+/).find((w) => w.length > 3);
        if (word) queries.add(`text:${quoted(word.slice(0, 8))}`);
      }
    }
    if (trajectory.finalAnswer) queries.add(`text:${quoted(trajectory.finalAnswer.slice(2, 9))}`);
    for (const record of trajectory.judge) queries.add(`text:${quoted(record.rationale.slice(5, 14))}`);
  }
  const all = [...queries].filter((q) => parseQuery(q).ok);
  // An even spread of them: each query reads every run again.
  const step = Math.max(1, Math.floor(all.length / QUERIES));
  return all.filter((_, i) => i % step === 0);
}

describe('search with the raw-file prefilter on the examples', () => {
  it('finds every match that matching each loaded run finds', async () => {
    const queries = queriesFromData();
    expect(queries.length).toBeGreaterThanOrEqual(QUERIES);
    expect(queries.some((q) => q.startsWith('tool:')) && queries.some((q) => q.startsWith('arg:')) && queries.some((q) => q.startsWith('text:'))).toBe(true);
    for (const text of queries) {
      const parsed = parseQuery(text);
      if (!parsed.ok) continue;
      const expected = trajectories.flatMap((t) => matchTrajectory(t, parsed.query.stepTerms).map((m) => `${t.run.id} ${m.step} ${m.field} ${m.snippet}`));
      const found: string[] = [];
      for await (const match of searchRuns(fs, runs, parsed.query)) found.push(`${match.run.id} ${match.step} ${match.field} ${match.snippet}`);
      expect(found, text).toEqual(expected);
    }
  }, 300_000);
});
