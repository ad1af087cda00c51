// The project's lint configuration keeps the layers apart: a pure core, the host and the CLI as two front ends that
// never import each other, and a webview that takes only types from the core. Checked on small samples linted with
// the real configuration, as `npm run lint` would lint them in each folder.
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = join(__dirname, '../../..');
const RULE = '@typescript-eslint/no-restricted-imports';

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root, overrideConfigFile: join(root, 'eslint.config.mjs') });
});

/** The import restrictions reported for `code` in a file at `path` (relative to the repository). */
async function restricted(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\n`, { filePath: join(root, path) });
  return (result?.messages ?? []).filter((m) => m.ruleId === RULE).map((m) => m.message);
}

describe('layer rules in eslint.config.mjs', () => {
  it('keeps src/core free of the host, the CLI, the webview and vscode, types included', async () => {
    const file = 'src/core/analysis/sample.ts';
    expect(await restricted(file, "import { loadTrajectory } from '../index/loadTrajectory';")).toEqual([]);
    expect(await restricted(file, "import * as vscode from 'vscode';")).toEqual([expect.stringContaining('Only src/host may import vscode')]);
    for (const code of [
      "import { RunStore } from '../../host/runStore';",
      "import type { RunStore } from '../../host/runStore';",
      "import { runCli } from '../../cli/runCli';",
      "import type { App } from '../../../webview/compare/App';",
    ]) {
      expect(await restricted(file, code), code).toEqual([expect.stringContaining('import no host, CLI or webview code')]);
    }
  });

  it('forbids the host to import the CLI, and the CLI to import the host', async () => {
    const host = 'src/host/labels/sample.ts';
    expect(await restricted(host, "import { gitUserName } from '../../cli/gitUserName';")).toEqual([
      expect.stringContaining('The host never imports the CLI'),
    ]);
    expect(await restricted(host, "import type { CliCommand } from '../../cli/command';")).toHaveLength(1);
    expect(
      await restricted(
        host,
        "import * as vscode from 'vscode';\nimport { renderPanelHtml } from '../webview/panelHtml';\nimport { gitUserName } from '../../core/triage/gitUserName';",
      ),
    ).toEqual([]);

    const cli = 'src/cli/commands/sample.ts';
    expect(await restricted(cli, "import { RunStore } from '../../host/runStore';")).toEqual([
      expect.stringContaining('The CLI never imports the VS Code host'),
    ]);
    expect(await restricted(cli, "import * as vscode from 'vscode';")).toEqual([expect.stringContaining('Only src/host may import vscode')]);
  });

  it('lets the webview import only types from src/core, and nothing from the host or the CLI', async () => {
    const file = 'webview/compare/model/sample.ts';
    expect(
      await restricted(
        file,
        "import type { ScriptCode } from '../../../src/core/language/scripts';\nimport { type ComparedEntity } from '../../../src/core/entities/compareEntities';\nimport { parseSavedCompareState } from '../../../src/protocol/validateCompare';",
      ),
    ).toEqual([]);
    for (const code of [
      "import { charScript } from '../../../src/core/language/scripts';",
      "import { charScript, type ScriptCode } from '../../../src/core/language/scripts';",
    ]) {
      expect(await restricted(file, code), code).toEqual([expect.stringContaining('imports only types from src/core')]);
    }
    for (const code of [
      "import { CompareSession } from '../../../src/host/compare/compareSession';",
      "import type { CompareSession } from '../../../src/host/compare/compareSession';",
      "import { runCli } from '../../../src/cli/runCli';",
    ]) {
      expect(await restricted(file, code), code).toEqual([expect.stringContaining('never imports the host or the CLI')]);
    }
  });
});
