// What language drift reports for one run: each user and assistant turn's detected language, the run's language
// correctness score, drift by turn position, and how that compares with the language correctness the file carries.

export interface DriftSentence {
  text: string;
  /** UTF-16 offsets in the turn's text, so a view can mark the sentence. */
  start: number;
  end: number;
  detected: string;
  confidence: number;
  offTarget: boolean;
}

export interface DriftTurn {
  /** 0-based index into Trajectory.steps. */
  step: number;
  role: 'assistant' | 'user';
  /** ISO 639-3 code of the turn's main language, or `und` when no language is clearly ahead. */
  detected: string;
  confidence: number;
  /** The turn is (mostly, or in a substantial part) not in the expected language. */
  offTarget: boolean;
  /** Per-sentence languages, only for turns that mix languages. */
  sentences?: DriftSentence[];
}

export interface PositionDrift {
  /** Assistant turns by their order in the conversation: `1`, `2`, `3`, `4-5`, `6-10`, `11+`. */
  position: string;
  turns: number;
  offTarget: number;
  offTargetRate: number;
}

/** The language correctness the run's file carries (SEATau), as the reader exposes it. */
export interface FileLanguageCorrectness {
  score: number | null;
  /** 0-based step indices of the assistant turns the file counts as in another language. */
  offTargetSteps: number[];
}

export interface DriftDisagreement {
  /** 0-based step index; null for a disagreement about the whole run (the score). */
  step: number | null;
  /** Starts with the step as the compare view names it (`#6 …`) when `step` is not null. */
  message: string;
}

export interface DriftReport {
  /** ISO 639-3 code the turns should be in; null when the run's language is unknown. */
  expected: string | null;
  turns: DriftTurn[];
  /** Assistant turns in the expected language / assistant turns judged; null when there are none (or no expected language). */
  score: number | null;
  assistantTurns: number;
  correctAssistantTurns: number;
  byPosition: PositionDrift[];
  file: FileLanguageCorrectness | null;
  disagreements: DriftDisagreement[];
}
