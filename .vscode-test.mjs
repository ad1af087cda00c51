// Desktop VS Code suite for @vscode/test-cli (which drives @vscode/test-electron). It downloads VS Code, so run it
// through `node test/desktop/run.mjs`, which checks that first; it is not part of `npm test`. The browser-based
// end-to-end tests in test/e2e cover the same ground in VS Code's web workbench on machines without that download.
export default {
  label: 'desktop',
  files: 'test/desktop/**/*.test.cjs',
  version: 'stable',
  // A copy of the examples made by run.mjs, so the suite never writes into the repository.
  workspaceFolder: '.cache/desktop/gaia2-multilingual',
  launchArgs: ['--disable-extensions', '--disable-workspace-trust'],
  mocha: { ui: 'tdd', timeout: 60_000 },
};
