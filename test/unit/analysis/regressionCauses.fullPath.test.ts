import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { causeSignature, type CauseSignature } from '../../../src/core/analysis/causeSignature';
import type { RegressionCause } from '../../../src/core/analysis/clusterRegressions';
import { compareForDivergence, compareRuns } from '../../../src/core/analysis/compareRuns';
import { firstDivergence, type FirstDivergence } from '../../../src/core/analysis/firstDivergence';
import { compareRunsInDirectory } from '../../../src/core/analysis/literalCanonicalizer';
import { regressionCauses } from '../../../src/core/analysis/regressionCauses';
import { buildIndex } from '../../../src/core/index/buildIndex';
import { loadTrajectory } from '../../../src/core/index/loadTrajectory';
import { NodeFileSource } from '../../../src/core/nodeFileSource';
import { lintTranslationProblems } from '../../../src/core/triage/lintTranslationProblems';
import { suggestCode } from '../../../src/core/triage/suggestCode';
import type { TranslationProblem } from '../../../src/core/triage/translationSuspicion';

// Clustering computes only what a signature reads (folders read at once, no view diffs, one entity linking). Each
// cause must be what the compare view's full path gives: both runs loaded file by file, compared in full, the prior
// and the signature each linking the runs' entities on their own.

const EXAMPLES = join(__dirname, '../../../examples');
const DIRECTORIES = ['gaia2-multilingual', 'tau2-seatau', 'are-traces', 'canonical'];

async function fullPathCause(
  fs: NodeFileSource,
  tau2Domains: string | undefined,
  cause: RegressionCause,
  problems: readonly TranslationProblem[],
): Promise<{ signature: CauseSignature; divergence: FirstDivergence }> {
  const index = await buildIndex(fs);
  const run = (id: string) => index.runs.find((r) => r.id === id);
  const baselineRun = run(cause.member.baselineRunId);
  const targetRun = run(cause.member.targetRunId);
  if (baselineRun === undefined || targetRun === undefined) throw new Error('compared runs not indexed');
  const baseline = await loadTrajectory(fs, baselineRun);
  const target = await loadTrajectory(fs, targetRun);
  const { comparison } = await compareRunsInDirectory(fs, baseline, target, { domainsRoot: tau2Domains, textParts: false });
  const divergence = firstDivergence(comparison);
  const prior = suggestCode({ target, baseline, translationProblems: problems }).code;
  const signature = causeSignature({ comparison, divergence, baseline, target, prior, translationProblems: problems });
  return { signature, divergence };
}

describe('regression causes against the full compare path', () => {
  for (const dir of DIRECTORIES) {
    it(`gives every regression of ${dir} the signature and first divergence of a full comparison`, async () => {
      const fs = new NodeFileSource(join(EXAMPLES, dir));
      const index = await buildIndex(fs);
      const translationProblems = await lintTranslationProblems(fs);
      const causes = await regressionCauses(fs, index, { baseline: index.baseline ?? 'eng', translationProblems });
      expect(causes.length).toBeGreaterThan(0);
      for (const cause of causes) {
        const full = await fullPathCause(fs, index.tau2Domains, cause, translationProblems);
        expect({ signature: cause.signature, divergence: cause.member.divergence }, cause.member.targetRunId).toEqual(full);
      }
    }, 120_000);
  }

  it('compares for the first divergence exactly as the full comparison does, rationale diffs aside', async () => {
    const fs = new NodeFileSource(join(EXAMPLES, 'gaia2-multilingual'));
    const runs = (await buildIndex(fs)).runs;
    const baseline = await loadTrajectory(fs, runs.find((r) => r.language === 'eng') as (typeof runs)[number]);
    for (const run of runs.filter((r) => r.scenarioId === baseline.run.scenarioId && r.id !== baseline.run.id)) {
      const target = await loadTrajectory(fs, run);
      const full = compareRuns(baseline, target, { textParts: false });
      const oracle = full.oracle.map(({ rationaleDiff: _diff, ...row }) => row);
      expect(compareForDivergence(baseline, target, { textParts: false })).toEqual({ ...full, oracle, finalAnswerDiff: undefined });
    }
  });
});
