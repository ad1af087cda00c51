// Bundles the extension host, the CLI and the webview apps with esbuild.
import * as esbuild from 'esbuild';
import { existsSync, mkdirSync, readdirSync, copyFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');
// `--outdir <dir>`: bundles somewhere other than dist/ (the benches build a production bundle into a temporary folder).
const outdirAt = process.argv.indexOf('--outdir');
const out = outdirAt >= 0 ? process.argv[outdirAt + 1] : 'dist';
if (!out) throw new Error('--outdir needs a folder');

const common = {
  bundle: true,
  sourcemap: production ? false : 'linked',
  minify: production,
  logLevel: 'info',
  legalComments: 'none',
};

const node = {
  ...common,
  outdir: out,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  // ES modules first: jsonc-parser's UMD build (its `main`) loads its parts through requires a bundle cannot follow.
  mainFields: ['module', 'main'],
};

const targets = [
  { ...node, entryPoints: { extension: 'src/extension.ts' }, external: ['vscode'] },
  { ...node, entryPoints: { cli: 'src/cli/main.ts' } },
  // Starts the CLI from the code cache written below (bin/trajectory-lens.js).
  { ...node, entryPoints: { codeCache: 'src/cli/codeCache.ts' } },
  // Loaded by the extension and the CLI (both in the same folder) to search and index on worker threads.
  { ...node, entryPoints: { searchWorker: 'src/core/search/searchWorker.ts' } },
  { ...node, entryPoints: { indexWorker: 'src/core/index/indexWorker.ts' } },
];

// The matrix panel runs its React code on Preact's compatibility layer: a 170 kB bundle instead of 370 kB, which the
// panel's first paint (50 agents × 15 languages × 5 capabilities in under 500 ms) needs.
const onPreact = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-runtime',
};
const aliasesOf = { matrix: onPreact };

// One browser bundle per webview app: webview/<app>/main.tsx → dist/webview/<app>.js
if (existsSync('webview')) {
  for (const app of readdirSync('webview', { withFileTypes: true })) {
    if (app.isDirectory() && existsSync(join('webview', app.name, 'main.tsx'))) {
      targets.push({
        ...common,
        entryPoints: { [app.name]: join('webview', app.name, 'main.tsx') },
        outdir: join(out, 'webview'),
        platform: 'browser',
        format: 'esm',
        target: 'chrome120',
        jsx: 'automatic',
        tsconfig: 'webview/tsconfig.json',
        loader: { '.ttf': 'file', '.woff': 'file', '.woff2': 'file' },
        alias: aliasesOf[app.name] ?? {},
      });
    }
  }
}

mkdirSync(join(out, 'webview'), { recursive: true });
// The codicon font is loaded by the webviews through their CSP-allowed folder.
for (const f of ['codicon.css', 'codicon.ttf']) {
  const src = join('node_modules/@vscode/codicons/dist', f);
  if (existsSync(src)) copyFileSync(src, join(out, 'webview', f));
}

if (watch) {
  const contexts = await Promise.all(targets.map((t) => esbuild.context(t)));
  await Promise.all(contexts.map((c) => c.watch()));
} else {
  await Promise.all(targets.map((t) => esbuild.build(t)));
  // The CLI's code cache, for the Node that builds it (a watch build leaves it stale, and so unused), made after the
  // CLI has indexed the bundled examples (reading them only), in a process of its own.
  const warmUp = ['index', resolve('examples'), '--json', '--no-cache'];
  const made = `require(${JSON.stringify(resolve(out, 'codeCache.js'))}).writeWarmCodeCache(${JSON.stringify(resolve(out, 'cli.js'))}, ${JSON.stringify(warmUp)})`;
  execFileSync(process.execPath, ['-e', made], { stdio: ['ignore', 'ignore', 'inherit'] });
}
