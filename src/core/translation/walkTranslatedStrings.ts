import { pointerOf } from './jsonPositions';

// Walks a source document and its translation in parallel and pairs every source string with its counterpart: object
// members by key, array items by position, or by their `id` when every item has one (tasks listed in another order).

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Source index → translated index, paired by `id` when every item has one; null to pair by position. */
function counterpartsById(src: readonly unknown[], dst: readonly unknown[]): Map<number, number> | null {
  const idOf = (item: unknown): string | null => (isRecord(item) && (typeof item.id === 'string' || typeof item.id === 'number') ? String(item.id) : null);
  const dstIds = dst.map(idOf);
  if (src.length === 0 || dstIds.some((id) => id === null)) return null;
  const pairs = new Map<number, number>();
  for (const [k, item] of src.entries()) {
    const id = idOf(item);
    if (id === null) return null;
    const index = dstIds.indexOf(id);
    if (index >= 0) pairs.set(k, index);
  }
  return pairs;
}

/**
 * Calls `visit` for every string of `source`, in source order, with its counterpart in `translation` (undefined when the
 * translation lacks it; any other value when it has something else there) and the JSON Pointer of that counterpart.
 * Members only the translation has are not visited.
 */
export function walkTranslatedStrings(source: unknown, translation: unknown, visit: (source: string, translation: unknown, pointer: string) => void): void {
  const walk = (src: unknown, dst: unknown, pointer: string): void => {
    if (typeof src === 'string') {
      visit(src, dst, pointer);
    } else if (Array.isArray(src)) {
      const byId = Array.isArray(dst) ? counterpartsById(src, dst) : null;
      src.forEach((item, k) => {
        const index = byId?.get(k) ?? k;
        walk(item, Array.isArray(dst) ? dst[index] : undefined, `${pointer}/${index}`);
      });
    } else if (isRecord(src)) {
      for (const [key, item] of Object.entries(src)) walk(item, isRecord(dst) ? dst[key] : undefined, `${pointer}${pointerOf([key])}`);
    }
  };
  walk(source, translation, '');
}
