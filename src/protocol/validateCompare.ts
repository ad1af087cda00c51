// Runtime checks for everything the compare webview sends. The host treats the webview as untrusted: a message is
// accepted only when its kind, method, parameter names, types and bounds are exactly as the protocol defines them.
import { isRecord } from './rpc';
import type { CompareMethod, CompareRequest, LaneWidths, SavedCompareState, Side } from './compare';
import { isLabelScope } from './compareLabels';

export const LIMITS = {
  maxId: 2 ** 31 - 1,
  maxRunIndex: 100_000,
  maxRow: 10_000_000,
  maxLine: 100_000_000,
  maxPathLength: 1024,
  maxIdLength: 4096,
} as const;

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** A rejected request still names its id when it had a valid one, so the webview gets an error response. */
export type ParsedRequest = Parsed<CompareRequest> & { id: number | null };

export type ParamsCheck = (params: Record<string, unknown>) => string | null;

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

/** Checks a request against a method table: kind, id, method name, exact parameter names, then the method's own check. */
export function parseRequest<R extends { kind: 'request'; id: number }>(
  raw: unknown,
  methods: Readonly<Record<string, { keys: readonly string[]; check: ParamsCheck }>>,
): Parsed<R> & { id: number | null } {
  if (!isRecord(raw)) return { ok: false, id: null, error: 'message is not an object' };
  const id = isIntegerIn(raw.id, 1, LIMITS.maxId) ? raw.id : null;
  const fail = (error: string): Parsed<R> & { id: number | null } => ({ ok: false, id, error });
  if (raw.kind !== 'request') return fail(`unknown message kind ${JSON.stringify(String(raw.kind)).slice(0, 40)}`);
  if (id === null) return fail('request id must be a positive integer');
  if (!hasOnlyKeys(raw, ['kind', 'id', 'method', 'params'])) return fail('unexpected fields in request');
  const method = raw.method;
  const spec = typeof method === 'string' && Object.hasOwn(methods, method) ? methods[method] : undefined;
  if (spec === undefined) return fail(`unknown method ${JSON.stringify(String(method)).slice(0, 40)}`);
  const params = raw.params;
  if (!isRecord(params) || !hasOnlyKeys(params, spec.keys) || spec.keys.some((k) => !(k in params))) {
    return fail(`${String(method)} expects parameters {${spec.keys.join(', ')}}`);
  }
  const problem = spec.check(params);
  if (problem !== null) return fail(`${String(method)}: ${problem}`);
  return { ok: true, id, value: { kind: 'request', id, method, params } as unknown as R };
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

/**
 * A POSIX path relative to the run directory that cannot leave it: no absolute paths, drive letters, backslashes,
 * `.`/`..` segments, empty segments or control characters.
 */
export function isSafeRelativePath(path: string): boolean {
  if (path.length === 0 || path.length > LIMITS.maxPathLength) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(path) || /^[a-zA-Z]:/.test(path)) return false;
  return path.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

function isSide(value: unknown): value is Side {
  return value === 'baseline' || value === 'target';
}

export function isIntegerIn(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

function isBoundedString(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= LIMITS.maxIdLength;
}

function hasOnlyKeys(record: Record<string, unknown>, allowed: readonly string[]): boolean {
  return Object.keys(record).every((key) => allowed.includes(key));
}
