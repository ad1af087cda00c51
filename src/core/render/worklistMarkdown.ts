// The exported worklist as Markdown (for an issue or a wiki page). Text from the runs is in code spans, as in the run
// document, so it reads as data: no heading, link or HTML can come from it.
import { inlineCode, oneLine } from './markdownText';
import { deltaText, percent, type WorklistCluster, type WorklistEntry, type WorklistMatrixCell, type WorklistReport } from './worklistReport';

/** A code span in a table cell: `|` would end the cell even inside code, so it is escaped. */
function cellCode(text: string): string {
  return inlineCode(text).replace(/\|/g, '\\|');
}

function matrixCell(cell: WorklistMatrixCell | null): string {
  if (cell === null) return '–';
  const parts = [percent(cell.pass1)];
  if (cell.delta !== null) parts.push(deltaText(cell.delta));
  if (cell.significant) parts.push('\\*');
  if (cell.infra > 0) parts.push(`(${cell.infra} infra)`);
  return parts.join(' ');
}

function matrixSection(report: WorklistReport): string[] {
  if (report.rows.length === 0) return ['## Matrix', '', '_No runs._'];
  const bySetting = report.rows.some((r) => r.setting !== null);
  const head = ['agent', ...(bySetting ? ['setting'] : []), ...report.languages.map(cellCode)];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => ' --- ').join('|')}|`];
  for (const row of report.rows) {
    const names = [cellCode(row.agent), ...(bySetting ? [row.setting === null ? '' : cellCode(row.setting)] : [])];
    lines.push(`| ${[...names, ...row.cells.map(matrixCell)].join(' | ')} |`);
  }
  return [
    `## Matrix: pass^1 by language, Δ to ${inlineCode(report.baseline)}`,
    '',
    ...lines,
    '',
    `\\* McNemar's paired test against ${inlineCode(report.baseline)} is significant (p < 0.05 after Holm's correction across the row's languages). Infrastructure runs are counted apart.`,
  ];
}

function entryRow(entry: WorklistEntry): string {
  const where = [cellCode(entry.language), ...(entry.setting !== null ? [cellCode(entry.setting)] : [])].join(' · ');
  const regression = [entry.stratum, entry.cell].filter((s) => s !== null).join(' ');
  const family = entry.failureFamily !== null ? ` ${cellCode(entry.failureFamily)}` : '';
  const label = entry.label === null ? '_unlabelled_' : `${cellCode(entry.label.code)} ${cellCode(entry.label.annotator)}${entry.label.note ? ` ${cellCode(oneLine(entry.label.note))}` : ''}`;
  const cells = [cellCode(entry.scenarioId), where, entry.agent === null ? '' : cellCode(entry.agent), `${regression}${family}`, cellCode(entry.divergence), label, `[comparison](${encodeURI(entry.report)})`];
  return `| ${cells.join(' | ')} |`;
}

function clusterSection(cluster: WorklistCluster, k: number): string[] {
  const n = cluster.entries.length;
  return [
    `### ${k + 1}. ${inlineCode(cluster.title)} · ${n} ${n === 1 ? 'regression' : 'regressions'}`,
    '',
    '| scenario | language | agent | regression | first divergence | label | report |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...cluster.entries.map(entryRow),
  ];
}

export function worklistMarkdown(report: WorklistReport): string {
  const count = report.clusters.reduce((n, c) => n + c.entries.length, 0);
  const lines = [
    `# Worklist · ${inlineCode(report.runDirectory)}`,
    '',
    `Baseline ${inlineCode(report.baseline)} · ${count} ${count === 1 ? 'regression' : 'regressions'} in ${report.clusters.length} ${report.clusters.length === 1 ? 'cause' : 'causes'}`,
    '',
    ...matrixSection(report),
    '',
    '## Regressions by cause',
  ];
  if (report.clusters.length === 0) lines.push('', `_No regressions against ${inlineCode(report.baseline)}._`);
  for (const [k, cluster] of report.clusters.entries()) lines.push('', ...clusterSection(cluster, k));
  return `${lines.join('\n')}\n`;
}
