import { describe, expect, it } from 'vitest';
import { languageDisplayName } from '../../../src/core/language/displayName';
import { LANGUAGE_CODES, NEVER_LANGUAGES } from '../../../src/core/language/languageCodes';
import { languageCode, normalizeLanguage } from '../../../src/core/language/normalizeLanguage';

describe('normalizeLanguage', () => {
  it.each([
    // ISO 639-1
    ['en', 'eng'], ['ja', 'jpn'], ['hi', 'hin'], ['es', 'spa'], ['de', 'deu'], ['fr', 'fra'], ['it', 'ita'],
    ['pt', 'por'], ['tr', 'tur'], ['th', 'tha'], ['vi', 'vie'], ['ko', 'kor'], ['ru', 'rus'], ['ms', 'zsm'],
    // macrolanguages → the written standard benchmarks mean, so that zh, zho and cmn folders pair
    ['zh', 'cmn'], ['zho', 'cmn'], ['chi', 'cmn'], ['cmn', 'cmn'], ['ar', 'arb'], ['ara', 'arb'], ['arb', 'arb'],
    // Filipino / Tagalog and Indonesian, including the withdrawn `in`
    ['tl', 'fil'], ['tgl', 'fil'], ['fil', 'fil'], ['id', 'ind'], ['in', 'ind'], ['ind', 'ind'],
    // ISO 639-3 and 639-2 bibliographic codes
    ['jpn', 'jpn'], ['eng', 'eng'], ['ger', 'deu'], ['fre', 'fra'], ['dut', 'nld'], ['yue', 'yue'], ['ceb', 'ceb'],
    // BCP 47 tags and POSIX locales: script and region dropped
    ['zh-CN', 'cmn'], ['zh-TW', 'cmn'], ['zh-Hant-TW', 'cmn'], ['zh_Hans', 'cmn'], ['pt-BR', 'por'], ['en_US', 'eng'],
    ['en-GB', 'eng'], ['es-419', 'spa'], ['sr-Latn', 'srp'],
    // any case
    ['EN', 'eng'], ['Ja', 'jpn'], ['ZH-cn', 'cmn'], ['PT_br', 'por'], ['JPN', 'jpn'],
  ])('%s → %s', (label, code) => {
    expect(normalizeLanguage(label)).toBe(code);
  });

  it.each([
    // ordinary folder names, some of them real codes (run = Rundi, est = Estonian, cat = Catalan, may = Malay…)
    'bin', 'new', 'all', 'art', 'dev', 'old', 'mix', 'tmp', 'src', 'lib', 'out', 'log', 'run', 'doc', 'app', 'api',
    'web', 'hf', 'lite', 'time', 'and', 'the', 'est', 'cat', 'may', 'mac', 'per', 'arm', 'geo', 'sun', 'ts', 'os',
    // codes of languages we do not auto-detect because they are words (named through trajectory-lens.json instead)
    'min', 'war', 'bug', 'ban', 'mad', 'nan', 'lua', 'vec',
    // GAIA2 split and harness folder names
    'search', 'execution', 'adaptability', 'ambiguity', 'mini', 'standard', 'noise', 'results',
    // not tags: variants, run folders, junk
    'it-support', 'fr-notes', 'en-US-x-private', 'run_1', 'run-1', 'x', '', ' ', 'en-', 'e', 'english', 'und', 'zxx',
  ])('%s is not a language', (label) => {
    expect(normalizeLanguage(label)).toBeNull();
  });

  it('keeps the English words it denies out of the code table', () => {
    for (const word of NEVER_LANGUAGES) expect(LANGUAGE_CODES.has(word)).toBe(false);
  });

  it('normalises every known code to a three-letter code that settings and options accept as it is', () => {
    for (const [label, code] of LANGUAGE_CODES) {
      expect(code, label).toMatch(/^[a-z]{3}$/);
      expect(languageCode(code), `${label} → ${code}`).toBe(code);
    }
  });
});

describe('languageCode (settings and options)', () => {
  it('accepts what folder detection accepts, normalised', () => {
    expect(languageCode('zh-CN')).toBe('cmn');
    expect(languageCode(' EN ')).toBe('eng');
  });

  it('accepts three-letter codes that folder detection refuses as words', () => {
    expect(languageCode('cat')).toBe('cat');
    expect(languageCode('MIN')).toBe('min');
  });

  it('refuses what is not a code', () => {
    for (const value of ['und', 'english', 'x', '', 'it-support', 'e1x']) expect(languageCode(value), value).toBeNull();
  });
});

describe('languageDisplayName', () => {
  it.each([
    ['jpn', 'Japanese'], ['eng', 'English'], ['cmn', 'Chinese'], ['hin', 'Hindi'], ['fil', 'Filipino'],
    ['und', 'Undetermined'], ['qqq', 'qqq'],
  ])('%s → %s', (code, name) => {
    expect(languageDisplayName(code)).toBe(name);
  });

  it('names languages in the requested locale', () => {
    expect(languageDisplayName('jpn', 'de')).toBe('Japanisch');
  });
});
