// Messages of the translation side-by-side panel. The host reads the source and translated files and sends every text
// span as rows; the webview shows them and asks the host to open the translated file at a row, which the host checks
// against the rows it sent (the webview is untrusted).
import type { TranslationCheck } from '../core/translation/finding';
import type { HostMessage, RpcRequest } from './rpc';
import { isIntegerIn, LIMITS, parseRequest, type ParamsCheck, type Parsed } from './validateCompare';

export interface TranslationRowFinding {
  code: TranslationCheck;
  message: string;
}

export interface TranslationRow {
  /** JSON Pointer of the translated value. */
  pointer: string;
  scenarioId: string | null;
  /** Null for a finding on a value the source holds no text for. */
  source: string | null;
  /** Null when the translation lacks the text. */
  translation: string | null;
  line: number;
  column: number;
  findings: TranslationRowFinding[];
}

export interface TranslationState {
  /** The translated file, relative to its run directory. */
  file: string;
  sourceFile: string | null;
  /** ISO 639-3 code of the translation. */
  language: string;
  rows: TranslationRow[];
  /** Why rows are missing (no source, unreadable file), as text for the header. */
  problems: string[];
}

type NoParams = Record<string, never>;

// A type alias (not an interface) so it satisfies RequestMap's index signature.
export type TranslationRequests = {
  ready: { params: NoParams; result: TranslationState };
  /** Opens the translated file at row `row`'s line and column. */
  openRow: { params: { row: number }; result: null };
};

export type TranslationMethod = keyof TranslationRequests;
export type TranslationRequest = RpcRequest<TranslationRequests>;

/** The files changed and the host read them again. */
export type TranslationEvent = { type: 'state'; state: TranslationState };
export type TranslationHostMessage = HostMessage<TranslationEvent>;

/** Embedded in the HTML so the first paint needs no round trip. */
export interface TranslationBoot {
  state: TranslationState;
  requestTimeoutMs: number;
}

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
