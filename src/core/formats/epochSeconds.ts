// Time stamps as agent harnesses and benchmark runners log them: ISO 8601 text or epoch numbers.

/** An ISO 8601 date and time with no zone (`2025-01-01T10:00:00`, or with a space for the `T`). */
const ZONELESS_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ][\d:.]+$/;
/** Epoch numbers above this are milliseconds: as seconds they would lie thousands of years ahead. */
const MILLISECONDS_ABOVE = 1e11;

/**
 * Epoch seconds of an ISO 8601 string or of epoch seconds / milliseconds; null when it is neither. A time without a
 * zone is read as UTC, so a run shows the same times on every machine.
 */
export function epochSeconds(value: unknown): number | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    return value > MILLISECONDS_ABOVE ? value / 1000 : value;
  }
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const ms = Date.parse(ZONELESS_DATE_TIME.test(text) ? `${text}Z` : text);
  return Number.isNaN(ms) ? null : ms / 1000;
}
