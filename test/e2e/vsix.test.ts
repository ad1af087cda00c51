// The VSIX a user installs (built by `npm run package`, the step before these tests): only the bundles, the media and
// the user-facing documents, small. It is inspected as built, not rebuilt, so no test rewrites dist/ under another.
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const REPO = join(__dirname, '../..');
const VSIX = join(REPO, 'dist/trajectory-lens.vsix');

describe('the packaged VSIX', () => {
  let files: string[];

  beforeAll(() => {
    const listing = execFileSync('unzip', ['-Z1', VSIX], { encoding: 'utf8' });
    files = listing.split('\n').filter((f) => f !== '' && !f.endsWith('/'));
  });

  it('holds the extension, the webview bundles, the icon, the documents and the translations', () => {
    for (const file of [
      'extension/package.json',
      'extension/dist/extension.js',
      'extension/dist/webview/compare.js',
      'extension/dist/webview/compare.css',
      'extension/dist/webview/matrix.js',
      'extension/dist/webview/codicon.ttf',
      'extension/media/trajectory-lens.png',
      'extension/readme.md',
      'extension/changelog.md',
      'extension/package.nls.json',
      'extension/package.nls.ja.json',
      'extension/package.nls.zh-cn.json',
      'extension/l10n/bundle.l10n.json',
      'extension/l10n/bundle.l10n.ja.json',
      'extension/l10n/bundle.l10n.zh-cn.json',
      'extension/LICENSE.txt',
    ]) {
      expect(files).toContain(file);
    }
  });

  it('has no sources, tests, fixtures, examples or source maps', () => {
    const extensionFiles = files.filter((f) => f.startsWith('extension/')).map((f) => f.slice('extension/'.length));
    expect(extensionFiles.filter((f) => /^(src|webview|test|scripts|examples|node_modules|\.cache)\//.test(f))).toEqual([]);
    expect(extensionFiles.filter((f) => /\.(tsx?|map)$/.test(f))).toEqual([]);
    expect(extensionFiles.filter((f) => /fixtures?\//.test(f))).toEqual([]);
    // The README's pictures are for the repository's page; a VSIX without a repository could not show them anyway.
    expect(extensionFiles.filter((f) => f.startsWith('docs/images/'))).toEqual([]);
  });

  it('is under 5 MB', () => {
    expect(statSync(VSIX).size).toBeLessThan(5 * 1024 * 1024);
  });
});
