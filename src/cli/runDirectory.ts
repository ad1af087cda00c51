import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { openIndex } from '../core/index/buildIndex';
import type { IndexDependencies } from '../core/index/indexCache';
import { keepIndex, keptRunIndex } from './keptIndex';
import { bundledIndexWorkers } from '../core/index/walkOnWorkers';
import type { RunDirectory } from '../core/index/runDirectory';
import { NodeFileSource } from '../core/nodeFileSource';
import { stringOption, UsageError, type ParsedArgs } from './command';

/** The absolute path of the single `<dir>` argument; a missing, extra or unreadable directory is a usage error. */
export async function runDirectoryRoot(args: ParsedArgs): Promise<string> {
  const [dir, ...extra] = args.positionals;
  if (dir === undefined) throw new UsageError('missing <dir>: the run directory to read');
  // resolve('') is the current directory: an empty argument (an unset shell variable) must not index it.
  if (dir.trim() === '') throw new UsageError('<dir> is empty: give the run directory to read (. for the current one)');
  if (extra.length > 0) throw new UsageError(`unexpected argument: ${extra.join(' ')}`);
  const root = resolve(dir);
  const info = await stat(root).catch(() => null);
  if (info === null) throw new UsageError(`cannot read directory ${dir}: it does not exist`);
  if (!info.isDirectory()) throw new UsageError(`cannot read directory ${dir}: not a directory`);
  return root;
}

/**
 * The `--jobs <n>` option: threads that walk (and, for `index --check`, check) the runs. The walk uses one by default:
 * on two cores, two threads were measured no faster than one (the file system calls slow each other down, and the
 * results cost time to hand over). Checking is mostly parsing, so it uses one per core by default, this one among them.
 */
export function jobsOption(args: ParsedArgs): number | undefined {
  const text = stringOption(args, 'jobs');
  if (text === undefined) return undefined;
  const jobs = Number(text);
  if (!Number.isInteger(jobs) || jobs < 1) throw new UsageError(`--jobs must be a whole number of at least 1, not ${JSON.stringify(text)}`);
  return jobs;
}

/**
 * Whether the index cache beside the runs is used: it makes reopening a large directory cheap. `--no-cache` (or
 * TRAJECTORY_LENS_NO_CACHE=1, for every command) reads every verdict and writes nothing beside the runs.
 */
export function usesIndexCache(args: ParsedArgs): boolean {
  return args.values['no-cache'] !== true && process.env.TRAJECTORY_LENS_NO_CACHE !== '1';
}

/** The run directory of the single `<dir>` argument, not indexed yet. */
export async function runDirectorySource(args: ParsedArgs): Promise<NodeFileSource> {
  return new NodeFileSource(await runDirectoryRoot(args));
}

/**
 * The single `<dir>` argument, indexed (`fs`: its run directory, when already opened), with what the index was made
 * from: the last command's index when nothing it was made from has changed (see keptIndex), else a new one, kept for
 * the next command unless `keep` is false (the caller keeps it, with its output). `reuse` false: the caller has
 * looked at the last index already (it changed, or there is none).
 */
export async function openRunDirectory(
  args: ParsedArgs,
  fs?: NodeFileSource,
  { keep = true, reuse = true }: { keep?: boolean; reuse?: boolean } = {},
): Promise<RunDirectory<NodeFileSource> & { dependencies: IndexDependencies | null }> {
  const source = fs ?? (await runDirectorySource(args));
  const cached = usesIndexCache(args);
  const kept = cached && reuse ? await keptRunIndex(source) : null;
  if (kept !== null) return { fs: source, ...kept };
  const workers = bundledIndexWorkers(jobsOption(args) ?? 1);
  try {
    const live = await openIndex(source, {
      workers: workers && { ...workers, root: source.root },
      rereadable: false,
      ...(cached ? { cache: {} } : {}),
    });
    if (keep && live.dependencies !== null) await keepIndex(source, live.dependencies, live.index, null);
    return { fs: source, index: live.index, dependencies: live.dependencies };
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}
