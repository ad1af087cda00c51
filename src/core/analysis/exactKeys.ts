// Identity ids for alignment: equal for two steps of the same kind exactly when their canonical forms are equal (a
// call's arguments as canonicalJson writes them, a message's trimmed text). The values are hashed where they lie,
// without building those strings: interning 50,000 fresh key strings in a Map took 2.4× as long when the runs
// doubled (hashing and comparing strings scattered in memory), where a Map of numbers stays linear. Values whose
// hashes collide are told apart by comparing them.

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const NULL_HASH = 0x2f1b3c4d;
const TRUE_HASH = 0x5a17e1d3;
const FALSE_HASH = 0x6b2c7f11;
const ARRAY_SEED = 0x3c6ef372;
const OBJECT_SEED = 0x1b873593;

/** Spreads the bits of a 32-bit integer (murmur3's finalizer). */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) | 0;
}

function hashString(text: string): number {
  let h = FNV_OFFSET;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
  return mix(h);
}

const float = new Float64Array(1);
const words = new Int32Array(float.buffer);

function hashNumber(n: number): number {
  // -0 and 0 are one JSON number; an int32 is its own hash.
  if ((n | 0) === n) return mix(n ^ 0x9e3779b9);
  float[0] = n;
  return mix((words[0] as number) ^ mix(words[1] as number));
}

/** What JSON writes as null: null itself, undefined in an array, a number that is not finite, and what it cannot write. */
function isJsonNull(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  const type = typeof value;
  return type === 'number' ? !Number.isFinite(value) : type !== 'string' && type !== 'boolean' && type !== 'object';
}

/** A hash of `value`'s canonical JSON form: the same for values canonicalJson writes alike, whatever their key order. */
export function hashValue(value: unknown): number {
  if (isJsonNull(value)) return NULL_HASH;
  if (typeof value === 'string') return hashString(value);
  if (typeof value === 'number') return hashNumber(value);
  if (typeof value === 'boolean') return value ? TRUE_HASH : FALSE_HASH;
  if (Array.isArray(value)) {
    let h = ARRAY_SEED;
    for (const item of value) h = mix(Math.imul(h, 31) + hashValue(item));
    return mix(h ^ value.length);
  }
  // The entries' hashes are summed, so that the key order does not count; a property set to undefined is left out,
  // as canonicalJson leaves it out.
  const record = value as Record<string, unknown>;
  let sum = 0;
  let count = 0;
  for (const key in record) {
    if (!Object.hasOwn(record, key) || record[key] === undefined) continue;
    sum = (sum + mix(hashString(key) ^ Math.imul(hashValue(record[key]), 0x27d4eb2f))) | 0;
    count++;
  }
  return mix(OBJECT_SEED ^ sum ^ Math.imul(count, 0x165667b1));
}

/** Whether canonicalJson writes `a` and `b` alike. */
export function sameCanonicalValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const nullA = isJsonNull(a);
  const nullB = isJsonNull(b);
  if (nullA || nullB) return nullA && nullB;
  if (typeof a !== 'object' || typeof b !== 'object') return false;
  const arrayA = Array.isArray(a);
  if (arrayA !== Array.isArray(b)) return false;
  if (arrayA) {
    const [x, y] = [a as unknown[], b as unknown[]];
    return x.length === y.length && x.every((item, k) => sameCanonicalValue(item, y[k]));
  }
  const [x, y] = [a as Record<string, unknown>, b as Record<string, unknown>];
  let count = 0;
  for (const key in x) {
    if (!Object.hasOwn(x, key) || x[key] === undefined) continue;
    if (!Object.hasOwn(y, key) || !sameCanonicalValue(x[key], y[key])) return false;
    count++;
  }
  for (const key in y) if (Object.hasOwn(y, key) && y[key] !== undefined) count--;
  return count === 0;
}

/** Ids by canonical form, within a kind (a tool, a message role): see the top of this file. */
export class ExactKeys {
  private readonly firstByHash = new Map<number, number>();
  /** By id: the value it stands for, its kind, and the next id whose hash is the same (-1: none). */
  private readonly values: unknown[] = [];
  private readonly kinds: number[] = [];
  private readonly sameHash: number[] = [];

  /** The id of a call's arguments. */
  call(args: unknown, kind: number): number {
    return this.id(args, kind, hashValue(args), sameCanonicalValue);
  }

  /** The id of a message's text (trimmed). */
  message(text: string, kind: number): number {
    const trimmed = text.trim();
    return this.id(trimmed, kind, hashString(trimmed), (a, b) => a === b);
  }

  private id(value: unknown, kind: number, valueHash: number, same: (a: unknown, b: unknown) => boolean): number {
    // With the kind mixed in, and 30 bits: a small integer, which a Map keys without allocating.
    const hash = mix(valueHash ^ Math.imul(kind + 1, 0x9e3779b1)) & 0x3fffffff;
    let last = -1;
    for (let id = this.firstByHash.get(hash) ?? -1; id >= 0; id = this.sameHash[id] as number) {
      if (this.kinds[id] === kind && same(this.values[id], value)) return id;
      last = id;
    }
    const id = this.values.length;
    this.values.push(value);
    this.kinds.push(kind);
    this.sameHash.push(-1);
    if (last < 0) this.firstByHash.set(hash, id);
    else this.sameHash[last] = id;
    return id;
  }
}
