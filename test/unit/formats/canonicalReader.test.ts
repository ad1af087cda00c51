import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DirEntry } from '../../../src/core/fileSource';
import {
  canonicalReader,
  CANONICAL_SCHEMA,
  KNOWN_FIELDS,
  RECORD_TYPES,
  REQUIRED_FIELDS,
} from '../../../src/core/formats/canonical';
import { buildIndex } from '../../../src/core/index/buildIndex';
import { loadTrajectory } from '../../../src/core/index/loadTrajectory';
import type { Diagnostic, RunSummary, Trajectory } from '../../../src/core/model';
import { NodeFileSource } from '../../../src/core/nodeFileSource';
import { tempTrees } from '../index/tempTree';

const ROOT = join(__dirname, '../../..');
const EXAMPLES = join(ROOT, 'examples/canonical');
const readers = [canonicalReader];

const tree = tempTrees();

const jsonl = (...lines: unknown[]): string => `${lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n')}\n`;
const header = (fields: Record<string, unknown> = {}): Record<string, unknown> => ({
  type: 'run',
  schema: CANONICAL_SCHEMA,
  id: 'r1',
  scenarioId: 'scn',
  outcome: 'pass',
  ...fields,
});

function table(runs: readonly RunSummary[]): string[] {
  return runs.map((r) => `${r.id} ${r.group} ${r.language} ${r.runIndex} ${r.outcome} ${r.failureFamily ?? '-'}`);
}

async function loadAll(fs: NodeFileSource): Promise<{ runs: RunSummary[]; diagnostics: Diagnostic[]; trajectories: Trajectory[] }> {
  const index = await buildIndex(fs, { readers });
  const trajectories = await Promise.all(index.runs.map((run) => loadTrajectory(fs, run, { check: true }, readers)));
  return { runs: index.runs, diagnostics: index.diagnostics, trajectories };
}

const messages = (diagnostics: readonly Diagnostic[]): string[] =>
  diagnostics.map((d) => `${d.path}:${d.line ?? '-'} ${d.severity} ${d.message}`);

describe('claimsDirectory', () => {
  const file = (name: string): DirEntry => ({ name, type: 'file' });
  const dir = (name: string): DirEntry => ({ name, type: 'directory' });
  it('claims any folder holding a *.trajectory.jsonl file, and leaf folders holding .jsonl files', () => {
    expect(canonicalReader.claimsDirectory([file('runs.trajectory.jsonl'), dir('eng')])).toBe(true);
    expect(canonicalReader.claimsDirectory([file('export.jsonl'), file('notes.md')])).toBe(true);
  });
  it('does not stop the walk at a folder of sub-folders that merely holds some .jsonl file', () => {
    expect(canonicalReader.claimsDirectory([file('export.jsonl'), dir('eng')])).toBe(false);
    expect(canonicalReader.claimsDirectory([file('results.json')])).toBe(false);
    expect(canonicalReader.claimsDirectory([dir('a.trajectory.jsonl')])).toBe(false);
  });
});

describe('the examples', () => {
  it('index into English and German runs of two scenarios, paired across both files', async () => {
    const { runs, diagnostics } = await loadAll(new NodeFileSource(EXAMPLES));
    expect(diagnostics).toEqual([]);
    expect(table(runs)).toEqual([
      'support-bot.trajectory.jsonl#refund-deu-1 refund_damaged_order deu 1 fail hard_check:eq_checker',
      'support-bot-retry.jsonl#refund-deu-2 refund_damaged_order deu 2 fail hard_check:eq_checker',
      'support-bot.trajectory.jsonl#refund-eng-1 refund_damaged_order eng 1 pass -',
      'support-bot-retry.jsonl#refund-eng-2 refund_damaged_order eng 2 pass -',
      'support-bot.trajectory.jsonl#tracking-deu-1 track_parcel deu 1 pass -',
      'support-bot-retry.jsonl#tracking-deu-2 track_parcel deu 2 infra infra',
      'support-bot.trajectory.jsonl#tracking-eng-1 track_parcel eng 1 pass -',
      'support-bot-retry.jsonl#tracking-eng-2 track_parcel eng 2 pass -',
    ]);
    expect(runs[0]).toMatchObject({ format: 'canonical', capability: 'refunds', model: 'support-bot-7b', score: 0 });
  });

  it('load with their steps, oracle events, judge records and checks, and no diagnostics', async () => {
    const { runs, trajectories } = await loadAll(new NodeFileSource(EXAMPLES));
    for (const t of trajectories) expect(t.diagnostics).toEqual([]);
    const deu = trajectories[runs.findIndex((r) => r.id.endsWith('#refund-deu-1'))];
    expect(deu?.steps.map((s) => (s.kind === 'message' ? `${s.role}` : `${s.tool}${s.write ? ' (write)' : ''}`))).toEqual([
      'user',
      'Orders__get_order',
      'Orders__refund (write)',
      'Chat__send_reply (write)',
      'assistant',
    ]);
    expect(deu?.steps[2]).toMatchObject({
      app: 'Orders',
      fn: 'refund',
      args: { order_id: 'A-1042', method: 'voucher', reason: 'damaged' },
      requestor: 'assistant',
      reasoning: '"Gutschrift" is a credit note, so I issue a voucher.',
    });
    expect(deu?.task).toBe('Meine Bestellung A-1042 kam beschädigt an. Bitte erstatten Sie mir den Betrag als Gutschrift auf meine Karte.');
    expect(deu?.finalAnswer).toBe('Ich habe Ihnen für die Bestellung A-1042 einen Gutschein über 39,90 EUR ausgestellt.');
    expect(deu?.oracle.map((o) => o.id)).toEqual(['o1', 'o2']);
    expect(deu?.judge.map((j) => `${j.oracleId} ${String(j.matched)} ${j.check} ${j.llm}`)).toEqual([
      'o1 false eq_checker:method false',
      'o2 false message_checker true',
    ]);
    expect(deu?.checks).toEqual([{ name: 'db_state', passed: false, detail: 'order A-1042: voucher issued, card not refunded' }]);
    const timedOut = trajectories[runs.findIndex((r) => r.id.endsWith('#tracking-deu-2'))];
    expect(timedOut?.steps[1]).toMatchObject({ tool: 'Shipping__track', error: 'ReadTimeout: tool server timed out after 60 s', result: null });
  });
});

describe('the documented schema', () => {
  it('is a JSON Schema whose record types, required and known fields are the reader’s', async () => {
    const schema = JSON.parse(await readFile(join(ROOT, 'docs/canonical-format.schema.json'), 'utf8')) as {
      $schema: string;
      oneOf: Array<{ $ref: string }>;
      $defs: Record<string, { required?: string[]; properties?: Record<string, { const?: string; enum?: unknown[] }> }>;
    };
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.oneOf.map((s) => s.$ref)).toEqual(RECORD_TYPES.map((t) => `#/$defs/${t}`));
    for (const type of RECORD_TYPES) {
      const definition = schema.$defs[type];
      expect(definition?.required, type).toEqual(REQUIRED_FIELDS[type]);
      expect(Object.keys(definition?.properties ?? {}).sort(), type).toEqual([...KNOWN_FIELDS[type]].sort());
      expect(definition?.properties?.type?.const).toBe(type);
    }
    expect(schema.$defs.run?.properties?.schema?.const).toBe(CANONICAL_SCHEMA);
    expect(schema.$defs.run?.properties?.outcome?.enum).toEqual(['pass', 'fail', 'infra', 'unknown']);
    expect(schema.$defs.message?.properties?.role?.enum).toEqual(['user', 'assistant', 'system']);
  });

  it('has examples in docs/canonical-format.md that read without a single diagnostic', async () => {
    const doc = await readFile(join(ROOT, 'docs/canonical-format.md'), 'utf8');
    const blocks = [...doc.matchAll(/```jsonl\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
    expect(blocks).toHaveLength(2);
    const files = Object.fromEntries(blocks.map((text, i) => [`doc-${i}.trajectory.jsonl`, text]));
    const { runs, diagnostics, trajectories } = await loadAll(await tree(files));
    expect(diagnostics).toEqual([]);
    expect(table(runs)).toEqual([
      'doc-0.trajectory.jsonl#refund-deu-1 refund_damaged_order deu 1 fail hard_check:eq_checker',
      'doc-0.trajectory.jsonl#refund-eng-1 refund_damaged_order eng 1 pass -',
      'doc-1.trajectory.jsonl#r1 weather_lookup und 1 unknown no_verdict',
    ]);
    for (const t of trajectories) expect(t.diagnostics).toEqual([]);
    expect(trajectories[2]?.steps.map((s) => s.kind)).toEqual(['message', 'tool_call', 'message']);
  });

  it('reports a line missing any one required field as an error and skips it; a missing optional field is fine', async () => {
    const body: Record<string, Record<string, unknown>> = {
      message: { type: 'message', role: 'user', text: 'hi', reasoning: 'r', time: 1 },
      tool_call: { type: 'tool_call', tool: 'A__b', args: { x: 1 }, write: true, requestor: 'user', callId: 'c1' },
      oracle: { type: 'oracle', id: 'o1', tool: 'A__b', args: {}, turn: 0 },
      check: { type: 'check', name: 'db', passed: true, detail: 'ok' },
      judge: { type: 'judge', rationale: 'fine', oracleId: 'o1', matched: true, llm: true, turn: 0 },
    };
    for (const type of RECORD_TYPES) {
      for (const field of KNOWN_FIELDS[type]) {
        const record = type === 'run' ? header() : { ...body[type] };
        // The judge line names oracle o1, so its run holds one.
        const lines = type === 'run' ? [record] : type === 'judge' ? [header(), body.oracle, record] : [header(), record];
        delete (record as Record<string, unknown>)[field];
        const { diagnostics, trajectories } = await loadAll(await tree({ 'a.trajectory.jsonl': jsonl(...lines) }));
        const all = [...diagnostics, ...trajectories.flatMap((t) => t.diagnostics)];
        const line = lines.length;
        if (REQUIRED_FIELDS[type].includes(field)) {
          expect(all.some((d) => d.severity === 'error' && d.line === line), `${type} without ${field}`).toBe(true);
        } else {
          expect(all, `${type} without ${field}`).toEqual([]);
        }
      }
    }
  });
});

describe('reading canonical files', () => {
  it('derives a failure family from the outcome and the reason when the header gives none', async () => {
    const fs = await tree({
      'x.trajectory.jsonl': jsonl(
        header({ id: 'a', outcome: 'fail', failureReason: 'Tool count mismatch: agent={}, oracle={}' }),
        header({ id: 'b', outcome: 'fail' }),
        header({ id: 'c', outcome: 'fail', failureReason: 'wrong answer', failureFamily: 'answer_mismatch' }),
        header({ id: 'd', outcome: 'infra' }),
        header({ id: 'e', outcome: 'unknown' }),
        header({ id: 'f', outcome: 'pass', failureReason: 'left over', failureFamily: 'other' }),
      ),
    });
    const { runs, diagnostics } = await loadAll(fs);
    expect(runs.map((r) => `${r.id} ${r.failureFamily ?? '-'} ${r.failureReason ?? '-'}`)).toEqual([
      'x.trajectory.jsonl#a tool_count Tool count mismatch: agent={}, oracle={}',
      'x.trajectory.jsonl#b other -',
      'x.trajectory.jsonl#c answer_mismatch wrong answer',
      'x.trajectory.jsonl#d infra -',
      'x.trajectory.jsonl#e no_verdict -',
      'x.trajectory.jsonl#f - -',
    ]);
    expect(messages(diagnostics)).toEqual([
      'x.trajectory.jsonl:6 warning line 6: a passing run has no failure; its failureReason and failureFamily are ignored',
    ]);
  });

  it('pairs files written per language in one folder by scenario, whatever the file names', async () => {
    const fs = await tree({
      'out/eng.trajectory.jsonl': jsonl(header({ id: 'x', language: 'en' })),
      'out/deu.trajectory.jsonl': jsonl(header({ id: 'x', language: 'de', outcome: 'fail' })),
    });
    const { runs } = await loadAll(fs);
    expect(table(runs)).toEqual(['out/deu.trajectory.jsonl#x out#scn deu 1 fail other', 'out/eng.trajectory.jsonl#x out#scn eng 1 pass -']);
  });

  it('recognises a plain .jsonl file by its first line, and reports other JSON files of the folder as unrecognised', async () => {
    const fs = await tree({
      'exports/runs.jsonl': jsonl(header()),
      'exports/events.jsonl': jsonl({ t: 1, app: 'Calendar' }),
      'exports/config.json': '{}',
      'exports/garbage.jsonl': 'not json at all\n',
    });
    const { runs, diagnostics } = await loadAll(fs);
    expect(runs.map((r) => r.id)).toEqual(['exports/runs.jsonl#r1']);
    expect(messages(diagnostics)).toEqual([
      'exports/config.json:- warning unrecognised: not a known run format, nor a canonical trajectory file (a canonical file is JSON Lines (.jsonl)); ignored',
      'exports/events.jsonl:- warning unrecognised: not a known run format, nor a canonical trajectory file (its first line is not a run header {"type":"run","schema":"trajectory-lens/v1",…}); ignored',
      'exports/garbage.jsonl:- warning unrecognised: not a known run format, nor a canonical trajectory file (its first line is not a JSON object (a canonical file starts with a run header)); ignored',
    ]);
  });

  it('keeps reading past bad lines, and reports each with its line', async () => {
    const fs = await tree({
      'x.trajectory.jsonl':
        jsonl(
          { type: 'message', role: 'user', text: 'before any header' },
          header({ id: 'a', outcome: 'fail' }),
          '{"type": "message", "role": "user", "text": ',
          { type: 'message', role: 'robot', text: 'hi' },
          { type: 'tool_call', tool: 'A__b', args: 'not an object', write: 'yes' },
          { type: 'telemetry', cpu: 3 },
          [1, 2],
          { type: 'judge', rationale: 'no such oracle', oracleId: 'o9', matched: false },
          { type: 'oracle', id: 'o1', tool: 'A__b' },
          { type: 'oracle', id: 'o1', tool: 'A__c' },
          header({ id: 'a' }),
          header({ id: 'b', schema: 'trajectory-lens/v2' }),
          { type: 'message', role: 'user', text: 'in a skipped run' },
          header({ id: 'c', outcome: 'maybe' }),
        ) + '{"type": "run", "schema": "trajectory-lens/v1", "id": "d"',
    });
    const index = await buildIndex(fs, { readers });
    expect(index.runs.map((r) => r.id)).toEqual(['x.trajectory.jsonl#a']);
    expect(messages(index.diagnostics)).toEqual([
      'x.trajectory.jsonl:1 error line 1: the file does not start with a run header; lines before the first header are skipped',
      expect.stringMatching(/^x\.trajectory\.jsonl:3 error line 3 is not valid JSON/),
      'x.trajectory.jsonl:11 error line 11: run id "a" is already used by an earlier run in this file; this run is skipped',
      'x.trajectory.jsonl:12 error line 12: run header schema "trajectory-lens/v2" is not trajectory-lens/v1; the run is skipped',
      'x.trajectory.jsonl:14 error line 14: run header "outcome" must be one of pass, fail, infra, unknown, not "maybe"; the line is skipped',
      expect.stringMatching(/^x\.trajectory\.jsonl:15 error line 15 is truncated \(no newline at end of file/),
    ]);
    const t = await loadTrajectory(fs, index.runs[0] as RunSummary, { check: true }, readers);
    expect(t.steps).toEqual([
      { kind: 'tool_call', tool: 'A__b', app: 'A', fn: 'b', args: {}, result: null, error: null, write: false, requestor: null, reasoning: null, time: null, callId: null },
    ]);
    expect(t.oracle).toEqual([{ id: 'o1', tool: 'A__b', args: {}, turn: null }]);
    expect(t.judge).toEqual([{ oracleId: null, tool: null, matched: false, check: null, rationale: 'no such oracle', llm: false, turn: null, agentArgs: null }]);
    expect(messages(t.diagnostics)).toEqual([
      expect.stringMatching(/^x\.trajectory\.jsonl:3 error line 3 is not valid JSON/),
      'x.trajectory.jsonl:4 error line 4: message line "role" must be one of user, assistant, system, not "robot"; the line is skipped',
      'x.trajectory.jsonl:5 warning line 5: tool_call line "args" must be an object, not "not an object"; ignored',
      'x.trajectory.jsonl:5 warning line 5: tool_call line "write" must be true or false, not "yes"; ignored',
      'x.trajectory.jsonl:6 warning line 6 has an unknown type "telemetry" (expected one of run, message, tool_call, oracle, check, judge); skipped',
      'x.trajectory.jsonl:7 error line 7 is not a JSON object (expected one of run, message, tool_call, oracle, check, judge); skipped',
      'x.trajectory.jsonl:- warning oracle id "o1" appears twice in this run; the second is ignored',
      'x.trajectory.jsonl:- warning a judge record names oracle id "o9", which this run does not have; shown as a run-level record',
    ]);
  });

  it('reads huge arrays and long runs without trouble', async () => {
    const many = Array.from({ length: 5000 }, (_, i) => ({ type: 'tool_call', tool: 'A__b', args: { i }, result: [i] }));
    const fs = await tree({
      'x.trajectory.jsonl': jsonl(header({ outcome: 'fail' }), { type: 'tool_call', tool: 'A__b', args: { items: Array.from({ length: 200_000 }, (_, i) => i) } }, ...many),
    });
    const { trajectories, diagnostics } = await loadAll(fs);
    expect(diagnostics).toEqual([]);
    expect(trajectories[0]?.steps).toHaveLength(5001);
  });

  it('summarises thousands of broken lines instead of listing each', async () => {
    const fs = await tree({ 'x.trajectory.jsonl': jsonl(header(), ...Array.from({ length: 3000 }, () => ({ type: 'message', role: 'nobody', text: '' }))) });
    const { trajectories } = await loadAll(fs);
    expect(trajectories[0]?.diagnostics).toHaveLength(21);
    expect(trajectories[0]?.diagnostics[20]?.message).toBe('2980 more problems in this file are not listed');
  });

  it('reports a run that is no longer in its file', async () => {
    const fs = await tree({ 'x.trajectory.jsonl': jsonl(header()) });
    const run = (await buildIndex(fs, { readers })).runs[0] as RunSummary;
    const gone = await canonicalReader.readTrajectory(fs, { ...run, id: 'x.trajectory.jsonl#r2' });
    expect(messages(gone.diagnostics)).toEqual(['x.trajectory.jsonl:- error run "r2" is not in this file (or its header is unusable)']);
    const unkeyed = await canonicalReader.readTrajectory(fs, { ...run, id: 'x.trajectory.jsonl' });
    expect(messages(unkeyed.diagnostics)).toEqual(['x.trajectory.jsonl:- error run id x.trajectory.jsonl names no run of the file (expected <file>#<run id>)']);
  });
});
