import { join } from 'node:path';
import { buildIndex } from '../../../src/core/index/buildIndex';
import type { RunIndex } from '../../../src/core/index/runIndex';
import { loadTrajectory } from '../../../src/core/index/loadTrajectory';
import type { Trajectory } from '../../../src/core/model';
import { NodeFileSource } from '../../../src/core/nodeFileSource';

// The gaia2 example's email-budget scenario, where the agent must email Zhang Wei: the names the entity tests follow.

const GROUP = 'agent-a/execution/scn_email_budget';
const fs = new NodeFileSource(join(__dirname, '../../../examples/gaia2-multilingual'));
let index: Promise<RunIndex> | undefined;

/** The email-budget run of `language` with that run index, read from the example (indexed once per test file). */
export async function emailBudgetRun(language: string, runIndex = 1): Promise<Trajectory> {
  index ??= buildIndex(fs);
  const summary = (await index).runs.find((r) => r.group === GROUP && r.language === language && r.runIndex === runIndex);
  if (summary === undefined) throw new Error(`no ${language} run ${runIndex} of ${GROUP}`);
  return loadTrajectory(fs, summary);
}
