import type { TriageCode } from './taxonomy';

/** The automatic prior for one item: a code and the evidence behind it, shown as a suggestion, never applied. */
export interface Suggestion {
  code: TriageCode;
  /** Short human-readable lines naming runs, steps and checks. */
  evidence: string[];
}
