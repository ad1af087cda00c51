import { compareRunsInDirectory } from '../../core/analysis/literalCanonicalizer';
import { comparisonJson } from '../../core/analysis/comparisonJson';
import { loadEntityAliases } from '../../core/entities/loadEntityAliases';
import { mergeDiagnostics } from '../../core/index/diagnosticOrder';
import { EXIT_OK, flag, jsonText, type CliCommand } from '../command';
import { comparedRunsOptions, loadComparedRuns } from '../comparedRuns';
import { diagnosticsText } from '../diagnosticsText';
import { comparisonText } from './compareText';

export const compareCommand: CliCommand = {
  details: [
    'Rows are same, changed, baseline-only or target-only; the first divergence is the first row that can change the',
    'verdict: missing-step, extra-step, different-tool, different-arguments, different-result, different-answer or none.',
    'Problems reading the runs, value sets and term tables are printed on stderr.',
  ].join('\n'),
  arguments: '<dir> --group <group> --language <code>',
  options: {
    ...comparedRunsOptions,
    json: { type: 'boolean', description: 'print the comparison as JSON' },
    'no-equivalences': {
      type: 'boolean',
      description: 'count values that differ only by form (date, number, amount formats, digits, width) as changed',
    },
  },
  async run(args, io) {
    const { fs, index, baseline: a, target: b } = await loadComparedRuns(args);
    // The JSON shape has no diagnostics: they go to stderr so that problems are still seen. The term tables are read
    // for their problems only, so the command names every file the compare view draws on.
    const [{ comparison, diagnostics }, aliases] = await Promise.all([
      compareRunsInDirectory(fs, a, b, {
        domainsRoot: index.tau2Domains,
        textParts: false,
        equivalentForms: !flag(args, 'no-equivalences'),
      }),
      loadEntityAliases(fs, [a.run, b.run], index.tau2Domains),
    ]);
    io.err(diagnosticsText([...a.diagnostics, ...b.diagnostics, ...mergeDiagnostics(diagnostics, aliases.diagnostics)]));
    io.out(flag(args, 'json') ? jsonText(comparisonJson(comparison)) : comparisonText(comparison));
    return EXIT_OK;
  },
};
