import { compareRunsInDirectory } from '../../core/analysis/literalCanonicalizer';
import { comparisonJson } from '../../core/analysis/comparisonJson';
import { loadTrajectory } from '../../core/index/loadTrajectory';
import { EXIT_OK, flag, jsonText, type CliCommand } from '../command';
import { comparedRuns, comparedRunsOptions, comparedRunsQuery } from '../comparedRuns';
import { diagnosticsText } from '../diagnosticsText';
import { openRunDirectory } from '../runDirectory';
import { comparisonText } from './compareText';

export const compareCommand: CliCommand = {
  name: 'compare',
  summary: 'align a baseline run and a target-language run of one group step by step, with oracle verdicts',
  arguments: '<dir> --group <group> --language <code>',
  options: {
    ...comparedRunsOptions,
    json: { type: 'boolean', description: 'print the comparison as JSON' },
  },
  async run(args, io) {
    const query = comparedRunsQuery(args);
    const { fs, index } = await openRunDirectory(args);
    const { baseline: baselineRun, target: targetRun } = comparedRuns(args, index, query);
    const [a, b] = await Promise.all([loadTrajectory(fs, baselineRun), loadTrajectory(fs, targetRun)]);
    // The JSON shape has no diagnostics: they go to stderr so that problems are still seen.
    const { comparison, diagnostics } = await compareRunsInDirectory(fs, a, b, {
      domainsRoot: index.tau2Domains,
      textParts: false,
    });
    io.err(diagnosticsText([...a.diagnostics, ...b.diagnostics, ...diagnostics]));
    io.out(flag(args, 'json') ? jsonText(comparisonJson(comparison)) : comparisonText(comparison));
    return EXIT_OK;
  },
};
