import {
  defaultBaselineRun,
  defaultTargetRun,
  runsInSetting,
  runsOfLanguage,
  settingToCompare,
} from '../core/analysis/defaultRuns';
import { loadTrajectory } from '../core/index/loadTrajectory';
import type { RunDirectory } from '../core/index/runDirectory';
import { DEFAULT_SETTINGS, type RunIndex } from '../core/index/runIndex';
import { languageCode } from '../core/language/normalizeLanguage';
import type { RunSummary, Trajectory } from '../core/model';
import type { NodeFileSource } from '../core/nodeFileSource';
import { baselineOf, baselineOptionSpec } from './baselineOption';
import { stringOption, UsageError, type OptionSpec, type ParsedArgs } from './command';
import { openRunDirectory } from './runDirectory';
import { settingOption } from './settingOption';

// The two runs a command compares (`compare`, `entities`): the group, the target language, the setting (for runs
// compared setting by setting, SEATau) and which run of each side.

export const comparedRunsOptions: Record<string, OptionSpec> = {
  group: { type: 'string', valueName: '<group>', description: 'the group (scenario), as `index` lists it' },
  language: { type: 'string', valueName: '<code>', description: 'target language (ISO 639-1/639-3 or BCP 47)' },
  setting: {
    type: 'string',
    valueName: '<s>',
    description: 'compare within this benchmark setting (SEATau l2_tools…); default: the language’s first failing setting',
  },
  baseline: baselineOptionSpec,
  'baseline-run': { type: 'string', valueName: '<n>', description: 'baseline run index; default: its first passing run' },
  'target-run': { type: 'string', valueName: '<n>', description: 'target run index; default: its first failing run' },
};

function requiredOption(args: ParsedArgs, name: string, hint: string): string {
  const value = stringOption(args, name);
  if (value === undefined) throw new UsageError(`missing --${name} ${hint}`);
  return value;
}

function runsOf(index: RunIndex, group: string, language: string, within: readonly RunSummary[] = index.runs): RunSummary[] {
  const runs = runsOfLanguage(within, group, language);
  if (runs.length > 0) return runs;
  const inGroup = index.runs.filter((r) => r.group === group);
  if (inGroup.length === 0) {
    throw new UsageError(`no group ${JSON.stringify(group)} in ${index.runs.length} runs; \`trajectory-lens index\` lists the groups`);
  }
  const languages = [...new Set(inGroup.map((r) => r.language))].sort().join(', ');
  throw new UsageError(`group ${group} has no ${language} run; its languages: ${languages}`);
}

/** Run N when `--<option> N` is given, else the default run of `runs` (which are never empty). */
function pickRun(
  args: ParsedArgs,
  option: string,
  runs: RunSummary[],
  byDefault: (runs: readonly RunSummary[]) => RunSummary | undefined,
): RunSummary {
  const given = stringOption(args, option);
  if (given === undefined) return byDefault(runs) as RunSummary;
  const run = /^\d+$/.test(given) ? runs.find((r) => r.runIndex === Number(given)) : undefined;
  if (run === undefined) {
    const available = runs.map((r) => r.runIndex).join(', ');
    throw new UsageError(`--${option} ${given}: no such run of ${runs[0]?.language}; runs: ${available}`);
  }
  return run;
}

interface ComparedRunsQuery {
  group: string;
  /** Normalised target language. */
  language: string;
}

/** `--group` and `--language`, checked before the directory is read. */
function comparedRunsQuery(args: ParsedArgs): ComparedRunsQuery {
  const group = requiredOption(args, 'group', '<group>: `trajectory-lens index <dir>` lists the groups');
  const given = requiredOption(args, 'language', '<code>: the target language, e.g. jpn');
  const language = languageCode(given);
  if (language === null) throw new UsageError(`--language ${given}: not a language code (e.g. jpn, ja, zh-CN)`);
  return { group, language };
}

/**
 * The baseline run (default: its first passing run) and the target run (default: its first failing run), both among
 * the runs of the compared setting and the baseline setting.
 */
function comparedRuns(
  args: ParsedArgs,
  index: RunIndex,
  { group, language }: ComparedRunsQuery,
): { baseline: RunSummary; target: RunSummary } {
  const ofLanguage = runsOf(index, group, language);
  const setting = settingOption(args, ofLanguage, () => settingToCompare(ofLanguage));
  const view = runsInSetting(index.runs, setting, index.settings?.baseline ?? DEFAULT_SETTINGS.baseline);
  const baseline = pickRun(args, 'baseline-run', runsOf(index, group, baselineOf(args, index), view), defaultBaselineRun);
  const target = pickRun(args, 'target-run', runsOf(index, group, language, view), (runs) => defaultTargetRun(runs, baseline));
  return { baseline, target };
}

export interface ComparedTrajectories extends RunDirectory<NodeFileSource> {
  baseline: Trajectory;
  target: Trajectory;
}

/** The run directory, indexed, with both compared runs loaded; `--group` and `--language` are checked before any read. */
export async function loadComparedRuns(args: ParsedArgs): Promise<ComparedTrajectories> {
  const query = comparedRunsQuery(args);
  const opened = await openRunDirectory(args);
  const runs = comparedRuns(args, opened.index, query);
  const [baseline, target] = await Promise.all([loadTrajectory(opened.fs, runs.baseline), loadTrajectory(opened.fs, runs.target)]);
  return { ...opened, baseline, target };
}
