// Every title and description package.json contributes is a `%key%` placeholder with an English text in
// package.nls.json and a translation in each language the extension ships, so a Japanese or Chinese VS Code shows no
// English command, view or setting, and a placeholder never reaches the user unresolved.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, keysOnlyIn, placeholders } from './bundleChecks';

const REPO = join(__dirname, '../../..');
const read = (file: string) => JSON.parse(readFileSync(join(REPO, file), 'utf8')) as Record<string, string>;
const english = read('package.nls.json');
const manifestText = readFileSync(join(REPO, 'package.json'), 'utf8');
const contributes = (JSON.parse(manifestText) as { contributes: unknown }).contributes;

describe('package.json strings', () => {
  it('resolves every %key% it uses from package.nls.json, and package.nls.json holds no unused key', () => {
    const used = new Set([...manifestText.matchAll(/"%([\w.-]+)%"/g)].map((m) => m[1] ?? ''));
    expect([...used].filter((key) => !(key in english))).toEqual([]);
    expect(Object.keys(english).filter((key) => !used.has(key))).toEqual([]);
  });

  it('contributes no user-visible text outside package.nls.json', () => {
    const literal: string[] = [];
    const visit = (value: unknown, path: string): void => {
      if (Array.isArray(value)) value.forEach((item, i) => visit(item, `${path}[${i}]`));
      else if (value !== null && typeof value === 'object') {
        for (const [key, child] of Object.entries(value)) {
          const text = ['title', 'name', 'contextualTitle', 'contents', 'description', 'markdownDescription', 'enumDescriptions', 'markdown'].includes(key);
          if (text && typeof child === 'string' && !/^%[\w.-]+%$/.test(child)) literal.push(`${path}.${key}`);
          else visit(child, `${path}.${key}`);
        }
      }
    };
    visit(contributes, 'contributes');
    expect(literal).toEqual([]);
  });

  for (const language of LANGUAGES) {
    it(`package.nls.${language}.json translates exactly the English keys, with the same placeholders and command links`, () => {
      const translated = read(`package.nls.${language}.json`);
      expect(keysOnlyIn(english, translated)).toEqual([]);
      expect(keysOnlyIn(translated, english)).toEqual([]);
      // The walkthrough's pages are files: each language names its own, and it exists.
      const media = Object.keys(english).filter((key) => key.endsWith('.media'));
      expect(media.filter((key) => !existsSync(join(REPO, translated[key] ?? '')))).toEqual([]);
      expect(media.filter((key) => translated[key] === english[key])).toEqual([]);
      for (const [key, text] of Object.entries(english)) {
        expect({ key, links: placeholders(translated[key], /\(command:[\w.]+\)|`[^`]*#[\w.]+#[^`]*`/g) }).toEqual({
          key,
          links: placeholders(text, /\(command:[\w.]+\)|`[^`]*#[\w.]+#[^`]*`/g),
        });
      }
    });
  }
});
