// Runtime checks for everything the compare webview sends (see validate.ts for the shared rules).
import type { CompareMethod, CompareRequest, LaneWidths, SavedCompareState, Side } from './compare';
import { isLabelScope } from './compareLabels';
import { isRecord } from './rpc';
import { isBoundedString, isIntegerIn, isSafeRelativePath, LIMITS, parseRequest, type ParamsCheck, type Parsed } from './validate';

/** A rejected request still names its id when it had a valid one, so the webview gets an error response. */
export type ParsedRequest = Parsed<CompareRequest> & { id: number | null };

const PARAMS: Record<CompareMethod, { keys: readonly string[]; check: ParamsCheck }> = {
  ready: {
    keys: ['revision'],
    check: (p) => (isIntegerIn(p.revision, 0, Number.MAX_SAFE_INTEGER) ? null : 'revision must be a non-negative integer'),
  },
  swapSides: { keys: [], check: () => null },
  getRunChoices: { keys: [], check: () => null },
  switchRun: {
    keys: ['side', 'runIndex'],
    check: (p) =>
      (isSide(p.side) ? null : 'side must be "baseline" or "target"') ??
      (isIntegerIn(p.runIndex, 1, LIMITS.maxRunIndex) ? null : 'runIndex must be a positive integer'),
  },
  openFile: {
    keys: ['path', 'line'],
    check: (p) =>
      (typeof p.path === 'string' && isSafeRelativePath(p.path) ? null : 'path must be a relative path inside the run directory') ??
      (p.line === null || isIntegerIn(p.line, 1, LIMITS.maxLine) ? null : 'line must be a positive integer or null'),
  },
  copyDeepLink: {
    keys: ['row'],
    check: (p) => (isIntegerIn(p.row, 0, LIMITS.maxRow) ? null : 'row must be a non-negative integer'),
  },
  label: {
    keys: ['scope'],
    check: (p) => (isLabelScope(p.scope) ? null : 'scope must be "pair" or "run"'),
  },
};

export function parseCompareRequest(raw: unknown): ParsedRequest {
  return parseRequest<CompareRequest>(raw, PARAMS);
}

/** The state a webview saved (and the serializer hands back) is untrusted too. */
export function parseSavedCompareState(raw: unknown): SavedCompareState | null {
  if (!isRecord(raw)) return null;
  const { runDir, baselineRunId, targetRunId, row } = raw;
  if (!isBoundedString(runDir) || !isBoundedString(baselineRunId) || !isBoundedString(targetRunId)) return null;
  const savedRow = isIntegerIn(row, 0, LIMITS.maxRow) ? row : null;
  return { runDir, baselineRunId, targetRunId, row: savedRow, lanes: parseLaneWidths(raw.lanes) };
}

/** Saved lane widths, or null (the default layout) unless both shares are plausible fractions. */
function parseLaneWidths(raw: unknown): LaneWidths | null {
  if (!isRecord(raw)) return null;
  const { oracle, baseline } = raw;
  return isFractionIn(oracle, 0.02, 0.9) && isFractionIn(baseline, 0.05, 0.95) ? { oracle, baseline } : null;
}

function isFractionIn(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max;
}

function isSide(value: unknown): value is Side {
  return value === 'baseline' || value === 'target';
}
