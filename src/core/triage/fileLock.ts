import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { link, lstat, open, rename, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';

// An advisory lock between processes (several VS Code windows, CLI runs): a lock file created with O_EXCL that
// names its holder. A holder that died (killed mid-write, power cut) leaves its lock behind; it is taken over when
// its process is gone (same host) or when it is older than any write could take. Taking over renames the lock
// away first and checks that the file moved is the one judged stale, so two waiters cannot both take over.

export interface LockOptions {
  /** Give up after this long (default 30 s). */
  timeoutMs?: number;
  /** A lock older than this is stale whoever holds it (default 60 s): no append takes that long. */
  staleMs?: number;
}

interface Holder {
  pid: number;
  host: string;
  token: string;
}

// A lock file is written right after it is created; one still empty after this long lost its holder in between.
const EMPTY_GRACE_MS = 2_000;
const RETRY_MIN_MS = 5;
const RETRY_SPREAD_MS = 25;

export class LockTimeoutError extends Error {}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | null)?.code;
}

function parseHolder(text: string): Holder | null {
  try {
    const value = JSON.parse(text) as Partial<Holder>;
    return typeof value.pid === 'number' && typeof value.host === 'string' && typeof value.token === 'string'
      ? { pid: value.pid, host: value.host, token: value.token }
      : null;
  } catch {
    return null;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return errorCode(error) === 'EPERM';
  }
}

interface Observed {
  ino: number;
  mtimeMs: number;
  holder: Holder | null;
}

// A holder record is a short line: more is not a lock this code wrote.
const MAX_HOLDER_BYTES = 4096;

/**
 * The lock file as it is now. Only a regular file is read, never through a link, and only its first bytes: a link
 * or a FIFO planted under the lock's name has no holder (so it turns stale and is moved aside), and never hangs.
 */
async function observe(path: string): Promise<Observed | null> {
  try {
    const info = await lstat(path);
    if (!info.isFile()) return { ino: info.ino, mtimeMs: info.mtimeMs, holder: null };
    const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    try {
      const buffer = Buffer.alloc(MAX_HOLDER_BYTES);
      const { bytesRead } = await handle.read(buffer, 0, MAX_HOLDER_BYTES, 0);
      return { ino: info.ino, mtimeMs: info.mtimeMs, holder: parseHolder(buffer.subarray(0, bytesRead).toString('utf8')) };
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null;
    throw error;
  }
}

function isStale(lock: Observed, staleMs: number): boolean {
  const age = Date.now() - lock.mtimeMs;
  if (age > staleMs) return true;
  if (lock.holder === null) return age > EMPTY_GRACE_MS;
  return lock.holder.host === hostname() && !processAlive(lock.holder.pid);
}

/** Moves a stale lock out of the way; puts it back when the file moved turned out to be a fresh lock. */
async function takeOver(path: string, judged: Observed): Promise<void> {
  const aside = `${path}.stale-${randomUUID()}`;
  try {
    await rename(path, aside);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return;
    throw error;
  }
  const moved = await lstat(aside);
  if (moved.ino !== judged.ino) {
    // Another waiter took over first and this rename moved its fresh lock: give it back unless a third took the place.
    await link(aside, path).catch(() => undefined);
  }
  await unlink(aside).catch(() => undefined);
}

async function tryCreate(path: string, holder: Holder): Promise<boolean> {
  try {
    const handle = await open(path, 'wx');
    try {
      await handle.writeFile(JSON.stringify({ ...holder, at: new Date().toISOString() }));
    } finally {
      await handle.close();
    }
    return true;
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw error;
  }
}

async function release(path: string, token: string): Promise<void> {
  const lock = await observe(path).catch(() => null);
  // A holder that outlived staleMs may have been taken over: never remove someone else's lock.
  if (lock?.holder?.token === token) await unlink(path).catch(() => undefined);
}

function describeHolder(lock: Observed | null): string {
  if (lock?.holder == null) return 'another process';
  return `process ${lock.holder.pid} on ${lock.holder.host}`;
}

/** Runs `work` while holding the lock file at `path`. */
export async function withFileLock<T>(path: string, work: () => Promise<T>, options: LockOptions = {}): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const staleMs = options.staleMs ?? 60_000;
  const holder: Holder = { pid: process.pid, host: hostname(), token: randomUUID() };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await tryCreate(path, holder)) break;
    const lock = await observe(path);
    // Released in between: try again at once.
    if (lock === null) continue;
    if (isStale(lock, staleMs)) {
      await takeOver(path, lock);
      continue;
    }
    if (Date.now() > deadline) {
      throw new LockTimeoutError(`${path} is held by ${describeHolder(lock)}; gave up after ${timeoutMs / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, RETRY_MIN_MS + Math.random() * RETRY_SPREAD_MS));
  }
  try {
    return await work();
  } finally {
    await release(path, holder.token);
  }
}
