import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { zipArchive, type ZipInput } from '../../scripts/examples/inspect/zipWriter';
import { openZip } from '../../src/core/formats/inspect/zip/zipArchive';
import { NodeFileSource } from '../../src/core/nodeFileSource';

// An Inspect .eval log of a given size: the example log's header, and its first sample repeated with its conversation
// copied to about 100 kB (real samples with tool calls and events are 50 kB to a few MB), each with its own id and a
// summary. Entries are stored, not deflated, so that the file has the size asked for without gigabytes to compress.

const EXAMPLE = join(__dirname, '../../examples/inspect/logs');
const SAMPLE_BYTES = 100_000;
export const EVAL_FILE = 'logs/bench.eval';

type Json = Record<string, unknown>;

async function exampleEntries(): Promise<Map<string, Json | Json[]>> {
  const name = readdirSync(EXAMPLE).find((n) => n.endsWith('.eval')) as string;
  const { archive } = await openZip(new NodeFileSource(EXAMPLE), name);
  if (archive === null) throw new Error('the example .eval log cannot be read');
  const read = await archive.read([...archive.entries.keys()], 64 * 1024 * 1024);
  return new Map([...read].map(([entry, { bytes }]) => [entry, JSON.parse(Buffer.from(bytes ?? []).toString('utf8')) as Json]));
}

/** Writes `<dir>/logs/bench.eval` of about `megabytes` MB; returns how many samples it holds. */
export async function writeInspectEval(dir: string, megabytes: number): Promise<number> {
  const entries = await exampleEntries();
  const sampleName = [...entries.keys()].find((n) => n.startsWith('samples/')) as string;
  const sample = entries.get(sampleName) as Json & { messages: unknown[] };
  const summary = (entries.get('summaries.json') as Json[])[0] as Json;
  const repeat = Math.max(1, Math.round(SAMPLE_BYTES / JSON.stringify(sample).length));
  const messages = Array.from({ length: repeat }, () => sample.messages).flat();
  const count = Math.max(1, Math.round((megabytes * 1024 * 1024) / JSON.stringify({ ...sample, messages }).length));
  const inputs: ZipInput[] = [];
  const summaries: Json[] = [];
  for (let k = 0; k < count; k++) {
    const id = `q${k}-${k % 2 === 0 ? 'eng' : 'jpn'}`;
    inputs.push({ name: `samples/${id}_epoch_1.json`, text: JSON.stringify({ ...sample, id, epoch: 1, messages }), stored: true });
    summaries.push({ ...summary, id, epoch: 1 });
  }
  inputs.push({ name: 'summaries.json', text: JSON.stringify(summaries), stored: true });
  inputs.push({ name: 'header.json', text: JSON.stringify(entries.get('header.json')), stored: true });
  mkdirSync(join(dir, 'logs'), { recursive: true });
  writeFileSync(join(dir, EVAL_FILE), zipArchive(inputs));
  return count;
}
