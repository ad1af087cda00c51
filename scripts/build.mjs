// Bundles the extension host, the CLI and the webview apps with esbuild.
import * as esbuild from 'esbuild';
import { existsSync, mkdirSync, readdirSync, copyFileSync } from 'node:fs';
import { join } from 'node:path';

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');

const common = {
  bundle: true,
  sourcemap: production ? false : 'linked',
  minify: production,
  logLevel: 'info',
  legalComments: 'none',
};

const node = {
  ...common,
  outdir: 'dist',
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  // ES modules first: jsonc-parser's UMD build (its `main`) loads its parts through requires a bundle cannot follow.
  mainFields: ['module', 'main'],
};

const targets = [
  { ...node, entryPoints: { extension: 'src/extension.ts' }, external: ['vscode'] },
  { ...node, entryPoints: { cli: 'src/cli/main.ts' } },
];

// One browser bundle per webview app: webview/<app>/main.tsx → dist/webview/<app>.js
if (existsSync('webview')) {
  for (const app of readdirSync('webview', { withFileTypes: true })) {
    if (app.isDirectory() && existsSync(join('webview', app.name, 'main.tsx'))) {
      targets.push({
        ...common,
        entryPoints: { [app.name]: join('webview', app.name, 'main.tsx') },
        outdir: 'dist/webview',
        platform: 'browser',
        format: 'esm',
        target: 'chrome120',
        jsx: 'automatic',
        tsconfig: 'webview/tsconfig.json',
        loader: { '.ttf': 'file', '.woff': 'file', '.woff2': 'file' },
      });
    }
  }
}

mkdirSync('dist/webview', { recursive: true });
// The codicon font is loaded by the webviews through their CSP-allowed folder.
for (const f of ['codicon.css', 'codicon.ttf']) {
  const src = join('node_modules/@vscode/codicons/dist', f);
  if (existsSync(src)) copyFileSync(src, join('dist/webview', f));
}

if (watch) {
  const contexts = await Promise.all(targets.map((t) => esbuild.context(t)));
  await Promise.all(contexts.map((c) => c.watch()));
} else {
  await Promise.all(targets.map((t) => esbuild.build(t)));
}
