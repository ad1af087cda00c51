import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../webview/harness/server';

// The webview benches measure what users get, the minified production bundle, built into a temporary folder so that
// the bench never touches dist/ (which `npm run build` and the tests own).

export interface ProductionBundle {
  /** The folder holding the extension, CLI and worker bundles (dist/ of a package). */
  dir: string;
  /** The folder holding the webview bundles (<app>.js, <app>.css, codicons). */
  webviewDir: string;
  remove(): void;
}

export function buildProductionBundle(): ProductionBundle {
  const outdir = mkdtempSync(join(tmpdir(), 'trajectory-lens-bench-'));
  try {
    execFileSync(process.execPath, [join(repoRoot, 'scripts', 'build.mjs'), '--production', '--outdir', outdir], { cwd: repoRoot, stdio: 'pipe' });
  } catch (error) {
    rmSync(outdir, { recursive: true, force: true });
    throw error;
  }
  return { dir: outdir, webviewDir: join(outdir, 'webview'), remove: () => rmSync(outdir, { recursive: true, force: true }) };
}
