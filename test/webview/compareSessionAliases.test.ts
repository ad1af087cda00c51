// The compare panel's entities link the forms of a known equivalence (a value set, a term table) its source provides.
import { describe, expect, it } from 'vitest';
import { compareRuns } from '../../src/core/analysis/compareRuns';
import type { RunSummary, Trajectory } from '../../src/core/model';
import { CompareSession, type CompareSource } from '../../src/host/compare/compareSession';
import { runSummary, tool } from './fixtures/comparisons';
import { noLabels } from './fixtures/labels';

function trajectory(run: RunSummary): Trajectory {
  const cabin = run.language === 'eng' ? 'economy' : 'ประหยัด';
  return {
    run, task: null, steps: [tool('book_reservation', { cabin }, {})], finalAnswer: null, oracle: [], checks: [], judge: [], diagnostics: [],
  };
}

const eng = runSummary({ language: 'eng', runIndex: 1 });
const tha = runSummary({ language: 'tha', runIndex: 1, outcome: 'fail' });
const SOURCE = 'value set in data/tau2/domains/airline/th/data_model.json';

function source(withAliases: boolean): CompareSource {
  return {
    runDir: 'file:///runs',
    runs: () => [eng, tha],
    loadTrajectory: async (run) => trajectory(run),
    listFiles: async () => [],
    compareRuns: (baseline, target) => ({ comparison: compareRuns(baseline, target), diagnostics: [] }),
    labels: async () => noLabels(),
    ...(withAliases ? { entityAliases: async () => ({ aliases: [{ forms: ['economy', 'ประหยัด'], source: SOURCE }], diagnostics: [] }) } : {}),
  };
}

describe('compare session entities with known equivalences', () => {
  it('colours the localized literal with its canonical value and names the value set', async () => {
    const state = await new CompareSession(source(true), eng, tha).state(null);
    expect(state.entities.entities.map((e) => [e.forms.map((f) => f.text), e.linkedBy])).toEqual([[['economy', 'ประหยัด'], [SOURCE]]]);
  });

  it('links nothing of the kind without them', async () => {
    const state = await new CompareSession(source(false), eng, tha).state(null);
    expect(state.entities.entities).toEqual([]);
  });
});
