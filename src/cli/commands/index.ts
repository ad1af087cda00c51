import { startCheckWorkers } from '../../core/index/checkOnWorkers';
import { checkRuns } from '../../core/index/checkRuns';
import { mergeDiagnostics } from '../../core/index/diagnosticOrder';
import { bundledIndexWorkers } from '../../core/index/walkOnWorkers';
import type { Diagnostic, RunSummary } from '../../core/model';
import type { NodeFileSource } from '../../core/nodeFileSource';
import { countText } from '../../core/render/runLabels';
import { EXIT_OK, flag, type CliCommand, type ParsedArgs } from '../command';
import { diagnosticsText } from '../diagnosticsText';
import { indexJsonText } from '../jsonShapes';
import { keepIndex, keptIndexOutput, keptRunIndexToVerify } from '../keptIndex';
import { jobsOption, openRunDirectory, runDirectorySource, usesIndexCache } from '../runDirectory';
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

type OpenedDirectory = Awaited<ReturnType<typeof openRunDirectory>>;

/** The run directory indexed, and its diagnostics: with `--check`, also every problem in every file of every run. */
async function indexed(args: ParsedArgs, source: NodeFileSource): Promise<OpenedDirectory & { diagnostics: Diagnostic[] }> {
  if (!flag(args, 'check')) {
    // Kept after printing, with the output.
    const opened = await openRunDirectory(args, source, { keep: false });
    return { ...opened, diagnostics: opened.index.diagnostics };
  }
  // Checking parses every line of every run: CPU work that this thread and worker threads share out, one thread per
  // core unless told. The workers start first, so that they load while the directory is indexed.
  const threads = bundledIndexWorkers(jobsOption(args));
  const startWorkers = () => threads && startCheckWorkers({ ...threads, root: source.root });
  let workers = startWorkers();
  try {
    // The last index's runs are checked while this thread looks at what it was made from, which takes as long as
    // checking a tenth of them; when something changed, that check is stopped and the directory indexed again.
    const kept = usesIndexCache(args) ? await keptRunIndexToVerify(source) : null;
    if (kept !== null) {
      const stop = new AbortController();
      const checking = checkRuns(source, kept.index.runs, { workers, signal: stop.signal });
      // Handled where it is awaited, or dropped: not a failure of the process while the stat calls go on.
      checking.catch(() => undefined);
      if (await kept.holds()) {
        const { index, dependencies } = kept;
        return { fs: source, index, dependencies, diagnostics: mergeDiagnostics(index.diagnostics, await checking) };
      }
      stop.abort();
      await checking.catch(() => undefined);
      // Stopped, or stopping: new ones check the directory as it is now.
      await workers?.close();
      workers = startWorkers();
    }
    const opened = await openRunDirectory(args, source, { reuse: false });
    const checked = await checkRuns(opened.fs, opened.index.runs, { workers });
    return { ...opened, diagnostics: mergeDiagnostics(opened.index.diagnostics, checked) };
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
    'no-cache': { type: 'boolean', description: 'read every verdict again instead of reusing what .trajectory-lens/ keeps (the index cache, the last index), and keep nothing there' },
    jobs: {
      type: 'string',
      valueName: '<n>',
      description:
        'threads that walk the runs (default 1: the main thread alone; more pays off on more than two cores) and that check them with --check (default: one per core, the main thread among them)',
    },
  },
  async run(args, io) {
    const source = await runDirectorySource(args);
    // The same output again when nothing it was made from changed (see keptIndex); --check reads every file anyway.
    const command = flag(args, 'json') ? 'index --json' : 'index';
    const replayable = usesIndexCache(args) && !flag(args, 'check');
    const replayed = replayable ? await keptIndexOutput(source, command) : null;
    if (replayed !== null) {
      io.out(replayed);
      return EXIT_OK;
    }
    const { fs, index, dependencies, diagnostics } = await indexed(args, source);
    const text = flag(args, 'json')
      ? indexJsonText(index.runs, diagnostics)
      : indexText(index.runs, diagnostics);
    io.out(text);
    if (replayable && dependencies !== null) await keepIndex(fs, dependencies, index, { command, text });
    return EXIT_OK;
  },
};

/** The runs as a table, the diagnostics and a summary line. */
function indexText(runs: readonly RunSummary[], diagnostics: readonly Diagnostic[]): string {
  const rows = runs.map((run) => [
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
  return `${table}${problems}${problems ? '\n' : ''}${summaryLine(runs, diagnostics.length)}`;
}
