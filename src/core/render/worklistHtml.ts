// The exported worklist as one static HTML page: no script at all, a CSP that allows only its own style sheet (by
// hash) and nothing from the network, light or dark after the reader's system theme. Every text from the runs is
// escaped: it can never become markup.
import { createHash } from 'node:crypto';
import { escapeHtml } from './embedJson';
import { REPORT_THEME_CSS } from './reportTheme';
import { deltaText, percent, type WorklistCluster, type WorklistEntry, type WorklistMatrixCell, type WorklistReport } from './worklistReport';

const WORKLIST_CSS = `body { margin: 0; padding: 16px 24px; font-family: var(--vscode-font-family); font-size: var(--vscode-font-size);
  color: var(--vscode-foreground); background: var(--vscode-editor-background); }
h1 { font-size: 1.5em; margin: 0 0 4px; }
h2 { font-size: 1.2em; margin: 24px 0 8px; }
h3 { font-size: 1.05em; margin: 16px 0 6px; }
p.meta, .muted { color: var(--vscode-descriptionForeground); }
code { font-family: var(--vscode-editor-font-family); background: var(--vscode-textCodeBlock-background); padding: 0 3px; border-radius: 3px; }
table { border-collapse: collapse; margin: 4px 0 12px; }
th, td { border: 1px solid var(--vscode-panel-border); padding: 3px 8px; text-align: left; vertical-align: top; }
th { background: var(--vscode-editorWidget-background); font-weight: 600; }
td.nowrap { white-space: nowrap; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.worse { color: var(--vscode-errorForeground, #c72e0f); }
.better { color: var(--vscode-testing-iconPassed, #388a34); }
a { color: var(--vscode-textLink-foreground, #005fb8); }
`;

/** The page's CSP: its one style element by hash; no script, image, font or connection from anywhere. */
export function worklistCsp(css: string): string {
  return ["default-src 'none'", `style-src 'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`].join('; ');
}

function code(text: string): string {
  return `<code>${escapeHtml(text)}</code>`;
}

function matrixCell(cell: WorklistMatrixCell | null): string {
  if (cell === null) return '<td class="num muted">–</td>';
  const delta = cell.delta === null ? '' : ` <span class="${cell.delta < 0 ? 'worse' : cell.delta > 0 ? 'better' : ''}">${escapeHtml(deltaText(cell.delta))}</span>`;
  const mark = cell.significant ? ' <span title="significant (McNemar, Holm p &lt; 0.05)">*</span>' : '';
  const infra = cell.infra > 0 ? ` <span class="muted">(${cell.infra} infra)</span>` : '';
  const title = escapeHtml(`${cell.runs} clean runs`);
  return `<td class="num" title="${title}">${escapeHtml(percent(cell.pass1))}${delta}${mark}${infra}</td>`;
}

function matrixSection(report: WorklistReport): string {
  if (report.rows.length === 0) return '<h2>Matrix</h2>\n<p class="muted">No runs.</p>';
  const bySetting = report.rows.some((r) => r.setting !== null);
  const head = ['agent', ...(bySetting ? ['setting'] : []), ...report.languages].map((h) => `<th>${escapeHtml(h)}</th>`).join('');
  const rows = report.rows.map((row) => {
    const names = [`<th>${escapeHtml(row.agent)}</th>`, ...(bySetting ? [`<td>${escapeHtml(row.setting ?? '')}</td>`] : [])];
    return `<tr>${names.join('')}${row.cells.map(matrixCell).join('')}</tr>`;
  });
  return `<h2>Matrix: pass^1 by language, Δ to ${escapeHtml(report.baseline)}</h2>
<table class="matrix"><thead><tr>${head}</tr></thead><tbody>
${rows.join('\n')}
</tbody></table>
<p class="muted">* McNemar’s paired test against ${escapeHtml(report.baseline)} is significant (p &lt; 0.05 after Holm’s correction across the row’s languages). Infrastructure runs are counted apart.</p>`;
}

function entryRow(entry: WorklistEntry): string {
  const label = entry.label === null ? '<span class="muted">unlabelled</span>' : `${code(entry.label.code)} <span class="muted">${escapeHtml(entry.label.annotator)}</span>${entry.label.note ? `<br>${escapeHtml(entry.label.note)}` : ''}`;
  const regression = [entry.stratum, entry.cell].filter((s) => s !== null).join(' ');
  return `<tr><td>${code(entry.scenarioId)}<br><span class="muted">${escapeHtml(entry.group)}</span></td><td class="nowrap">${escapeHtml(entry.language)}${entry.setting !== null ? ` · ${escapeHtml(entry.setting)}` : ''}</td><td class="nowrap">${escapeHtml(entry.agent ?? '')}</td><td>${escapeHtml(regression)}${entry.failureFamily !== null ? `<br>${code(entry.failureFamily)}` : ''}</td><td>${escapeHtml(entry.divergence)}</td><td>${label}</td><td><a href="${escapeHtml(encodeURI(entry.report))}">comparison</a></td></tr>`;
}

function clusterSection(cluster: WorklistCluster, k: number): string {
  const n = cluster.entries.length;
  return `<h3 id="${escapeHtml(cluster.id)}">${k + 1}. ${escapeHtml(cluster.title)} <span class="muted">· ${n} ${n === 1 ? 'regression' : 'regressions'}</span></h3>
<table class="regressions"><thead><tr><th>scenario</th><th>language</th><th>agent</th><th>regression</th><th>first divergence</th><th>label</th><th>report</th></tr></thead><tbody>
${cluster.entries.map(entryRow).join('\n')}
</tbody></table>`;
}

export function worklistHtml(report: WorklistReport): string {
  const count = report.clusters.reduce((n, c) => n + c.entries.length, 0);
  const title = `Worklist · ${report.runDirectory}`;
  const clusters =
    report.clusters.length === 0
      ? `<p class="muted">No regressions against ${escapeHtml(report.baseline)}.</p>`
      : report.clusters.map(clusterSection).join('\n');
  const css = `${REPORT_THEME_CSS}\n${WORKLIST_CSS}`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(worklistCsp(css))}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(title)}</title>
<style>${css}</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p class="meta">Baseline ${escapeHtml(report.baseline)} · ${count} ${count === 1 ? 'regression' : 'regressions'} in ${report.clusters.length} ${report.clusters.length === 1 ? 'cause' : 'causes'}</p>
${matrixSection(report)}
<h2>Regressions by cause</h2>
${clusters}
</body>
</html>
`;
}
