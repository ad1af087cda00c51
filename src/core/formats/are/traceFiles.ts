import { joinPath, type DirEntry, type FileSource } from '../../fileSource';
import type { Diagnostic } from '../../model';
import { isTraceFileName, runKeyOfFile } from './traceFileName';

// Where the trace files of an ARE output folder are: `hf/` and `lite/` when both formats were exported, or the
// folder itself when one was (ARE then writes `<out>/<run>.json` directly; which format it is, the content tells).

export const HF_DIR = 'hf';
export const LITE_DIR = 'lite';

export type TraceKind = 'hf' | 'lite' | 'either';

export interface TraceFile {
  path: string;
  /** What the folder says the file is; `either` for files in the output folder itself. */
  kind: TraceKind;
}

export interface TraceFiles {
  /** Files by run key, hf/ first, then lite/, then the folder's own. */
  byRun: Map<string, TraceFile[]>;
  /** Folders that could not be listed. */
  diagnostics: Diagnostic[];
  /** Files not read because another file of the same run is, by run key. */
  duplicates: Map<string, Diagnostic[]>;
}

function isDirectory(entries: readonly DirEntry[], name: string): boolean {
  return entries.some((e) => e.name === name && e.type === 'directory');
}

async function listFolder(fs: FileSource, dir: string, diagnostics: Diagnostic[]): Promise<DirEntry[]> {
  try {
    return await fs.list(dir);
  } catch (error) {
    const message = `cannot list the trace folder: ${error instanceof Error ? error.message : String(error)}`;
    diagnostics.push({ path: dir, line: null, message, severity: 'error' });
    return [];
  }
}

/** The trace files of an output folder. Of several files for one run in one folder (re-runs), the last by name counts. */
export async function listTraceFiles(fs: FileSource, dir: string, entries: readonly DirEntry[]): Promise<TraceFiles> {
  const diagnostics: Diagnostic[] = [];
  const byRun = new Map<string, TraceFile[]>();
  const duplicates = new Map<string, Diagnostic[]>();
  const add = (folder: string, names: string[], kind: TraceKind): void => {
    const chosen = new Map<string, string>();
    for (const name of [...names].sort()) {
      const key = runKeyOfFile(name);
      const earlier = chosen.get(key);
      if (earlier !== undefined) {
        const message = `two traces of run ${key} in one folder: ${name} is read, ${earlier} is not`;
        const diagnostic: Diagnostic = { path: joinPath(folder, earlier), line: null, message, severity: 'warning' };
        duplicates.set(key, [...(duplicates.get(key) ?? []), diagnostic]);
      }
      chosen.set(key, name);
    }
    for (const [key, name] of chosen) {
      byRun.set(key, [...(byRun.get(key) ?? []), { path: joinPath(folder, name), kind }]);
    }
  };
  const jsonFiles = (list: readonly DirEntry[]): string[] =>
    list.filter((e) => e.type === 'file' && /\.json$/i.test(e.name) && !e.name.startsWith('.')).map((e) => e.name);

  for (const kind of [HF_DIR, LITE_DIR] as const) {
    if (!isDirectory(entries, kind)) continue;
    const folder = joinPath(dir, kind);
    add(folder, jsonFiles(await listFolder(fs, folder, diagnostics)), kind);
  }
  add(dir, jsonFiles(entries).filter(isTraceFileName), 'either');
  return { byRun, diagnostics, duplicates };
}

/** Does this listing look like an ARE output folder? Read nothing: names only. */
export function isAreOutputFolder(entries: readonly DirEntry[], outputFile: string): boolean {
  const hf = isDirectory(entries, HF_DIR);
  const lite = isDirectory(entries, LITE_DIR);
  const output = entries.some((e) => e.name === outputFile && e.type === 'file');
  const flatTraces = entries.some((e) => e.type === 'file' && isTraceFileName(e.name));
  return (hf && lite) || (output && (hf || lite)) || flatTraces;
}
