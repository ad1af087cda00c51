// Runtime checks shared by every webview protocol. The host treats each webview as untrusted: a message is accepted
// only when its kind, method, parameter names, types and bounds are exactly as the protocol defines them.
import { isRecord } from './rpc';

export const LIMITS = {
  maxId: 2 ** 31 - 1,
  maxRunIndex: 100_000,
  maxRow: 10_000_000,
  maxLine: 100_000_000,
  maxPathLength: 1024,
  maxIdLength: 4096,
} as const;

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

export type ParamsCheck = (params: Record<string, unknown>) => string | null;

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

export function isIntegerIn(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

export function isBoundedString(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= LIMITS.maxIdLength;
}

export function hasOnlyKeys(record: Record<string, unknown>, allowed: readonly string[]): boolean {
  return Object.keys(record).every((key) => allowed.includes(key));
}
