// Runs inside desktop VS Code's extension host (mocha, TDD interface), on the copy of the examples run.mjs opens.
/* global suite, test, setTimeout */
const assert = require('node:assert');
const vscode = require('vscode');

const EXTENSION_ID = 'trajectory-lens.trajectory-lens';

async function eventually(what, check, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

suite('Trajectory Lens in desktop VS Code', () => {
  test('activates when its view opens and registers its commands', async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is loaded`);
    await vscode.commands.executeCommand('workbench.view.extension.trajectoryLens');
    await eventually('activation', () => extension.isActive);
    const commands = await vscode.commands.getCommands(true);
    for (const id of ['trajectoryLens.refresh', 'trajectoryLens.openRun', 'trajectoryLens.compareWithBaseline']) {
      assert.ok(commands.includes(id), `${id} is registered`);
    }
  });

  test('reports the unreadable files of the examples as problems', async () => {
    const problems = await eventually('diagnostics', () => {
      const found = vscode.languages
        .getDiagnostics()
        .filter(([uri, diagnostics]) => uri.path.endsWith('/result.json') && diagnostics.length > 0);
      return found.length > 0 ? found : null;
    });
    assert.ok(problems.some(([, diagnostics]) => diagnostics.some((d) => /empty/i.test(d.message))), 'an empty result.json is reported');
  });
});
