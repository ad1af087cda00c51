// Regenerates examples/gaia2-multilingual (run directories, ground-truth.json, README.md, trajectory-lens.json) and the other examples. Deterministic:
// running it twice leaves byte-identical files. Usage: npx tsx scripts/generate-examples.ts  (or npm run examples)

import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeAreExample } from './examples/are/writeAreExample';
import { writeCanonicalExample } from './examples/canonical/canonicalExample';
import { exampleReadme } from './examples/exampleReadme';
import { buildGroundTruth } from './examples/groundTruth';
import { writeInspectExample } from './examples/inspect/writeInspectExample';
import { writeMultilingualExample } from './examples/multilingualExample';
import { writePolyworkExample } from './examples/polywork/writePolyworkExample';
import { writeTau2SeatauExample, writeTau2VoiceExample } from './examples/tau2';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'examples', 'gaia2-multilingual');
const example = writeMultilingualExample(root);
const truth = buildGroundTruth(example);
writeFileSync(join(root, 'ground-truth.json'), `${JSON.stringify(truth, null, 2)}\n`);
writeFileSync(join(root, 'README.md'), exampleReadme(truth));
// The ground truth documents the example and is not a run: the run directory's own config keeps it out of the index.
writeFileSync(join(root, 'trajectory-lens.json'), `${JSON.stringify({ baseline: 'eng', exclude: ['ground-truth.json'] }, null, 2)}\n`);
console.log(
  `examples/gaia2-multilingual: ${example.runs.length} runs, ${truth.phenomena.length} planted phenomena, ` +
    `${truth.expectedRegressions.length} expected regressions, ${truth.expectedDiagnostics.length} expected diagnostics`,
);
console.log(writeTau2SeatauExample(join(root, '..', 'tau2-seatau')));
console.log(writeTau2VoiceExample(join(root, '..', 'tau2-voice')));
console.log(`examples/are-traces: ${writeAreExample(join(root, '..', 'are-traces')).length} runs`);
console.log(`examples/canonical: ${writeCanonicalExample(join(root, '..', 'canonical'))} runs`);
console.log(writePolyworkExample(join(root, '..', 'polywork')));
console.log(writeInspectExample(join(root, '..', 'inspect')));
