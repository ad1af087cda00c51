import type { DriftDisagreement, DriftSentence, DriftTurn, FileLanguageCorrectness } from './driftReport';

// Where the detected languages and the file's language correctness differ, in words a reader of the compare view
// follows: a step is named as the view names it (`#6`, 0-based), and the file's own 1-based number is given only
// where the file names the step, so the two countings are never confused.

function stepName(step: number): string {
  return `#${step}`;
}

function article(code: string): string {
  return /^[aeiou]/i.test(code) ? 'an' : 'a';
}

/** `an eng sentence`, `2 eng sentences`, `sentences in eng and vie`. */
function sentencesIn(sentences: readonly DriftSentence[]): string {
  const languages = [...new Set(sentences.map((s) => s.detected))];
  const [only] = languages;
  if (languages.length === 1 && only !== undefined) {
    return sentences.length === 1 ? `${article(only)} ${only} sentence` : `${sentences.length} ${only} sentences`;
  }
  return `sentences in ${languages.slice(0, -1).join(', ')} and ${languages.at(-1) ?? ''}`;
}

/** What was found in a turn: `#6 reads as eng`, or for a mixed turn `#6 is mostly tha but has an eng sentence`. */
function describeTurn(turn: DriftTurn): string {
  const name = stepName(turn.step);
  if (turn.detected === 'und') return `${name} has no clear language`;
  const others = (turn.sentences ?? []).filter((s) => s.offTarget && s.detected !== turn.detected);
  return others.length === 0 ? `${name} reads as ${turn.detected}` : `${name} is mostly ${turn.detected} but has ${sentencesIn(others)}`;
}

/** The file's count of another language names the step from 1 (`(step 7)` in its judge record). */
function fileCountsOff(step: number): string {
  return `the file counts it (its step ${step + 1}) as another language`;
}

/**
 * Assistant turns the file counts differently from the detection, then the score when it differs. A message about a
 * step starts with the step's name in the view (`#6 …`), so the view can make that name a link.
 */
export function driftDisagreements(file: FileLanguageCorrectness, assistant: readonly DriftTurn[], score: number | null): DriftDisagreement[] {
  const out: DriftDisagreement[] = [];
  for (const turn of assistant) {
    const fileSays = file.offTargetSteps.includes(turn.step);
    if (fileSays && !turn.offTarget) out.push({ step: turn.step, message: `${describeTurn(turn)}; ${fileCountsOff(turn.step)}` });
    else if (!fileSays && turn.offTarget) out.push({ step: turn.step, message: `${describeTurn(turn)}; the file counts it as correct` });
  }
  for (const step of file.offTargetSteps) {
    if (!assistant.some((t) => t.step === step)) {
      out.push({ step, message: `${stepName(step)} is not a judged assistant turn; ${fileCountsOff(step)}` });
    }
  }
  if (file.score !== null && score !== null && Math.abs(file.score - score) > 0.005) {
    out.push({ step: null, message: `language correctness ${score.toFixed(2)} here, ${file.score} in the file` });
  }
  return out;
}
