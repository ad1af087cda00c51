// A cheap first pass over a run's files before its reader parses them: a step term can only hold when its text
// occurs somewhere in the run's raw files. Parsing a trajectory costs several times more than reading its bytes, and
// most runs of a large search match nothing, so skipping them is where a search over tens of thousands of runs
// spends its time. The pass only ever skips runs that cannot match: it is used for formats whose runs are folders of
// plain-text files that hold every value literally (gaia2-cli), and only with text that such files cannot escape.
import type { FileSource } from '../fileSource';
import { joinPath } from '../fileSource';
import type { RunSummary } from '../model';
import type { StepTerm } from './parseQuery';
import { mayHold, rawText, rawTextPlan, type RawTextPlan } from './rawText';
import { MAX_RUN_FILE_BYTES, readRunFiles, type RunFiles } from '../runFiles';

/** Formats whose run is one folder of plain-text files, every value written literally (or JSON-\u-escaped). */
const PLAIN_FOLDER_FORMATS = new Set(['gaia2-cli']);

/**
 * Characters JSON or Python literals may escape or reformat (quotes, backslashes, structure), and control characters:
 * text holding one may be written differently in the file, so it cannot rule a run out.
 */
const UNSAFE = /["'\\{}[\]:,\p{Cc}]/u;

/** What the raw files must hold: needles given as alternatives (any of them will do), and how to read the files for them. */
export interface Needles {
  all: string[][];
  plan: RawTextPlan;
}

function literal(value: string): boolean {
  return value !== '' && !UNSAFE.test(value);
}

function alternatives(values: readonly string[]): string[] | null {
  return values.every(literal) ? [...values] : null;
}

/** What every matching run's files must contain; empty when the terms give nothing safe to look for. */
export function needlesOf(terms: readonly StepTerm[]): Needles {
  const needles: string[][] = [];
  for (const term of terms) {
    if (term.kind === 'text') {
      const any = alternatives(term.values);
      if (any) needles.push(any);
    } else if (term.kind === 'tool') {
      // The file may name the tool as app and function apart, or as App__fn: the function name is always there.
      const names = term.values.map((v) => (term.substring ? v : (v.split('.').at(-1) ?? v)));
      if (!term.substring || names.every((n) => !n.includes('.'))) {
        const any = alternatives(names.filter((n) => !n.includes('.')));
        if (any && any.length === names.length) needles.push(any);
      }
    } else {
      if (literal(term.key)) needles.push([term.key]);
      // A number may be written in another form (1e3, 1000.0); only text values are certain to appear as typed.
      if (term.values !== null && term.values.every((v) => Number.isNaN(Number(v)))) {
        const any = alternatives(term.values);
        if (any) needles.push(any);
      }
    }
  }
  return { all: needles, plan: rawTextPlan(needles) };
}

export interface Prefiltered {
  /** False only when the run certainly cannot match. */
  possible: boolean;
  /** The run's files as read, for its reader; null when they were not read. */
  files: RunFiles | null;
}

const UNREAD: Prefiltered = { possible: true, files: null };

/** The run's files through one read per file, for file sources that cannot read a folder at once. */
async function readFileByFile(fs: FileSource, run: RunSummary): Promise<RunFiles | null> {
  const entries = await fs.list(run.path);
  if (entries.some((e) => e.type !== 'file')) return null;
  const paths = entries.map((e) => joinPath(run.path, e.name));
  const contents = await Promise.all(paths.map((path) => fs.readHead(path, MAX_RUN_FILE_BYTES + 1)));
  if (contents.some((bytes) => bytes.length > MAX_RUN_FILE_BYTES)) return null;
  return { dir: run.path, entries, bytes: new Map(paths.map((path, i) => [path, contents[i] as Uint8Array])) };
}

/**
 * Whether the run may match: false only when its format keeps the run in plain files and some needle occurs in none
 * of them. Any doubt (another format, a subfolder, a very large or unreadable file) says it may. Without needles the
 * files are still read at once where that is cheaper, for the reader.
 */
export async function prefilterRun(fs: FileSource, run: RunSummary, needles: Needles): Promise<Prefiltered> {
  if (needles.all.length === 0) return { possible: true, files: await readRunFiles(fs, run) };
  if (!PLAIN_FOLDER_FORMATS.has(run.format)) return UNREAD;
  try {
    const files = (await readRunFiles(fs, run)) ?? (await readFileByFile(fs, run));
    if (files === null || files.entries.some((e) => e.type !== 'file')) return UNREAD;
    const texts = [...files.bytes.values()].map((bytes) => rawText(bytes, needles.plan));
    const possible = needles.all.every((any) => any.some((needle) => texts.some((text) => mayHold(text, needle))));
    return { possible, files: possible ? files : null };
  } catch {
    return UNREAD;
  }
}
