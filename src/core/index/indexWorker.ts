// Entry of an index worker thread (bundled as dist/indexWorker.js): walks the subtrees it is sent and posts back the
// runs and diagnostics found there, or checks the runs it is sent and posts back their problems. Files are read
// through the same NodeFileSource rules as on the calling thread (regular files only, size bounds, nothing reached
// through a link out of the run directory), with the readers tuned by the same configuration.
import { workerData } from 'node:worker_threads';
import type { RunSummary } from '../model';
import { NodeFileSource } from '../nodeFileSource';
import { serveRequests } from '../workers/workerPool';
import { checkRunFiles } from './checkRunFiles';
import { readersFor } from './configuredReaders';
import { IndexCache } from './indexCache';
import type { IndexWorkerData, IndexWorkerReplyText, IndexWorkerRequest } from './indexWorkerProtocol';
import { walkSubtrees } from './walkOnWorkers';

const { root, config, cache } = workerData as IndexWorkerData;
const fs = new NodeFileSource(root);
const readers = readersFor(config);

serveRequests<IndexWorkerRequest, IndexWorkerReplyText>(async (request) => {
  if (request.kind === 'check') return JSON.stringify(await checkRunFiles(fs, JSON.parse(request.runs) as RunSummary[], readers));
  return JSON.stringify(await walkSubtrees(fs, request.starts, { readers, config, cache: cache ? IndexCache.empty(fs) : undefined }));
});
