import type { CliCommand } from './command';
import { agreementCommand } from './commands/agreement';
import { clustersCommand } from './commands/clusters';
import { compareCommand } from './commands/compare';
import { entitiesCommand } from './commands/entities';
import { exportCommand } from './commands/export';
import { indexCommand } from './commands/index';
import { lintTranslationCommand } from './commands/lintTranslation';
import { metricsCommand } from './commands/metrics';
import { labelCommand } from './commands/label';
import { labelsCommand } from './commands/labels';
import { regressionsCommand } from './commands/regressions';
import { searchCommand } from './commands/search';
import { showCommand } from './commands/show';
import { triageCommand } from './commands/triage';

/** Every command of `trajectory-lens`, in the order help lists them. */
export const commands: readonly CliCommand[] = [
  indexCommand,
  showCommand,
  regressionsCommand,
  metricsCommand,
  compareCommand,
  searchCommand,
  entitiesCommand,
  exportCommand,
  triageCommand,
  clustersCommand,
  labelCommand,
  labelsCommand,
  agreementCommand,
  lintTranslationCommand,
];
