// Worker threads for file-bound work (search, indexing): reading and checking thousands of small files is done one
// file at a time by one thread, so the work is cut into requests that a few workers serve side by side. Only where
// the worker script was built beside this code (dist/<name>.js) and there is more than one core; elsewhere (a
// virtual workspace, tests running the sources) the caller does the work on its own thread.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { parentPort, Worker } from 'node:worker_threads';

/** Where work can run on worker threads: the worker script and how many workers. */
export interface WorkerThreads {
  script: string;
  count: number;
}

/**
 * The worker script `name` bundled beside this code, with `count` workers (one per core by default); null where there
 * is no such script or fewer than two workers would run.
 */
export function bundledWorkers(name: string, count = availableParallelism()): WorkerThreads | null {
  const script = join(__dirname, `${name}.js`);
  return count > 1 && existsSync(script) ? { script, count } : null;
}

interface Envelope<T> {
  id: number;
  body?: T;
  error?: string;
}

interface Pending<Reply> {
  resolve(reply: Reply): void;
  reject(error: Error): void;
}

interface PoolWorker<Reply> {
  worker: Worker;
  pending: Map<number, Pending<Reply>>;
  /** Set once the worker failed or stopped: it answers nothing more. */
  stopped: boolean;
}

/** Workers started with `data`; each request goes to the running worker with the fewest in hand. */
export class WorkerPool<Request, Reply> {
  private readonly workers: PoolWorker<Reply>[];
  private nextId = 0;

  constructor(threads: WorkerThreads, data: unknown) {
    this.workers = Array.from({ length: threads.count }, () => {
      const entry: PoolWorker<Reply> = { worker: new Worker(threads.script, { workerData: data }), pending: new Map(), stopped: false };
      entry.worker.on('message', (reply: Envelope<Reply>) => {
        const pending = entry.pending.get(reply.id);
        entry.pending.delete(reply.id);
        if (reply.error !== undefined) pending?.reject(new Error(reply.error));
        else pending?.resolve(reply.body as Reply);
      });
      const fail = (error: Error): void => {
        entry.stopped = true;
        for (const pending of entry.pending.values()) pending.reject(error);
        entry.pending.clear();
      };
      entry.worker.on('error', fail);
      entry.worker.on('exit', () => fail(new Error('worker thread stopped')));
      return entry;
    });
  }

  /** How many workers were started. */
  get size(): number {
    return this.workers.length;
  }

  /** The worker's reply; rejects when the worker fails or stops, or when every worker has. */
  run(request: Request): Promise<Reply> {
    const running = this.workers.filter((w) => !w.stopped);
    // A request posted to a stopped worker would never be answered.
    if (running.length === 0) return Promise.reject(new Error('every worker thread stopped'));
    const entry = running.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      entry.pending.set(id, { resolve, reject });
      entry.worker.postMessage({ id, body: request } satisfies Envelope<Request>);
    });
  }

  /** Stops every worker: work that ended or was cancelled leaves none behind. */
  async close(): Promise<void> {
    await Promise.all(this.workers.map(({ worker }) => worker.terminate()));
  }
}

/** In a worker script: answers each request with `handle`'s reply, or with the error it threw. */
export function serveRequests<Request, Reply>(handle: (request: Request) => Promise<Reply>): void {
  parentPort?.on('message', (message: Envelope<Request>) => {
    handle(message.body as Request).then(
      (body) => parentPort?.postMessage({ id: message.id, body } satisfies Envelope<Reply>),
      (error: unknown) => parentPort?.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) } satisfies Envelope<Reply>),
    );
  });
}
