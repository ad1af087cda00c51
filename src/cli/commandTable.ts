import type { CliCommand } from './command';

/**
 * A command as the command list shows it. Its module is loaded only when the command runs or shows its help: some
 * commands bring large tables (romanisation, language detection) that every other command would otherwise load first.
 */
export interface CommandEntry {
  name: string;
  /** One line for the command list. */
  summary: string;
  load(): Promise<CliCommand>;
}

/** Every command of `trajectory-lens`, in the order help lists them. */
export const commands: readonly CommandEntry[] = [
  {
    name: 'index',
    summary: 'list every run with its language, run index, outcome and failure family',
    load: async () => (await import('./commands/index')).indexCommand,
  },
  {
    name: 'show',
    summary: 'print one run: task, steps, final answer, oracle events, checks and judge records',
    load: async () => (await import('./commands/show')).showCommand,
  },
  {
    name: 'regressions',
    summary: 'list (group, language) pairs whose pass rate is below the baseline language’s',
    load: async () => (await import('./commands/regressions')).regressionsCommand,
  },
  {
    name: 'metrics',
    summary: 'pass^1, pass^k, pass@k with intervals and paired tests per agent, setting, capability and language',
    load: async () => (await import('./commands/metrics')).metricsCommand,
  },
  {
    name: 'compare',
    summary: 'align a baseline run and a target-language run of one group step by step, with oracle verdicts',
    load: async () => (await import('./commands/compare')).compareCommand,
  },
  {
    name: 'search',
    summary: 'find runs and steps by tool, argument, language, outcome, failure family, agent, scenario or text',
    load: async () => (await import('./commands/search')).searchCommand,
  },
  {
    name: 'entities',
    summary: 'link the names of a baseline run and a target-language run across scripts; flag script-variant searches',
    load: async () => (await import('./commands/entities')).entitiesCommand,
  },
  {
    name: 'export',
    summary: 'write a comparison as one self-contained HTML file (the compare view, read-only, working offline), or the worklist with a report per regression',
    load: async () => (await import('./commands/export')).exportCommand,
  },
  {
    name: 'triage',
    summary: 'suggest a taxonomy code, with its evidence, for each regression and each run without a verdict',
    load: async () => (await import('./commands/triage')).triageCommand,
  },
  {
    name: 'clusters',
    summary: 'group the regressions by cause: how the runs first part ways, the failure family and the prior’s code',
    load: async () => (await import('./commands/clusters')).clustersCommand,
  },
  {
    name: 'label',
    summary: 'record a triage label for a (group, language[, setting]) pair or one run, appended to .trajectory-lens/labels.jsonl',
    load: async () => (await import('./commands/label')).labelCommand,
  },
  {
    name: 'labels',
    summary: 'list the triage labels of a run directory: every record, and the current one per item',
    load: async () => (await import('./commands/labels')).labelsCommand,
  },
  {
    name: 'agreement',
    summary: 'agreement between annotators and with the automatic prior, and the gap decomposition of labelled regressions',
    load: async () => (await import('./commands/agreement')).agreementCommand,
  },
  {
    name: 'lint-translation',
    summary: 'check translated task, scenario and schema files against their sources (ids, values, terms, leftovers, literals)',
    load: async () => (await import('./commands/lintTranslation')).lintTranslationCommand,
  },
];
