import { mkdir, open, writeFile, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { withFileLock, type LockOptions } from './fileLock';
import { LABELS_DIRECTORY, LABELS_PATH, type LabelSink } from './labelStore';

// Appends label lines on local disk: O_APPEND, one write call per line, under the labels file's lock.

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

  describe(): string {
    return this.file;
  }

  async appendLine(line: string): Promise<void> {
    if (!line.endsWith('\n') || line.indexOf('\n') !== line.length - 1) {
      throw new Error('a label record must be exactly one line ending in a newline');
    }
    const directory = join(this.runDirectory, LABELS_DIRECTORY);
    await mkdir(directory, { recursive: true });
    // Written once; when it exists already (or cannot be written) labels work the same, only merges need care.
    await writeFile(join(directory, '.gitattributes'), GIT_ATTRIBUTES, { flag: 'wx' }).catch(() => undefined);
    await withFileLock(
      `${this.file}.lock`,
      async () => {
        // 'a+': reads at any offset, every write goes to the end of the file.
        const handle = await open(this.file, 'a+');
        try {
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
