import { closeSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';

// A tau2-bench results file of a given size, in the "json" format (one results.json holding info, tasks and every
// simulation inline), written as tau2-bench writes it: indented, keys in its order. Its simulations are the example
// airline run in Thai with the conversation repeated to about 50 kB each (real ones are 50–150 kB), each with its own
// id, task and trial, every tenth one failed. Written piece by piece: a 1 GB file is never one string.

const TEMPLATE = join(__dirname, '../../examples/tau2-seatau/data/simulations/20250612_113000_airline_th_gpt-4.1_gpt-4.1/results.json');
export const TAU2_RUN = '20250612_113000_airline_th_gpt-4.1_gpt-4.1';
const SIMULATION_BYTES = 50_000;
const TRIALS = 4;

interface Template {
  timestamp: unknown;
  info: unknown;
  tasks: Array<{ id: string }>;
  simulations: Array<Record<string, unknown> & { messages: unknown[]; reward_info: Record<string, unknown> }>;
}

function indented(value: unknown, depth: number): string {
  return JSON.stringify(value, null, 2).replaceAll('\n', `\n${'  '.repeat(depth)}`);
}

/** The id `show` is asked for in the bench: the file's last simulation, the farthest from its start. */
export function tau2RunId(simulations: number): string {
  return `${TAU2_RUN}#sim-${simulations - 1}`;
}

/** Writes `<dir>/<run>/results.json` of about `megabytes` MB; returns how many simulations it holds. */
export function writeTau2Results(dir: string, megabytes: number): number {
  const template = JSON.parse(readFileSync(TEMPLATE, 'utf8')) as Template;
  const runDir = join(dir, TAU2_RUN);
  mkdirSync(runDir, { recursive: true });
  const base = template.simulations[0] as Template['simulations'][number];
  const repeat = Math.max(1, Math.round(SIMULATION_BYTES / JSON.stringify(base).length));
  const messages = Array.from({ length: repeat }, () => base.messages).flat();
  const tasks = Array.from({ length: 200 }, (_, k) => ({ ...(template.tasks[k % template.tasks.length] as object), id: `task-${k}` }));
  const fd = openSync(join(runDir, 'results.json'), 'w');
  try {
    const head = { timestamp: template.timestamp, info: template.info, tasks };
    writeSync(fd, `${JSON.stringify(head, null, 2).slice(0, -2)},\n  "simulations": [`);
    let written = 0;
    let count = 0;
    while (written < megabytes * 1024 * 1024) {
      const failed = count % 10 === 9;
      const simulation = {
        ...base,
        id: `sim-${count}`,
        task_id: `task-${Math.floor(count / TRIALS) % tasks.length}`,
        trial: count % TRIALS,
        messages,
        reward_info: { ...base.reward_info, reward: failed ? 0 : 1 },
      };
      const text = `${count === 0 ? '' : ','}\n    ${indented(simulation, 2)}`;
      writeSync(fd, text);
      written += Buffer.byteLength(text);
      count++;
    }
    writeSync(fd, '\n  ]\n}\n');
    return count;
  } finally {
    closeSync(fd);
  }
}
