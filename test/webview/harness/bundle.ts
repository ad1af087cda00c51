// The webview tests load the real bundle; rebuild it (`npm run build`) when it is missing or older than its sources.
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, webviewDist } from './server';

const SOURCES = ['webview', 'src/protocol', 'src/core/analysis/comparison.ts', 'src/core/model.ts'];

export function ensureWebviewBundle(): void {
  const bundle = mtime(join(webviewDist, 'compare.js'));
  const newestSource = Math.max(...SOURCES.map((s) => newest(join(repoRoot, s))));
  if (bundle >= newestSource) return;
  execFileSync(process.execPath, [join(repoRoot, 'scripts', 'build.mjs')], { cwd: repoRoot, stdio: 'pipe' });
}

function mtime(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/** The CLI's bundle (dist/cli.js), rebuilt when any of its sources is newer. */
export function ensureCliBundle(): void {
  if (mtime(join(repoRoot, 'dist', 'cli.js')) >= newest(join(repoRoot, 'src'))) return;
  execFileSync(process.execPath, [join(repoRoot, 'scripts', 'build.mjs')], { cwd: repoRoot, stdio: 'pipe' });
}
