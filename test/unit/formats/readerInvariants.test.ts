import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FileSource } from '../../../src/core/fileSource';
import type { FormatReader } from '../../../src/core/formats/reader';
import { readers } from '../../../src/core/formats/registry';
import { buildIndex } from '../../../src/core/index/buildIndex';
import { loadTrajectory } from '../../../src/core/index/loadTrajectory';
import type { Diagnostic, RunSummary, Step, Trajectory } from '../../../src/core/model';
import { NodeFileSource } from '../../../src/core/nodeFileSource';
import { seededRandom } from '../../../src/core/triage/seededRandom';
import { MemoryFileSource } from '../../fixtures/memoryFileSource';

// Every registered reader, on every fixture and example of its format and on randomly damaged copies of them, must
// produce the canonical model the views rely on — and never throw.

const ROOT = join(__dirname, '../../..');
const CORPORA = ['test/fixtures', 'examples'].map((p) => join(ROOT, p));
const OUTCOMES = new Set(['pass', 'fail', 'infra', 'unknown']);
const SEED = 20250611;
const SAMPLE_RUNS = 3;
const TRIALS_PER_KIND = 5;
const HUGE = 50_000;

// ---- invariants -------------------------------------------------------------------------------------------------

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const stringOrNull = (v: unknown): boolean => v === null || typeof v === 'string';
const numberOrNull = (v: unknown): boolean => v === null || (typeof v === 'number' && Number.isFinite(v));
const booleanOrNull = (v: unknown): boolean => v === null || typeof v === 'boolean';

function diagnosticProblems(diagnostics: readonly Diagnostic[], where: string): string[] {
  return diagnostics.flatMap((d, i) => {
    const problems: string[] = [];
    if (typeof d.path !== 'string') problems.push('path is not a string');
    if (!(d.line === null || (Number.isInteger(d.line) && d.line >= 1))) problems.push(`line ${String(d.line)}`);
    if (!(d.column === undefined || d.column === null || (Number.isInteger(d.column) && d.column >= 1))) problems.push(`column ${String(d.column)}`);
    if (typeof d.message !== 'string' || d.message === '') problems.push('empty message');
    if (d.severity !== 'error' && d.severity !== 'warning') problems.push(`severity ${String(d.severity)}`);
    return problems.map((p) => `${where} diagnostic ${i}: ${p}`);
  });
}

function runProblems(run: RunSummary, format: string): string[] {
  const problems: string[] = [];
  if (run.format !== format) problems.push(`format ${run.format}`);
  if (!OUTCOMES.has(run.outcome)) problems.push(`outcome ${String(run.outcome)}`);
  if ((run.failureFamily === null) !== (run.outcome === 'pass')) problems.push(`failureFamily ${String(run.failureFamily)} with outcome ${run.outcome}`);
  if (run.outcome === 'pass' && run.failureReason !== null) problems.push('a passing run has a failure reason');
  if (!Number.isInteger(run.runIndex) || run.runIndex < 0) problems.push(`runIndex ${run.runIndex}`);
  if (typeof run.scenarioId !== 'string' || run.scenarioId === '') problems.push('empty scenarioId');
  if (typeof run.language !== 'string' || run.language === '') problems.push('empty language');
  if (!numberOrNull(run.score)) problems.push(`score ${String(run.score)}`);
  for (const key of ['capability', 'failureReason', 'model', 'agent', 'setting'] as const) if (!stringOrNull(run[key])) problems.push(`${key} is not a string or null`);
  return problems.map((p) => `${run.id}: ${p}`);
}

function stepProblems(step: Step): string[] {
  if (step.kind === 'message') {
    const problems: string[] = [];
    if (!['user', 'assistant', 'system'].includes(step.role)) problems.push(`role ${String(step.role)}`);
    if (typeof step.text !== 'string') problems.push('text is not a string');
    if (!stringOrNull(step.reasoning) || !numberOrNull(step.time)) problems.push('reasoning or time of the wrong type');
    return problems;
  }
  if (step.kind !== 'tool_call') return [`kind ${String((step as { kind: unknown }).kind)}`];
  const problems: string[] = [];
  if (typeof step.tool !== 'string' || step.tool === '') problems.push('tool is not a non-empty string');
  if (!isPlainObject(step.args)) problems.push('args is not an object');
  if (typeof step.fn !== 'string' || !stringOrNull(step.app)) problems.push('app or fn of the wrong type');
  if (typeof step.write !== 'boolean') problems.push('write is not a boolean');
  if (!stringOrNull(step.error) || !stringOrNull(step.reasoning) || !stringOrNull(step.callId) || !numberOrNull(step.time)) {
    problems.push('error, reasoning, callId or time of the wrong type');
  }
  if (!(step.requestor === null || step.requestor === 'assistant' || step.requestor === 'user')) problems.push(`requestor ${String(step.requestor)}`);
  return problems;
}

function trajectoryProblems(t: Trajectory, run: RunSummary): string[] {
  const problems: string[] = [];
  if (t.run.id !== run.id) problems.push(`run ${t.run.id}`);
  if (!stringOrNull(t.task) || !stringOrNull(t.finalAnswer)) problems.push('task or finalAnswer of the wrong type');
  t.steps.forEach((step, i) => problems.push(...stepProblems(step).map((p) => `step ${i}: ${p}`)));
  const oracleIds = new Set<string>();
  for (const event of t.oracle) {
    if (oracleIds.has(event.id)) problems.push(`oracle id ${event.id} twice`);
    oracleIds.add(event.id);
    if (typeof event.tool !== 'string' || !isPlainObject(event.args)) problems.push(`oracle ${event.id}: tool or args of the wrong type`);
  }
  for (const record of t.judge) {
    if (record.oracleId !== null && !oracleIds.has(record.oracleId)) problems.push(`judge names unknown oracle ${record.oracleId}`);
    if (typeof record.rationale !== 'string' || typeof record.llm !== 'boolean' || !booleanOrNull(record.matched)) problems.push('judge record of the wrong shape');
  }
  for (const check of t.checks) {
    if (typeof check.name !== 'string' || typeof check.detail !== 'string' || !booleanOrNull(check.passed)) problems.push(`check ${String(check.name)} of the wrong shape`);
  }
  try {
    expect(JSON.parse(JSON.stringify(t))).toEqual(t);
  } catch {
    problems.push('not plain JSON data');
  }
  problems.push(...diagnosticProblems(t.diagnostics, 'trajectory'));
  return problems.map((p) => `${run.id}: ${p}`);
}

interface Checked {
  runs: RunSummary[];
  problems: string[];
  diagnostics: number;
  /** The loaded trajectories as JSON text. */
  shown: string;
}

/** Indexes and loads everything of one reader's format under `fs`, collecting every broken invariant. */
async function check(fs: FileSource, reader: FormatReader): Promise<Checked> {
  const index = await buildIndex(fs, { readers: [reader] });
  const problems = [...diagnosticProblems(index.diagnostics, 'index'), ...index.runs.flatMap((r) => runProblems(r, reader.format))];
  const ids = index.runs.map((r) => r.id);
  if (new Set(ids).size !== ids.length) problems.push('run ids are not unique');
  let diagnostics = index.diagnostics.length;
  const trajectories: Trajectory[] = [];
  for (const run of index.runs) {
    const trajectory = await loadTrajectory(fs, run, { check: true }, [reader]);
    problems.push(...trajectoryProblems(trajectory, run));
    diagnostics += trajectory.diagnostics.length;
    trajectories.push(trajectory);
  }
  return { runs: index.runs, problems, diagnostics, shown: JSON.stringify(trajectories) };
}

// ---- damaged copies ---------------------------------------------------------------------------------------------

async function filesUnder(root: string, path: string): Promise<Map<string, Uint8Array>> {
  const out = new Map<string, Uint8Array>();
  const visit = async (relative: string): Promise<void> => {
    const entries = await readdir(join(root, relative), { withFileTypes: true }).catch(() => null);
    if (entries === null) {
      out.set(relative, await readFile(join(root, relative)));
      return;
    }
    for (const entry of entries) await visit(`${relative}/${entry.name}`);
  };
  await visit(path);
  return out;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Mutation = 'truncate' | 'retype' | 'remove' | 'huge';
const MUTATIONS: readonly Mutation[] = ['truncate', 'retype', 'remove', 'huge'];

/** Slots (container and key) of a JSON value, depth first, bounded. */
function slots(value: Json, into: Array<[Json[] | { [key: string]: Json }, string | number]> = []): typeof into {
  if (into.length > 5000 || value === null || typeof value !== 'object') return into;
  for (const [key, child] of Array.isArray(value) ? value.entries() : Object.entries(value)) {
    into.push([value, key]);
    slots(child, into);
  }
  return into;
}

function otherType(value: Json, pick: () => number): Json {
  const choices: Json[] = ['text', 42, true, null, ['a', 1], { k: 'v' }];
  const different = choices.filter((c) => typeof c !== typeof value || Array.isArray(c) !== Array.isArray(value) || (c === null) !== (value === null));
  return different[Math.floor(pick() * different.length)] ?? null;
}

/** Damages one JSON value in place; false when it has nothing to damage. */
function damage(value: Json, kind: Exclude<Mutation, 'truncate'>, pick: () => number): boolean {
  const all = slots(value);
  const slot = all[Math.floor(pick() * all.length)];
  if (!slot) return false;
  const [container, key] = slot;
  const current = (container as Record<string, Json>)[key as string] ?? null;
  if (kind === 'retype') (container as Record<string, Json>)[key as string] = otherType(current, pick);
  else if (kind === 'huge') (container as Record<string, Json>)[key as string] = Array.from({ length: HUGE }, (_, i) => (Array.isArray(current) ? (current[0] ?? i) : i));
  else if (Array.isArray(container)) container.splice(key as number, 1);
  else delete container[key as string];
  return true;
}

function isJsonLines(path: string): boolean {
  return path.endsWith('.jsonl');
}

/** Cuts a file so that what is left is not valid (the last line of a JSONL file, or the whole JSON file). */
function truncated(path: string, text: string, pick: () => number): string | null {
  for (let attempt = 0; attempt < 50; attempt++) {
    const cut = text.slice(0, 1 + Math.floor(pick() * (text.length - 1)));
    const last = isJsonLines(path) ? cut.slice(cut.lastIndexOf('\n') + 1) : cut;
    if (last.trim() === '') continue;
    try {
      JSON.parse(last);
    } catch {
      return cut;
    }
  }
  return null;
}

function mutated(path: string, text: string, kind: Mutation, pick: () => number): string | null {
  if (kind === 'truncate') return truncated(path, text, pick);
  if (isJsonLines(path)) {
    const lines = text.split('\n');
    const candidates = lines.map((l, i) => [l, i] as const).filter(([l]) => l.trim() !== '');
    const [line, at] = candidates[Math.floor(pick() * candidates.length)] ?? ['', -1];
    try {
      const value = JSON.parse(line) as Json;
      if (!damage(value, kind, pick)) return null;
      lines[at] = JSON.stringify(value);
      return lines.join('\n');
    } catch {
      return null;
    }
  }
  try {
    const value = JSON.parse(text) as Json;
    return damage(value, kind, pick) ? JSON.stringify(value, null, 1) : null;
  } catch {
    return null;
  }
}

async function corpusRuns(reader: FormatReader): Promise<Array<{ root: string; run: RunSummary }>> {
  const found: Array<{ root: string; run: RunSummary }> = [];
  for (const root of CORPORA) {
    const { runs } = await buildIndex(new NodeFileSource(root), { readers: [reader] });
    for (const run of runs) found.push({ root, run });
  }
  return found;
}

describe.each(readers.map((reader) => [reader.format, reader] as const))('%s reader', (_format, reader) => {
  it('produces the canonical model on every fixture and example of its format', async () => {
    let total = 0;
    const problems: string[] = [];
    for (const root of CORPORA) {
      const checked = await check(new NodeFileSource(root), reader);
      total += checked.runs.length;
      problems.push(...checked.problems.map((p) => `${root}: ${p}`));
    }
    expect(problems).toEqual([]);
    expect(total, 'runs of this format in test/fixtures and examples').toBeGreaterThan(0);
  }, 120_000);

  it('never throws on damaged copies (truncated, retyped, removed keys, huge arrays) and keeps every invariant', async () => {
    const pick = seededRandom(SEED);
    const all = await corpusRuns(reader);
    const samples = Array.from({ length: Math.min(SAMPLE_RUNS, all.length) }, () => all[Math.floor(pick() * all.length)]);
    const failures: string[] = [];
    for (const sample of samples) {
      if (!sample) continue;
      const files = await filesUnder(sample.root, sample.run.path);
      // Only files the reader reads can be expected to report damage (not, say, a task's output artifacts).
      const pristine = new MemoryFileSource(files);
      await check(pristine, reader);
      const targets = [...pristine.readWhole].filter((p) => /\.jsonl?$/.test(p)).sort();
      for (const kind of MUTATIONS) {
        for (let trial = 0; trial < TRIALS_PER_KIND; trial++) {
          const target = targets[Math.floor(pick() * targets.length)];
          const original = target === undefined ? undefined : files.get(target);
          if (target === undefined || original === undefined) continue;
          const text = mutated(target, new TextDecoder().decode(original), kind, pick);
          if (text === null) continue;
          const copy = new Map(files);
          copy.set(target, new TextEncoder().encode(text));
          const label = `${kind} ${target}`;
          try {
            const checked = await check(new MemoryFileSource(copy), reader);
            failures.push(...checked.problems.map((p) => `${label}: ${p}`));
            // A truncated file is either reported, or shown as the text it now is (an agent's output file, say).
            const tail = JSON.stringify(Array.from(text).slice(-16).join('')).slice(1, -1);
            if (kind === 'truncate' && checked.diagnostics === 0 && !checked.shown.includes(tail)) {
              failures.push(`${label}: a truncated file is neither reported nor shown as text`);
            }
          } catch (error) {
            failures.push(`${label}: threw ${error instanceof Error ? error.message : String(error)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
