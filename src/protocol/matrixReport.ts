// The metrics report as the matrix panel receives it: cells in columns instead of one object each. A report of 50
// agents × 15 languages × 6 column groups has 4,500 cells; as objects with their keys repeated they make megabytes of
// JSON and tens of thousands of objects before the first paint. Here the names are stored once in tables, each field is
// one array over the cells, and the webview rebuilds a cell's object only when the cell is shown.
import type { BehaviourSignature, MetricsCell, MetricsReport, VerifierShare } from '../core/metrics/types';

/** One array per field of `MetricsCell`, index i for cell i; the names are indices into the report's tables. */
export interface CellColumns {
  agent: number[];
  /** Index into `settings`, -1 for no setting. */
  setting: number[];
  /** Index into `capabilities`, -1 for the totals over all capabilities. */
  capability: number[];
  language: number[];
  scenarios: number[];
  runs: number[];
  infra: number[];
  passes: number[];
  infraRate: (number | null)[];
  pass1: (number | null)[];
  /** k → its column; null where the cell has no value for that k. */
  passHatK: Record<string, (number | null)[]>;
  passAtK: Record<string, (number | null)[]>;
  rhoK: Record<string, (number | null)[]>;
  /** Null when no cell has a Grade; within, null for the cells without one. */
  grade: { runs: (number | null)[]; bestRunMean: (number | null)[]; bestOfRuns: (number | null)[] } | null;
  /** Null for cells without an interval (both bounds). */
  wilsonLow: (number | null)[];
  wilsonHigh: (number | null)[];
  deltaPass1: (number | null)[];
  bootstrapLow: (number | null)[];
  bootstrapHigh: (number | null)[];
  /** Null for cells without a test (all four). */
  mcnemarB: (number | null)[];
  mcnemarC: (number | null)[];
  mcnemarP: (number | null)[];
  mcnemarPHolm: (number | null)[];
}

export interface MatrixReport {
  baseline: string;
  baselineSetting: string | null;
  /** The name tables, each sorted as the matrix lists them: a row or column sorts by its index. */
  agents: string[];
  settings: string[];
  capabilities: string[];
  languages: string[];
  cells: CellColumns;
  totals: CellColumns;
  verifier: VerifierShare[];
  signatures: BehaviourSignature[];
  estimators: Record<string, string>;
}

/** Names in the order the matrix shows them (`localeCompare`, as the host sorts), each numbered by its place. */
class NameTable {
  readonly names: string[];
  private readonly ids: Map<string, number>;

  constructor(names: Iterable<string | null>) {
    const present = new Set<string>();
    for (const name of names) if (name !== null) present.add(name);
    this.names = [...present].sort((a, b) => a.localeCompare(b));
    this.ids = new Map(this.names.map((name, id) => [name, id]));
  }

  id(name: string | null): number {
    return name === null ? -1 : this.ids.get(name)!;
  }
}

interface Tables {
  agents: NameTable;
  settings: NameTable;
  capabilities: NameTable;
  languages: NameTable;
}

function kColumns(cells: readonly MetricsCell[], field: 'passHatK' | 'passAtK' | 'rhoK'): Record<string, (number | null)[]> {
  const ks = new Set<string>();
  for (const cell of cells) for (const k of Object.keys(cell[field])) ks.add(k);
  const columns: Record<string, (number | null)[]> = {};
  for (const k of [...ks].sort((a, b) => Number(a) - Number(b))) columns[k] = cells.map((cell) => cell[field][k] ?? null);
  return columns;
}

function packCells(cells: readonly MetricsCell[], t: Tables): CellColumns {
  const column = <T>(read: (cell: MetricsCell) => T): T[] => cells.map(read);
  return {
    agent: column((c) => t.agents.id(c.agent)),
    setting: column((c) => t.settings.id(c.setting)),
    capability: column((c) => t.capabilities.id(c.capability)),
    language: column((c) => t.languages.id(c.language)),
    scenarios: column((c) => c.scenarios),
    runs: column((c) => c.runs),
    infra: column((c) => c.infra),
    passes: column((c) => c.passes),
    infraRate: column((c) => c.infraRate),
    pass1: column((c) => c.pass1),
    passHatK: kColumns(cells, 'passHatK'),
    passAtK: kColumns(cells, 'passAtK'),
    rhoK: kColumns(cells, 'rhoK'),
    grade: cells.some((c) => c.grade !== null)
      ? { runs: column((c) => c.grade?.runs ?? null), bestRunMean: column((c) => c.grade?.bestRunMean ?? null), bestOfRuns: column((c) => c.grade?.bestOfRuns ?? null) }
      : null,
    wilsonLow: column((c) => c.wilson?.low ?? null),
    wilsonHigh: column((c) => c.wilson?.high ?? null),
    deltaPass1: column((c) => c.deltaPass1),
    bootstrapLow: column((c) => c.bootstrap?.low ?? null),
    bootstrapHigh: column((c) => c.bootstrap?.high ?? null),
    mcnemarB: column((c) => c.mcnemar?.b ?? null),
    mcnemarC: column((c) => c.mcnemar?.c ?? null),
    mcnemarP: column((c) => c.mcnemar?.p ?? null),
    mcnemarPHolm: column((c) => c.mcnemar?.pHolm ?? null),
  };
}

/** The report in columns, as the host sends it to the matrix panel. */
export function packMatrixReport(report: MetricsReport): MatrixReport {
  const all = [...report.cells, ...report.totals];
  const t: Tables = {
    agents: new NameTable(all.map((c) => c.agent)),
    settings: new NameTable(all.map((c) => c.setting)),
    capabilities: new NameTable(all.map((c) => c.capability)),
    languages: new NameTable(all.map((c) => c.language)),
  };
  const cells = packCells(report.cells, t);
  const totals = packCells(report.totals, t);
  return {
    baseline: report.baseline,
    baselineSetting: report.baselineSetting,
    agents: t.agents.names,
    settings: t.settings.names,
    capabilities: t.capabilities.names,
    languages: t.languages.names,
    cells,
    totals,
    verifier: report.verifier,
    signatures: report.signatures,
    estimators: report.estimators,
  };
}

/** How many cells the columns hold. */
export function cellCount(columns: CellColumns): number {
  return columns.agent.length;
}

function kValues(columns: Record<string, (number | null)[]>, i: number): Record<string, number> {
  const values: Record<string, number> = {};
  for (const k in columns) {
    const value = columns[k]![i];
    if (value !== null && value !== undefined) values[k] = value;
  }
  return values;
}

/** Cell i of the columns as the metrics report has it. */
export function unpackCell(report: MatrixReport, columns: CellColumns, i: number): MetricsCell {
  const c = columns;
  const setting = c.setting[i]!;
  const capability = c.capability[i]!;
  const wilsonLow = c.wilsonLow[i] ?? null;
  const bootstrapLow = c.bootstrapLow[i] ?? null;
  const b = c.mcnemarB[i] ?? null;
  const gradeRuns = c.grade?.runs[i] ?? null;
  return {
    agent: report.agents[c.agent[i]!]!,
    setting: setting < 0 ? null : report.settings[setting]!,
    capability: capability < 0 ? null : report.capabilities[capability]!,
    language: report.languages[c.language[i]!]!,
    scenarios: c.scenarios[i]!,
    runs: c.runs[i]!,
    infra: c.infra[i]!,
    passes: c.passes[i]!,
    infraRate: c.infraRate[i] ?? null,
    pass1: c.pass1[i] ?? null,
    passHatK: kValues(c.passHatK, i),
    passAtK: kValues(c.passAtK, i),
    rhoK: kValues(c.rhoK, i),
    grade: gradeRuns === null || c.grade === null ? null : { runs: gradeRuns, bestRunMean: c.grade.bestRunMean[i]!, bestOfRuns: c.grade.bestOfRuns[i]! },
    wilson: wilsonLow === null ? null : { low: wilsonLow, high: c.wilsonHigh[i]! },
    deltaPass1: c.deltaPass1[i] ?? null,
    bootstrap: bootstrapLow === null ? null : { low: bootstrapLow, high: c.bootstrapHigh[i]! },
    mcnemar: b === null ? null : { b, c: c.mcnemarC[i]!, p: c.mcnemarP[i]!, pHolm: c.mcnemarPHolm[i]! },
  };
}
