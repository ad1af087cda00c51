import type { MessageStep, Trajectory } from '../model';
import { detectLanguage } from './detectLanguage';
import { driftDisagreements } from './driftDisagreements';
import type { DriftReport, DriftSentence, DriftTurn, PositionDrift } from './driftReport';
import { fileLanguageCorrectness } from './fileLanguageCorrectness';
import { segmentTurn } from './segmentTurn';

/** Turns shorter than this (trimmed) are not judged, as SEATauBench does: "ok", "yes" say nothing. */
export const MIN_TURN_CHARS = 5;
/** A sentence's guess counts only at or above this confidence; below it the sentence is left undecided. */
export const CONFIDENCE_THRESHOLD = 0.5;
/** Fewer letters than this (after masking ids and codes) leave a sentence undecided. */
const MIN_SENTENCE_LETTERS = 4;
/** A turn whose letters are at least this share in other languages is off target even when its main language is right. */
const OFF_TARGET_SHARE = 0.25;

const POSITIONS: ReadonlyArray<[string, number, number]> = [
  ['1', 1, 1],
  ['2', 2, 2],
  ['3', 3, 3],
  ['4-5', 4, 5],
  ['6-10', 6, 10],
  ['11+', 11, Number.POSITIVE_INFINITY],
];

/** Codes naming the same language for drift purposes. */
function sameLanguage(a: string, b: string): boolean {
  const macro = (code: string): string => (code === 'zho' ? 'cmn' : code === 'tgl' ? 'fil' : code);
  return macro(a) === macro(b);
}

/** Tool output that reached a message (JSON text) is not conversation. */
function isJsonText(text: string): boolean {
  if (!/^[[{]/.test(text)) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function judgeTurn(step: MessageStep & { role: 'assistant' | 'user' }, index: number, expected: string | null): DriftTurn {
  const text = step.text.trim();
  const offset = step.text.indexOf(text);
  const sentences: DriftSentence[] = segmentTurn(text).map((segment) => {
    const guess = detectLanguage(segment.text, expected);
    const decided = guess.letters >= MIN_SENTENCE_LETTERS && guess.confidence >= CONFIDENCE_THRESHOLD && guess.language !== 'und';
    const detected = decided ? guess.language : 'und';
    return {
      text: segment.text,
      start: segment.start + offset,
      end: segment.end + offset,
      detected,
      confidence: guess.confidence,
      offTarget: expected !== null && detected !== 'und' && !sameLanguage(detected, expected),
    };
  });
  const letters = new Map<string, { letters: number; weighted: number }>();
  for (const sentence of sentences) {
    if (sentence.detected === 'und') continue;
    const count = (sentence.text.match(/\p{L}/gu) ?? []).length;
    const entry = letters.get(sentence.detected) ?? { letters: 0, weighted: 0 };
    letters.set(sentence.detected, { letters: entry.letters + count, weighted: entry.weighted + count * sentence.confidence });
  }
  const ranked = [...letters.entries()].sort((a, b) => b[1].letters - a[1].letters);
  const total = ranked.reduce((sum, [, e]) => sum + e.letters, 0);
  const [main] = ranked;
  const detected = main?.[0] ?? 'und';
  const confidence = main ? main[1].weighted / main[1].letters : 0;
  const offLetters = expected === null ? 0 : ranked.filter(([code]) => !sameLanguage(code, expected)).reduce((sum, [, e]) => sum + e.letters, 0);
  const offTarget = expected !== null && total > 0 && ((detected !== 'und' && !sameLanguage(detected, expected)) || offLetters / total >= OFF_TARGET_SHARE);
  const turn: DriftTurn = { step: index, role: step.role, detected, confidence, offTarget };
  if (ranked.length > 1) turn.sentences = sentences;
  return turn;
}

function conversationTurns(trajectory: Trajectory): Array<{ step: MessageStep & { role: 'assistant' | 'user' }; index: number }> {
  return trajectory.steps.flatMap((step, index) =>
    step.kind === 'message' && (step.role === 'assistant' || step.role === 'user') && step.text.trim().length >= MIN_TURN_CHARS && !isJsonText(step.text.trim())
      ? [{ step: step as MessageStep & { role: 'assistant' | 'user' }, index }]
      : [],
  );
}

function byPosition(assistant: readonly DriftTurn[]): PositionDrift[] {
  return POSITIONS.flatMap(([position, from, to]) => {
    const turns = assistant.filter((_, k) => k + 1 >= from && k + 1 <= to);
    if (turns.length === 0) return [];
    const offTarget = turns.filter((t) => t.offTarget).length;
    return [{ position, turns: turns.length, offTarget, offTargetRate: offTarget / turns.length }];
  });
}

/**
 * Detects the language of every user and assistant turn of a run (tool output and turns under 5 characters left
 * out), scores the assistant's language correctness against the run's language, and compares with the file's own.
 */
export function detectDrift(trajectory: Trajectory): DriftReport {
  const language = trajectory.run.language;
  const expected = language === 'und' || language === '' ? null : language;
  const turns = conversationTurns(trajectory).map(({ step, index }) => judgeTurn(step, index, expected));
  const assistant = turns.filter((t) => t.role === 'assistant');
  const correct = assistant.filter((t) => !t.offTarget).length;
  const score = expected === null || assistant.length === 0 ? null : correct / assistant.length;
  const file = fileLanguageCorrectness(trajectory);
  return {
    expected,
    turns,
    score,
    assistantTurns: assistant.length,
    correctAssistantTurns: correct,
    byPosition: expected === null ? [] : byPosition(assistant),
    file,
    disagreements: file === null ? [] : driftDisagreements(file, assistant, score),
  };
}
