// Every string the host and the webviews show goes through l10n.t, is in the exported English bundle, and has a
// translation in every shipped language with the same placeholders: a Japanese or Chinese VS Code shows no English
// sentence of ours, and a string added without re-running `npm run l10n:export` fails here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TAXONOMY } from '../../../src/core/triage/taxonomy';
import { codeTitle as webviewCodeTitle } from '../../../webview/shared/codeTitles';
import { LANGUAGES, keysOnlyIn, placeholders } from './bundleChecks';
import { l10nMessages, readSources, untranslatedHostText, untranslatedJsxText } from './sourceStrings';

const REPO = join(__dirname, '../../..');
const read = (file: string) => JSON.parse(readFileSync(join(REPO, file), 'utf8')) as Record<string, string>;
const english = read('l10n/bundle.l10n.json');
const host = readSources(REPO, ['src/host']);
const webview = readSources(REPO, ['webview']);

describe('the string bundles', () => {
  it('package.json points VS Code at the bundles', () => {
    expect(read('package.json').l10n).toBe('./l10n');
  });

  it('l10n/bundle.l10n.json is the current export of every l10n.t message of the host and the webviews', () => {
    const { messages, dynamic } = l10nMessages([...host, ...webview]);
    expect(dynamic).toEqual([]);
    expect([...messages].filter((m) => !(m in english))).toEqual([]);
    expect(Object.keys(english).filter((m) => !messages.has(m))).toEqual([]);
    expect(Object.entries(english).filter(([key, text]) => key !== text)).toEqual([]);
  });

  for (const language of LANGUAGES) {
    it(`bundle.l10n.${language}.json translates every message, keeping its placeholders`, () => {
      const translated = read(`l10n/bundle.l10n.${language}.json`);
      expect(keysOnlyIn(english, translated)).toEqual([]);
      expect(keysOnlyIn(translated, english)).toEqual([]);
      const broken = Object.keys(english).filter((key) => placeholders(translated[key]).join() !== placeholders(key).join());
      expect(broken).toEqual([]);
      const untranslated = Object.keys(english).filter((key) => /[a-z]{3}/.test(key) && translated[key] === key);
      expect(untranslated).toEqual([]);
    });
  }
});

describe('UI text in the sources', () => {
  it('the host shows no message box, title, prompt, placeholder, label, description or tooltip written as an English literal', () => {
    expect(untranslatedHostText(host)).toEqual([]);
  });

  it('the webviews show no English text between tags or in a title, aria-label, placeholder or label attribute', () => {
    expect(untranslatedJsxText(webview)).toEqual([]);
  });
});

describe('triage code titles', () => {
  it('the webviews title every code as the core does, in English', () => {
    for (const { code, title } of TAXONOMY) expect(webviewCodeTitle(code, '')).toBe(title);
    expect(webviewCodeTitle('Z9', 'as the host sent it')).toBe('as the host sent it');
  });
});
