// Seeded pseudo-random numbers: the generated files must be byte-identical on every run.

/** FNV-1a: turns a key (scenario, language, run…) into a 32-bit seed, so each run's randomness is independent of the others. */
export function hashSeed(...parts: Array<string | number>): number {
  let h = 0x811c9dc5;
  for (const ch of parts.join('\u0000')) {
    h ^= ch.codePointAt(0) ?? 0;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

const HEX_BYTES = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

/** mulberry32: small, fast and good enough for plausible ids, latencies and outcome draws. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  static of(...parts: Array<string | number>): Rng {
    return new Rng(hashSeed(...parts));
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  hex(length: number): string {
    let out = '';
    while (out.length < length) {
      const word = Math.floor(this.next() * 4294967296);
      out += (HEX_BYTES[word >>> 24] ?? '') + (HEX_BYTES[(word >>> 16) & 0xff] ?? '') + (HEX_BYTES[(word >>> 8) & 0xff] ?? '') + (HEX_BYTES[word & 0xff] ?? '');
    }
    return out.slice(0, length);
  }

  uuid(): string {
    const h = this.hex(32);
    const variant = '89ab'[parseInt(h[16] ?? '0', 16) & 3] ?? '8';
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }

  /** Base62-ish id body, as provider message ids look (msg_01…, chatcmpl-…). */
  token(length: number): string {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(this.next() * alphabet.length)];
    return out;
  }
}
