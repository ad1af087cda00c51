// Each number of the report named with its one-line definition and the benchmark that reports it that way, so that
// figures from different benchmarks are never read as the same thing.

export const ESTIMATORS: Readonly<Record<string, string>> = {
  pass1:
    'mean over scenarios of c/n, n = infrastructure-clean runs, c = passes (tau2-bench and SEATauBench pass^1; ' +
    'equals the run-level pass rate when every scenario has the same n)',
  passHatK:
    'mean over scenarios with n >= k of C(c,k)/C(n,k): the chance that k runs all pass (tau2-bench pass^k / ' +
    'pass_hat_k; ARE pass^k_all counts scenarios whose every run passes, i.e. k = n runs)',
  passAtK:
    'mean over scenarios with n >= k of 1 - C(n-c,k)/C(n,k): the chance that at least one of k runs passes ' +
    '(ARE and OmnilingualGAIA2 pass@k count any pass among the k = n runs)',
  rhoK: 'passHatK[k] / pass1 (SEATauBench rho^k, the consistency of passing)',
  wilson: 'Wilson score 95% interval (z = 1.959964) of the run-level passes over clean runs',
  gaia2AnyPass:
    'gaia2-cli reports the any-pass rate p with +- sqrt(p(1-p)/n); here it is passAtK at k = n, with the Wilson interval',
  deltaPass1: 'pass1 of the cell minus pass1 of its baseline-language cell (same agent, setting, capability)',
  bootstrap:
    'scenario-clustered percentile bootstrap of the paired delta pass1: 2,000 resamples of the scenarios both cells ' +
    'ran, seed 20260625 (mulberry32), 2.5th and 97.5th percentiles (SEATauBench analysis)',
  mcnemar:
    'exact McNemar over (scenario, run index) pairs with both runs clean: b = baseline pass & target fail, ' +
    'c = baseline fail & target pass, p = min(1, 2 sum_{i<=min(b,c)} C(b+c,i)/2^(b+c))',
  pHolm: "Holm's step-down correction of the McNemar p across the languages of a row (agent, setting, capability)",
  infraRate: 'infrastructure runs (crashed, timed out without verdict, no verdict) over all runs; left out of every other denominator',
  gradeBestRunMean: 'PolyWorkBench Pass@1: the mean Grade of each run index over the scenarios, best run index',
  gradeBestOfRuns: 'PolyWorkBench Pass@3: mean over scenarios of the best Grade among the scenario runs',
  verifierRate: 'failed clean runs of a failure family over clean runs (soft/LLM checks together, hard checks by checker)',
  toolCountDelta: 'mean over matched (scenario, run index) pairs of target tool calls minus baseline tool calls',
  writeShare: 'write actions over tool calls of the agent, pooled over the matched pairs',
  jsdPooled: 'Jensen-Shannon divergence (base 2) of the tool-choice distributions pooled over the matched pairs',
  jsdPerScenario: 'mean over matched scenarios of the Jensen-Shannon divergence of their tool-choice distributions',
  toolCountDeltaRegressed:
    'toolCountDelta over the pairs of scenarios whose target pass rate is below the baseline (Held: the other scenarios the baseline passes)',
};
