import type { Diagnostic } from '../../../src/core/model';
import { Collapsible } from './Collapsible';
import { Codicon } from './Codicon';
import { DiagnosticList } from './DiagnosticList';
import './DirectoryProblems.css';
import * as l10n from '@vscode/l10n';

/**
 * Problems with the run directory's files the comparison reads besides the two runs (value sets, term tables): a
 * folded strip above the lanes, each problem opening its file at its line. The runs' own problems are in their headers.
 */
export function DirectoryProblems({
  diagnostics,
  onOpenFile,
}: {
  diagnostics: readonly Diagnostic[];
  onOpenFile(path: string, line: number | null): void;
}) {
  if (diagnostics.length === 0) return null;
  const text =
    diagnostics.length === 1
      ? l10n.t('1 problem reading the value sets and term tables this comparison uses')
      : l10n.t('{0} problems reading the value sets and term tables this comparison uses', diagnostics.length);
  return (
    <div className="directory-problems" role="region" aria-label={l10n.t("Problems in the run directory's files")}>
      <Collapsible
        id="directory-problems"
        label={
          <>
            <Codicon name="warning" className="directory-problems-icon" /> {text}
          </>
        }
      >
        {() => (
          <DiagnosticList
            diagnostics={diagnostics}
            onOpenFile={onOpenFile}
            className="directory-problems-list"
            iconClassName="directory-problems-icon"
          />
        )}
      </Collapsible>
    </div>
  );
}
