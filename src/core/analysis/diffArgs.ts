import { diffArrays } from 'diff';
import type { ArgDiff } from './comparison';
import { canonicalJson } from './canonicalJson';
import { diffText } from './diffText';
import { equivalentValue, normalValue } from './equivalence/equivalentValue';
import type { EquivalenceSides } from './equivalence/normalForm';

// Differences between two argument objects, down to the leaves of nested JSON, each addressed by a path such as
// `recipients[0]` or `event.title`. Arrays are aligned by their elements, so one removed recipient shows as one removal
// rather than as every later index changing.

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

export interface ArgDiffOptions {
  /** Language of the texts, for word segmentation (zh, ja, th have no spaces). */
  language?: string;
  /** Word diffs of differing values (default true); without them `parts` is null, which is much cheaper. */
  textParts?: boolean;
  /**
   * Maps a localized literal to its canonical value (tau2 L2 Domain runs: `ประหยัด` → `economy`, see
   * formats/tau2 canonicalLiteral): strings equal after mapping are not a difference.
   */
  canonicalize?: (value: string) => string;
  /**
   * The conventions each side is read with: values that differ only by form (dates, numbers, amounts, digits,
   * width) are marked `equivalent` with their normal form. Without it every difference is a change.
   */
  equivalences?: EquivalenceSides;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function keyPath(parent: string, key: string): string {
  if (IDENTIFIER.test(key)) return parent === '' ? key : `${parent}.${key}`;
  return `${parent}[${JSON.stringify(key)}]`;
}

function isScalar(value: unknown): value is string | number | boolean | bigint {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint';
}

function leaf(path: string, baseline: unknown, target: unknown, options: ArgDiffOptions): ArgDiff {
  const texts = options.textParts !== false && isScalar(baseline) && isScalar(target);
  const parts = texts ? diffText(String(baseline), String(target), options.language, options.equivalences) : null;
  const normal = options.equivalences ? equivalentValue(baseline, target, options.equivalences) : null;
  return normal === null ? { path, baseline, target, parts } : { path, baseline, target, parts, equivalent: true, normal };
}

// Elements of lists are aligned by their normal forms too, so `["16/10/2024"]` and `["2024-10-16"]` pair up.
function elementKeys(values: unknown[], options: ArgDiffOptions, side: 'baseline' | 'target'): string[] {
  const sides = options.equivalences;
  if (!sides) return values.map(canonicalJson);
  return values.map((value) => canonicalJson(normalValue(value, sides[side])));
}

function diffValues(path: string, baseline: unknown, target: unknown, options: ArgDiffOptions, out: ArgDiff[]): void {
  if (baseline === target) return;
  const { canonicalize } = options;
  if (canonicalize && typeof baseline === 'string' && typeof target === 'string' && canonicalize(baseline) === canonicalize(target)) return;
  if (isRecord(baseline) && isRecord(target)) diffRecords(path, baseline, target, options, out);
  else if (Array.isArray(baseline) && Array.isArray(target)) diffLists(path, baseline, target, options, out);
  else if (canonicalJson(baseline) !== canonicalJson(target) || (baseline === undefined) !== (target === undefined)) {
    out.push(leaf(path, baseline, target, options));
  }
}

function diffRecords(
  path: string,
  baseline: Record<string, unknown>,
  target: Record<string, unknown>,
  options: ArgDiffOptions,
  out: ArgDiff[],
): void {
  const keys = [...Object.keys(baseline), ...Object.keys(target).filter((k) => !Object.hasOwn(baseline, k))];
  for (const key of keys) diffValues(keyPath(path, key), baseline[key], target[key], options, out);
}

function diffLists(path: string, baseline: unknown[], target: unknown[], options: ArgDiffOptions, out: ArgDiff[]): void {
  const changes = diffArrays(elementKeys(baseline, options, 'baseline'), elementKeys(target, options, 'target'));
  let i = 0;
  let j = 0;
  // Removed and added elements next to each other are paired in order (a changed element), the rest stand alone;
  // a path names the baseline index when the element is in the baseline, else the target index.
  let removed: number[] = [];
  let added: number[] = [];
  const flush = (): void => {
    const paired = Math.min(removed.length, added.length);
    for (let k = 0; k < removed.length || k < added.length; k++) {
      const r = removed[k];
      const a = added[k];
      if (k < paired) diffValues(`${path}[${r}]`, baseline[r as number], target[a as number], options, out);
      else if (r !== undefined) out.push(leaf(`${path}[${r}]`, baseline[r], undefined, options));
      else if (a !== undefined) out.push(leaf(`${path}[${a}]`, undefined, target[a], options));
    }
    removed = [];
    added = [];
  };
  for (const change of changes) {
    for (let k = 0; k < change.count; k++) {
      if (change.removed) removed.push(i++);
      else if (change.added) added.push(j++);
      else {
        flush();
        // Equal by normal form but written differently: listed as equivalent.
        if (options.equivalences) diffValues(`${path}[${i}]`, baseline[i], target[j], options, out);
        i++;
        j++;
      }
    }
  }
  flush();
}

/** Every leaf where the two argument objects differ; empty when they are equal (whatever the key order). */
export function diffArgs(
  baselineArgs: Record<string, unknown>,
  targetArgs: Record<string, unknown>,
  options: ArgDiffOptions = {},
): ArgDiff[] {
  const out: ArgDiff[] = [];
  diffRecords('', baselineArgs, targetArgs, options, out);
  return out;
}
