// Splits a turn into the pieces whose language is judged on its own: sentences, and inside a sentence the runs of
// Latin letters between non-Latin text ("ยกเลิกแล้วค่ะ your refund is on its way" has no sentence break).

export interface TurnSegment {
  text: string;
  /** UTF-16 offsets in the turn's text. */
  start: number;
  end: number;
}

/** A Latin run shorter than this many letters stays with its sentence (a name, a product, a word of English). */
const MIN_SPLIT_LETTERS = 12;

const sentenceSegmenter = new Intl.Segmenter('und', { granularity: 'sentence' });

function latinRuns(sentence: TurnSegment): TurnSegment[] {
  const hasOtherScript = /[^\p{Script=Latin}\P{L}]/u.test(sentence.text);
  if (!hasOtherScript) return [sentence];
  const pieces: TurnSegment[] = [];
  let cursor = 0;
  // A Latin run: Latin words with the spaces and punctuation between them.
  for (const match of sentence.text.matchAll(/\p{Script=Latin}[\p{Script=Latin}\p{N}\s'’,.!?;:()-]*/gu)) {
    const letters = (match[0].match(/\p{L}/gu) ?? []).length;
    if (letters < MIN_SPLIT_LETTERS || match.index === undefined) continue;
    if (match.index > cursor) pieces.push(piece(sentence, cursor, match.index));
    pieces.push(piece(sentence, match.index, match.index + match[0].length));
    cursor = match.index + match[0].length;
  }
  if (cursor < sentence.text.length) pieces.push(piece(sentence, cursor, sentence.text.length));
  return pieces.filter((p) => p.text.trim() !== '');
}

function piece(sentence: TurnSegment, from: number, to: number): TurnSegment {
  return { text: sentence.text.slice(from, to), start: sentence.start + from, end: sentence.start + to };
}

/** Sentences and script runs of `text`, in order, with their offsets. */
export function segmentTurn(text: string): TurnSegment[] {
  const sentences = [...sentenceSegmenter.segment(text)].map((s) => ({ text: s.segment, start: s.index, end: s.index + s.segment.length }));
  return sentences.flatMap(latinRuns).filter((s) => s.text.trim() !== '');
}
