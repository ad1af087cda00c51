import type { Diagnostic } from '../core/model';
import { countText } from '../core/render/runLabels';
import { textTable } from './textTable';

/** `path:line  message` lines under a heading; empty when there are none. */
export function diagnosticsText(diagnostics: readonly Diagnostic[]): string {
  if (diagnostics.length === 0) return '';
  const rows = diagnostics.map((d) => [d.line === null ? d.path : `${d.path}:${d.line}`, d.severity, d.message]);
  return `Diagnostics\n${textTable(['FILE', 'SEVERITY', 'MESSAGE'], rows)}\n`;
}

/** One line on stderr pointing at the diagnostics a command does not print itself. */
export function diagnosticsNote(count: number, dir: string): string {
  if (count === 0) return '';
  return `${countText(count, 'diagnostic')} while indexing; \`trajectory-lens index ${dir}\` lists them.\n`;
}
