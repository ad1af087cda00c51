// Runs the desktop VS Code suite (.vscode-test.mjs) where it can run, and says plainly when it cannot:
// it needs @vscode/test-cli and @vscode/test-electron (not dependencies of this project), a download of VS Code and a
// display. When one is missing it prints "desktop VS Code suite not run: …" and exits 0 without reporting a pass.
/* global fetch, AbortSignal */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);

function notRun(reason) {
  console.log(`desktop VS Code suite not run: ${reason}`);
  process.exit(0);
}

function installed(name) {
  try {
    require.resolve(`${name}/package.json`);
    return true;
  } catch {
    return false;
  }
}

const missing = ['@vscode/test-cli', '@vscode/test-electron'].filter((name) => !installed(name));
if (missing.length > 0) {
  notRun(`${missing.join(' and ')} not installed (where VS Code can be downloaded: npm install --no-save @vscode/test-cli @vscode/test-electron)`);
}

// @vscode/test-electron keeps downloaded builds in .vscode-test/; without one, VS Code's update server must answer.
if (!existsSync('.vscode-test')) {
  try {
    const response = await fetch('https://update.code.visualstudio.com/api/releases/stable', { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) notRun(`VS Code cannot be downloaded (update server answered ${response.status})`);
  } catch (error) {
    notRun(`VS Code cannot be downloaded (${error instanceof Error ? error.message : String(error)})`);
  }
}

const headless = process.platform === 'linux' && !process.env.DISPLAY;
const xvfb = headless && spawnSync('xvfb-run', ['--help'], { stdio: 'ignore' }).status === 0;
if (headless && !xvfb) notRun('no display (install xvfb so the suite can run under xvfb-run)');

const run = (command) => spawnSync(command[0], command.slice(1), { stdio: 'inherit' }).status ?? 1;
if (run(['npm', 'run', 'build']) !== 0) process.exit(1);
const workspace = join('.cache', 'desktop', 'gaia2-multilingual');
rmSync(workspace, { recursive: true, force: true });
cpSync(join('examples', 'gaia2-multilingual'), workspace, { recursive: true });
const suite = [join('node_modules', '.bin', 'vscode-test'), '--config', '.vscode-test.mjs'];
process.exit(run(xvfb ? ['xvfb-run', '-a', ...suite] : suite));
