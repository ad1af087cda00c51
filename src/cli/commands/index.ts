import { checkRuns } from '../../core/index/checkRuns';
import { mergeDiagnostics } from '../../core/index/diagnosticOrder';
import { startCheckWorkers } from '../../core/index/checkOnWorkers';
import { bundledIndexWorkers } from '../../core/index/walkOnWorkers';
import type { RunIndex } from '../../core/index/runIndex';
import type { Diagnostic, RunSummary } from '../../core/model';
import { countText } from '../../core/render/runLabels';
import { EXIT_OK, flag, jsonText, type CliCommand, type ParsedArgs } from '../command';
import { diagnosticsText } from '../diagnosticsText';
import { diagnosticJson, runJson } from '../jsonShapes';
import { jobsOption, openRunDirectory, runDirectoryRoot } from '../runDirectory';
import { textTable } from '../textTable';

function languageColumn(run: RunSummary): string {
  return run.languageLabel === run.language ? run.language : `${run.language} (${run.languageLabel})`;
}

function summaryLine(runs: readonly RunSummary[], diagnostics: number): string {
  const count = (outcome: RunSummary['outcome']): number => runs.filter((r) => r.outcome === outcome).length;
  const languages = [...new Set(runs.map((r) => r.language))].sort();
  const groups = new Set(runs.map((r) => r.group)).size;
  const parts = [
    `${countText(runs.length, 'run')} in ${countText(groups, 'group')}`,
    `${countText(languages.length, 'language')}${languages.length > 0 ? ` (${languages.join(', ')})` : ''}`,
    `${count('pass')} pass`,
    `${count('fail')} fail`,
    `${count('infra')} infra`,
    // A run without a verdict (a tau2 simulation without reward_info, an Inspect sample without scores) is not a crash.
    ...(count('unknown') > 0 ? [`${count('unknown')} unknown`] : []),
    countText(diagnostics, 'diagnostic'),
  ];
  return `${parts.join(' · ')}\n`;
}

/** The directory's index and its diagnostics: with `--check`, also every problem in every file of every run. */
async function indexed(args: ParsedArgs): Promise<{ index: RunIndex; diagnostics: Diagnostic[] }> {
  if (!flag(args, 'check')) {
    const { index } = await openRunDirectory(args);
    return { index, diagnostics: index.diagnostics };
  }
  // Checking parses every line of every run: CPU work that worker threads share out, one per core unless told. They
  // start first, so that they load while the directory is indexed.
  const threads = bundledIndexWorkers(jobsOption(args));
  const workers = threads && startCheckWorkers({ ...threads, root: await runDirectoryRoot(args) });
  try {
    const { fs, index } = await openRunDirectory(args);
    return { index, diagnostics: mergeDiagnostics(index.diagnostics, await checkRuns(fs, index.runs, { workers })) };
  } finally {
    await workers?.close();
  }
}

export const indexCommand: CliCommand = {
  details: [
    'Outcome is pass, fail or infra (crashed, timed out, no verdict: left out of every rate). Runs are paired across',
    'languages by their group: the run path without its language and run folders. Files that are not a known run',
    'format are listed as diagnostics with the reason; the exit code stays 0.',
  ].join('\n'),
  arguments: '<dir>',
  options: {
    json: { type: 'boolean', description: 'print {"runs":[…],"diagnostics":[…]} as JSON' },
    check: { type: 'boolean', description: 'also read every file of every run and report every problem' },
    'no-cache': { type: 'boolean', description: 'read every verdict again instead of reusing .trajectory-lens/index-cache.jsonl' },
    jobs: {
      type: 'string',
      valueName: '<n>',
      description:
        'worker threads that walk the runs (default 1: the main thread alone; more pays off on more than two cores) and that check them with --check (default: one per core)',
    },
  },
  async run(args, io) {
    const { index, diagnostics } = await indexed(args);
    if (flag(args, 'json')) {
      io.out(jsonText({ runs: index.runs.map(runJson), diagnostics: diagnostics.map(diagnosticJson) }));
      return EXIT_OK;
    }
    const rows = index.runs.map((run) => [
      run.id,
      languageColumn(run),
      String(run.runIndex),
      run.outcome,
      run.capability ?? '-',
      run.failureFamily ?? '',
    ]);
    const header = ['ID', 'LANGUAGE', 'RUN', 'OUTCOME', 'CAPABILITY', 'FAILURE'];
    const table = rows.length > 0 ? `${textTable(header, rows)}\n\n` : '';
    const problems = diagnosticsText(diagnostics);
    io.out(`${table}${problems}${problems ? '\n' : ''}${summaryLine(index.runs, diagnostics.length)}`);
    return EXIT_OK;
  },
};
