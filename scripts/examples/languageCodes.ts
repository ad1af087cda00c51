// The ISO 639-3 code a language folder label stands for, so generated corpora can name their expected regressions in
// the normalized form a reader reports (en → eng, zh-CN → cmn, pt-BR → por…). Only the benchmarks' languages.

const TWO_LETTER: Record<string, string> = {
  en: 'eng',
  es: 'spa',
  de: 'deu',
  fr: 'fra',
  it: 'ita',
  pt: 'por',
  id: 'ind',
  in: 'ind',
  tr: 'tur',
  zh: 'cmn',
  ja: 'jpn',
  hi: 'hin',
  th: 'tha',
  vi: 'vie',
  tl: 'fil',
  ko: 'kor',
};

export function languageCode(label: string): string {
  const primary = (label.split(/[-_]/)[0] ?? '').toLowerCase();
  if (primary.length === 3) return primary;
  const code = TWO_LETTER[primary];
  if (!code) throw new Error(`no ISO 639-3 code known for language label "${label}"`);
  return code;
}
