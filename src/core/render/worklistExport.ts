// Exporting the worklist: the matrix and the regressions by cause (worklistReport) as HTML or Markdown, and beside it
// one comparison report per regression (the compare view, read-only, as `export --group` writes it). Shared by the
// CLI and the extension, which differ only in how files are written.
import { clusterRegressions } from '../analysis/clusterRegressions';
import { regressionCauses } from '../analysis/regressionCauses';
import type { Diagnostic } from '../model';
import type { FileSource } from '../fileSource';
import { loadTrajectory } from '../index/loadTrajectory';
import type { RunIndex } from '../index/runIndex';
import { computeMetrics } from '../metrics/computeMetrics';
import { currentByItem, labelOfItem, readLabels } from '../triage/labelStore';
import { triageItems } from '../triage/triageItems';
import type { TranslationProblem } from '../triage/translationSuspicion';
import { compareReportHtml } from './compareReport';
import { comparisonReportState } from './comparisonReportState';
import type { WebviewAssets } from './webviewAssets';
import { worklistHtml } from './worklistHtml';
import { worklistMarkdown } from './worklistMarkdown';
import { worklistReport, type WorklistReport } from './worklistReport';

export type WorklistFormat = 'html' | 'md';

export interface WorklistExportOptions {
  fs: FileSource;
  index: RunIndex;
  baseline: string;
  /** The run directory's name, for the title. */
  runDirectory: string;
  /** The run directory's URI, as the compare view names it. */
  runDirUri: string;
  format: WorklistFormat;
  /** Folder of the comparison reports, relative to the worklist file (`worklist-reports`). */
  reportsFolder: string;
  /** The compare view's built bundle. */
  assets: WebviewAssets;
  /** A fresh nonce per page. */
  nonce: () => string;
  translationProblems?: readonly TranslationProblem[];
  /** Writes one comparison report; `path` is relative to the worklist file's folder, `/`-separated. */
  writeReport: (path: string, html: string) => Promise<void>;
  onProgress?: (message: string) => void;
}

export interface WorklistExport {
  report: WorklistReport;
  /** The worklist page (HTML or Markdown). */
  text: string;
  /** Paths of the comparison reports written, relative to the worklist file. */
  reports: string[];
  /** Problems reading the labels and the compared runs. */
  diagnostics: Diagnostic[];
}

/** The default folder of the reports beside a worklist file: `worklist.html` → `worklist-reports`. */
export function reportsFolderFor(worklistFileName: string): string {
  return `${worklistFileName.replace(/\.[^.]*$/, '') || 'worklist'}-reports`;
}

export async function exportWorklist(o: WorklistExportOptions): Promise<WorklistExport> {
  const baselineSetting = o.index.settings?.baseline;
  o.onProgress?.('Reading labels and computing the matrix');
  const labels = await readLabels(o.fs);
  const current = currentByItem(labels.records);
  const metrics = computeMetrics(o.index.runs, { baseline: o.baseline, baselineSetting });
  const regressions = triageItems(o.index.runs, o.baseline, baselineSetting).flatMap((e) =>
    e.regression === null ? [] : [{ ...e.regression, setting: e.item.setting ?? null }],
  );
  o.onProgress?.('Grouping the regressions by cause');
  const causes = await regressionCauses(o.fs, o.index, { baseline: o.baseline, translationProblems: o.translationProblems ?? [] });
  const clusters = clusterRegressions(causes);
  const report = worklistReport({
    runDirectory: o.runDirectory,
    metrics,
    clusters,
    regressions,
    labelOf: (m) => labelOfItem(current, { group: m.group, language: m.language, run: null, setting: m.setting }),
    reportsFolder: o.reportsFolder,
  });

  const runsById = new Map(o.index.runs.map((r) => [r.id, r]));
  const diagnostics: Diagnostic[] = [...labels.diagnostics];
  const seen = new Set<string>();
  const reports: string[] = [];
  const members = clusters.flatMap((c) => c.members);
  const entries = report.clusters.flatMap((c) => c.entries);
  for (const [k, member] of members.entries()) {
    const entry = entries[k];
    const baselineRun = runsById.get(member.baselineRunId);
    const targetRun = runsById.get(member.targetRunId);
    if (entry === undefined || baselineRun === undefined || targetRun === undefined) continue;
    o.onProgress?.(`Comparison ${k + 1} of ${members.length}: ${member.scenarioId} · ${member.language}`);
    const [baseline, target] = await Promise.all([loadTrajectory(o.fs, baselineRun), loadTrajectory(o.fs, targetRun)]);
    const state = await comparisonReportState({ fs: o.fs, index: o.index, baseline, target }, o.runDirUri);
    for (const d of [...baseline.diagnostics, ...target.diagnostics, ...state.directoryDiagnostics]) {
      const key = `${d.path}\u0000${d.line}\u0000${d.message}`;
      if (!seen.has(key)) diagnostics.push(d);
      seen.add(key);
    }
    await o.writeReport(entry.report, compareReportHtml(o.assets, state, o.nonce()));
    reports.push(entry.report);
  }
  const text = o.format === 'md' ? worklistMarkdown(report) : worklistHtml(report);
  return { report, text, reports, diagnostics };
}
