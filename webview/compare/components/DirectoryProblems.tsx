import type { Diagnostic } from '../../../src/core/model';
import { Collapsible } from './Collapsible';
import { Codicon } from './Codicon';
import './DirectoryProblems.css';

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
  const count = diagnostics.length === 1 ? '1 problem' : `${diagnostics.length} problems`;
  return (
    <div className="directory-problems" role="region" aria-label="Problems in the run directory's files">
      <Collapsible
        id="directory-problems"
        label={
          <>
            <Codicon name="warning" className="directory-problems-icon" /> {count} reading the value sets and term tables this
            comparison uses
          </>
        }
      >
        {() => (
          <ul className="directory-problems-list">
            {diagnostics.map((d, i) => (
              <li key={i}>
                <Codicon name={d.severity} label={d.severity} className={`directory-problems-icon directory-problems-icon--${d.severity}`} />{' '}
                <button type="button" className="file-link" onClick={() => onOpenFile(d.path, d.line)}>
                  {d.path}
                  {d.line !== null ? `:${d.line}` : ''}
                </button>{' '}
                {d.message}
              </li>
            ))}
          </ul>
        )}
      </Collapsible>
    </div>
  );
}
