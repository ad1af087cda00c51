import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readWebviewAssets, type WebviewAssets } from '../../core/render/webviewAssets';
import { compareReportHtml } from '../../core/render/compareReport';
import { comparisonReportState } from '../../core/render/comparisonReportState';
import { exportWorklist, reportsFolderFor } from '../../core/render/worklistExport';
import { baselineOf } from '../baselineOption';
import { EXIT_OK, flag, stringOption, UsageError, type CliCommand, type CliIO, type ParsedArgs } from '../command';
import { comparedRunsOptions, loadComparedRuns } from '../comparedRuns';
import { diagnosticsText } from '../diagnosticsText';
import { openRunDirectory } from '../runDirectory';
import { translationProblemsOf, translationProblemsOptionSpec } from './triage';

/** dist/webview beside the CLI's bundle (dist/cli.js); from the sources (src/cli/commands), the built one. */
function webviewAssetsDir(): string {
  const bundled = join(__dirname, 'webview');
  const fromSources = join(__dirname, '..', '..', '..', 'dist', 'webview');
  return existsSync(join(bundled, 'compare.js')) ? bundled : fromSources;
}

function compareAssets(): Promise<WebviewAssets> {
  return readWebviewAssets(webviewAssetsDir(), 'compare').catch((error: Error) => {
    throw new UsageError(error.message);
  });
}

function megabytes(text: string): string {
  return `${(Buffer.byteLength(text) / 1e6).toFixed(1)} MB`;
}

function nonce(): string {
  return randomBytes(16).toString('base64');
}

async function exportComparison(args: ParsedArgs, io: CliIO, output: string): Promise<number> {
  const compared = await loadComparedRuns(args);
  const [state, assets] = await Promise.all([comparisonReportState(compared, pathToFileURL(compared.fs.root).toString()), compareAssets()]);
  io.err(diagnosticsText([...compared.baseline.diagnostics, ...compared.target.diagnostics, ...state.directoryDiagnostics]));
  const html = compareReportHtml(assets, state, nonce());
  const path = resolve(output);
  await writeFile(path, html, 'utf8');
  io.out(`wrote ${path} (${megabytes(html)})\n`);
  return EXIT_OK;
}

async function exportWorklistFiles(args: ParsedArgs, io: CliIO, output: string): Promise<number> {
  const format = stringOption(args, 'format') ?? (output.endsWith('.md') ? 'md' : 'html');
  if (format !== 'html' && format !== 'md') throw new UsageError(`--format ${format}: html or md`);
  for (const name of ['group', 'language', 'setting', 'baseline-run', 'target-run']) {
    if (stringOption(args, name) !== undefined) throw new UsageError(`--${name} does not go with --worklist, which exports every regression`);
  }
  const path = resolve(output);
  const [{ fs, index }, assets] = await Promise.all([openRunDirectory(args), compareAssets()]);
  const baseline = baselineOf(args, index);
  const translationProblems = await translationProblemsOf(args, io, fs);
  let bytes = 0;
  const exported = await exportWorklist({
    fs,
    index,
    baseline,
    runDirectory: basename(fs.root),
    runDirUri: pathToFileURL(fs.root).toString(),
    format,
    reportsFolder: reportsFolderFor(basename(path)),
    assets,
    nonce,
    translationProblems,
    writeReport: async (relative, html) => {
      const file = join(dirname(path), ...relative.split('/'));
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, html, 'utf8');
      bytes += Buffer.byteLength(html);
    },
  });
  io.err(diagnosticsText(exported.diagnostics));
  await writeFile(path, exported.text, 'utf8');
  const folder = join(dirname(path), reportsFolderFor(basename(path)));
  const reports = exported.reports.length === 0 ? '' : `, and ${exported.reports.length} comparison reports in ${folder} (${(bytes / 1e6).toFixed(1)} MB)`;
  io.out(`wrote ${path} (${(Buffer.byteLength(exported.text) / 1e3).toFixed(1)} kB)${reports}\n`);
  return EXIT_OK;
}

export const exportCommand: CliCommand = {
  arguments: '<dir> (--group <group> --language <code> | --worklist) -o <file>',
  options: {
    ...comparedRunsOptions,
    worklist: {
      type: 'boolean',
      description: 'export the matrix and the regressions by cause with their labels, and a comparison report per regression in <file>-reports/',
    },
    format: { type: 'string', valueName: '<html|md>', description: 'with --worklist: html (default; md when <file> ends in .md) or md' },
    'translation-problems': translationProblemsOptionSpec,
    output: { type: 'string', short: 'o', valueName: '<file>', description: 'the HTML (or Markdown) file to write' },
  },
  async run(args, io) {
    const output = stringOption(args, 'output');
    if (output === undefined) throw new UsageError('missing -o <file>: where to write the report, e.g. report.html');
    if (flag(args, 'worklist')) return exportWorklistFiles(args, io, output);
    if (stringOption(args, 'format') !== undefined) throw new UsageError('--format goes with --worklist');
    return exportComparison(args, io, output);
  },
};
