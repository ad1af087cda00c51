import type { Diagnostic } from '../../../src/core/model';
import { Codicon } from './Codicon';

/** Problems as a list, each naming its file and line as a link that opens the file there. */
export function DiagnosticList({
  diagnostics,
  onOpenFile,
  className,
  iconClassName,
}: {
  diagnostics: readonly Diagnostic[];
  onOpenFile(path: string, line: number | null): void;
  className: string;
  /** When given, each problem starts with its severity's icon, styled by this class. */
  iconClassName?: string;
}) {
  return (
    <ul className={className}>
      {diagnostics.map((d, i) => (
        <li key={i}>
          {iconClassName !== undefined && (
            <>
              <Codicon name={d.severity} label={d.severity} className={`${iconClassName} ${iconClassName}--${d.severity}`} />{' '}
            </>
          )}
          <button type="button" className="file-link" onClick={() => onOpenFile(d.path, d.line)}>
            {d.path}
            {d.line !== null ? `:${d.line}` : ''}
          </button>{' '}
          {d.message}
        </li>
      ))}
    </ul>
  );
}
