import type { OffTargetSentence, TurnLanguage } from '../../../src/core/drift/compareDrift';
import type { Side } from '../../../src/protocol/compare';
import { useSideDrift, useTurnLanguage } from '../driftContext';
import { Codicon } from './Codicon';
import { Highlighted } from './Highlighted';
import { LongText } from './LongText';
import * as l10n from '@vscode/l10n';

/** `eng` for a turn in English, `eng, vie` for a mixed turn: the languages that put the turn off target. */
export function offTargetLanguages(turn: TurnLanguage, expected: string): string {
  const others = turn.offTargetSentences.map((s) => s.detected);
  const main = turn.detected !== expected && turn.detected !== 'und' ? [turn.detected] : [];
  return [...new Set([...main, ...others])].join(', ');
}

/** "language: tha → eng" on a turn that is not in the run's language. */
export function LanguageChip({ side, step }: { side: Side; step: number }) {
  const turn = useTurnLanguage(side, step);
  const { expected } = useSideDrift(side);
  if (!turn?.offTarget || expected === null) return null;
  const languages = offTargetLanguages(turn, expected);
  const mixed = turn.offTargetSentences.length > 0;
  const title =
    l10n.t("This {0} turn reads as {1} (confidence {2}); the run's language is {3}.", turn.role, turn.detected, turn.confidence.toFixed(2), expected) +
    (mixed
      ? ` ${turn.offTargetSentences.length === 1 ? l10n.t('One sentence is in {0}, underlined.', languages) : l10n.t('{0} sentences are in {1}, underlined.', turn.offTargetSentences.length, languages)}`
      : '');
  return (
    <span className="tag tag--language" title={title}>
      <Codicon name="globe" /> {l10n.t('language: {0} → {1}', expected, languages)}
    </span>
  );
}

/** Whether the step is a turn in another language than the run's, for the mark at the lane's edge. */
export function useOffLanguage(side: Side, step: number): boolean {
  return useTurnLanguage(side, step)?.offTarget === true;
}

/**
 * A message's text; in a turn that mixes languages the off-target sentences are underlined. Such a turn is shown in
 * full, so that no off-target sentence hides behind "show all".
 */
export function MessageText({ id, side, step, text }: { id: string; side: Side; step: number; text: string }) {
  const turn = useTurnLanguage(side, step);
  if (!turn?.offTarget || turn.offTargetSentences.length === 0) return <LongText id={id} text={text} />;
  return (
    <div className="long-text">
      {pieces(text, turn.offTargetSentences).map(({ start, end, sentence }) =>
        sentence ? (
          <span key={start} className="off-language" title={l10n.t("In {0}, not the run's language", sentence.detected)}>
            <Highlighted text={text.slice(start, end)} />
          </span>
        ) : (
          <Highlighted key={start} text={text.slice(start, end)} />
        ),
      )}
    </div>
  );
}

/** The text cut at the off-target sentences' bounds, in order. */
function pieces(text: string, sentences: readonly OffTargetSentence[]): Array<{ start: number; end: number; sentence: OffTargetSentence | null }> {
  const out: Array<{ start: number; end: number; sentence: OffTargetSentence | null }> = [];
  let cursor = 0;
  for (const sentence of [...sentences].sort((a, b) => a.start - b.start)) {
    const start = Math.max(cursor, Math.min(sentence.start, text.length));
    const end = Math.min(sentence.end, text.length);
    if (end <= start) continue;
    if (start > cursor) out.push({ start: cursor, end: start, sentence: null });
    out.push({ start, end, sentence });
    cursor = end;
  }
  if (cursor < text.length) out.push({ start: cursor, end: text.length, sentence: null });
  return out;
}
