// The review queue as the review panel shows it: the labelled items of the worklist, sampled by stratum with the
// existing sampler, each with the label under review and the latest review of that label. No 'vscode' import: the
// unit tests build queues and walk them exactly as the panel does.
import { itemKey, type LabelDecision, type LabelItem, type LabelRecord, type ReviewDecision } from '../../core/triage/labelRecord';
import { labelOfItem } from '../../core/triage/labelStore';
import { sampleReviewQueue, type SamplingPlan } from '../../core/triage/reviewQueue';
import { codeTitle, familyOf } from '../../core/triage/taxonomy';
import type { TriageItem } from '../../core/triage/triageItems';
import type { ReviewEntry, ReviewMark } from '../../protocol/review';

/** Later by decision time; by file order between equal times, as `currentRecords` decides. */
function latestOf<T extends LabelRecord>(records: readonly T[]): Map<string, T> {
  const latest = new Map<string, T>();
  for (const record of records) {
    const key = itemKey(record.item);
    const held = latest.get(key);
    if (held === undefined || Date.parse(record.at) >= Date.parse(held.at)) latest.set(key, record);
  }
  return latest;
}

/** The latest review of the item's current label: a review made before the item was labelled again is about another label. */
function reviewOf(item: LabelItem, label: LabelDecision, reviews: readonly ReviewDecision[]): ReviewMark | null {
  const labelled = Date.parse(label.at);
  const after = reviews.filter((r) => Date.parse(r.at) >= labelled && r.code === label.code);
  const review = latestOf(after).get(itemKey(item));
  if (review === undefined) return null;
  return { verdict: review.verdict, side: review.side, annotator: review.annotator, note: review.note, at: review.at };
}

/** The sampled queue over the worklist items that carry a label, in the sampler's order. */
export function reviewEntries(worklist: readonly TriageItem[], records: readonly LabelRecord[], plan: SamplingPlan): ReviewEntry[] {
  const labels = latestOf(records.filter((r): r is LabelDecision => r.kind === 'label'));
  const reviews = records.filter((r): r is ReviewDecision => r.kind === 'review');
  // An item of one setting is also labelled by a record about every setting (see labelOfItem).
  const labelled = worklist.filter((entry) => labelOfItem(labels, entry.item) !== undefined);
  return sampleReviewQueue(labelled, plan).map(({ stratum, entry }) => {
    const label = labelOfItem(labels, entry.item) as LabelDecision;
    return {
      item: entry.item,
      scenarioId: entry.scenarioId,
      stratum,
      label: {
        code: label.code,
        title: codeTitle(label.code),
        family: familyOf(label.code),
        confidence: label.confidence,
        annotator: label.annotator,
        note: label.note,
        at: label.at,
      },
      review: reviewOf(entry.item, label, reviews),
    };
  });
}

/** Where a reopened queue resumes: its first unreviewed item, or the first item when every one is reviewed. */
export function resumePosition(entries: readonly ReviewEntry[]): number {
  const first = entries.findIndex((e) => e.review === null);
  return first === -1 ? 0 : first;
}

/**
 * Where the queue goes after a decision at `position`: the next unreviewed item after it, else the first unreviewed one
 * before it (one skipped earlier), else simply the next item (the last one stays put).
 */
export function positionAfterDecision(entries: readonly ReviewEntry[], position: number): number {
  const later = entries.findIndex((e, k) => k > position && e.review === null);
  if (later !== -1) return later;
  const earlier = entries.findIndex((e) => e.review === null);
  if (earlier !== -1) return earlier;
  return Math.min(position + 1, Math.max(0, entries.length - 1));
}

export function reviewedCount(entries: readonly ReviewEntry[]): number {
  return entries.filter((e) => e.review !== null).length;
}
