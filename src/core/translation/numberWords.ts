// Small counts translators often write out in words ("1 passenger" → ผู้โดยสารคนเดียว, "2 bags" → hai kiện): the
// words for one to ten in the benchmarks' target languages. Read as whole words (Intl.Segmenter splits Thai, which
// has no spaces), so สาม (three) is not found inside สามารถ (can). Words that also mean something common are left
// out, or they would hide a dropped number: một and isang are also "a", năm is also "year".

const WORDS: Readonly<Record<string, ReadonlyArray<readonly string[]>>> = {
  eng: [['one'], ['two'], ['three'], ['four'], ['five'], ['six'], ['seven'], ['eight'], ['nine'], ['ten']],
  tha: [['หนึ่ง', 'เดียว'], ['สอง'], ['สาม'], ['สี่'], ['ห้า'], ['หก'], ['เจ็ด'], ['แปด'], ['เก้า'], ['สิบ']],
  vie: [[], ['hai'], ['ba'], ['bốn'], [], ['sáu'], ['bảy'], ['tám'], ['chín'], ['mười']],
  ind: [['satu'], ['dua'], ['tiga'], ['empat'], ['lima'], ['enam'], ['tujuh'], ['delapan'], ['sembilan'], ['sepuluh']],
  fil: [['isa'], ['dalawa', 'dalawang'], ['tatlo', 'tatlong'], ['apat'], ['lima', 'limang'], ['anim'], ['pito', 'pitong'], ['walo', 'walong'], ['siyam'], ['sampu', 'sampung']],
};

const words = new Intl.Segmenter(undefined, { granularity: 'word' });

/** How often a text writes out each number from one to ten in words, in the given language (ISO 639-3), by `number:N` key. */
export function spelledNumberCounts(text: string, language: string): Map<string, number> {
  const table = WORDS[language];
  const counts = new Map<string, number>();
  if (table === undefined) return counts;
  for (const { segment, isWordLike } of words.segment(text.normalize('NFC').toLowerCase())) {
    if (!isWordLike) continue;
    const index = table.findIndex((forms) => forms.includes(segment));
    if (index >= 0) counts.set(`number:${index + 1}`, (counts.get(`number:${index + 1}`) ?? 0) + 1);
  }
  return counts;
}

/**
 * Counts the translation writes out in words beyond those the source writes out too ("all three" → "cả ba"): what
 * may stand for a number the source gives in digits.
 */
export function spelledForDigits(source: string, sourceLanguage: string, translation: string, targetLanguage: string): Map<string, number> {
  const spelled = spelledNumberCounts(translation, targetLanguage);
  for (const [key, n] of spelledNumberCounts(source, sourceLanguage)) spelled.set(key, Math.max(0, (spelled.get(key) ?? 0) - n));
  return spelled;
}
