import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunSummary } from '../../../src/core/model';
import { NodeFileSource } from '../../../src/core/nodeFileSource';
import { parseQuery } from '../../../src/core/search/parseQuery';
import { needlesOf, prefilterRun } from '../../../src/core/search/rawPrefilter';

const root = mkdtempSync(join(tmpdir(), 'trajectory-lens-prefilter-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function runFolder(name: string, files: Record<string, string>, format: RunSummary['format'] = 'gaia2-cli'): RunSummary {
  mkdirSync(join(root, name), { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(join(root, name, file), text);
  return { id: name, path: name, format } as RunSummary;
}

function needles(text: string) {
  const parsed = parseQuery(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return needlesOf(parsed.query.stepTerms);
}

const fs = new NodeFileSource(root);

async function mayMatch(run: RunSummary, needles: ReturnType<typeof needlesOf>): Promise<boolean> {
  return (await prefilterRun(fs, run, needles)).possible;
}

describe('raw prefilter', () => {
  it('looks for the function name of a tool, argument names and text values', () => {
    expect(needles('tool:Contacts.delete_contact arg:contact_id~munich text:Lena,Zhang').all).toEqual([['delete_contact'], ['contact_id'], ['munich'], ['lena', 'zhang']]);
  });

  it('gives nothing to look for where files may write the text differently', () => {
    expect(needles('text:"don\'t" arg:amount=1000 tool:~contacts.search').all).toEqual([['amount']]);
    expect(needles('text:"say \\"hi\\""').all).toEqual([]);
  });

  it('rules out a run only when a needle is in none of its files', async () => {
    const run = runFolder('plain', { 'events.jsonl': '{"app": "Contacts", "fn": "delete_contact", "args": {"contact_id": "C_LENA_MUNICH"}}\n' });
    expect(await mayMatch(run, needles('tool:Contacts__delete_contact arg:contact_id~munich'))).toBe(true);
    expect(await mayMatch(run, needles('tool:Contacts__delete_contact arg:contact_id~berlin'))).toBe(false);
  });

  it('reads \\u escapes and full-width text as what they stand for', async () => {
    const run = runFolder('escaped', { 'events.jsonl': '{"args": {"query": "\\u5f35\\u5049"}}\n', 'trace.jsonl': '{"text": "ＬＥＮＡ"}\n' });
    expect(await mayMatch(run, needles('text:張偉'))).toBe(true);
    expect(await mayMatch(run, needles('text:lena'))).toBe(true);
    expect(await mayMatch(run, needles('text:zhang'))).toBe(false);
  });

  it('never rules out runs of formats that may compress or share their files', async () => {
    const run = runFolder('inspect', { 'log.eval': 'PK\u0003\u0004' }, 'inspect');
    expect(await mayMatch(run, needles('text:zhang'))).toBe(true);
  });
});
