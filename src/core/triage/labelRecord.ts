import { isFamily, isTriageCode, type Family, type TriageCode } from './taxonomy';

// One triage decision as it is stored: one JSON line of .trajectory-lens/labels.jsonl. Records are never changed or
// removed; a later record about the same item supersedes an earlier one.

export const LABEL_SCHEMA = 1;

/**
 * What a decision is about: a (group, language) pair of the worklist, or one run of it, in one benchmark setting when
 * the runs are compared setting by setting (SEATau l2_tools…).
 */
export interface LabelItem {
  group: string;
  /** ISO 639-3 code. */
  language: string;
  /** The run index as the run directory numbers it (run_1 → 1, tau2 trial 0 → 0), or null for the (group, language) pair. */
  run: number | null;
  /**
   * The setting of the pair or run. Null or absent for formats without settings, and in records written before
   * settings were labelled: such a record is about the item in every setting (see `labelOfItem`).
   */
  setting?: string | null;
}

export type Confidence = 'low' | 'medium' | 'high';
export const CONFIDENCES: readonly Confidence[] = ['low', 'medium', 'high'];

export type ReviewVerdict = 'confirm' | 'reject' | 'undecidable';
export const REVIEW_VERDICTS: readonly ReviewVerdict[] = ['confirm', 'reject', 'undecidable'];

interface RecordBase {
  schema: typeof LABEL_SCHEMA;
  /** Random; identifies the record across copies and merges of the file. */
  id: string;
  item: LabelItem;
  confidence: Confidence | null;
  note: string;
  annotator: string;
  /** ISO 8601 time of the decision. */
  at: string;
  /** The tool and version that wrote the record, e.g. `trajectory-lens 0.1.0`. */
  tool: string;
}

/** A triager assigns a code. */
export interface LabelDecision extends RecordBase {
  kind: 'label';
  code: TriageCode;
  verdict: null;
  side: null;
}

/** A reviewer judges the item's label: confirms it, rejects it naming the side they believe is at fault, or cannot decide. */
export interface ReviewDecision extends RecordBase {
  kind: 'review';
  /** The code under review. */
  code: TriageCode;
  verdict: ReviewVerdict;
  /** The fault side the reviewer believes is right; required when rejecting, null otherwise. */
  side: Family | null;
}

export type LabelRecord = LabelDecision | ReviewDecision;

/** The record's key order, which is also the order the CLI prints. */
export function recordJson(record: LabelRecord): LabelRecord {
  const { schema, id, item, kind, code, confidence, note, annotator, at, tool, verdict, side } = record;
  return {
    schema,
    id,
    item: itemJson(item),
    kind,
    code,
    confidence,
    note,
    annotator,
    at,
    tool,
    verdict,
    side,
  } as LabelRecord;
}

/**
 * A label item in its key order. `setting` is written only when there is one, so that records of formats without
 * settings read exactly as before settings were labelled.
 */
export function labelItem(group: string, language: string, run: number | null, setting: string | null = null): LabelItem {
  return setting === null ? { group, language, run } : { group, language, run, setting };
}

function itemJson(item: LabelItem): LabelItem {
  return labelItem(item.group, item.language, item.run, item.setting ?? null);
}

export function itemKey(item: LabelItem): string {
  return JSON.stringify([item.group, item.language, item.run, item.setting ?? null]);
}

export function sameItem(a: LabelItem, b: LabelItem): boolean {
  return itemKey(a) === itemKey(b);
}

/** The same item without its setting: where a record about the item in every setting is kept. */
export function anySettingItem(item: LabelItem): LabelItem {
  return labelItem(item.group, item.language, item.run);
}

function isRecordObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function itemProblem(item: unknown): string | null {
  if (!isRecordObject(item)) return 'item is not an object';
  if (typeof item.group !== 'string' || item.group === '') return 'item.group is missing';
  if (typeof item.language !== 'string' || item.language === '') return 'item.language is missing';
  const run = item.run;
  if (run !== null && !(typeof run === 'number' && Number.isInteger(run) && run >= 0)) {
    return 'item.run is neither null nor a run index';
  }
  const setting = item.setting;
  if (setting !== undefined && setting !== null && !(typeof setting === 'string' && setting !== '')) {
    return 'item.setting is neither null nor a setting name';
  }
  return null;
}

function decisionProblem(value: Record<string, unknown>): string | null {
  if (value.kind === 'label') {
    return value.verdict === null && value.side === null ? null : 'a label carries no review verdict or side';
  }
  if (value.kind !== 'review') return `kind ${JSON.stringify(value.kind)} is neither label nor review`;
  if (!(REVIEW_VERDICTS as readonly unknown[]).includes(value.verdict)) return `unknown review verdict ${JSON.stringify(value.verdict)}`;
  if (value.verdict === 'reject') return isFamily(value.side) ? null : 'a rejection must name the side believed right';
  return value.side === null ? null : 'only a rejection names a side';
}

/** Why a parsed JSON value is not a label record, or null when it is one. */
export function recordProblem(value: unknown): string | null {
  if (!isRecordObject(value)) return 'not a JSON object';
  if (value.schema !== LABEL_SCHEMA) {
    return typeof value.schema === 'number' && value.schema > LABEL_SCHEMA
      ? `schema ${value.schema} is newer than this version understands`
      : 'not a label record (schema missing or unknown)';
  }
  if (typeof value.id !== 'string' || value.id === '') return 'id is missing';
  const item = itemProblem(value.item);
  if (item) return item;
  if (!isTriageCode(value.code)) return `unknown code ${JSON.stringify(value.code)}`;
  if (value.confidence !== null && !(CONFIDENCES as readonly unknown[]).includes(value.confidence)) {
    return `unknown confidence ${JSON.stringify(value.confidence)}`;
  }
  if (typeof value.note !== 'string') return 'note is not text';
  if (typeof value.annotator !== 'string' || value.annotator.trim() === '') return 'annotator is missing';
  if (typeof value.at !== 'string' || Number.isNaN(Date.parse(value.at))) return 'at is not a time';
  if (typeof value.tool !== 'string') return 'tool is missing';
  return decisionProblem(value);
}

export interface NewLabel {
  item: LabelItem;
  code: TriageCode;
  confidence?: Confidence | null;
  note?: string;
  annotator: string;
  tool: string;
  /** Defaults to now. */
  at?: Date;
}

export interface NewReview extends NewLabel {
  verdict: ReviewVerdict;
  side?: Family | null;
}

function base(input: NewLabel): RecordBase {
  const annotator = input.annotator.trim();
  if (annotator === '') throw new Error('a decision needs an annotator');
  return {
    schema: LABEL_SCHEMA,
    id: globalThis.crypto.randomUUID(),
    item: itemJson(input.item),
    confidence: input.confidence ?? null,
    note: input.note ?? '',
    annotator,
    at: (input.at ?? new Date()).toISOString(),
    tool: input.tool,
  };
}

export function newLabelRecord(input: NewLabel): LabelDecision {
  return recordJson({ ...base(input), kind: 'label', code: input.code, verdict: null, side: null }) as LabelDecision;
}

export function newReviewRecord(input: NewReview): ReviewDecision {
  const side = input.verdict === 'reject' ? (input.side ?? null) : null;
  if (input.verdict === 'reject' && side === null) throw new Error('a rejection must name the side believed right');
  return recordJson({ ...base(input), kind: 'review', code: input.code, verdict: input.verdict, side }) as ReviewDecision;
}
