// Splits text into the units a word diff compares. Words of scripts written without spaces (Chinese, Japanese, Thai…)
// come from Intl.Segmenter, which groups characters into dictionary words; ASCII runs such as ids, emails, URLs,
// numbers and dates stay whole even inside such text. The tokens concatenate back to the input exactly.

// Scripts whose words are not separated by spaces: only these need the (slower) dictionary segmenter.
const UNSPACED_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\p{Script=Tibetan}]/u;

// A word, possibly joined by the punctuation of emails, URLs, dates and codes; a run of spaces; any other character.
const SPACED_TOKEN = /[\p{L}\p{M}\p{N}_]+(?:[@._:/\-+#%&=?~]+[\p{L}\p{M}\p{N}_]+)*|\s+|[^\s\p{L}\p{M}\p{N}_]/gu;

// An ASCII word with its joining punctuation — unless it continues a word in a Latin, Greek or Cyrillic script.
const ASCII_RUN =
  /(?<![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{M}])[A-Za-z0-9_]+(?:[@._:/\-+#%&=?~]+[A-Za-z0-9_]+)*(?![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{M}])/gu;

const segmenters = new Map<string, Intl.Segmenter>();

function segmenterFor(language: string | undefined): Intl.Segmenter {
  const key = language ?? '';
  let segmenter = segmenters.get(key);
  if (!segmenter) {
    try {
      segmenter = new Intl.Segmenter(language, { granularity: 'word' });
    } catch {
      // Not a BCP 47 tag; dictionary word boundaries do not depend on the locale anyway.
      segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });
    }
    segmenters.set(key, segmenter);
  }
  return segmenter;
}

function pushSegments(text: string, segmenter: Intl.Segmenter, out: string[]): void {
  if (text === '') return;
  for (const { segment } of segmenter.segment(text)) out.push(segment);
}

export function diffTokens(text: string, language?: string): string[] {
  if (!UNSPACED_SCRIPT.test(text)) return text.match(SPACED_TOKEN) ?? [];
  const segmenter = segmenterFor(language);
  const tokens: string[] = [];
  let last = 0;
  for (const match of text.matchAll(ASCII_RUN)) {
    pushSegments(text.slice(last, match.index), segmenter, tokens);
    tokens.push(match[0]);
    last = match.index + match[0].length;
  }
  pushSegments(text.slice(last), segmenter, tokens);
  return tokens;
}
