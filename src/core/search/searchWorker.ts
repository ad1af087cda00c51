// Entry of a search worker thread (bundled as dist/searchWorker.js): scans chunks of runs of one run directory for
// one query and posts back each run's matches. Files are read through the same NodeFileSource rules as on the main
// thread (regular files only, size bounds, nothing reached through a link out of the run directory).
import { workerData } from 'node:worker_threads';
import { configuredReaders } from '../index/configuredReaders';
import type { RunSummary } from '../model';
import { NodeFileSource } from '../nodeFileSource';
import type { SearchQuery } from './parseQuery';
import { needlesOf } from './rawPrefilter';
import { inOrder, scanRun } from './scanRun';
import { serveRequests } from '../workers/workerPool';
import type { ChunkReply, ChunkRequest, SearchWorkerData } from './searchWorkerPool';

/** Runs of a chunk loading at once, as on the main thread. */
const CONCURRENCY = 16;

const { root, query } = workerData as SearchWorkerData;
const fs = new NodeFileSource(root);
const readers = configuredReaders(fs);
const needles = needlesOf((query as SearchQuery).stepTerms);

serveRequests<ChunkRequest, ChunkReply>(async (runs) => {
  const loaded = await readers;
  const scan = (run: RunSummary) => scanRun(fs, run, query.stepTerms, needles, loaded);
  const reply: ChunkReply = [];
  for await (const matches of inOrder(runs, CONCURRENCY, scan)) reply.push(matches);
  return reply;
});
