import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchOracle } from '../../../src/core/analysis/matchOracle';
import { compareRegressions, findRegressions } from '../../../src/core/analysis/regressions';
import { findSettingRegressions } from '../../../src/core/analysis/settingViews';
import { canonicalizeArgs, loadRunValueSets } from '../../../src/core/formats/tau2';
import { buildIndex } from '../../../src/core/index/buildIndex';
import { checkRuns } from '../../../src/core/index/checkRuns';
import { mergeDiagnostics } from '../../../src/core/index/diagnosticOrder';
import { loadTrajectory } from '../../../src/core/index/loadTrajectory';
import type { Regression } from '../../../src/core/analysis/regressionTypes';
import type { ToolCallStep } from '../../../src/core/model';
import { NodeFileSource } from '../../../src/core/nodeFileSource';

const EXAMPLE = join(__dirname, '../../../examples/tau2-seatau');

interface Evidence {
  path: string;
  setting?: string;
  outcome?: string;
  id?: string;
  tool?: string;
  args?: Record<string, unknown>;
  oracle?: Record<string, unknown>;
  turn?: number;
  critical?: number;
}

interface GroundTruth {
  baseline: string;
  expectedRegressions: Array<Regression & { setting: string }>;
  expectedRuns: Array<Record<string, unknown> & { id: string }>;
  expectedDiagnostics: Array<{ path: string }>;
  phenomena: Array<{ id: string; evidence: Evidence[] }>;
}

const truth = JSON.parse(readFileSync(join(EXAMPLE, 'ground-truth.json'), 'utf8')) as GroundTruth;
const fs = new NodeFileSource(EXAMPLE);

function evidenceOf(id: string): Evidence[] {
  const phenomenon = truth.phenomena.find((p) => p.id === id);
  if (phenomenon === undefined) throw new Error(`no phenomenon ${id}`);
  return phenomenon.evidence;
}

async function open(id: string) {
  const run = (await buildIndex(fs)).runs.find((r) => r.id.endsWith(`#${id}`));
  if (run === undefined) throw new Error(`no run ${id}`);
  return loadTrajectory(fs, run);
}

describe('examples/tau2-seatau against its ground truth', () => {
  it('indexes every simulation as a run with the expected pairing, outcome and failure family', async () => {
    const index = await buildIndex(fs);
    expect(index.runs).toHaveLength(truth.expectedRuns.length);
    const byId = new Map(index.runs.map((r) => [r.id, r]));
    for (const expected of truth.expectedRuns) expect(byId.get(expected.id)).toMatchObject(expected);
  });

  it('yields exactly the expected worklist, each L2 setting against the English setting', async () => {
    const index = await buildIndex(fs);
    expect(findSettingRegressions(index.runs, truth.baseline)).toEqual(truth.expectedRegressions);
  });

  it('never pools a language run in two settings: vi task 14 regresses in l2_tools only', async () => {
    const index = await buildIndex(fs);
    const evidence = evidenceOf('two_settings');
    for (const e of evidence) {
      expect(index.runs.find((r) => r.id.endsWith(`#${e.id ?? ''}`))).toMatchObject({ language: 'vie', setting: e.setting, outcome: e.outcome });
    }
    const vi14 = (regressions: ReadonlyArray<Regression & { setting?: string | null }>) =>
      regressions.filter((r) => r.language === 'vie' && r.scenarioId === '14').map((r) => [r.setting ?? null, r.cell, r.stratum]);
    expect(vi14(findSettingRegressions(index.runs, truth.baseline))).toEqual([['l2_tools', 'pass->fail', 'deterministic']]);
    // What pooling both settings would say instead.
    expect(vi14(findRegressions(index.runs, truth.baseline).sort(compareRegressions))).toEqual([[null, 'pass->partial', 'stochastic']]);
  });

  it('reports nothing with --check but the ground-truth file itself', async () => {
    const index = await buildIndex(fs);
    const diagnostics = mergeDiagnostics(index.diagnostics, await checkRuns(fs, index.runs));
    expect(diagnostics.map((d) => d.path)).toEqual(truth.expectedDiagnostics.map((d) => d.path));
  });

  it('shows the localized literals the th run used, which its data_model.json maps back to the oracle values', async () => {
    for (const evidence of evidenceOf('localized_literals')) {
      const t = await open(evidence.id ?? '');
      const step = t.steps.find((s): s is ToolCallStep => s.kind === 'tool_call' && s.tool === evidence.tool);
      expect(step?.args).toMatchObject(evidence.args ?? {});
      expect(t.oracle.find((o) => o.tool === evidence.tool)?.args).toMatchObject(evidence.oracle ?? {});
      const { valueSets } = await loadRunValueSets(fs, t.run);
      if (valueSets === null || step === undefined) throw new Error('no value sets for the th run');
      expect(canonicalizeArgs(step.args, valueSets)).toMatchObject(evidence.oracle ?? {});
    }
  });

  it('shows the language drift and the judge review errors at their turns', async () => {
    const [drift] = evidenceOf('language_drift');
    const t = await open(drift?.id ?? '');
    expect(t.checks).toContainEqual(expect.objectContaining({ name: 'language_correctness', passed: false, detail: expect.stringContaining('score 0.75') }));
    expect(t.judge).toContainEqual(expect.objectContaining({ check: 'language_correctness', turn: drift?.turn }));
    const [reviewed] = evidenceOf('review_errors');
    expect(t.judge).toContainEqual(expect.objectContaining({ check: 'review:critical', turn: reviewed?.critical, tool: 'cancel_reservation', agentArgs: { reservation_id: 'P7HV3D' } }));
    expect(t.judge).toContainEqual(expect.objectContaining({ check: 'review:minor', turn: drift?.turn }));
  });

  it('links every expected action of every run to a call of its tool, the very call with the localized literals when it did not match', async () => {
    const index = await buildIndex(fs);
    for (const run of index.runs) {
      const t = await loadTrajectory(fs, run);
      const verdicts = matchOracle(t);
      for (const [k, event] of t.oracle.entries()) {
        const verdict = verdicts[k];
        if (verdict?.matched === null) continue;
        const step = t.steps[verdict?.step ?? -1];
        expect(step, `${run.id} ${event.id}`).toMatchObject({ kind: 'tool_call', tool: event.tool });
      }
    }
    for (const evidence of evidenceOf('localized_literals')) {
      const t = await open(evidence.id ?? '');
      const verdict = matchOracle(t).find((v, k) => t.oracle[k]?.tool === evidence.tool);
      expect(verdict?.matched).toBe(false);
      expect(t.steps[verdict?.step ?? -1]).toMatchObject({ tool: evidence.tool, args: evidence.args ?? {} });
    }
  });
});
