// Entry of an index worker thread (bundled as dist/indexWorker.js): walks the subtrees it is sent and posts back the
// runs and diagnostics found there. Files are read through the same NodeFileSource rules as on the calling thread
// (regular files only, size bounds, nothing reached through a link out of the run directory).
import { workerData } from 'node:worker_threads';
import { NodeFileSource } from '../nodeFileSource';
import { serveRequests } from '../workers/workerPool';
import { readersFor } from './configuredReaders';
import { IndexCache } from './indexCache';
import { walkSubtrees, type IndexWorkerData, type SubtreesReplyText, type SubtreesRequest } from './walkOnWorkers';

const { root, config, cache } = workerData as IndexWorkerData;
const fs = new NodeFileSource(root);
const readers = readersFor(config);

serveRequests<SubtreesRequest, SubtreesReplyText>(async (starts) =>
  JSON.stringify(await walkSubtrees(fs, starts, { readers, config, cache: cache ? IndexCache.empty(fs) : undefined })),
);
