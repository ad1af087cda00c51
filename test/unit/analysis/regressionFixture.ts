import type { Regression, Stratum } from '../../../src/core/analysis/regressionTypes';

/**
 * A regression of `language` in `group` against a baseline passing 3 of 3, failing on tool_count: passing 0 of 3
 * (deterministic, pass->fail) or 1 of 3 (stochastic, pass->partial).
 */
export function regression(language: string, stratum: Stratum = 'deterministic', group = 'execution/scn_email_budget'): Regression {
  const deterministic = stratum === 'deterministic';
  return {
    group,
    scenarioId: group.split('/').pop() ?? group,
    language,
    baseline: { passes: 3, runs: 3 },
    target: { passes: deterministic ? 0 : 1, runs: 3 },
    stratum,
    cell: deterministic ? 'pass->fail' : 'pass->partial',
    failureFamily: 'tool_count',
  };
}
