import type { Comparison, CompareSide, OracleVerdict } from '../../core/analysis/comparison';
import { firstDivergence } from '../../core/analysis/firstDivergence';
import type { Step } from '../../core/model';
import { oneLine, truncated } from '../../core/render/markdownText';
import { countText } from '../../core/render/runLabels';
import { textTable } from '../textTable';

// The readable form of `trajectory-lens compare`: both runs' verdicts, the aligned rows with long identical stretches
// folded, the oracle events per run with the judge's or verifier's reason, and the self-corrections.

// Identical stretches longer than this fold into one line.
const FOLD_AFTER = 3;
const RATIONALE_CHARS = 300;

function sideLine(label: string, side: CompareSide): string {
  const { run } = side;
  const verdict = run.failureFamily ? `${run.outcome} (${run.failureFamily})` : run.outcome;
  return `${label}  ${run.language} run ${run.runIndex}  ${verdict}  ${run.path}`;
}

function stepCell(steps: readonly Step[], index: number | null): string {
  if (index === null) return '';
  const step = steps[index] as Step;
  if (step.kind === 'message') return `${index} ${step.role} message`;
  return `${index} ${step.tool}${step.write ? ' (write)' : ''}`;
}

function rowsTable(c: Comparison): string {
  const rows: string[][] = [];
  let k = 0;
  while (k < c.rows.length) {
    let end = k;
    while (end < c.rows.length && c.rows[end]?.kind === 'same') end++;
    if (end - k > FOLD_AFTER) {
      rows.push(['', '', `… ${countText(end - k, 'identical step')}`, '', '']);
      k = end;
      continue;
    }
    const row = c.rows[k++];
    if (!row) break;
    rows.push([
      String(k),
      row.kind,
      stepCell(c.baseline.steps, row.baseline),
      stepCell(c.target.steps, row.target),
      row.argDiff.map((d) => (d.equivalent ? `${d.path} (≈)` : d.path)).join(', '),
    ]);
  }
  return textTable(['ROW', 'KIND', 'BASELINE', 'TARGET', 'DIFFERS IN'], rows);
}

function verdictCell(verdict: OracleVerdict | null): string {
  if (verdict === null) return '(not in this run)';
  const state = verdict.matched === true ? 'matched' : verdict.matched === false ? 'unmatched' : 'not judged';
  const step = verdict.step === null ? '' : ` step ${verdict.step}`;
  const check = verdict.check ? ` ${verdict.check}` : '';
  return `${state}${step}${check}`;
}

function rationaleLines(c: Comparison): string[] {
  return c.oracle.flatMap((o) =>
    (['baseline', 'target'] as const).flatMap((side) => {
      const verdict = o[side];
      if (!verdict?.rationale || verdict.matched === true) return [];
      const cut = truncated(oneLine(verdict.rationale), RATIONALE_CHARS);
      const source = verdict.llm ? 'judge' : 'verifier';
      return [`${o.id} ${side} (${source}): ${cut.text}${cut.omitted > 0 ? ' …' : ''}`];
    }),
  );
}

export function comparisonText(c: Comparison): string {
  const parts = [
    `${sideLine('Baseline', c.baseline)}\n${sideLine('Target  ', c.target)}`,
    firstDivergence(c).summary,
    rowsTable(c),
  ];
  if (c.oracle.length > 0) {
    const table = textTable(
      ['ORACLE', 'TOOL', 'BASELINE', 'TARGET'],
      c.oracle.map((o) => [o.id, o.tool, verdictCell(o.baseline), verdictCell(o.target)]),
    );
    parts.push(`Oracle events\n${table}`);
    const reasons = rationaleLines(c);
    if (reasons.length > 0) parts.push(`Why not matched\n${reasons.join('\n')}`);
  }
  if (c.selfCorrections.length > 0) {
    const lines = c.selfCorrections.map((s) => `${s.side} step ${s.step}, undone by step ${s.undoneBy}: ${s.explanation}`);
    parts.push(`Self-corrections\n${lines.join('\n')}`);
  }
  return `${parts.join('\n\n')}\n`;
}
