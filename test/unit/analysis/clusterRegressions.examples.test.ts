import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { clusterRegressions, typicalMember, type CauseCluster } from '../../../src/core/analysis/clusterRegressions';
import type { DivergenceKind } from '../../../src/core/analysis/firstDivergence';
import { regressionCauses } from '../../../src/core/analysis/regressionCauses';
import { buildIndex } from '../../../src/core/index/buildIndex';
import { NodeFileSource } from '../../../src/core/nodeFileSource';
import { lintTranslationProblems } from '../../../src/core/triage/lintTranslationProblems';

// The planted phenomena of the generated examples, each a cause of its own: one cluster per phenomenon, holding
// exactly the regressions it causes, with the first divergence a person would point at.

const EXAMPLES = join(__dirname, '../../../examples');

interface Phenomenon {
  id: string;
  scenarioId: string;
  languages: string[];
}

async function clustersOf(dir: string): Promise<CauseCluster[]> {
  const fs = new NodeFileSource(join(EXAMPLES, dir));
  const index = await buildIndex(fs);
  const translationProblems = await lintTranslationProblems(fs);
  return clusterRegressions(await regressionCauses(fs, index, { baseline: index.baseline ?? 'eng', translationProblems }));
}

function memberKeys(cluster: CauseCluster): string[] {
  return cluster.members.map((m) => `${m.scenarioId}/${m.language}`).sort();
}

// What the first divergence of each planted regression is: the step a person would point at first.
const EXPECTED: Record<string, { kind: DivergenceKind; tool: string | null; argument: string | null; family: string }> = {
  'script-variant-entity': { kind: 'different-arguments', tool: 'Contacts__search_contacts', argument: 'query', family: 'tool_count' },
  'article-less-plural-reading': { kind: 'extra-step', tool: 'Calendar__delete_calendar_event', argument: null, family: 'tool_count' },
  // Harmless self-corrections do not count: only the count check tells the runs apart.
  'harmless-self-correction': { kind: 'none', tool: 'Calendar__add_calendar_event', argument: null, family: 'tool_count' },
  'judge-rejects-correct-content': {
    kind: 'different-arguments',
    tool: 'EmailClientV2__reply_to_email',
    argument: 'content',
    family: 'soft_check:email_checker',
  },
  // The Hindi run looks at the wrong day's calendar before it books that day.
  'dropped-constraint': {
    kind: 'different-arguments',
    tool: 'Calendar__get_calendar_events_from_to',
    argument: 'start_datetime',
    family: 'hard_check:datetime_checker',
  },
  'stochastic-regression': { kind: 'different-arguments', tool: 'Shopping__add_to_cart', argument: 'item_id', family: 'hard_check:eq_checker' },
  // The search that found the event to edit is missing with the edit; the edit is the action at stake.
  'partial-to-fail': { kind: 'missing-step', tool: 'Calendar__edit_calendar_event', argument: null, family: 'tool_count' },
};

describe('clusters of examples/gaia2-multilingual', () => {
  const truth = JSON.parse(readFileSync(join(EXAMPLES, 'gaia2-multilingual/ground-truth.json'), 'utf8')) as { phenomena: Phenomenon[] };
  const planted = truth.phenomena.filter((p) => p.id in EXPECTED);
  let clusters: CauseCluster[];
  beforeAll(async () => {
    clusters = await clustersOf('gaia2-multilingual');
  }, 60_000);

  it('has one cluster per planted regression cause, and no other', () => {
    expect(planted.map((p) => p.id).sort()).toEqual(Object.keys(EXPECTED).sort());
    expect(clusters).toHaveLength(planted.length);
  });

  it.each(Object.keys(EXPECTED))('puts every regression of %s, and only those, in one cluster with its first divergence', (id) => {
    const phenomenon = planted.find((p) => p.id === id) as Phenomenon;
    const expected = EXPECTED[id] as (typeof EXPECTED)[string];
    const cluster = clusters.find((c) => c.members.some((m) => m.scenarioId === phenomenon.scenarioId && phenomenon.languages.includes(m.language)));
    expect(cluster, id).toBeDefined();
    expect(memberKeys(cluster as CauseCluster)).toEqual(phenomenon.languages.map((l) => `${phenomenon.scenarioId}/${l}`).sort());
    const { signature } = cluster as CauseCluster;
    expect({ kind: signature.kind, tool: signature.tool, argument: signature.argument, family: signature.failureFamily }).toEqual(expected);
    for (const member of (cluster as CauseCluster).members) expect(member.divergence.kind).toBe(expected.kind);
  });

  it('keeps a missing write and an extra write apart though both fail the count check', () => {
    const missing = clusters.find((c) => c.signature.kind === 'missing-step');
    const extra = clusters.find((c) => c.signature.kind === 'extra-step');
    expect(missing?.signature.failureFamily).toBe('tool_count');
    expect(extra?.signature.failureFamily).toBe('tool_count');
    expect(missing?.id).not.toBe(extra?.id);
  });

  it('marks the script-variant cause, orders clusters by size and picks a typical member', () => {
    const [largest] = clusters;
    expect(largest?.members).toHaveLength(3);
    expect(largest?.signature).toMatchObject({ scriptVariantMiss: true, prior: 'T4' });
    expect(largest?.title).toBe('Different arguments to Contacts.search_contacts (query) · script-variant miss · tool_count · T4');
    expect(clusters.slice(1).every((c) => c.members.length === 1)).toBe(true);
    expect(typicalMember(largest as CauseCluster).language).toBe('cmn');
  });

  it('gives the same ids on every run', async () => {
    const again = await clustersOf('gaia2-multilingual');
    expect(again.map((c) => c.id)).toEqual(clusters.map((c) => c.id));
    expect(new Set(clusters.map((c) => c.id)).size).toBe(clusters.length);
  });
});

describe('clusters of examples/tau2-seatau', () => {
  it('puts the wrong reservation cancelled in Thai and in Vietnamese, in two settings, in one cluster', async () => {
    const clusters = await clustersOf('tau2-seatau');
    const wrong = clusters.find((c) => c.members.some((m) => m.language === 'tha'));
    expect(wrong?.signature).toMatchObject({ kind: 'different-arguments', tool: 'cancel_reservation', argument: 'reservation_id' });
    expect(wrong?.members.map((m) => `${m.language}/${m.setting}`).sort()).toEqual(['tha/l2_domain', 'vie/l2_tools']);
  }, 60_000);
});
