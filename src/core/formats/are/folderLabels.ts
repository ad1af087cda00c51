// gaia2-submit nests its output as `<out>/<phase>/<config>/`: the phase is the benchmark setting (standard,
// agent2agent, noise) and the config the GAIA2 capability. Both are read from the output folder's path.

const CAPABILITIES = new Set(['execution', 'search', 'adaptability', 'ambiguity', 'time', 'mini']);
const PHASES = new Set(['standard', 'agent2agent', 'noise']);

function lastSegmentIn(dir: string, names: ReadonlySet<string>): string | null {
  const segments = dir.split('/');
  for (let i = segments.length - 1; i >= 0; i--) {
    const segment = segments[i];
    if (segment !== undefined && names.has(segment)) return segment;
  }
  return null;
}

export function capabilityOfFolder(dir: string): string | null {
  return lastSegmentIn(dir, CAPABILITIES);
}

export function phaseOfFolder(dir: string): string | null {
  return lastSegmentIn(dir, PHASES);
}
