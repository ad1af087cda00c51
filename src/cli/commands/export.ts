import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { readWebviewAssets } from '../../core/render/webviewAssets';
import { compareReportHtml } from '../../core/render/compareReport';
import { EXIT_OK, stringOption, UsageError, type CliCommand } from '../command';
import { comparedRunsOptions, loadComparedRuns } from '../comparedRuns';
import { comparisonReportState } from '../comparisonReportState';
import { diagnosticsText } from '../diagnosticsText';

/** dist/webview beside the CLI's bundle (dist/cli.js); from the sources (src/cli/commands), the built one. */
function webviewAssetsDir(): string {
  const bundled = join(__dirname, 'webview');
  const fromSources = join(__dirname, '..', '..', '..', 'dist', 'webview');
  return existsSync(join(bundled, 'compare.js')) ? bundled : fromSources;
}

export const exportCommand: CliCommand = {
  name: 'export',
  summary: 'write a comparison as one self-contained HTML file (the compare view, read-only, working offline)',
  arguments: '<dir> --group <group> --language <code> -o <file>',
  options: {
    ...comparedRunsOptions,
    output: { type: 'string', short: 'o', valueName: '<file>', description: 'the HTML file to write' },
  },
  async run(args, io) {
    const output = stringOption(args, 'output');
    if (output === undefined) throw new UsageError('missing -o <file>: where to write the report, e.g. report.html');
    const compared = await loadComparedRuns(args);
    const [state, assets] = await Promise.all([
      comparisonReportState(compared),
      readWebviewAssets(webviewAssetsDir(), 'compare').catch((error: Error) => {
        throw new UsageError(error.message);
      }),
    ]);
    io.err(diagnosticsText([...compared.baseline.diagnostics, ...compared.target.diagnostics, ...state.directoryDiagnostics]));
    const html = compareReportHtml(assets, state, randomBytes(16).toString('base64'));
    const path = resolve(output);
    await writeFile(path, html, 'utf8');
    io.out(`wrote ${path} (${(Buffer.byteLength(html) / 1e6).toFixed(1)} MB)\n`);
    return EXIT_OK;
  },
};
