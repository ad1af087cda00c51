// The compare panel's entities link the forms of a known equivalence (a value set, a term table) its run directory holds.
import { describe, expect, it } from 'vitest';
import type { RunSummary, Trajectory } from '../../src/core/model';
import { CompareSession, type CompareDirectory } from '../../src/host/compare/compareSession';
import { testCompareDirectory } from '../fixtures/testCompareDirectory';
import { runSummary, tool } from './fixtures/comparisons';

function trajectory(run: RunSummary): Trajectory {
  const cabin = run.language === 'eng' ? 'economy' : 'ประหยัด';
  return {
    run, task: null, steps: [tool('book_reservation', { cabin }, {})], finalAnswer: null, oracle: [], checks: [], judge: [], diagnostics: [],
  };
}

const eng = runSummary({ language: 'eng', runIndex: 1 });
const tha = runSummary({ language: 'tha', runIndex: 1, outcome: 'fail' });
const SOURCE = 'term table terms.csv';

function source(withAliases: boolean): CompareDirectory {
  const rootFiles: Record<string, string> = withAliases ? { 'terms.csv': 'source,translation,language\neconomy,ประหยัด,th\n' } : {};
  return testCompareDirectory([eng, tha], trajectory, { rootFiles }).directory;
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
