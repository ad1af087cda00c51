// Messages of the translation side-by-side panel. The host reads the source and translated files and sends every text
// span as rows; the webview shows them and asks the host to open the translated file at a row, which the host checks
// against the rows it sent (the webview is untrusted).
import type { TranslationFinding } from '../core/translation/finding';
import type { TranslationSpanRow } from '../core/translation/translationSpans';
import type { HostMessage, NoParams, PanelBoot, RpcRequest, StateEvent } from './rpc';
import { isRecord } from './rpc';
import { isIntegerIn, isSafeRelativePath, LIMITS, parseRequest, type ParamsCheck, type Parsed } from './validate';

export type TranslationRowFinding = Pick<TranslationFinding, 'code' | 'message'>;

/** The core's row, with only what the webview shows of each finding. */
export type TranslationRow = Omit<TranslationSpanRow, 'findings'> & { findings: TranslationRowFinding[] };

export interface TranslationState {
  /** URI of the run directory holding the file: with `file`, what a window reload restores. */
  runDir: string;
  /** The translated file, relative to its run directory. */
  file: string;
  sourceFile: string | null;
  /** ISO 639-3 code of the translation. */
  language: string;
  rows: TranslationRow[];
  /** Why rows are missing (no source, unreadable file), as text for the header. */
  problems: string[];
  /** The row to scroll to and select on opening (the lint finding the panel was opened from), or null. */
  focusRow: number | null;
}

/** What the webview saves for a window reload; the host validates it, as it comes from the webview. */
export interface SavedTranslationState {
  runDir: string;
  file: string;
  /** The selected row, or null. */
  row: number | null;
}

// A type alias (not an interface) so it satisfies RequestMap's index signature.
export type TranslationRequests = {
  ready: { params: NoParams; result: TranslationState };
  /** Opens the translated file at row `row`'s line and column. */
  openRow: { params: { row: number }; result: null };
};

export type TranslationMethod = keyof TranslationRequests;
export type TranslationRequest = RpcRequest<TranslationRequests>;

/** The files changed and the host read them again; or the panel, already open, was asked for another finding's row. */
export type TranslationEvent = StateEvent<TranslationState> | { type: 'focusRow'; row: number };
export type TranslationHostMessage = HostMessage<TranslationEvent>;
export type TranslationBoot = PanelBoot<TranslationState>;

const PARAMS: Record<TranslationMethod, { keys: readonly string[]; check: ParamsCheck }> = {
  ready: { keys: [], check: () => null },
  openRow: {
    keys: ['row'],
    check: (p) => (isIntegerIn(p.row, 0, LIMITS.maxRow) ? null : 'row must be a non-negative integer'),
  },
};

/** A rejected request still names its id when it had a valid one, so the webview gets an error response. */
export function parseTranslationRequest(raw: unknown): Parsed<TranslationRequest> & { id: number | null } {
  return parseRequest<TranslationRequest>(raw, PARAMS);
}

const MAX_URI_LENGTH = 4096;

/** The saved state of a panel, or null when it is not one (an older shape, or anything else). */
export function parseSavedTranslationState(raw: unknown): SavedTranslationState | null {
  if (!isRecord(raw)) return null;
  const { runDir, file, row } = raw;
  if (typeof runDir !== 'string' || runDir.length === 0 || runDir.length > MAX_URI_LENGTH) return null;
  if (typeof file !== 'string' || !isSafeRelativePath(file)) return null;
  if (row !== null && !isIntegerIn(row, 0, LIMITS.maxRow)) return null;
  return { runDir, file, row };
}
