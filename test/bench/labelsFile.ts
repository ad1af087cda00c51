import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { newLabelRecord, newReviewRecord, recordJson } from '../../src/core/triage/labelRecord';
import { LABELS_PATH } from '../../src/core/triage/labelStore';
import { TRIAGE_CODES } from '../../src/core/triage/taxonomy';

// A labels file of a given size, as a team writes one over months: every item labelled, relabelled and reviewed
// about four times in all by a few annotators, with notes. Written line by line.

const LANGUAGES = ['jpn', 'cmn', 'hin', 'spa', 'fra', 'tha'];
const ANNOTATORS = ['Ana', 'Bo', 'Chen', 'Dana'];
const NOTE = 'The translated task names the meeting room differently from the oracle; the agent searched for it twice.';

/** Writes `<dir>/.trajectory-lens/labels.jsonl` of about `megabytes` MB; returns how many records it holds. */
export function writeLabelsFile(dir: string, megabytes: number): number {
  mkdirSync(join(dir, '.trajectory-lens'), { recursive: true });
  const fd = openSync(join(dir, LABELS_PATH), 'w');
  const start = Date.UTC(2025, 0, 1);
  try {
    let written = 0;
    let count = 0;
    let lines: string[] = [];
    while (written < megabytes * 1024 * 1024) {
      const itemIndex = Math.floor(count / 4);
      const item = { group: `agent-a/execution/scn_${String(itemIndex >> 3).padStart(6, '0')}`, language: LANGUAGES[itemIndex % 6] as string, run: itemIndex % 2 === 0 ? null : 1 + (itemIndex % 3) };
      const code = TRIAGE_CODES[count % TRIAGE_CODES.length] as (typeof TRIAGE_CODES)[number];
      const input = { item, code, note: `${NOTE} (${count})`, annotator: ANNOTATORS[count % 4] as string, tool: 'trajectory-lens bench', at: new Date(start + count * 60_000) };
      const record = count % 4 === 3 ? newReviewRecord({ ...input, verdict: 'confirm' }) : newLabelRecord(input);
      const line = `${JSON.stringify(recordJson(record))}\n`;
      lines.push(line);
      written += Buffer.byteLength(line);
      count++;
      if (lines.length === 1000) {
        writeSync(fd, lines.join(''));
        lines = [];
      }
    }
    writeSync(fd, lines.join(''));
    return count;
  } finally {
    closeSync(fd);
  }
}
