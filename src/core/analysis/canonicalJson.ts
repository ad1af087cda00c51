// A JSON text that is equal for equal values whatever the key order, so it can serve as an identity key.
// Alignment computes one per step of both runs, hence plain concatenation rather than nested map/join.

export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let text = '[';
    for (let k = 0; k < value.length; k++) text += (k > 0 ? ',' : '') + canonicalJson(value[k]);
    return `${text}]`;
  }
  const record = value as Record<string, unknown>;
  let text = '{';
  let first = true;
  for (const key of Object.keys(record).sort()) {
    const item = record[key];
    if (item === undefined) continue;
    text += `${first ? '' : ','}${JSON.stringify(key)}:${canonicalJson(item)}`;
    first = false;
  }
  return `${text}}`;
}
