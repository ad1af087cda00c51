// The files of one run as the prefilter read them, handed on to the run's reader so it does not read them again.
import type { DirEntry, FileSource, FileStat } from '../fileSource';

export interface RunFiles {
  /** The run folder's listing. */
  dir: string;
  entries: DirEntry[];
  /** Contents by path relative to the run directory. */
  bytes: Map<string, Uint8Array>;
}

/** `fs`, answering listings and reads of the run's files from what was already read; everything else goes to `fs`. */
export function withRunFiles(fs: FileSource, files: RunFiles): FileSource {
  return {
    list: (path: string): Promise<DirEntry[]> => (path === files.dir ? Promise.resolve(files.entries) : fs.list(path)),
    stat: (path: string): Promise<FileStat | null> => fs.stat(path),
    read: (path: string): Promise<Uint8Array> => {
      const bytes = files.bytes.get(path);
      return bytes ? Promise.resolve(bytes) : fs.read(path);
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
