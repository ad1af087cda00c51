// Tokens that decide whether two steps are the same action. Ids, emails, numbers, dates, URLs, codes and identifiers
// survive translation, so they weigh far more than words of free text, which a translation replaces.

/** Weight of a language-independent token (id, email, number, date, URL, code, identifier). */
export const STRONG_WEIGHT = 4;
/** Weight of a plain ASCII word: free text, but often a name kept across languages. */
export const ASCII_WORD_WEIGHT = 1;
/** Weight of any other word: free text that a translation rewrites. */
export const TEXT_WORD_WEIGHT = 0.5;

/** Token → weight; a token seen twice keeps its largest weight. */
export type TokenWeights = Map<string, number>;
/** Receives each token as it is found (repeats included). */
type TokenSink = (token: string, weight: number) => void;

// Alignment scans every step of both runs, so words are found by a character scan rather than a Unicode regex.
// A word is a run of letters and digits, possibly joined by the punctuation of emails, URLs, dates, paths and codes.
const JOINERS = new Set([...'._:/-+#@%?=&~'].map((c) => c.charCodeAt(0)));

function isAsciiWordChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

// Outside ASCII, spaces and punctuation blocks separate words; every other character belongs to one.
function isOtherWordChar(c: number): boolean {
  if (c < 0xc0) return false;
  if (c === 0xd7 || c === 0xf7) return false;
  if (c >= 0x2000 && c <= 0x2bff) return false;
  if (c >= 0x3000 && c <= 0x303f) return false;
  if (c >= 0xfe30 && c <= 0xfe4f) return false;
  if (c >= 0xff00 && c <= 0xff0f) return false;
  if (c >= 0xff1a && c <= 0xff20) return false;
  if (c >= 0xff3b && c <= 0xff40) return false;
  if (c >= 0xff5b && c <= 0xff65) return false;
  return true;
}

function isWordChar(c: number): boolean {
  return c < 128 ? isAsciiWordChar(c) : isOtherWordChar(c);
}

function add(out: TokenWeights, token: string, weight: number): void {
  const seen = out.get(token);
  if (seen === undefined || seen < weight) out.set(token, weight);
}

function isUpper(c: number): boolean {
  return c >= 65 && c <= 90;
}

function isLower(c: number): boolean {
  return c >= 97 && c <= 122;
}

function scanWord(text: string, start: number, end: number, sink: TokenSink): void {
  let ascii = true;
  let strong = false;
  let upper = 0;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128) ascii = false;
    else if ((c >= 48 && c <= 57) || c === 95 || JOINERS.has(c)) strong = true;
    else if (isUpper(c)) {
      upper++;
      // camelCase identifiers
      if (i > start && isLower(text.charCodeAt(i - 1))) strong = true;
    }
  }
  const word = text.slice(start, end);
  // All-capital codes (SFO, USD), but not a one-letter word.
  if (ascii && upper === end - start && upper >= 2) strong = true;
  if (!ascii) sink(word.toLowerCase(), TEXT_WORD_WEIGHT);
  else if (strong) sink(word, STRONG_WEIGHT);
  else sink(word.toLowerCase(), ASCII_WORD_WEIGHT);
}

function scanTextTokens(text: string, sink: TokenSink): void {
  const n = text.length;
  let i = 0;
  while (i < n) {
    if (!isWordChar(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const start = i;
    while (i < n) {
      if (isWordChar(text.charCodeAt(i))) {
        i++;
        continue;
      }
      let j = i;
      while (j < n && JOINERS.has(text.charCodeAt(j))) j++;
      // Joining punctuation (`://`, `.`, `@`) continues the word only when a word character follows it.
      if (j === i || j === n || !isWordChar(text.charCodeAt(j))) break;
      i = j;
    }
    scanWord(text, start, i, sink);
  }
}

/** Tokens of every scalar inside a JSON value (keys are not included: the same tool has the same keys). */
function scanValueTokens(value: unknown, sink: TokenSink): void {
  if (typeof value === 'string') scanTextTokens(value, sink);
  else if (typeof value === 'number' || typeof value === 'bigint') sink(String(value), STRONG_WEIGHT);
  else if (typeof value === 'boolean') sink(String(value), ASCII_WORD_WEIGHT);
  else if (Array.isArray(value)) for (const item of value) scanValueTokens(item, sink);
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) scanValueTokens(item, sink);
}

export function addTextTokens(text: string, out: TokenWeights): void {
  scanTextTokens(text, (token, weight) => add(out, token, weight));
}

export function addValueTokens(value: unknown, out: TokenWeights): void {
  scanValueTokens(value, (token, weight) => add(out, token, weight));
}

/** Weighted Jaccard similarity of two values' tokens, in [0, 1]; 1 when neither has any token. */
export function valueSimilarity(a: unknown, b: unknown): number {
  return tokenSimilarity(valueTokens(a), valueTokens(b));
}

export function valueTokens(value: unknown): TokenWeights {
  const tokens: TokenWeights = new Map();
  addValueTokens(value, tokens);
  return tokens;
}

/** valueSimilarity of two values' tokens, for callers that compare one value with many and tokenise each once. */
export function tokenSimilarity(ta: TokenWeights, tb: TokenWeights): number {
  let shared = 0;
  let union = 0;
  for (const [token, weight] of ta) {
    union += weight;
    if (tb.has(token)) shared += weight;
  }
  for (const [token, weight] of tb) if (!ta.has(token)) union += weight;
  return union === 0 ? 1 : shared / union;
}
