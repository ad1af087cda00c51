import { describe, expect, it } from 'vitest';
import type { FileSource } from '../../../src/core/fileSource';
import type { FormatReader } from '../../../src/core/formats/reader';
import type { RunSummary, Step, Trajectory } from '../../../src/core/model';
import { parseQuery, type SearchQuery } from '../../../src/core/search/parseQuery';
import { searchRuns, type SearchMatch, type SearchProgress } from '../../../src/core/search/searchRuns';

function run(id: string, fields: Partial<RunSummary> = {}): RunSummary {
  return {
    id,
    path: id,
    format: 'canonical',
    group: `g/${id}`,
    scenarioId: `scn_${id}`,
    language: 'eng',
    languageLabel: 'en',
    runIndex: 1,
    outcome: 'fail',
    capability: 'execution',
    failureFamily: 'tool_count',
    failureReason: null,
    score: 0,
    model: 'gpt-x',
    agent: 'gpt-x',
    setting: null,
    ...fields,
  };
}

function call(app: string, fn: string, args: Record<string, unknown>, result: unknown = null): Step {
  return { kind: 'tool_call', tool: `${app}__${fn}`, app, fn, args, result, error: null, write: false, requestor: 'assistant', reasoning: null, time: null, callId: null };
}

function say(text: string, role: 'user' | 'assistant' = 'assistant'): Step {
  return { kind: 'message', role, text, reasoning: null, time: null };
}

function trajectory(summary: RunSummary, steps: Step[], extra: Partial<Trajectory> = {}): Trajectory {
  return { run: summary, task: null, steps, finalAnswer: null, oracle: [], checks: [], judge: [], diagnostics: [], ...extra };
}

/** A reader serving prepared trajectories, each after `delay(run)` milliseconds; counts the loads. */
function fakeReader(trajectories: Map<string, Omit<Trajectory, 'run'>>, delay: (run: RunSummary) => number = () => 0) {
  const loaded: string[] = [];
  const reader = {
    format: 'canonical',
    async readTrajectory(_fs: FileSource, summary: RunSummary): Promise<Trajectory> {
      await new Promise((resolve) => setTimeout(resolve, delay(summary)));
      loaded.push(summary.id);
      return { ...(trajectories.get(summary.id) ?? trajectory(summary, [])), run: summary };
    },
  } as unknown as FormatReader;
  return { reader, loaded };
}

function query(text: string): SearchQuery {
  const parsed = parseQuery(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.query;
}

async function collect(runs: RunSummary[], reader: FormatReader, text: string, options: { signal?: AbortSignal; onProgress?: (p: SearchProgress) => void } = {}) {
  const matches: SearchMatch[] = [];
  for await (const match of searchRuns({} as FileSource, runs, query(text), { readers: [reader], concurrency: 4, ...options })) matches.push(match);
  return matches;
}

const lena = run('a', { language: 'jpn', languageLabel: 'ja' });
const munich = run('b', { language: 'cmn', languageLabel: 'zh-CN', outcome: 'pass', failureFamily: null });
const other = run('c', { language: 'eng', failureFamily: 'hard_check:datetime_checker' });
const runs = [lena, munich, other];
const data = new Map<string, Omit<Trajectory, 'run'>>([
  [
    'a',
    trajectory(lena, [
      say('ＬＥＮＡ さんを探します', 'user'),
      call('Contacts', 'search_contacts', { query: 'Lena' }, [{ contact_id: 'c_lena_munich' }]),
      call('Contacts', 'delete_contact', { contact_id: 'c_lena_munich' }),
    ], { task: 'Delete Lena from my contacts', finalAnswer: 'Done, Lena is gone.' }),
  ],
  ['b', trajectory(munich, [call('Contacts', 'delete_contact', { contact_id: 'c_lena_berlin' }), call('Emails', 'send_email', { recipients: ['lena@example.com', 'max@example.com'] })])],
  ['c', trajectory(other, [say('Nothing to do here.')])],
]);

function where(matches: SearchMatch[]): string[] {
  return matches.map((m) => `${m.run.id}:${m.step ?? '-'}:${m.field}`);
}

describe('searchRuns matching', () => {
  it('matches a tool name written App.fn or App__fn, case-insensitively', async () => {
    const { reader } = fakeReader(data);
    const dotted = await collect(runs, reader, 'tool:Contacts.delete_contact');
    expect(where(dotted)).toEqual(['a:2:tool', 'b:0:tool']);
    expect(where(await collect(runs, reader, 'tool:CONTACTS__DELETE_CONTACT'))).toEqual(where(dotted));
    expect(dotted[0]?.snippet).toBe('Contacts.delete_contact({"contact_id":"c_lena_munich"})');
    expect(dotted[0]?.highlight).toEqual([0, 'Contacts.delete_contact'.length]);
  });

  it('matches text regardless of width and case, with the match highlighted in its snippet', async () => {
    const { reader } = fakeReader(data);
    const matches = await collect(runs, reader, 'text:lena');
    expect(where(matches)).toEqual(['a:-:task', 'a:0:text', 'a:1:args.query', 'a:2:args.contact_id', 'a:-:finalAnswer', 'b:0:args.contact_id', 'b:1:args.recipients']);
    const fullWidth = matches[1] as SearchMatch;
    expect(fullWidth.snippet).toBe('ＬＥＮＡ さんを探します');
    expect(fullWidth.snippet.slice(...(fullWidth.highlight as [number, number]))).toBe('ＬＥＮＡ');
  });

  it('ANDs the terms on one step, and ORs the values of a term', async () => {
    const { reader } = fakeReader(data);
    expect(where(await collect(runs, reader, 'tool:Contacts.delete_contact arg:contact_id~munich'))).toEqual(['a:2:args.contact_id']);
    expect(where(await collect(runs, reader, 'tool:Contacts.delete_contact arg:contact_id~munich,berlin'))).toEqual(['a:2:args.contact_id', 'b:0:args.contact_id']);
    expect(where(await collect(runs, reader, 'tool:Contacts.search_contacts arg:contact_id'))).toEqual([]);
    expect(where(await collect(runs, reader, 'text:lena lang:ja'))).toEqual(['a:-:task', 'a:0:text', 'a:1:args.query', 'a:2:args.contact_id', 'a:-:finalAnswer']);
    expect(where(await collect(runs, reader, 'text:lena text:gone'))).toEqual(['a:-:finalAnswer']);
  });

  it('matches argument values exactly with =, also against an element of a list', async () => {
    const { reader } = fakeReader(data);
    expect(where(await collect(runs, reader, 'arg:contact_id=c_lena'))).toEqual([]);
    expect(where(await collect(runs, reader, 'arg:contact_id=C_LENA_MUNICH'))).toEqual(['a:2:args.contact_id']);
    const listed = await collect(runs, reader, 'arg:recipients=max@example.com');
    expect(where(listed)).toEqual(['b:1:args.recipients']);
    expect(listed[0]?.snippet.slice(...(listed[0]?.highlight as [number, number]))).toBe('max@example.com');
  });

  it('answers index-level terms without loading any trajectory', async () => {
    const { reader, loaded } = fakeReader(data);
    const matches = await collect(runs, reader, 'outcome:fail family:hard_check lang:eng');
    expect(matches.map((m) => [m.run.id, m.step, m.field])).toEqual([['c', null, 'run']]);
    expect(loaded).toEqual([]);
  });

  it('loads only the runs the index-level terms leave', async () => {
    const { reader, loaded } = fakeReader(data);
    await collect(runs, reader, 'lang:cmn,jpn text:lena');
    expect(loaded.sort()).toEqual(['a', 'b']);
  });

  it('matches the agent the run records', async () => {
    const { reader } = fakeReader(data);
    expect(await collect(runs, reader, 'agent:GPT-X outcome:pass')).toHaveLength(1);
    expect(await collect(runs, reader, 'agent:other')).toHaveLength(0);
  });
});

describe('searchRuns streaming', () => {
  const many = Array.from({ length: 40 }, (_, i) => run(`r${String(i).padStart(2, '0')}`));
  const manyData = new Map(many.map((r) => [r.id, trajectory(r, [say(`hello from ${r.id}`)])]));

  it('yields matches in run order although later runs finish loading first', async () => {
    // Earlier runs load slowest.
    const { reader, loaded } = fakeReader(manyData, (r) => 40 - Number(r.id.slice(1)));
    const matches = await collect(many, reader, 'text:hello');
    expect(matches.map((m) => m.run.id)).toEqual(many.map((r) => r.id));
    expect(loaded).not.toEqual(many.map((r) => r.id));
  });

  it('reports progress up to every candidate loaded', async () => {
    const { reader } = fakeReader(manyData);
    const seen: SearchProgress[] = [];
    await collect(many, reader, 'text:r1', { onProgress: (p) => seen.push(p) });
    expect(seen.at(-1)).toEqual({ candidates: 40, done: 40, scanned: 40, matchedRuns: 10 });
    expect(seen.map((p) => p.done)).toEqual([...seen.map((p) => p.done)].sort((a, b) => a - b));
  });

  it('stops when cancelled: rejects with the abort reason and loads no more runs', async () => {
    const { reader, loaded } = fakeReader(manyData, () => 5);
    const controller = new AbortController();
    const matches: SearchMatch[] = [];
    const search = (async () => {
      for await (const match of searchRuns({} as FileSource, many, query('text:hello'), { readers: [reader], concurrency: 2, signal: controller.signal })) {
        matches.push(match);
        if (matches.length === 3) controller.abort(new Error('cancelled by the user'));
      }
    })();
    await expect(search).rejects.toThrow('cancelled by the user');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(matches.map((m) => m.run.id)).toEqual(['r00', 'r01', 'r02']);
    expect(loaded.length).toBeLessThanOrEqual(5);
  });
});
