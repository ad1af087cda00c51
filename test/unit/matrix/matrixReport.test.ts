// The matrix panel receives the metrics report in columns: every cell it rebuilds must equal the host's cell, through
// the JSON the panel's HTML carries, for every format's example (settings, k = 1 cells, Grades, infra runs).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIndex } from '../../../src/core/index/buildIndex';
import { computeMetrics } from '../../../src/core/metrics/computeMetrics';
import type { MetricsReport } from '../../../src/core/metrics/types';
import { NodeFileSource } from '../../../src/core/nodeFileSource';
import { cellCount, packMatrixReport, unpackCell, type MatrixReport } from '../../../src/protocol/matrixReport';

const EXAMPLES = join(__dirname, '../../../examples');

async function reportOf(example: string, baseline: string): Promise<MetricsReport> {
  const { runs } = await buildIndex(new NodeFileSource(join(EXAMPLES, example)));
  return computeMetrics(runs, { baseline });
}

/** Packed, written and read as JSON, as the panel gets it. */
function sent(report: MetricsReport): MatrixReport {
  return JSON.parse(JSON.stringify(packMatrixReport(report))) as MatrixReport;
}

function unpacked(packed: MatrixReport, which: 'cells' | 'totals') {
  return Array.from({ length: cellCount(packed[which]) }, (_, i) => unpackCell(packed, packed[which], i));
}

describe('matrix report in columns', () => {
  it.each([
    ['gaia2-multilingual', 'eng'],
    ['tau2-seatau', 'eng'],
    ['polywork', 'deu'],
    ['canonical', 'eng'],
  ])('gives back every cell and total of the %s example exactly', async (example, baseline) => {
    const report = await reportOf(example, baseline);
    expect(report.cells.length).toBeGreaterThan(0);
    const packed = sent(report);
    expect(unpacked(packed, 'cells')).toEqual(report.cells);
    expect(unpacked(packed, 'totals')).toEqual(report.totals);
    expect(packed).toMatchObject({ baseline: report.baseline, baselineSetting: report.baselineSetting, verifier: report.verifier, estimators: report.estimators });
  });

  it('keeps Grades, settings and a k some cells lack apart per cell', async () => {
    const polywork = sent(await reportOf('polywork', 'deu'));
    const cells = unpacked(polywork, 'cells');
    // codex has one clean run (pass^1 only), MiniMax two (pass^2 too)
    const codex = cells.find((c) => c.agent === 'openai/gpt-5.1-codex');
    expect(codex?.passHatK).toEqual({ '1': 1 });
    expect(codex?.grade).toEqual({ runs: 1, bestRunMean: 0.95, bestOfRuns: 0.95 });
    expect(cells.find((c) => c.agent === 'minimax/MiniMax-M2.7')?.passHatK).toEqual({ '1': 0.5, '2': 0 });
    const seatau = sent(await reportOf('tau2-seatau', 'eng'));
    expect(seatau.cells.grade).toBeNull();
    expect(seatau.settings).toEqual(expect.arrayContaining(['english', 'l2_tools']));
  });

  it('stores each name once, sorted as the matrix lists them, and is a fraction of the cells as objects', async () => {
    const report = await reportOf('gaia2-multilingual', 'eng');
    const packed = packMatrixReport(report);
    expect(packed.languages).toEqual([...new Set(report.cells.map((c) => c.language))].sort((a, b) => a.localeCompare(b)));
    expect(packed.agents).toEqual(['agent-a']);
    const columns = JSON.stringify([packed.agents, packed.settings, packed.capabilities, packed.languages, packed.cells, packed.totals]);
    expect(columns.length).toBeLessThan(JSON.stringify([report.cells, report.totals]).length / 2);
  });
});
