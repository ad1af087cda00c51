import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareRegressions, findRegressions } from '../../../src/core/analysis/regressions';
import { canonicalizeArgs, loadRunValueSets } from '../../../src/core/formats/tau2';
import { buildIndex } from '../../../src/core/index/buildIndex';
import { checkRuns } from '../../../src/core/index/checkRuns';
import { mergeDiagnostics } from '../../../src/core/index/diagnosticOrder';
import { loadTrajectory } from '../../../src/core/index/loadTrajectory';
import type { Regression } from '../../../src/core/index/runIndex';
import type { ToolCallStep } from '../../../src/core/model';
import { NodeFileSource } from '../../../src/core/nodeFileSource';

const EXAMPLE = join(__dirname, '../../../examples/tau2-seatau');

interface Evidence {
  path: string;
  id?: string;
  tool?: string;
  args?: Record<string, unknown>;
  oracle?: Record<string, unknown>;
  turn?: number;
  critical?: number;
}

interface GroundTruth {
  baseline: string;
  expectedRegressions: Regression[];
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

  it('yields exactly the expected worklist', async () => {
    const index = await buildIndex(fs);
    expect(findRegressions(index.runs, truth.baseline)).toEqual([...truth.expectedRegressions].sort(compareRegressions));
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
    expect(t.judge).toContainEqual(expect.objectContaining({ check: 'review:critical', turn: reviewed?.critical, tool: 'cancel_reservation', agentArgs: { reservation_id: 'K1NW8N' } }));
    expect(t.judge).toContainEqual(expect.objectContaining({ check: 'review:minor', turn: drift?.turn }));
  });
});
