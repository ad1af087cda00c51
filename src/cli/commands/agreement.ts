import type { Ratings } from '../../core/triage/agreement';
import { agreementReport, PRIOR_NAME, reportCsv, reportJsonl, type AgreementReport } from '../../core/triage/agreementReport';
import { decompositionItems, DEFAULT_REPLICATES } from '../../core/triage/decomposition';
import { DEFAULT_SEED } from '../../core/triage/seededRandom';
import { itemKey, type LabelItem } from '../../core/triage/labelRecord';
import { currentRecords, readLabels } from '../../core/triage/labelStore';
import { suggestForItems, triageItems, type StratumDimension } from '../../core/triage/triageItems';
import { baselineOf, baselineOptionSpec } from '../baselineOption';
import { EXIT_OK, flag, jsonText, stringOption, UsageError, type CliCommand, type ParsedArgs } from '../command';
import { diagnosticsText } from '../diagnosticsText';
import { openRunDirectory } from '../runDirectory';
import { textTable } from '../textTable';
import { translationProblemsOf, translationProblemsOptionSpec } from './triage';

const DIMENSIONS: readonly StratumDimension[] = ['determinism', 'language', 'capability'];

function integerOption(args: ParsedArgs, name: string, fallback: number, min: number): number {
  const given = stringOption(args, name);
  if (given === undefined) return fallback;
  if (!/^\d+$/.test(given) || Number(given) < min) throw new UsageError(`--${name} ${given}: a whole number of at least ${min}`);
  return Number(given);
}

function strataOf(args: ParsedArgs): StratumDimension[] {
  const given = stringOption(args, 'strata');
  if (given === undefined) return ['determinism'];
  const parts = given.split(',').map((p) => p.trim()).filter((p) => p !== '');
  const unknown = parts.filter((p) => !(DIMENSIONS as readonly string[]).includes(p));
  if (unknown.length > 0) throw new UsageError(`--strata ${given}: unknown ${unknown.join(', ')}; use ${DIMENSIONS.join(', ')}`);
  return parts as StratumDimension[];
}

function percent(value: number | null): string {
  return value === null ? '–' : `${(value * 100).toFixed(1)}%`;
}

function interval(low: number | null, high: number | null): string {
  return low === null || high === null ? '' : `[${percent(low)}, ${percent(high)}]`;
}

function decimal(value: number | null): string {
  return value === null ? '–' : value.toFixed(3);
}

function reportText(report: AgreementReport): string {
  const pairs = textTable(
    ['A', 'B', 'ITEMS', 'CODE AGREEMENT', '95% CI', 'KAPPA', 'SIDE AGREEMENT', '95% CI', 'KAPPA'],
    report.pairs.map((p) => [
      p.a, p.b ?? PRIOR_NAME, String(p.code.n), percent(p.code.rate), interval(p.code.low, p.code.high), decimal(p.code.kappa),
      percent(p.family.rate), interval(p.family.low, p.family.high), decimal(p.family.kappa),
    ]),
  );
  const d = report.decomposition;
  const shares = textTable(
    ['SIDE', 'LABELLED', 'SHARE', '95% CI'],
    d.shares.map((s) => [s.family, String(s.labelled), percent(s.share), interval(s.low, s.high)]),
  );
  const r = report.reviews;
  return (
    `${report.pairs.length === 0 ? 'No labels yet.' : pairs}\n\n` +
    `Gap decomposition: ${d.labelled} of ${d.regressions} regressions labelled, weighted by stratum size; ` +
    `scenario-clustered bootstrap, ${d.bootstrap.replicates} replicates, seed ${d.bootstrap.seed}\n${shares}\n\n` +
    `Reviews: ${r.reviews} (${r.confirmed} confirmed, ${r.rejected} rejected, ${r.undecidable} undecidable); ` +
    `confirmed ${percent(r.confirmRate)} ${interval(r.low, r.high)}\n`
  );
}

const PRINTERS: Readonly<Record<string, (report: AgreementReport) => string>> = {
  json: jsonText,
  csv: reportCsv,
  jsonl: reportJsonl,
};

export const agreementCommand: CliCommand = {
  arguments: '<dir>',
  options: {
    baseline: baselineOptionSpec,
    'translation-problems': translationProblemsOptionSpec,
    strata: {
      type: 'string',
      valueName: '<list>',
      description: `decomposition strata, from ${DIMENSIONS.join(',')}; default: determinism`,
    },
    seed: { type: 'string', valueName: '<n>', description: `bootstrap seed; default ${DEFAULT_SEED}` },
    replicates: { type: 'string', valueName: '<n>', description: `bootstrap replicates; default ${DEFAULT_REPLICATES}` },
    json: { type: 'boolean', description: 'print the report as JSON' },
    csv: { type: 'boolean', description: 'print the report as CSV rows' },
    jsonl: { type: 'boolean', description: 'print the report as JSON lines, one row per line' },
  },
  async run(args, io) {
    const formats = ['json', 'csv', 'jsonl'].filter((f) => flag(args, f));
    if (formats.length > 1) throw new UsageError(`choose one of --${formats.join(', --')}`);
    const strata = strataOf(args);
    const bootstrap = {
      seed: integerOption(args, 'seed', DEFAULT_SEED, 0),
      replicates: integerOption(args, 'replicates', DEFAULT_REPLICATES, 1),
    };
    const { fs, index } = await openRunDirectory(args);
    const baseline = baselineOf(args, index);
    const translationProblems = await translationProblemsOf(args, io, fs);
    const { records, diagnostics } = await readLabels(fs);
    io.err(diagnosticsText(diagnostics));
    const labelled = new Map<string, LabelItem>();
    for (const r of records) if (r.kind === 'label') labelled.set(itemKey(r.item), r.item);
    const items = [...labelled.values()];
    const baselineSetting = index.settings?.baseline;
    const suggestions = await suggestForItems(fs, index.runs, items, { baseline, baselineSetting, translationProblems });
    const prior: Ratings = new Map();
    items.forEach((item, k) => {
      const suggested = suggestions[k];
      if (suggested) prior.set(itemKey(item), { item, code: suggested.code });
    });
    const regressions = decompositionItems(triageItems(index.runs, baseline, baselineSetting), currentRecords(records), strata);
    const report = agreementReport({ records, prior, regressions, bootstrap });
    const format = formats[0];
    io.out((PRINTERS[format ?? ''] ?? reportText)(report));
    return EXIT_OK;
  },
};
