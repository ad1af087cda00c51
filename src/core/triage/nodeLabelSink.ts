import { constants } from 'node:fs';
import { lstat, mkdir, open, realpath, writeFile, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { withFileLock, type LockOptions } from './fileLock';
import { LABELS_DIRECTORY, LABELS_PATH, type LabelSink } from './labelStore';

// Appends label lines on local disk: O_APPEND, one write call per line, under the labels file's lock.

// O_NOFOLLOW: a labels.jsonl that is a link is refused, never appended through. O_NONBLOCK: a FIFO put in its place
// opens at once and is refused by the type check instead of blocking the write.
const APPEND_FLAGS = constants.O_RDWR | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW | constants.O_NONBLOCK;

export class LabelsRefusedError extends Error {}

// Lets git merge two branches that both appended labels by keeping both sides' lines (records carry unique ids).
const GIT_ATTRIBUTES = 'labels.jsonl merge=union\n';

async function endsInNewline(handle: FileHandle): Promise<boolean> {
  const { size } = await handle.stat();
  if (size === 0) return true;
  const last = Buffer.alloc(1);
  await handle.read(last, 0, 1, size - 1);
  return last[0] === 0x0a;
}

// One write() of the whole buffer: with O_APPEND the kernel puts it at the end of the file in one piece. Only an
// interrupted write (disk full, signal) returns short; the rest follows while the lock is still held.
async function appendAll(handle: FileHandle, data: Buffer): Promise<void> {
  let offset = 0;
  while (offset < data.length) {
    const { bytesWritten } = await handle.write(data, offset, data.length - offset, null);
    offset += bytesWritten;
  }
}

export class NodeLabelSink implements LabelSink {
  private readonly file: string;

  /** `runDirectory` is the absolute path of the opened run directory. */
  constructor(
    readonly runDirectory: string,
    private readonly lockOptions: LockOptions = {},
  ) {
    this.file = join(runDirectory, LABELS_PATH);
  }

  /**
   * The `.trajectory-lens` folder, created when missing: a real folder directly in the run directory. A link in its
   * place (to a folder elsewhere) is refused, so no label, lock or attributes file is written outside the run directory.
   */
  private async sidecarDirectory(): Promise<string> {
    const directory = join(this.runDirectory, LABELS_DIRECTORY);
    await mkdir(directory).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    });
    const info = await lstat(directory);
    if (!info.isDirectory()) {
      const what = info.isSymbolicLink() ? 'a symbolic link' : 'not a folder';
      throw new LabelsRefusedError(`${directory} is ${what}; labels are only written to a real ${LABELS_DIRECTORY} folder in the run directory`);
    }
    const [real, root] = await Promise.all([realpath(directory), realpath(this.runDirectory)]);
    if (real !== join(root, LABELS_DIRECTORY)) throw new LabelsRefusedError(`${directory} leads outside the run directory; nothing written`);
    return directory;
  }

  describe(): string {
    return this.file;
  }

  async appendLine(line: string): Promise<void> {
    if (!line.endsWith('\n') || line.indexOf('\n') !== line.length - 1) {
      throw new Error('a label record must be exactly one line ending in a newline');
    }
    const directory = await this.sidecarDirectory();
    // Written once; when it exists already (or cannot be written) labels work the same, only merges need care.
    await writeFile(join(directory, '.gitattributes'), GIT_ATTRIBUTES, { flag: 'wx' }).catch(() => undefined);
    await withFileLock(
      `${this.file}.lock`,
      async () => {
        // Read and write: reads at any offset, every write goes to the end of the file.
        const handle = await open(this.file, APPEND_FLAGS, 0o666).catch((error: unknown) => {
          if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw new LabelsRefusedError(`${this.file} is a symbolic link; labels are never written through links`);
          throw error;
        });
        try {
          const info = await handle.stat();
          if (!info.isFile()) throw new LabelsRefusedError(`${this.file} is not a regular file; nothing written`);
          // A hard link shares its content with another path, which may lie outside the run directory.
          if (info.nlink > 1) {
            throw new LabelsRefusedError(`${this.file} has ${info.nlink} hard links; labels are never written into a file shared with another path`);
          }
          const data = Buffer.from((await endsInNewline(handle)) ? line : `\n${line}`, 'utf8');
          await appendAll(handle, data);
          // Reported as saved only once it is on disk.
          await handle.datasync();
        } finally {
          await handle.close();
        }
      },
      this.lockOptions,
    );
  }
}
