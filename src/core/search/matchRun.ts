// Run-level terms, answered from the index alone so that only candidate runs are loaded.
import type { RunSummary } from '../model';
import { fold } from './fold';
import type { RunField, RunTerm } from './parseQuery';

/** The run's values a field compares against (several where a run has more than one name for it). */
function fieldValues(run: RunSummary, field: RunField): (string | null)[] {
  switch (field) {
    case 'lang':
      return [run.language, run.languageLabel];
    case 'outcome':
      return [run.outcome];
    case 'family':
      return [run.failureFamily];
    case 'agent':
      return [run.agent];
    case 'scenario':
      return [run.scenarioId];
    case 'capability':
      return [run.capability];
    case 'setting':
      return [run.setting];
  }
}

function termMatches(run: RunSummary, term: RunTerm): boolean {
  const folded = fieldValues(run, term.field)
    .filter((v): v is string => v !== null)
    .map(fold);
  return term.values.some((value) =>
    folded.some((have) => {
      if (term.substring) return have.includes(value);
      // `family:hard_check` names every hard checker's family (hard_check:datetime_checker…).
      if (term.field === 'family') return have === value || have.startsWith(`${value}:`);
      return have === value;
    }),
  );
}

/** True when the run satisfies every run-level term. */
export function runMatches(run: RunSummary, terms: readonly RunTerm[]): boolean {
  return terms.every((term) => termMatches(run, term));
}
