import type { CliCommand } from './command';
import { compareCommand } from './commands/compare';
import { indexCommand } from './commands/index';
import { regressionsCommand } from './commands/regressions';
import { showCommand } from './commands/show';

/** Every command of `trajectory-lens`, in the order help lists them. */
export const commands: readonly CliCommand[] = [indexCommand, showCommand, regressionsCommand, compareCommand];
