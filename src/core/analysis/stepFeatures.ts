import type { Step } from '../model';
import { ExactKeys } from './exactKeys';
import { STRONG_WEIGHT, addTextTokens, addValueTokens, type TokenWeights } from './matchTokens';

// What alignment looks at in a step. Identity keys are computed for every step up front; tokens only for the steps
// that reach scoring (most of two similar runs is paired by identity alone), each once, as sorted integer lists so
// that scoring a pair is a merge.

/**
 * Strings → small integers, shared by both sides of a comparison so equal keys get equal numbers. Keys live in
 * namespaces (a step's kind) so that long keys need no prefix concatenated before hashing.
 */
export class Interner {
  private readonly namespaces = new Map<number, Map<string, number>>();
  private count = 0;

  id(key: string, namespace = 0): number {
    let ids = this.namespaces.get(namespace);
    if (ids === undefined) {
      ids = new Map();
      this.namespaces.set(namespace, ids);
    }
    let id = ids.get(key);
    if (id === undefined) {
      id = this.count++;
      ids.set(key, id);
    }
    return id;
  }
}

/** Tokens → ids, remembering each token's weight (a token's class, hence its weight, follows from its text). */
class TokenTable extends Interner {
  readonly weights: number[] = [];

  idWithWeight(token: string, weight: number): number {
    const id = this.id(token);
    this.weights[id] = weight;
    return id;
  }
}

export interface FeatureInterners {
  kind: Interner;
  exact: ExactKeys;
  loose: Interner;
  token: TokenTable;
}

export function newFeatureInterners(): FeatureInterners {
  return { kind: new Interner(), exact: new ExactKeys(), loose: new Interner(), token: new TokenTable() };
}

interface StepTokens {
  /** Token ids, ascending. */
  ids: number[];
  total: number;
  /** The language-independent tokens, sorted: what usually survives translation. */
  strong: string[];
}

/** Namespaces of the kind interner: a tool and a role of the same name are different kinds. */
const TOOL_KIND = 1;
const MESSAGE_KIND = 2;

/** The step's kind id: interned by the step's own tool or role string, without building a key per step. */
function kindId(step: Step, kinds: Interner): number {
  return step.kind === 'tool_call' ? kinds.id(step.tool, TOOL_KIND) : kinds.id(step.role, MESSAGE_KIND);
}

export class StepFeatures {
  /** Which steps may share a row at all: the tool, or the role of a message. */
  readonly kind: Int32Array;
  /** Equal only for the very same action (tool and arguments) or the very same message. */
  readonly exact: Int32Array;
  private looseKeys: Int32Array | null = null;
  private readonly tokenCache: Array<StepTokens | undefined>;

  constructor(
    private readonly steps: readonly Step[],
    private readonly interners: FeatureInterners,
  ) {
    const n = steps.length;
    this.kind = new Int32Array(n);
    this.exact = new Int32Array(n);
    this.tokenCache = new Array<StepTokens | undefined>(n);
    for (let i = 0; i < n; i++) {
      const step = steps[i] as Step;
      const kind = kindId(step, interners.kind);
      this.kind[i] = kind;
      this.exact[i] = step.kind === 'tool_call' ? interners.exact.call(step.args, kind) : interners.exact.message(step.text, kind);
    }
  }

  tokenWeight(id: number): number {
    return this.interners.token.weights[id] as number;
  }

  /** The kind plus the language-independent tokens: usually equal across languages for the same action. */
  loose(): Int32Array {
    if (this.looseKeys === null) {
      const keys = new Int32Array(this.steps.length);
      this.steps.forEach((_, i) => {
        keys[i] = this.interners.loose.id(this.tokens(i).strong.join('\u0000'), this.kind[i]);
      });
      this.looseKeys = keys;
    }
    return this.looseKeys;
  }

  tokens(i: number): StepTokens {
    let cached = this.tokenCache[i];
    if (cached === undefined) {
      const step = this.steps[i] as Step;
      // Deduplicated per step first: the shared table is larger and slower to look up.
      const weights: TokenWeights = new Map();
      if (step.kind === 'tool_call') addValueTokens(step.args, weights);
      else addTextTokens(step.text, weights);
      const ids: number[] = [];
      const strong: string[] = [];
      let total = 0;
      for (const [token, weight] of weights) {
        ids.push(this.interners.token.idWithWeight(token, weight));
        if (weight === STRONG_WEIGHT) strong.push(token);
        total += weight;
      }
      cached = { ids: ids.sort((x, y) => x - y), total, strong: strong.sort() };
      this.tokenCache[i] = cached;
    }
    return cached;
  }
}

/** Weighted Jaccard similarity of two steps' tokens, in [0, 1]; 1 when neither has any token. */
export function tokenSimilarity(a: StepFeatures, i: number, b: StepFeatures, j: number): number {
  const x = a.tokens(i);
  const y = b.tokens(j);
  const both = x.total + y.total;
  if (both === 0) return 1;
  let p = 0;
  let q = 0;
  let shared = 0;
  while (p < x.ids.length && q < y.ids.length) {
    const u = x.ids[p] as number;
    const v = y.ids[q] as number;
    if (u === v) {
      shared += a.tokenWeight(u);
      p++;
      q++;
    } else if (u < v) p++;
    else q++;
  }
  return shared / (both - shared);
}
