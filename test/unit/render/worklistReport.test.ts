import { createHash } from 'node:crypto';
import { marked, type Token } from 'marked';
import { describe, expect, it } from 'vitest';
import type { CauseCluster, ClusterMember } from '../../../src/core/analysis/clusterRegressions';
import type { SettingRegression } from '../../../src/core/analysis/regressionTypes';
import type { MetricsCell, MetricsReport } from '../../../src/core/metrics/types';
import { worklistHtml } from '../../../src/core/render/worklistHtml';
import { worklistMarkdown } from '../../../src/core/render/worklistMarkdown';
import { deltaText, regressionReportPath, worklistReport } from '../../../src/core/render/worklistReport';
import type { LabelRecord } from '../../../src/core/triage/labelRecord';

// The exported worklist: the matrix and the regressions by cause, with labels and report links. Text from the runs and
// the labels is data: in the HTML it is escaped, in the Markdown it is in code spans.

const PAYLOAD = '<img src=x onerror=alert(1)> [x](command:workbench.action.terminal.new) | `tick` # h';

function cell(language: string, pass1: number, overrides: Partial<MetricsCell> = {}): MetricsCell {
  return {
    agent: 'agent-a',
    setting: null,
    capability: null,
    language,
    scenarios: 3,
    runs: 9,
    infra: 0,
    passes: Math.round(pass1 * 9),
    infraRate: 0,
    pass1,
    passHatK: {},
    passAtK: {},
    rhoK: {},
    grade: null,
    wilson: null,
    deltaPass1: null,
    bootstrap: null,
    mcnemar: null,
    ...overrides,
  };
}

const metrics: MetricsReport = {
  baseline: 'eng',
  baselineSetting: null,
  cells: [],
  totals: [
    cell('eng', 1),
    cell('jpn', 0.33, { deltaPass1: -0.67, mcnemar: { b: 6, c: 0, p: 0.03, pHolm: 0.03 }, infra: 1 }),
    cell('fra', 0.89, { deltaPass1: -0.11, mcnemar: { b: 1, c: 0, p: 1, pHolm: 1 } }),
  ],
  verifier: [],
  signatures: [],
  estimators: {},
};

function member(scenarioId: string, language: string): ClusterMember {
  return {
    group: `agent-a/execution/${scenarioId}`,
    scenarioId,
    language,
    setting: null,
    agent: 'agent-a',
    baselineRunId: 'b',
    targetRunId: 't',
    divergence: { row: 1, kind: 'different-arguments', tool: 'A.f', argument: 'q', baselineStep: 0, targetStep: 0, summary: `First divergence: row 1 — q ${PAYLOAD}` },
  } as ClusterMember;
}

const clusters: CauseCluster[] = [
  { id: 'cause-1', title: `Different arguments to A.f (q) ${PAYLOAD}`, signature: {} as CauseCluster['signature'], members: [member('scn_a', 'jpn'), member(PAYLOAD, 'fra')] },
];

const regressions: SettingRegression[] = [
  { group: 'agent-a/execution/scn_a', scenarioId: 'scn_a', language: 'jpn', baseline: { passes: 3, runs: 3 }, target: { passes: 0, runs: 3 }, stratum: 'deterministic', cell: 'pass->fail', failureFamily: 'tool_count', setting: null },
];

const label = { code: 'T4', annotator: PAYLOAD, note: `line one\n${PAYLOAD}` } as LabelRecord;

const report = worklistReport({
  runDirectory: 'runs',
  metrics,
  clusters,
  regressions,
  labelOf: (m) => (m.language === 'jpn' ? label : undefined),
  reportsFolder: 'worklist-reports',
});

describe('worklistReport', () => {
  it('has the matrix with the baseline first, Δ and the significance mark', () => {
    expect(report.languages).toEqual(['eng', 'fra', 'jpn']);
    expect(report.rows).toHaveLength(1);
    const [eng, fra, jpn] = report.rows[0]?.cells ?? [];
    expect(eng).toMatchObject({ pass1: 1, delta: null, significant: false });
    expect(fra).toMatchObject({ delta: -0.11, significant: false });
    expect(jpn).toMatchObject({ pass1: 0.33, delta: -0.67, significant: true, infra: 1 });
    expect(deltaText(-0.67)).toBe('−67 pp');
  });

  it('gives each regression its regression cell, label and a numbered report file with a safe name', () => {
    const [a, b] = report.clusters[0]?.entries ?? [];
    expect(a).toMatchObject({ stratum: 'deterministic', cell: 'pass→fail', failureFamily: 'tool_count', label: { code: 'T4' }, report: 'worklist-reports/001-scn_a-jpn.html' });
    expect(b?.label).toBeNull();
    expect(b?.report).toMatch(/^worklist-reports\/002-[A-Za-z0-9._-]+\.html$/);
    expect(regressionReportPath('r', 0, { scenarioId: '../../etc/passwd', language: 'jpn', setting: 'l2 tools' })).toBe('r/001-etc_passwd-jpn-l2_tools.html');
  });
});

describe('worklistHtml', () => {
  const html = worklistHtml(report);

  it('is static: a CSP with no script source, its one style sheet allowed by hash', () => {
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1]?.replace(/&#39;/g, "'");
    const css = /<style>([\s\S]*)<\/style>/.exec(html)?.[1] ?? '';
    expect(csp).toBe(`default-src 'none'; style-src 'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`);
    expect(html).not.toMatch(/<script|<img|<link/i);
    expect(css).toContain('prefers-color-scheme: dark');
  });

  it('escapes every text from the runs and the labels', () => {
    expect(html).not.toContain('<img');
    expect(html).not.toMatch(/href="(?!worklist-reports\/)/);
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62;');
    const anchors = [...html.matchAll(/<a href="([^"]*)"/g)].map((m) => m[1]);
    expect(anchors).toEqual(report.clusters[0]?.entries.map((e) => e.report));
  });

  it('shows the matrix and the regressions', () => {
    expect(html).toContain('<th>jpn</th>');
    expect(html).toMatch(/33% <span class="worse">−67 pp<\/span> <span title="[^"]*">\*<\/span>/);
    expect(html).toContain('2 regressions in 1 cause');
  });
});

describe('worklistMarkdown', () => {
  const markdown = worklistMarkdown(report);
  const tokens = marked.lexer(markdown);

  function walk(list: Token[], found: Token[] = []): Token[] {
    for (const t of list) {
      found.push(t);
      if ('tokens' in t && Array.isArray(t.tokens)) walk(t.tokens, found);
      if (t.type === 'table') {
        for (const c of [...t.header, ...t.rows.flat()]) walk(c.tokens, found);
      }
    }
    return found;
  }

  it('keeps run text in code: no HTML, no link but the report links, no heading from run text', () => {
    const all = walk(tokens);
    expect(all.filter((t) => t.type === 'html')).toEqual([]);
    expect(all.filter((t) => t.type === 'link').map((t) => (t as { href: string }).href)).toEqual(['worklist-reports/001-scn_a-jpn.html', report.clusters[0]?.entries[1]?.report]);
    expect(tokens.filter((t) => t.type === 'heading').map((t) => (t as { depth: number }).depth)).toEqual([1, 2, 2, 3]);
    expect(all.some((t) => t.type === 'codespan' && (t as { text: string }).text.includes('<img src=x onerror=alert(1)>'))).toBe(true);
  });

  it('puts every regression in one table row, the matrix too', () => {
    const tables = tokens.filter((t) => t.type === 'table') as Array<Token & { rows: unknown[]; header: unknown[] }>;
    expect(tables.map((t) => [t.header.length, t.rows.length])).toEqual([
      [4, 1],
      [7, 2],
    ]);
    expect(markdown).toContain('| `agent-a` | 100% | 89% −11 pp | 33% −67 pp \\* (1 infra) |');
  });
});
