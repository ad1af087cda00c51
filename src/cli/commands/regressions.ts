import { findSettingRegressions } from '../../core/analysis/settingViews';
import { countText } from '../../core/render/runLabels';
import { baselineOf, baselineOptionSpec, missingBaselineNote } from '../baselineOption';
import { EXIT_OK, flag, jsonText, type CliCommand } from '../command';
import { diagnosticsNote } from '../diagnosticsText';
import { regressionJson } from '../jsonShapes';
import { openRunDirectory } from '../runDirectory';
import { textTable } from '../textTable';

export const regressionsCommand: CliCommand = {
  details: [
    'Rates count infrastructure-clean runs only. Deterministic regressions (the target never passes) come before',
    'stochastic ones; the cell reads pass->fail, partial->fail or pass->partial (baseline->target).',
  ].join('\n'),
  arguments: '<dir>',
  options: {
    baseline: baselineOptionSpec,
    json: { type: 'boolean', description: 'print the worklist as a JSON array' },
  },
  async run(args, io) {
    const { index } = await openRunDirectory(args);
    const baseline = baselineOf(args, index);
    const regressions = findSettingRegressions(index.runs, baseline, index.settings?.baseline);
    // SEATau-style runs are compared per setting: the setting is a column, and the first one with settings.level.
    const bySetting = regressions.some((r) => r.setting !== null);
    if (bySetting && index.settings?.level === true) regressions.sort((a, b) => (a.setting ?? '').localeCompare(b.setting ?? ''));
    io.err(missingBaselineNote(index, baseline) + diagnosticsNote(index.diagnostics.length, args.positionals[0] ?? ''));
    if (flag(args, 'json')) {
      io.out(jsonText(regressions.map((r) => (r.setting === null ? regressionJson(r) : { ...regressionJson(r), setting: r.setting }))));
      return EXIT_OK;
    }
    const groups = countText(new Set(index.runs.map((r) => r.group)).size, 'group');
    if (regressions.length === 0) {
      io.out(`No regressions against ${baseline} in ${groups}.\n`);
      return EXIT_OK;
    }
    const rows = regressions.map((r) => [
      ...(bySetting ? [r.setting ?? ''] : []),
      r.stratum,
      r.cell,
      r.group,
      r.language,
      `${r.baseline.passes}/${r.baseline.runs}`,
      `${r.target.passes}/${r.target.runs}`,
      r.failureFamily ?? '',
    ]);
    const deterministic = regressions.filter((r) => r.stratum === 'deterministic').length;
    const headers = ['STRATUM', 'CELL', 'GROUP', 'LANGUAGE', baseline.toUpperCase(), 'TARGET', 'FAILURE'];
    const table = textTable(bySetting ? ['SETTING', ...headers] : headers, rows);
    const total = countText(regressions.length, 'regression');
    io.out(
      `${table}\n\n${total} against ${baseline} in ${groups} ` +
        `(${deterministic} deterministic, ${regressions.length - deterministic} stochastic)\n`,
    );
    return EXIT_OK;
  },
};
