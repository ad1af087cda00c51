import type { ExportFormat } from '../../../src/protocol/matrix';
import * as l10n from '@vscode/l10n';

const EXPORTS: { format: ExportFormat; label: string; title: () => string }[] = [
  { format: 'svg', label: 'SVG', title: () => l10n.t('Export the heatmap as SVG') },
  { format: 'png', label: 'PNG', title: () => l10n.t('Export the heatmap as PNG') },
  { format: 'csv', label: 'CSV', title: () => l10n.t('Export the numbers as CSV') },
];

export function ExportBar({ onExport }: { onExport(format: ExportFormat): void }) {
  return (
    <div className="export-bar" role="group" aria-label={l10n.t('Export')}>
      {EXPORTS.map(({ format, label, title }) => (
        <vscode-button key={format} secondary icon="export" title={title()} aria-label={title()} data-export={format} onClick={() => onExport(format)}>
          {label}
        </vscode-button>
      ))}
    </div>
  );
}
