import { settingsOf } from '../core/analysis/defaultRuns';
import type { RunSummary } from '../core/model';
import { stringOption, UsageError, type ParsedArgs } from './command';

// `--setting <s>` of the commands about one group and language (`label`, `compare`, `entities`): for benchmarks that
// run a language in several settings (SEATau l2_interaction, l2_tools…), which setting's runs are meant.

/**
 * The setting named by --setting, checked against the settings of `runs` (one group's runs in one language);
 * without --setting, `byDefault` of those settings.
 */
export function settingOption(
  args: ParsedArgs,
  runs: readonly RunSummary[],
  byDefault: (settings: string[]) => string | null,
): string | null {
  const settings = settingsOf(runs);
  const given = stringOption(args, 'setting');
  if (given === undefined) return byDefault(settings);
  if (settings.includes(given)) return given;
  const where = `${runs[0]?.group ?? ''} ${runs[0]?.language ?? ''}`;
  throw new UsageError(
    settings.length === 0
      ? `--setting ${given}: the runs of ${where} have no setting`
      : `--setting ${given}: no ${where} run in it; settings: ${settings.join(', ')}`,
  );
}
