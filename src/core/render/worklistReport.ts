// What an exported worklist shows: the pass^1 matrix (agent × language, Δ to the baseline, significance), the
// regressions grouped by cause with their current labels, and for each regression the file of its comparison report.
import type { CauseCluster } from '../analysis/clusterRegressions';
import type { SettingRegression } from '../analysis/regressionTypes';
import type { MetricsReport } from '../metrics/types';
import type { LabelRecord } from '../triage/labelRecord';

/** Holm-corrected McNemar p below which a cell is marked significant (as in `metrics` and the matrix view). */
export const SIGNIFICANT_P = 0.05;

export interface WorklistMatrixCell {
  pass1: number | null;
  /** pass^1 minus the baseline's; null for the baseline column. */
  delta: number | null;
  significant: boolean;
  runs: number;
  infra: number;
}

export interface WorklistMatrixRow {
  agent: string;
  setting: string | null;
  /** One per language of the matrix, null where the row has no runs. */
  cells: Array<WorklistMatrixCell | null>;
}

export interface WorklistEntry {
  group: string;
  scenarioId: string;
  language: string;
  setting: string | null;
  agent: string | null;
  stratum: string | null;
  /** `pass→fail`. */
  cell: string | null;
  failureFamily: string | null;
  divergence: string;
  label: { code: string; annotator: string; note: string } | null;
  /** The comparison report's path relative to the worklist file, `/`-separated. */
  report: string;
}

export interface WorklistCluster {
  id: string;
  title: string;
  entries: WorklistEntry[];
}

export interface WorklistReport {
  /** Name of the run directory. */
  runDirectory: string;
  baseline: string;
  languages: string[];
  rows: WorklistMatrixRow[];
  clusters: WorklistCluster[];
}

/** The pass^1 matrix over all capabilities: a row per agent (and setting), the baseline language first. */
export function worklistMatrix(metrics: MetricsReport): Pick<WorklistReport, 'languages' | 'rows'> {
  const others = [...new Set(metrics.totals.map((c) => c.language).filter((l) => l !== metrics.baseline))].sort();
  const languages = metrics.totals.some((c) => c.language === metrics.baseline) ? [metrics.baseline, ...others] : others;
  const rows = new Map<string, WorklistMatrixRow>();
  for (const cell of metrics.totals) {
    const key = `${cell.agent}\u0000${cell.setting ?? ''}`;
    let row = rows.get(key);
    if (row === undefined) {
      row = { agent: cell.agent, setting: cell.setting, cells: languages.map(() => null) };
      rows.set(key, row);
    }
    row.cells[languages.indexOf(cell.language)] = {
      pass1: cell.pass1,
      delta: cell.deltaPass1,
      significant: cell.mcnemar !== null && cell.mcnemar.pHolm < SIGNIFICANT_P,
      runs: cell.runs,
      infra: cell.infra,
    };
  }
  return { languages, rows: [...rows.values()] };
}

/** A file name part made of the text's letters, digits, dots and dashes only. */
function slug(text: string): string {
  return text.replace(/[^A-Za-z0-9.-]+/g, '_').replace(/^[._]+/, '').slice(0, 60) || 'item';
}

/** The report file of the n-th regression (0-based) inside `folder`: `folder/003-scn_email_budget-jpn.html`. */
export function regressionReportPath(folder: string, n: number, member: { scenarioId: string; language: string; setting: string | null }): string {
  const name = [member.scenarioId, member.language, ...(member.setting !== null ? [member.setting] : [])].map(slug).join('-');
  return `${folder}/${String(n + 1).padStart(3, '0')}-${name}.html`;
}

export interface WorklistInputs {
  runDirectory: string;
  metrics: MetricsReport;
  clusters: readonly CauseCluster[];
  /** The worklist's regressions, to give each member its stratum, outcome cell and failure family. */
  regressions: readonly SettingRegression[];
  /** The current label of a (group, language, setting) pair. */
  labelOf: (member: { group: string; language: string; setting: string | null }) => LabelRecord | undefined;
  /** Folder of the comparison reports, relative to the worklist file. */
  reportsFolder: string;
}

/** The worklist's content; each member's `report` is numbered in cluster order, as `regressionReportPath` names it. */
export function worklistReport(inputs: WorklistInputs): WorklistReport {
  const regressionOf = new Map(inputs.regressions.map((r) => [`${r.group}\u0000${r.language}\u0000${r.setting ?? ''}`, r]));
  let n = 0;
  const clusters = inputs.clusters.map((cluster) => ({
    id: cluster.id,
    title: cluster.title,
    entries: cluster.members.map((m): WorklistEntry => {
      const regression = regressionOf.get(`${m.group}\u0000${m.language}\u0000${m.setting ?? ''}`);
      const label = inputs.labelOf(m);
      return {
        group: m.group,
        scenarioId: m.scenarioId,
        language: m.language,
        setting: m.setting,
        agent: m.agent,
        stratum: regression?.stratum ?? null,
        cell: regression ? regression.cell.replace('->', '→') : null,
        failureFamily: regression?.failureFamily ?? null,
        divergence: m.divergence.summary,
        label: label ? { code: label.code, annotator: label.annotator, note: label.note } : null,
        report: regressionReportPath(inputs.reportsFolder, n++, m),
      };
    }),
  }));
  return { runDirectory: inputs.runDirectory, baseline: inputs.metrics.baseline, ...worklistMatrix(inputs.metrics), clusters };
}

/** `0.67` → `67%`. */
export function percent(value: number | null): string {
  return value === null ? '–' : `${Math.round(value * 100)}%`;
}

/** `-0.33` → `−33 pp`. */
export function deltaText(delta: number | null): string {
  if (delta === null) return '';
  const points = Math.round(delta * 100);
  return `${points > 0 ? '+' : points < 0 ? '−' : '±'}${Math.abs(points)} pp`;
}
