import type { MetricsCell, MetricsReport } from '../core/metrics/types';

// `metrics --json`: the documented keys first, in their order, then the additions (passes, infraRate, rhoK,
// grade; the report's baseline and baseline setting).

function cellJson(c: MetricsCell) {
  return {
    agent: c.agent,
    setting: c.setting,
    capability: c.capability,
    language: c.language,
    scenarios: c.scenarios,
    runs: c.runs,
    infra: c.infra,
    pass1: c.pass1,
    passHatK: c.passHatK,
    passAtK: c.passAtK,
    wilson: c.wilson,
    deltaPass1: c.deltaPass1,
    bootstrap: c.bootstrap,
    mcnemar: c.mcnemar,
    passes: c.passes,
    infraRate: c.infraRate,
    rhoK: c.rhoK,
    grade: c.grade,
  };
}

export function metricsJson(report: MetricsReport) {
  return {
    cells: report.cells.map(cellJson),
    totals: report.totals.map(cellJson),
    verifier: report.verifier,
    signatures: report.signatures,
    estimators: report.estimators,
    baseline: report.baseline,
    baselineSetting: report.baselineSetting,
  };
}
