// ARE names an exported trace `<scenario_id>_run_<n>_<8 hex>.json` (the hash tells re-runs apart) and gives the hf
// and lite exports of one run the same name. A run is keyed `<scenario_id>_run_<n>`, so both files of a run, and
// its line in output.jsonl, resolve to the same key.

const TRACE_NAME = /^(.+)_run_(\d+)_([0-9a-f]{8})\.json$/i;

export interface TraceFileName {
  scenarioId: string;
  runNumber: number;
}

export function parseTraceFileName(name: string): TraceFileName | null {
  const match = TRACE_NAME.exec(name);
  if (!match?.[1] || match[2] === undefined) return null;
  return { scenarioId: match[1], runNumber: Number(match[2]) };
}

export function isTraceFileName(name: string): boolean {
  return TRACE_NAME.test(name);
}

/** The key of a run: `<scenario_id>_run_<n>`, or the scenario id alone when the run has no number. */
export function runKeyOf(scenarioId: string, runNumber: number | null): string {
  return runNumber === null ? scenarioId : `${scenarioId}_run_${runNumber}`;
}

/** The key of the run a trace file belongs to; a file not named the ARE way is a run of its own, keyed by its stem. */
export function runKeyOfFile(name: string): string {
  const parsed = parseTraceFileName(name);
  return parsed === null ? name.replace(/\.json$/i, '') : runKeyOf(parsed.scenarioId, parsed.runNumber);
}
