// Language drift of the two runs a compare view shows, shaped for the view: per judged turn (by step index) the
// detected language and whether it is off target, with the off-target sentences of mixed turns; the run's language
// correctness next to the file's own; and drift by the position of the assistant turn in the conversation.
import type { Trajectory } from '../model';
import { detectDrift } from './detectDrift';
import type { DriftDisagreement, DriftTurn, PositionDrift } from './driftReport';

/** A sentence of a mixed turn in a language other than the run's. */
export interface OffTargetSentence {
  /** UTF-16 offsets into the step's text. */
  start: number;
  end: number;
  /** ISO 639-3 code of the sentence's language. */
  detected: string;
}

export interface TurnLanguage {
  /** 0-based index into the run's steps. */
  step: number;
  role: 'assistant' | 'user';
  /** ISO 639-3 code of the turn's main language, or `und` when none is clearly ahead. */
  detected: string;
  confidence: number;
  offTarget: boolean;
  /** Off-target sentences of a turn that mixes languages; empty when the turn is in one language. */
  offTargetSentences: OffTargetSentence[];
}

export interface SideDrift {
  /** The language the turns should be in (ISO 639-3); null when the run's language is unknown. */
  expected: string | null;
  /** User and assistant turns that were judged (tool JSON and turns under 5 characters are not). */
  turns: TurnLanguage[];
  /** Share of assistant turns in the expected language; null when none was judged or no language is expected. */
  score: number | null;
  assistantTurns: number;
  correctAssistantTurns: number;
  /** The `language_correctness` score the run's file carries (SEATau), or null when it carries none. */
  fileScore: number | null;
  /** Where the file's count and the detection differ (a turn counted differently, or the score). */
  disagreements: DriftDisagreement[];
  /** Off-target assistant turns by their position in the conversation (`1`, `2`, `3`, `4-5`, `6-10`, `11+`). */
  byPosition: PositionDrift[];
}

export interface CompareDrift {
  baseline: SideDrift;
  target: SideDrift;
}

function turnLanguage(turn: DriftTurn): TurnLanguage {
  return {
    step: turn.step,
    role: turn.role,
    detected: turn.detected,
    confidence: turn.confidence,
    offTarget: turn.offTarget,
    offTargetSentences: (turn.sentences ?? []).filter((s) => s.offTarget).map(({ start, end, detected }) => ({ start, end, detected })),
  };
}

export function sideDrift(trajectory: Trajectory): SideDrift {
  const report = detectDrift(trajectory);
  return {
    expected: report.expected,
    turns: report.turns.map(turnLanguage),
    score: report.score,
    assistantTurns: report.assistantTurns,
    correctAssistantTurns: report.correctAssistantTurns,
    fileScore: report.file?.score ?? null,
    disagreements: report.disagreements,
    byPosition: report.byPosition,
  };
}

export function compareDrift(baseline: Trajectory, target: Trajectory): CompareDrift {
  return { baseline: sideDrift(baseline), target: sideDrift(target) };
}
