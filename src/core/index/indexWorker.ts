// Entry of an index worker thread (bundled as dist/indexWorker.js): walks the subtrees it is sent and posts back the
// runs and diagnostics found there, or checks the runs it is sent and posts back their problems. Files are read
// through the same NodeFileSource rules as on the calling thread (regular files only, size bounds, nothing reached
// through a link out of the run directory), with the readers tuned by the same configuration.
import { workerData } from 'node:worker_threads';
import { readers as registeredReaders } from '../formats/registry';
import type { RunSummary } from '../model';
import { NodeFileSource } from '../nodeFileSource';
import { serveRequests } from '../workers/workerPool';
import { checkRunFiles } from './checkRunFiles';
import { loadConfig } from './config';
import { readersFor } from './configuredReaders';
import { IndexCache } from './indexCache';
import type { IndexWorkerData, IndexWorkerReplyText, IndexWorkerRequest } from './indexWorkerProtocol';
import { walkSubtrees } from './walkOnWorkers';

const { root, config: given, cache } = workerData as IndexWorkerData;
const fs = new NodeFileSource(root);
const tuned = (given === null ? loadConfig(fs, registeredReaders.map((r) => r.format)) : Promise.resolve({ config: given })).then(
  ({ config }) => ({ config, readers: readersFor(config) }),
);
/**
 * Runs checked at once: one. The local disk is read with synchronous calls, so several runs in flight overlap no
 * waiting; they only keep more alive at once (measured 5–8% more CPU time with 8).
 */
const CHECK_CONCURRENCY = 1;

serveRequests<IndexWorkerRequest, IndexWorkerReplyText>(async (request) => {
  const { config, readers } = await tuned;
  if (request.kind === 'check') {
    const runs = JSON.parse(request.runs) as RunSummary[];
    return JSON.stringify(await checkRunFiles(fs, runs, readers, { concurrency: CHECK_CONCURRENCY }));
  }
  return JSON.stringify(await walkSubtrees(fs, request.starts, { readers, config, cache: cache ? IndexCache.empty(fs) : undefined }));
});
