import type { CliCommand } from './command';
import { agreementCommand } from './commands/agreement';
import { compareCommand } from './commands/compare';
import { entitiesCommand } from './commands/entities';
import { exportCommand } from './commands/export';
import { indexCommand } from './commands/index';
import { lintTranslationCommand } from './commands/lintTranslation';
import { labelCommand } from './commands/label';
import { labelsCommand } from './commands/labels';
import { regressionsCommand } from './commands/regressions';
import { showCommand } from './commands/show';
import { triageCommand } from './commands/triage';

/** Every command of `trajectory-lens`, in the order help lists them. */
export const commands: readonly CliCommand[] = [
  indexCommand,
  showCommand,
  regressionsCommand,
  compareCommand,
  entitiesCommand,
  exportCommand,
  triageCommand,
  labelCommand,
  labelsCommand,
  agreementCommand,
  lintTranslationCommand,
];
