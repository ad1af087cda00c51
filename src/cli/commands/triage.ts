import { readFile } from 'node:fs/promises';
import { oneLine, truncated } from '../../core/render/markdownText';
import type { FileSource } from '../../core/fileSource';
import { lintTranslationProblems } from '../../core/triage/lintTranslationProblems';
import { parseTranslationProblems } from '../../core/triage/translationProblemsFile';
import type { TranslationProblem } from '../../core/triage/translationSuspicion';
import { suggestForItems, triageItems } from '../../core/triage/triageItems';
import { labelItem } from '../../core/triage/labelRecord';
import { baselineOf, baselineOptionSpec, missingBaselineNote } from '../baselineOption';
import {
  EXIT_OK,
  flag,
  jsonText,
  stringOption,
  UsageError,
  type CliCommand,
  type CliIO,
  type OptionSpec,
  type ParsedArgs,
} from '../command';
import { diagnosticsNote } from '../diagnosticsText';
import { openRunDirectory } from '../runDirectory';
import { textTable } from '../textTable';

const EVIDENCE_CHARS = 120;

export const translationProblemsOptionSpec: OptionSpec = {
  type: 'string',
  valueName: '<file>',
  description:
    'JSON array of translation problems [{"scenarioId","language","code":"T1".."T4","message","source","translation"}], in addition to what lint-translation finds in <dir>',
};

/**
 * The translation lint's problems for the run directory's translated files, plus those of --translation-problems
 * (entries that do not fit are reported on stderr and left out).
 */
export async function translationProblemsOf(args: ParsedArgs, io: CliIO, fs: FileSource): Promise<TranslationProblem[]> {
  const linted = await lintTranslationProblems(fs);
  const file = stringOption(args, 'translation-problems');
  if (file === undefined) return linted;
  let value: unknown;
  try {
    value = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`--translation-problems ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const { problems, errors } = parseTranslationProblems(value);
  for (const error of errors) io.err(`${file}: ${error}; left out\n`);
  return [...linted, ...problems];
}

export const triageCommand: CliCommand = {
  arguments: '<dir>',
  options: {
    baseline: baselineOptionSpec,
    'translation-problems': translationProblemsOptionSpec,
    json: { type: 'boolean', description: 'print [{"group","language","run","setting" (when in one),"suggested":{"code","evidence"}}]' },
  },
  async run(args, io) {
    const { fs, index } = await openRunDirectory(args);
    const baseline = baselineOf(args, index);
    const translationProblems = await translationProblemsOf(args, io, fs);
    io.err(missingBaselineNote(index, baseline) + diagnosticsNote(index.diagnostics.length, args.positionals[0] ?? ''));
    const baselineSetting = index.settings?.baseline;
    const items = triageItems(index.runs, baseline, baselineSetting);
    const suggestions = await suggestForItems(fs, index.runs, items.map((e) => e.item), { baseline, baselineSetting, translationProblems });
    const rows = items.flatMap((e, k) => {
      const suggested = suggestions[k];
      return suggested ? [{ ...e.item, suggested }] : [];
    });
    if (flag(args, 'json')) {
      io.out(jsonText(rows.map((r) => ({ ...labelItem(r.group, r.language, r.run, r.setting ?? null), suggested: r.suggested }))));
      return EXIT_OK;
    }
    if (rows.length === 0) {
      io.out(`Nothing to triage against ${baseline}: no regressions and no runs without a verdict.\n`);
      return EXIT_OK;
    }
    const bySetting = rows.some((r) => r.setting);
    const table = rows.map((r) => {
      const first = truncated(oneLine(r.suggested.evidence[0] ?? ''), EVIDENCE_CHARS);
      const setting = bySetting ? [r.setting ?? ''] : [];
      return [r.group, r.language, ...setting, r.run === null ? '' : String(r.run), r.suggested.code, first.text + (first.omitted > 0 ? '…' : '')];
    });
    const text = textTable(['GROUP', 'LANGUAGE', ...(bySetting ? ['SETTING'] : []), 'RUN', 'SUGGESTED', 'EVIDENCE'], table);
    io.out(`${text}\n\nSuggestions only: record a decision with \`trajectory-lens label\`.\n`);
    return EXIT_OK;
  },
};
