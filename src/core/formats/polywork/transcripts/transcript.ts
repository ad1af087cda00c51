import type { Diagnostic, Step } from '../../../model';

/** One harness's chat log turned into canonical steps. */
export interface Transcript {
  steps: Step[];
  /** The first user message: the task as the harness gave it to the agent. */
  task: string | null;
  /** Tool results whose call is not in the log. */
  orphanResults: number;
  diagnostics: Diagnostic[];
}
