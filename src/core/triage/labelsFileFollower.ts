import type { FileSource, FileStat } from '../fileSource';
import { LABELS_PATH, readLabels, type LabelFile } from './labelStore';

// Keeps one run directory's labels file read while other windows and the CLI append to it. File watchers are not
// enough on their own: a watcher that has not started yet, or one on a network file system, misses writes; and a
// burst of events (create, then change) must not cost a read each or let an older read land last. So reads are
// serialised, a request during a read makes exactly one more read after it, and `check` compares the file's size and
// time with those of the last read so a periodic call catches what the watcher missed.

export class LabelsFileFollower {
  private running: Promise<void> | undefined;
  private pending = false;
  private disposed = false;
  /** Size and time of the file as the last read began; undefined before the first read. */
  private seen: string | undefined;

  constructor(
    private readonly fs: FileSource,
    private readonly onRead: (file: LabelFile) => void,
  ) {}

  /** Reads the file again; resolves once a read that began after this call has been handed over. */
  request(): Promise<void> {
    if (this.disposed) return Promise.resolve();
    this.pending = true;
    this.running ??= this.readWhilePending();
    return this.running;
  }

  /** Reads the file again if it changed since the last read began. */
  async check(): Promise<void> {
    if (this.running !== undefined || this.seen === undefined) return;
    if (fingerprint(await this.statOrNull()) !== this.seen) await this.request();
  }

  /** No reads are handed over after this. */
  dispose(): void {
    this.disposed = true;
  }

  private async readWhilePending(): Promise<void> {
    try {
      while (this.pending && !this.disposed) {
        this.pending = false;
        const before = fingerprint(await this.statOrNull());
        const file = await readLabels(this.fs);
        if (this.disposed) return;
        this.seen = before;
        this.onRead(file);
      }
    } finally {
      // Cleared with no await after the last look at `pending`, so a request cannot fall between the two.
      this.running = undefined;
    }
  }

  private async statOrNull(): Promise<FileStat | null> {
    try {
      return await this.fs.stat(LABELS_PATH);
    } catch {
      return null;
    }
  }
}

function fingerprint(stat: FileStat | null): string {
  return stat === null ? 'missing' : `${stat.type} ${stat.size} ${stat.mtime}`;
}
