import type { FileSource } from '../fileSource';
import type { Diagnostic, RunSummary, Trajectory } from '../model';
import { canonicalLiteral, DEFAULT_TAU2_DOMAINS, loadRunValueSets } from '../formats/tau2';
import type { Comparison, DivergenceInput } from './comparison';
import { compareForDivergence, compareRuns } from './compareRuns';

// SEATau L2 Domain runs record localized enum literals (`ประหยัด` for `economy`). Comparing them against an English run
// must treat the two forms as equal; the view still shows each side's own form.

export interface LiteralCanonicalizer {
  canonicalize: ((value: string) => string) | undefined;
  diagnostics: Diagnostic[];
}

/** Maps localized literals of either run to canonical values, when their translated domain folders are available. */
export async function loadLiteralCanonicalizer(
  fs: FileSource,
  runs: readonly RunSummary[],
  domainsRoot: string = DEFAULT_TAU2_DOMAINS,
): Promise<LiteralCanonicalizer> {
  const tau2Runs = runs.filter((run) => run.format === 'tau2');
  const loaded = await Promise.all(tau2Runs.map((run) => loadRunValueSets(fs, run, domainsRoot)));
  const valueSets = loaded.flatMap((result) => (result.valueSets === null ? [] : [result.valueSets]));
  const diagnostics = loaded.flatMap((result) => result.diagnostics);
  if (valueSets.length === 0) return { canonicalize: undefined, diagnostics };
  const canonicalize = (value: string): string =>
    valueSets.reduce((current, sets) => canonicalLiteral(current, sets), value);
  return { canonicalize, diagnostics };
}

/** compareRuns for two loaded runs of a run directory, with their localized literals mapped when the assets are there. */
export async function compareRunsInDirectory(
  fs: FileSource,
  baseline: Trajectory,
  target: Trajectory,
  options: { domainsRoot?: string; textParts?: boolean; equivalentForms?: boolean } = {},
): Promise<{ comparison: Comparison; diagnostics: Diagnostic[] }> {
  const { canonicalize, diagnostics } = await loadLiteralCanonicalizer(fs, [baseline.run, target.run], options.domainsRoot);
  const { textParts, equivalentForms } = options;
  return { comparison: compareRuns(baseline, target, { textParts, canonicalize, equivalentForms }), diagnostics };
}

/** compareForDivergence for two loaded runs of a run directory, with their localized literals mapped as compareRunsInDirectory maps them. */
export async function compareForDivergenceInDirectory(
  fs: FileSource,
  baseline: Trajectory,
  target: Trajectory,
  options: { domainsRoot?: string; textParts?: boolean; equivalentForms?: boolean } = {},
): Promise<DivergenceInput> {
  const { canonicalize } = await loadLiteralCanonicalizer(fs, [baseline.run, target.run], options.domainsRoot);
  const { textParts, equivalentForms } = options;
  return compareForDivergence(baseline, target, { textParts, canonicalize, equivalentForms });
}
