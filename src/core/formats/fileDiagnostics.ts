import type { Diagnostic } from '../model';

/** Problems reported per file before the rest are counted, so a file of a million bad records stays readable. */
const MAX_PER_FILE = 20;

/** Collects one file's problems, summarising past a limit. `severity` is the default and that of the summary. */
export class FileDiagnostics {
  private readonly listed: Diagnostic[] = [];
  private suppressed = 0;

  constructor(
    readonly path: string,
    private readonly severity: Diagnostic['severity'] = 'warning',
  ) {}

  add(line: number | null, message: string, severity: Diagnostic['severity'] = this.severity): void {
    if (this.listed.length < MAX_PER_FILE) this.listed.push({ path: this.path, line, message, severity });
    else this.suppressed++;
  }

  /** The problems collected, with a final count of those not listed. */
  list(): Diagnostic[] {
    if (this.suppressed === 0) return [...this.listed];
    const message = `${this.suppressed} more problems in this file are not listed`;
    return [...this.listed, { path: this.path, line: null, message, severity: this.severity }];
  }
}
