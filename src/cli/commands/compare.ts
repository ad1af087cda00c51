import { compareRunsInDirectory } from '../../core/analysis/literalCanonicalizer';
import { comparisonJson } from '../../core/analysis/comparisonJson';
import type { RunIndex } from '../../core/index/runIndex';
import { loadTrajectory } from '../../core/index/loadTrajectory';
import { languageCode } from '../../core/language/normalizeLanguage';
import type { RunSummary } from '../../core/model';
import { baselineOf, baselineOptionSpec } from '../baselineOption';
import { EXIT_OK, flag, jsonText, stringOption, UsageError, type CliCommand, type ParsedArgs } from '../command';
import { diagnosticsText } from '../diagnosticsText';
import { openRunDirectory } from '../runDirectory';
import { comparisonText } from './compareText';

function requiredOption(args: ParsedArgs, name: string, hint: string): string {
  const value = stringOption(args, name);
  if (value === undefined) throw new UsageError(`missing --${name} ${hint}`);
  return value;
}

function runsOf(index: RunIndex, group: string, language: string): RunSummary[] {
  const runs = index.runs.filter((r) => r.group === group && r.language === language).sort((a, b) => a.runIndex - b.runIndex);
  if (runs.length > 0) return runs;
  const inGroup = index.runs.filter((r) => r.group === group);
  if (inGroup.length === 0) {
    throw new UsageError(`no group ${JSON.stringify(group)} in ${index.runs.length} runs; \`trajectory-lens index\` lists the groups`);
  }
  const languages = [...new Set(inGroup.map((r) => r.language))].sort().join(', ');
  throw new UsageError(`group ${group} has no ${language} run; its languages: ${languages}`);
}

/** Run N when `--<option> N` is given, else the first run with a preferred outcome, else the first run. */
function pickRun(args: ParsedArgs, option: string, runs: RunSummary[], preferred: (run: RunSummary) => boolean): RunSummary {
  const given = stringOption(args, option);
  if (given === undefined) return runs.find(preferred) ?? (runs[0] as RunSummary);
  const run = /^\d+$/.test(given) ? runs.find((r) => r.runIndex === Number(given)) : undefined;
  if (run === undefined) {
    const available = runs.map((r) => r.runIndex).join(', ');
    throw new UsageError(`--${option} ${given}: no such run of ${runs[0]?.language}; runs: ${available}`);
  }
  return run;
}

export const compareCommand: CliCommand = {
  name: 'compare',
  summary: 'align a baseline run and a target-language run of one group step by step, with oracle verdicts',
  arguments: '<dir> --group <group> --language <code>',
  options: {
    group: { type: 'string', valueName: '<group>', description: 'the group (scenario), as `index` lists it' },
    language: { type: 'string', valueName: '<code>', description: 'target language (ISO 639-1/639-3 or BCP 47)' },
    baseline: baselineOptionSpec,
    'baseline-run': { type: 'string', valueName: '<n>', description: 'baseline run index; default: its first passing run' },
    'target-run': { type: 'string', valueName: '<n>', description: 'target run index; default: its first failing run' },
    json: { type: 'boolean', description: 'print the comparison as JSON' },
  },
  async run(args, io) {
    const group = requiredOption(args, 'group', '<group>: `trajectory-lens index <dir>` lists the groups');
    const given = requiredOption(args, 'language', '<code>: the target language, e.g. jpn');
    const language = languageCode(given);
    if (language === null) throw new UsageError(`--language ${given}: not a language code (e.g. jpn, ja, zh-CN)`);
    const { fs, index } = await openRunDirectory(args);
    const baseline = baselineOf(args, index);
    const baselineRun = pickRun(args, 'baseline-run', runsOf(index, group, baseline), (r) => r.outcome === 'pass');
    const targetRuns = runsOf(index, group, language);
    const targetRun = pickRun(args, 'target-run', targetRuns, (r) => r.outcome === 'fail');
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
