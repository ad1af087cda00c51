import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildIndex } from '../../../src/core/index/buildIndex';
import type { RunIndex } from '../../../src/core/index/runIndex';
import { NodeFileSource } from '../../../src/core/nodeFileSource';
import type { LabelItem } from '../../../src/core/triage/labelRecord';
import type { Suggestion } from '../../../src/core/triage/suggestion';
import type { TranslationProblem } from '../../../src/core/triage/translationSuspicion';
import { suggestForItem, triageItems } from '../../../src/core/triage/triageItems';

// The automatic prior on the generated example must suggest the planted cause of every planted phenomenon.

const EXAMPLE = join(__dirname, '../../../examples/gaia2-multilingual');

interface Phenomenon {
  id: string;
  kind: string;
  group: string;
  scenarioId: string;
  languages: string[];
  runs: number[];
  expectedTriage: string;
  alternativeTriage: string[];
  source?: string;
  translation?: string;
  constraint?: { source: string; translation: string; missing: string };
}

const truth = JSON.parse(readFileSync(join(EXAMPLE, 'ground-truth.json'), 'utf8')) as { phenomena: Phenomenon[] };
const fs = new NodeFileSource(EXAMPLE);
let index: RunIndex;

beforeAll(async () => {
  index = await buildIndex(fs);
});

function phenomenon(id: string): Phenomenon {
  const found = truth.phenomena.find((p) => p.id === id);
  if (!found) throw new Error(`the ground truth has no ${id}`);
  return found;
}

/** Infrastructure phenomena are single runs; the others are (group, language) pairs of the worklist. */
function itemsOf(p: Phenomenon): LabelItem[] {
  const single = p.kind.startsWith('infra_');
  return p.languages.flatMap((language): LabelItem[] =>
    single ? p.runs.map((run) => ({ group: p.group, language, run })) : [{ group: p.group, language, run: null }],
  );
}

/** What a translation reviewer reports for a phenomenon whose translation changed the task (T3). */
function reviewerProblems(p: Phenomenon): TranslationProblem[] {
  const span = p.constraint ?? (p.source && p.translation ? { source: p.source, translation: p.translation } : null);
  if (p.expectedTriage !== 'T3' || span === null) return [];
  return p.languages.map((language) => ({
    scenarioId: p.scenarioId,
    language,
    code: 'T3',
    message: p.constraint ? `the translation drops "${p.constraint.missing}"` : 'the translation admits a plural reading',
    file: null,
    line: null,
    source: span.source,
    translation: span.translation,
  }));
}

async function prior(item: LabelItem, translationProblems: TranslationProblem[] = []): Promise<Suggestion> {
  const suggestion = await suggestForItem(fs, index.runs, item, { baseline: 'eng', translationProblems });
  if (suggestion === null) throw new Error(`no run for ${JSON.stringify(item)}`);
  return suggestion;
}

describe('the automatic prior on the examples’ planted phenomena', () => {
  it.each(truth.phenomena.map((p) => [p.id, p] as const))('%s: suggests the planted cause', async (_, p) => {
    for (const item of itemsOf(p)) {
      const suggestion = await prior(item, reviewerProblems(p));
      expect({ item, code: suggestion.code }).toEqual({ item, code: p.expectedTriage });
      expect(suggestion.evidence.length).toBeGreaterThan(0);
    }
  });

  it.each(truth.phenomena.map((p) => [p.id, p] as const))(
    '%s: without translation review, suggests the planted cause or its documented alternative',
    async (_, p) => {
      for (const item of itemsOf(p)) {
        const { code } = await prior(item);
        expect([p.expectedTriage, ...p.alternativeTriage]).toContain(code);
      }
    },
  );

  it('names both written forms of the script-variant entity', async () => {
    const { code, evidence } = await prior({ group: 'agent-a/execution/scn_email_budget', language: 'cmn', run: null });
    expect(code).toBe('T4');
    expect(evidence[0]).toBe(
      'cmn run 1 step 1 Contacts__search_contacts searched "张伟" and found nothing; ' +
        'eng run 1 step 1 Contacts__search_contacts found it as "Zhang Wei" (the name is written in another script)',
    );
  });

  it('notes the harmless self-correction behind the extra writes', async () => {
    const { code, evidence } = await prior({ group: 'agent-a/execution/scn_offsite_planning', language: 'fra', run: null });
    expect(code).toBe('A3');
    expect(evidence[0]).toMatch(/^fra run 1 step 1 Calendar__add_calendar_event, fra run 1 step 2 Calendar__delete_calendar_event: writes no oracle event accounts for/);
    expect(evidence[1]).toBe('fra run 1 steps 1 and 2: What Calendar__add_calendar_event created was deleted and then recreated: a harmless self-correction.');
  });

  it('points the judge artefact at the rejected step and the baseline step that passed', async () => {
    const { code, evidence } = await prior({ group: 'agent-a/execution/scn_viewing_reply', language: 'spa', run: null });
    expect(code).toBe('K1');
    expect(evidence[0]).toMatch(/^spa run 1 step 3 EmailClientV2__reply_to_email: email_checker \(LLM judge\) rejected it: "- Reasoning: The reference reply/);
    expect(evidence[1]).toBe('eng run 1 step 3 EmailClientV2__reply_to_email passed the same oracle event Event-AGENT-2f7c306f');
  });

  it('names the wrong argument with the value written and the value expected', async () => {
    const { evidence } = await prior({ group: 'agent-a/ambiguity/scn_coffee_reorder', language: 'fra', run: null });
    expect(evidence).toEqual(['fra run 3 step 5 Shopping__add_to_cart: eq_checker:item_id failed (item_id "itm_2290", expected "itm_4471")']);
  });

  it('ignores a translation problem of another language or one that does not touch the failing action', async () => {
    const yoga = phenomenon('article-less-plural-reading');
    const [forJapanese] = reviewerProblems(yoga);
    if (!forJapanese) throw new Error('no problem built');
    const item = { group: yoga.group, language: 'jpn', run: null };
    expect((await prior(item, [{ ...forJapanese, language: 'spa' }])).code).toBe('A3');
    const elsewhere: TranslationProblem = { ...forJapanese, code: 'T2', source: 'Mission Yoga Studio', translation: 'ミッション・ヨガ' };
    expect((await prior(item, [elsewhere])).code).toBe('A3');
    expect((await prior(item, [{ ...elsewhere, source: 'evt_8c04', translation: 'evt_8c40' }])).code).toBe('T2');
  });

  it('lists every regression and every run without a verdict for triage, once', () => {
    const items = triageItems(index.runs, 'eng');
    expect(items.filter((e) => e.regression !== null)).toHaveLength(9);
    expect(items.filter((e) => e.regression === null).map((e) => e.item)).toEqual([
      { group: 'agent-a/ambiguity/scn_coffee_reorder', language: 'cmn', run: 2 },
      { group: 'agent-a/execution/scn_offsite_planning', language: 'fra', run: 2 },
      { group: 'agent-a/execution/scn_yoga_cleanup', language: 'fra', run: 2 },
    ]);
  });
});
