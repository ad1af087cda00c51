// Identity ids for alignment: equal for two steps of the same kind exactly when their canonical forms are equal (a
// call's arguments as canonicalJson writes them, a message's trimmed text). The values are hashed where they lie,
// without building those strings: interning 50,000 fresh key strings in a Map took 2.4× as long when the runs
// doubled (hashing and comparing strings scattered in memory). Values whose hashes collide are told apart by comparing
// them.

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

/** Slots of the first table: grows by doubling, so its size never decides the run time. */
const FIRST_SLOTS = 1024;

/**
 * Ids by canonical form, within a kind (a tool, a message role): see the top of this file. The table is open addressing
 * over typed arrays: with a Map of numbers and plain arrays beside it, interning the ids of two 24,000-step runs (the
 * hashing aside) took 3.3× as long as of two 12,000-step runs.
 */
export class ExactKeys {
  /** By slot: an id plus one, 0 when free. */
  private slots = new Int32Array(FIRST_SLOTS);
  /** By id: the value it stands for, its kind and its table hash. */
  private readonly values: unknown[] = [];
  private kinds = new Int32Array(FIRST_SLOTS / 2);
  private hashes = new Int32Array(FIRST_SLOTS / 2);

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
    const hash = mix(valueHash ^ Math.imul(kind + 1, 0x9e3779b1));
    const mask = this.slots.length - 1;
    let slot = hash & mask;
    for (let held = this.slots[slot] as number; held !== 0; held = this.slots[slot] as number) {
      const id = held - 1;
      if (this.hashes[id] === hash && this.kinds[id] === kind && same(this.values[id], value)) return id;
      slot = (slot + 1) & mask;
    }
    const id = this.values.length;
    this.values.push(value);
    if (id === this.kinds.length) this.growIds();
    this.kinds[id] = kind;
    this.hashes[id] = hash;
    this.slots[slot] = id + 1;
    // At most half full, so that a miss ends after a probe or two.
    if (2 * (id + 1) > mask) this.growSlots();
    return id;
  }

  private growIds(): void {
    const kinds = new Int32Array(this.kinds.length * 2);
    kinds.set(this.kinds);
    this.kinds = kinds;
    const hashes = new Int32Array(this.hashes.length * 2);
    hashes.set(this.hashes);
    this.hashes = hashes;
  }

  private growSlots(): void {
    const slots = new Int32Array(this.slots.length * 2);
    const mask = slots.length - 1;
    for (let id = 0; id < this.values.length; id++) {
      let slot = (this.hashes[id] as number) & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = id + 1;
    }
    this.slots = slots;
  }
}
