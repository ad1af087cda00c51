// The files of one run read in one go, handed to the run's reader so that it does not read them again: for formats
// whose run is a folder of its own small files, reading the folder at once costs far less than a read per file.
import { FileRefusedError, joinPath, MAX_READ_BYTES, megabytesText, type DirEntry, type FileSource, type FileStat } from './fileSource';
import type { RunSummary } from './model';

export interface RunFiles {
  /** The run folder's listing. */
  dir: string;
  entries: DirEntry[];
  /** Contents by path relative to the run directory. */
  bytes: Map<string, Uint8Array>;
}

/** Formats whose run is one folder of its own plain-text files. */
const FOLDER_FORMATS = new Set(['gaia2-cli']);
/** Files larger than this are left to the reader (which streams them) rather than held in memory. */
export const MAX_RUN_FILE_BYTES = 8 * 1024 * 1024;

/**
 * The run's folder with every file read, when its format keeps a run in a folder of small regular files; null when
 * it does not, or when anything there needs the file-by-file path (a link, a large file, an error), which then
 * reports it as usual.
 */
export async function readRunFiles(fs: FileSource, run: RunSummary): Promise<RunFiles | null> {
  if (!FOLDER_FORMATS.has(run.format) || fs.readFolder === undefined) return null;
  const folder = await fs.readFolder(run.path, MAX_RUN_FILE_BYTES);
  if (folder === null) return null;
  const bytes = new Map([...folder.files].map(([name, contents]) => [joinPath(run.path, name), contents]));
  return { dir: run.path, entries: folder.entries, bytes };
}

/** `fs`, answering listings and reads of the run's files from what was already read; everything else goes to `fs`. */
export function withRunFiles(fs: FileSource, files: RunFiles): FileSource {
  return {
    list: (path: string): Promise<DirEntry[]> => (path === files.dir ? Promise.resolve(files.entries) : fs.list(path)),
    stat: (path: string): Promise<FileStat | null> => fs.stat(path),
    read: (path: string, maxBytes: number = MAX_READ_BYTES): Promise<Uint8Array> => {
      const bytes = files.bytes.get(path);
      if (!bytes) return fs.read(path, maxBytes);
      // Refused as the file source refuses it: the reader's bound holds whoever read the file.
      if (bytes.length > maxBytes) return Promise.reject(new FileRefusedError(`file is larger than ${megabytesText(maxBytes)}; not read`));
      return Promise.resolve(bytes);
    },
    readHead: (path: string, maxBytes: number): Promise<Uint8Array> => {
      const bytes = files.bytes.get(path);
      return bytes ? Promise.resolve(bytes.subarray(0, maxBytes)) : fs.readHead(path, maxBytes);
    },
    readStream: (path: string): AsyncIterable<Uint8Array> => {
      const bytes = files.bytes.get(path);
      if (!bytes) return fs.readStream(path);
      return (async function* () {
        yield bytes;
      })();
    },
    writeAtomic: (path: string, data: Uint8Array): Promise<void> => fs.writeAtomic(path, data),
    describe: (path: string): string => fs.describe(path),
  };
}
