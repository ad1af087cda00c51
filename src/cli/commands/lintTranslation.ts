import { NodeFileSource } from '../../core/nodeFileSource';
import { countText } from '../../core/render/runLabels';
import { findingRow } from '../../core/translation/finding';
import { lintTranslations } from '../../core/translation/lintTranslations';
import { EXIT_OK, flag, jsonText, type CliCommand } from '../command';
import { diagnosticsText } from '../diagnosticsText';
import { runDirectoryRoot } from '../runDirectory';
import { textTable } from '../textTable';

export const lintTranslationCommand: CliCommand = {
  arguments: '<dir>',
  options: {
    json: { type: 'boolean', description: 'print [{"file","line","column","code","message","source","translation"}] as JSON' },
  },
  async run(args, io) {
    const fs = new NodeFileSource(await runDirectoryRoot(args));
    const { findings, pairs, diagnostics } = await lintTranslations(fs);
    io.err(diagnosticsText(diagnostics));
    if (flag(args, 'json')) {
      io.out(jsonText(findings.map(findingRow)));
      return EXIT_OK;
    }
    const checked = `${countText(pairs.length, 'translated file')} checked`;
    if (findings.length === 0) {
      io.out(`No translation problems; ${checked}.\n`);
      return EXIT_OK;
    }
    const rows = findings.map((f) => [`${f.file}:${f.line}:${f.column}`, f.code, f.message]);
    io.out(`${textTable(['LOCATION', 'CODE', 'MESSAGE'], rows)}\n\n${countText(findings.length, 'problem')}; ${checked}.\n`);
    return EXIT_OK;
  },
};
