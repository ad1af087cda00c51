// Narrowing helpers for JSON read from run files: the files are data of unknown shape, never trusted.

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

export function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

export function objectOrEmpty(value: unknown): JsonObject {
  return isObject(value) ? value : {};
}

/** Splits a GAIA2 tool name `App__function` into its parts; `app` is null when there is no app prefix. */
export function splitToolName(tool: string): { app: string | null; fn: string } {
  const i = tool.indexOf('__');
  return i > 0 ? { app: tool.slice(0, i), fn: tool.slice(i + 2) } : { app: null, fn: tool };
}
