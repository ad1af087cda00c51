import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { zipArchive } from '../../../scripts/examples/inspect/zipWriter';
import type { DirEntry } from '../../../src/core/fileSource';
import { createInspectReader, inspectReader, scoreValue, withoutLanguage } from '../../../src/core/formats/inspect';
import { buildIndex } from '../../../src/core/index/buildIndex';
import { loadTrajectory } from '../../../src/core/index/loadTrajectory';
import type { RunSummary, Step, Trajectory } from '../../../src/core/model';
import { NodeFileSource } from '../../../src/core/nodeFileSource';
import { makeTree, removeTree } from '../index/tempTree';

const fixtures = new NodeFileSource(join(__dirname, '../../fixtures/inspect'));
const MGSM = 'logs/2025-03-01T10-00-00+00-00_mgsm-tools_AbCdEfGhIjKlMnOp.json';
/** A .json log named as Inspect names them (a folder of .json files is claimed by that name). */
const JSON_LOG = 'logs/2025-01-01T00-00-00+00-00_qa_Abc.json';
const roots: string[] = [];

afterEach(async () => {
  await Promise.all(roots.splice(0).map(removeTree));
});

function outline(steps: Step[]): string[] {
  return steps.map((s) =>
    s.kind === 'message'
      ? `${s.role}: ${s.text}${s.reasoning ? ` [${s.reasoning}]` : ''}`
      : `${s.tool} ${JSON.stringify(s.args)} -> ${JSON.stringify(s.result)}${s.error ? ` [error ${s.error}]` : ''}${s.reasoning ? ` [${s.reasoning}]` : ''}`,
  );
}

async function open(fs: NodeFileSource, id: string): Promise<Trajectory> {
  const run = (await buildIndex(fs)).runs.find((r) => r.id === id);
  if (!run) throw new Error(`no run ${id}`);
  return loadTrajectory(fs, run, { check: true });
}

type Json = Record<string, unknown>;

const header = (extra: Json = {}): Json => ({
  version: 2,
  status: 'success',
  eval: { task: 'qa', model: 'openai/gpt-4o-mini', scorers: [{ name: 'choice' }], dataset: { name: 'qa' } },
  results: { scores: [{ name: 'choice', scorer: 'choice' }] },
  ...extra,
});

const sampleJson = (id: string, epoch: number, value: unknown, extra: Json = {}): Json => ({
  id,
  epoch,
  input: `question ${id}`,
  target: 'A',
  messages: [
    { role: 'user', content: `question ${id}` },
    { role: 'assistant', content: `answer ${id}/${epoch}` },
  ],
  output: { completion: `answer ${id}/${epoch}` },
  scores: { choice: { value, answer: 'A' } },
  metadata: { language: 'en' },
  ...extra,
});

const summary = (sample: Json): Json => {
  const copy = { ...sample };
  delete copy.messages;
  delete copy.output;
  return copy;
};

/** A .eval archive as Inspect writes it, with the entries given (JSON values are serialised). */
function evalArchive(entries: Record<string, unknown>): Buffer {
  return zipArchive(Object.entries(entries).map(([name, value]) => ({ name, text: typeof value === 'string' ? value : JSON.stringify(value) })));
}

async function evalTree(files: Record<string, Buffer | string>): Promise<NodeFileSource> {
  const text = Object.fromEntries(Object.entries(files).filter((e): e is [string, string] => typeof e[1] === 'string'));
  const root = await makeTree(text);
  roots.push(root);
  const { writeFile, mkdir } = await import('node:fs/promises');
  for (const [path, bytes] of Object.entries(files)) {
    if (typeof bytes === 'string') continue;
    await mkdir(join(root, path, '..'), { recursive: true });
    await writeFile(join(root, path), bytes);
  }
  return new NodeFileSource(root);
}

describe('claimsDirectory', () => {
  const file = (name: string): DirEntry => ({ name, type: 'file' });
  it('claims folders holding .eval logs or .json logs named as Inspect names them', () => {
    expect(inspectReader.claimsDirectory([file('2025-01-01T10-00-00+00-00_task_abc.eval')])).toBe(true);
    expect(inspectReader.claimsDirectory([file('renamed.eval')])).toBe(true);
    expect(inspectReader.claimsDirectory([file('2025-01-01T10-00-00+00-00_task_abc.json')])).toBe(true);
    expect(inspectReader.claimsDirectory([file('results.json'), file('notes.json')])).toBe(false);
    expect(inspectReader.claimsDirectory([{ name: 'x.eval', type: 'directory' }])).toBe(false);
    expect(inspectReader.isAuxiliaryFile('logs.json')).toBe(true);
  });
});

describe('.json logs', () => {
  it('indexes every sample and epoch; language from metadata; the language token left out of the scenario id', async () => {
    const runs = (await buildIndex(fixtures)).runs.filter((r) => r.path === MGSM);
    expect(runs.map((r) => [r.id.split('#')[1], r.scenarioId, r.language, r.runIndex, r.outcome, r.failureFamily])).toEqual([
      ['7_de_epoch_1', '7', 'deu', 1, 'fail', 'incorrect'],
      ['7_de_epoch_2', '7', 'deu', 2, 'infra', 'infra'],
      ['7_epoch_1', '7', 'eng', 1, 'pass', null],
      ['7_epoch_2', '7', 'eng', 2, 'pass', null],
    ]);
    expect(new Set(runs.map((r) => r.group))).toEqual(new Set(['logs/mgsm_tools#7']));
    expect(runs[0]).toMatchObject({ format: 'inspect', capability: 'mgsm_tools', model: 'anthropic/claude-3-5-haiku', score: 0 });
    expect(runs[1]?.failureReason).toBe('RateLimitError: 429 Too Many Requests');
  });

  it('pairs logs of one task kept in language folders, by task name rather than file name', async () => {
    const runs = (await buildIndex(fixtures)).runs.filter((r) => r.capability === 'geo');
    expect(runs.map((r) => [r.group, r.language, r.outcome])).toEqual([
      ['geo#geo-3', 'eng', 'fail'],
      ['geo#geo-3', 'fra', 'pass'],
    ]);
  });

  it('reports a JSON file that is not a log as unrecognised, and the listing file not at all', async () => {
    expect((await buildIndex(fixtures)).diagnostics.map((d) => [d.path, d.severity, d.message.split(' (')[0]])).toEqual([
      ['logs/notes.json', 'warning', 'unrecognised: not an Inspect eval log'],
    ]);
  });

  it('shows messages, tool calls with their results, reasoning, scores as checks and explanations as judge records', async () => {
    const t = await open(fixtures, `${MGSM}#7_de_epoch_1`);
    expect(outline(t.steps)).toEqual([
      'system: Solve the arithmetic word problem. You may use the calculator tool.',
      'user: Tom hat 6 Kisten mit je 7 Äpfeln. Wie viele Äpfel?',
      'calculator {"expression":"6+7"} -> "13" [Addiere die Zahlen.]',
      'assistant: ANTWORT: 13',
    ]);
    expect(t.task).toBe('Tom hat 6 Kisten mit je 7 Äpfeln. Wie viele Äpfel?');
    expect(t.finalAnswer).toBe('ANTWORT: 13');
    expect(t.checks).toEqual([
      { name: 'score · match', passed: false, detail: 'I; answer: 13' },
      { name: 'score · model_graded_fact', passed: false, detail: 'I; answer: 13' },
      { name: 'target', passed: null, detail: '42' },
    ]);
    expect(t.judge).toEqual([
      expect.objectContaining({ check: 'model_graded_fact', matched: false, llm: true, rationale: '13 is not 42: the model added instead of multiplying. GRADE: I' }),
    ]);
    expect(t.diagnostics).toEqual([]);
  });

  it('a sample stopped by an error: infra, the error as a failed check, the input as the task', async () => {
    const t = await open(fixtures, `${MGSM}#7_de_epoch_2`);
    expect(t.checks[0]).toEqual({ name: 'error', passed: false, detail: 'RateLimitError: 429 Too Many Requests' });
    expect(t.finalAnswer).toBeNull();
  });

  it('version 3: rebuilds the conversation from the message pool (input_refs) and resolves attachments', async () => {
    const t = await open(fixtures, 'fra/2025-03-02T10-00-00+00-00_geo_QrStUvWx.json#geo-3-fr_epoch_1');
    expect(outline(t.steps)).toEqual([
      `system: ${'You are a geography assistant. '.repeat(5)}`,
      "user: Quelle est la capitale de l'Australie ?",
      `search {"query":"capitale Australie"} -> ${JSON.stringify("Canberra est la capitale de l'Australie depuis 1913. ".repeat(3))} [Look it up.]`,
      'assistant: Canberra.',
    ]);
    expect(t.finalAnswer).toBe('Canberra.');
  });
});

describe('message pools', () => {
  it('reads the pool from events_data.messages as well as message_pool', async () => {
    const pool = [
      { role: 'user', content: 'Wie spät ist es?' },
      { role: 'assistant', content: '', tool_calls: [{ id: 'c', function: 'clock', arguments: {} }] },
      { role: 'tool', tool_call_id: 'c', content: '12:00' },
    ];
    const log = {
      ...header({ version: 3 }),
      samples: [
        sampleJson('t', 1, 'C', {
          messages: [],
          events_data: { messages: pool, calls: [] },
          events: [{ event: 'model', input: [], input_refs: [[0, 3]], output: { choices: [{ message: { role: 'assistant', content: 'Mittag.' } }] } }],
          output: {},
        }),
      ],
    };
    const fs = await evalTree({ [JSON_LOG]: JSON.stringify(log) });
    const t = await open(fs, `${JSON_LOG}#t_epoch_1`);
    expect(outline(t.steps)).toEqual(['user: Wie spät ist es?', 'clock {} -> "12:00"', 'assistant: Mittag.']);
    expect(t.finalAnswer).toBe('Mittag.');
  });
});

describe('tool errors', () => {
  it('show the error type beside its message (unless unknown), also for results whose call is not in the conversation', async () => {
    const log = {
      ...header(),
      samples: [
        sampleJson('e', 3, 'I', {
          messages: [
            { role: 'assistant', content: '', tool_calls: [{ id: 'r1', function: 'run', arguments: { cmd: 'sleep 99' } }] },
            { role: 'tool', tool_call_id: 'r1', function: 'run', content: '', error: { type: 'timeout', message: 'Command timed out after 30s' } },
            { role: 'tool', tool_call_id: 'r2', function: 'run', content: 'cut', error: { type: 'output_limit', message: 'Output exceeded 1 MiB' } },
            { role: 'tool', tool_call_id: 'r3', function: 'run', content: '', error: { type: 'permission' } },
            { role: 'tool', tool_call_id: 'r4', function: 'run', content: '', error: { type: 'parsing', message: 'parsing: bad JSON' } },
            { role: 'tool', tool_call_id: 'r5', function: 'run', content: '', error: { type: 'unknown', message: 'disk full' } },
          ],
        }),
      ],
    };
    const fs = await evalTree({ [JSON_LOG]: JSON.stringify(log) });
    const t = await open(fs, `${JSON_LOG}#e_epoch_3`);
    expect(outline(t.steps)).toEqual([
      'run {"cmd":"sleep 99"} -> "" [error timeout: Command timed out after 30s]',
      'run {} -> "cut" [error output_limit: Output exceeded 1 MiB]',
      'run {} -> "" [error permission]',
      'run {} -> "" [error parsing: bad JSON]',
      'run {} -> "" [error disk full]',
    ]);
    expect(t.run.runIndex).toBe(3);
    expect(t.run.outcome).toBe('fail');
  });
});

describe('.eval logs', () => {
  const samples = [sampleJson('q1', 1, 'C'), sampleJson('q1', 2, 'I'), sampleJson('q2', 1, 0.5)];
  const finished = (): Record<string, unknown> => ({
    '_journal/start.json': { version: 2, eval: (header().eval as Json) },
    ...Object.fromEntries(samples.map((s) => [`samples/${String(s.id)}_epoch_${String(s.epoch)}.json`, s])),
    'summaries.json': samples.map(summary),
    'header.json': header(),
  });

  it('indexes samples from summaries.json and opens one sample from its entry', async () => {
    const fs = await evalTree({ 'logs/a.eval': evalArchive(finished()) });
    const runs = (await buildIndex(fs)).runs;
    expect(runs.map((r) => [r.id, r.outcome, r.score, r.runIndex])).toEqual([
      ['logs/a.eval#q1_epoch_1', 'pass', 1, 1],
      ['logs/a.eval#q1_epoch_2', 'fail', 0, 2],
      ['logs/a.eval#q2_epoch_1', 'fail', 0.5, 1],
    ]);
    expect(runs[2]?.failureFamily).toBe('partial');
    const t = await open(fs, 'logs/a.eval#q1_epoch_2');
    expect(outline(t.steps)).toEqual(['user: question q1', 'assistant: answer q1/2']);
    expect(t.diagnostics).toEqual([]);
  });

  it('reads a running (or crashed) eval from its journal: status started, summaries from _journal/summaries', async () => {
    const fs = await evalTree({
      'logs/running.eval': evalArchive({
        '_journal/start.json': { version: 2, eval: header().eval },
        'samples/q1_epoch_1.json': samples[0],
        '_journal/summaries/1.json': [summary(samples[0] ?? {})],
        '_journal/summaries/2.json': [summary(samples[1] ?? {})],
      }),
    });
    const runs = (await buildIndex(fs)).runs;
    expect(runs.map((r) => r.id)).toEqual(['logs/running.eval#q1_epoch_1', 'logs/running.eval#q1_epoch_2']);
  });

  it('reads the samples themselves when an archive has no summaries', async () => {
    const entries = finished();
    delete entries['summaries.json'];
    const fs = await evalTree({ 'logs/a.eval': evalArchive(entries) });
    expect((await buildIndex(fs)).runs).toHaveLength(3);
  });

  it('reports a log without samples, naming its status', async () => {
    const fs = await evalTree({ 'logs/a.eval': evalArchive({ 'header.json': header({ status: 'error', error: { message: 'boom' } }) }) });
    const index = await buildIndex(fs);
    expect(index.runs).toEqual([]);
    expect(index.diagnostics.map((d) => d.message)).toEqual(['the log holds no samples (status error: boom)']);
  });

  it('streams an archive too large to hold in memory, and reads the same runs', async () => {
    const fs = await evalTree({ 'logs/a.eval': evalArchive(finished()) });
    const { openZip } = await import('../../../src/core/formats/inspect');
    const streamed = await openZip(fs, 'logs/a.eval', { inMemoryBytes: 0 });
    const read = await streamed.archive?.read(['header.json', 'samples/q2_epoch_1.json'], 1024 * 1024);
    expect(JSON.parse(new TextDecoder().decode(read?.get('samples/q2_epoch_1.json')?.bytes ?? new Uint8Array()))).toEqual(samples[2]);
    expect(read?.get('header.json')?.error).toBeNull();
  });
});

describe('scores', () => {
  it.each([
    ['C', 1],
    ['I', 0],
    ['P', 0.5],
    ['N', 0],
    ['yes', 1],
    ['False', 0],
    [' 0.75 ', 0.75],
    [true, 1],
    [false, 0],
    [3, 3],
    [{ a: 'C', b: 'I', c: 'text' }, 0.5],
    [['C', 1, 'P'], 2.5 / 3],
    ['constructor', null],
    ['', null],
    [null, null],
    [{}, null],
  ])('%j reads as %s', (value, expected) => {
    expect(scoreValue(value)).toBe(expected);
  });

  it('passes at full credit by default, or at the configured threshold', async () => {
    const fs = await evalTree({ [JSON_LOG]: JSON.stringify({ ...header(), samples: [sampleJson('q', 1, 0.6)] }) });
    const strict = (await buildIndex(fs)).runs[0];
    const lenient = (await buildIndex(fs, { readers: [createInspectReader({ passThreshold: 0.5 })] })).runs[0];
    expect([strict?.outcome, lenient?.outcome]).toEqual(['fail', 'pass']);
  });

  it('the first scorer the log lists decides; a sample without scores is unknown; a limit names the family', async () => {
    const log = {
      ...header({ results: { scores: [{ name: 'second' }, { name: 'first' }] } }),
      samples: [
        sampleJson('a', 1, 'C', { scores: { first: { value: 'C' }, second: { value: 'I' } } }),
        sampleJson('b', 1, 'C', { scores: {} }),
        sampleJson('c', 1, 'I', { scores: { second: { value: 0 } }, limit: { type: 'message', limit: 30 } }),
      ],
    };
    const fs = await evalTree({ [JSON_LOG]: JSON.stringify(log) });
    const runs: RunSummary[] = (await buildIndex(fs)).runs;
    expect(runs.map((r) => [r.scenarioId, r.outcome, r.failureFamily])).toEqual([
      ['a', 'fail', 'incorrect'],
      ['b', 'unknown', null],
      ['c', 'fail', 'limit:message'],
    ]);
    expect(runs[2]?.failureReason).toBe('second = 0; stopped by the message limit');
  });

  it('marks explanations of non-model scorers as not LLM', async () => {
    const fs = await evalTree({
      [JSON_LOG]: JSON.stringify({ ...header(), samples: [sampleJson('q', 1, 'I', { scores: { choice: { value: 'I', explanation: 'picked B' } } })] }),
    });
    const t = await open(fs, `${JSON_LOG}#q_epoch_1`);
    expect(t.judge).toEqual([expect.objectContaining({ check: 'choice', llm: false, matched: false, rationale: 'picked B' })]);
  });
});

describe('withoutLanguage', () => {
  it.each([
    ['q7_deu', 'de', 'q7'],
    ['deu-q7', 'deu', 'q7'],
    ['q7-en-v2', 'en', 'q7-v2'],
    ['de', 'de', 'de'],
    ['q7_de', null, 'q7_de'],
    ['q7_de', 'German', 'q7_de'],
  ])('%s in %s → %s', (id, language, expected) => {
    expect(withoutLanguage(id, language)).toBe(expected);
  });
});
