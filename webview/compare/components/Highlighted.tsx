import type { ReactNode } from 'react';
import { useEntities } from '../entityContext';
import type { EntityRange } from '../model/entityMatcher';
import { useView } from '../viewContext';
import { ENTITY_POPOVER_ID } from './EntityPopover';

/**
 * Every piece of trajectory text the view shows goes through here, as React text nodes (never HTML): the find query
 * is marked, and each mention of a compared entity gets its entity's colour and a script badge. `entities` gives the
 * mentions when the caller matched a larger text this one is a piece of (a diff split across parts).
 */
export function Highlighted({ text, entities }: { text: string; entities?: EntityRange[] }) {
  const { query } = useView();
  const { matcher } = useEntities();
  const mentions = entities ?? matcher.find(text);
  const finds = findRanges(text, query);
  if (mentions.length === 0 && finds.length === 0) return text;
  const parts: ReactNode[] = [];
  let from = 0;
  for (const mention of mentions) {
    if (mention.start > from) parts.push(...marked(text, from, mention.start, finds));
    parts.push(
      <span
        key={`e${mention.start}`}
        className={`entity entity--slot-${mention.entity.slot}${mention.ends ? ' entity--ends' : ''}`}
        data-entity={mention.entity.id}
        data-script={mention.script}
        // One keyboard stop per mention: the piece that carries the badge.
        tabIndex={mention.ends ? 0 : -1}
        aria-describedby={ENTITY_POPOVER_ID}
      >
        {marked(text, mention.start, mention.end, finds)}
      </span>,
    );
    from = mention.end;
  }
  if (from < text.length) parts.push(...marked(text, from, text.length, finds));
  return parts;
}

/** Where the find query occurs, case-insensitively. */
function findRanges(text: string, query: string): Array<[number, number]> {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [];
  const lower = text.toLowerCase();
  // Lower-casing can change the length of some characters; then marking offsets would be wrong, so skip marking.
  if (lower.length !== text.length) return [];
  const ranges: Array<[number, number]> = [];
  for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + needle.length)) ranges.push([at, at + needle.length]);
  return ranges;
}

/** text[from, to) with the find ranges inside it marked (a match crossing a mention's edge is marked on both sides). */
function marked(text: string, from: number, to: number, finds: ReadonlyArray<[number, number]>): ReactNode[] {
  const parts: ReactNode[] = [];
  let at = from;
  for (const [start, end] of finds) {
    if (end <= at || start >= to) continue;
    const markFrom = Math.max(start, at);
    if (markFrom > at) parts.push(text.slice(at, markFrom));
    const markTo = Math.min(end, to);
    parts.push(
      <mark key={`f${markFrom}`} className="find-match">
        {text.slice(markFrom, markTo)}
      </mark>,
    );
    at = markTo;
  }
  if (at < to) parts.push(text.slice(at, to));
  return parts;
}
