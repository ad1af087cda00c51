// The floors the CLI is measured against, as a plain Node script (`node floors.mjs index|load|cat <dir>`): the least work
// any tool must do to get the same answers from the same files.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Walks the tree and synchronously reads and parses every result.json: the bytes an index truly needs. */
function indexFloor(dir) {
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) count += indexFloor(path);
    else if (entry.name === 'result.json') {
      JSON.parse(readFileSync(path, 'utf8'));
      count++;
    }
  }
  return count;
}

/** Reads every file of the runs under `dir` and parses each JSON document or JSON line: what loading them needs. */
function loadFloor(dir) {
  let values = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) values += loadFloor(path);
    else if (entry.name.endsWith('.json')) {
      JSON.parse(readFileSync(path, 'utf8'));
      values++;
    } else if (entry.name.endsWith('.jsonl')) {
      for (const line of readFileSync(path, 'utf8').split('\n')) {
        if (line.trim() !== '') {
          JSON.parse(line);
          values++;
        }
      }
    }
  }
  return values;
}

/** Reads every file of the runs under `dir`, like `cat` of each: what checking every file must at least read. */
function catFloor(dir) {
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    // Hidden: not the runs' (our own index cache, the bench's marker).
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) bytes += catFloor(path);
    else if (entry.isFile()) bytes += readFileSync(path).length;
  }
  return bytes;
}

const FLOORS = { index: indexFloor, load: loadFloor, cat: catFloor };
const [kind, dir] = process.argv.slice(2);
if (dir === undefined || !(kind in FLOORS)) throw new Error('usage: floors.mjs index|load|cat <dir>');
console.log(FLOORS[kind](dir));
