import { settingsOf } from '../../core/analysis/defaultRuns';
import { configuredReaders } from '../../core/index/configuredReaders';
import { loadTrajectory } from '../../core/index/loadTrajectory';
import { computeMetrics, type MetricsOptions } from '../../core/metrics/computeMetrics';
import { computeSignatures } from '../../core/metrics/computeSignatures';
import { metricsCsv } from '../../core/metrics/metricsCsv';
import { baselineOf, baselineOptionSpec, missingBaselineNote } from '../baselineOption';
import { EXIT_OK, flag, jsonText, stringOption, UsageError, type CliCommand } from '../command';
import { diagnosticsNote } from '../diagnosticsText';
import { metricsJson } from '../metricsJson';
import { openRunDirectory } from '../runDirectory';
import { metricsText } from './metricsText';

export const metricsCommand: CliCommand = {
  arguments: '<dir>',
  options: {
    baseline: baselineOptionSpec,
    setting: { type: 'string', valueName: '<s>', description: "only this setting's runs (against the baseline setting's baseline-language runs)" },
    json: { type: 'boolean', description: 'print the report as JSON' },
    csv: { type: 'boolean', description: 'print the cells as CSV, then the totals (capability empty)' },
    'no-signatures': { type: 'boolean', description: "leave out the behavioural signatures (they read every matched run's trajectory)" },
  },
  async run(args, io) {
    if (flag(args, 'json') && flag(args, 'csv')) throw new UsageError('choose one of --json, --csv');
    const { fs, index } = await openRunDirectory(args);
    const baseline = baselineOf(args, index);
    const setting = stringOption(args, 'setting') ?? null;
    const settings = settingsOf(index.runs);
    if (setting !== null && !settings.includes(setting)) {
      throw new UsageError(
        settings.length === 0 ? `--setting ${setting}: no run has a setting` : `--setting ${setting}: no run in it; settings: ${settings.join(', ')}`,
      );
    }
    io.err(missingBaselineNote(index, baseline) + diagnosticsNote(index.diagnostics.length, args.positionals[0] ?? ''));
    const options: MetricsOptions = { baseline, setting, baselineSetting: index.settings?.baseline };
    const report = computeMetrics(index.runs, options);
    if (flag(args, 'csv')) {
      io.out(metricsCsv(report));
      return EXIT_OK;
    }
    if (!flag(args, 'no-signatures')) {
      const readers = await configuredReaders(fs);
      report.signatures = await computeSignatures(index.runs, {
        ...options,
        load: async (run) => (await loadTrajectory(fs, run, {}, readers)).steps,
      });
    }
    io.out(flag(args, 'json') ? jsonText(metricsJson(report)) : metricsText(report));
    return EXIT_OK;
  },
};
