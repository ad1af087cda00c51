import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.cache/**', 'examples/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { console: 'readonly', process: 'readonly', require: 'readonly', module: 'readonly', __dirname: 'readonly' },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Trajectory text is data, never HTML.' },
      ],
    },
  },
  {
    // The CLI's launcher is plain CommonJS that loads the bundle; the bench's reporter is preloaded into a command.
    files: ['bin/**/*.js', 'test/desktop/**/*.cjs', 'test/bench/**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // The layers: the core is pure; the host and the CLI are two front ends over it that never import each other; the
  // webview gets its data from the host and takes only types from the core. Imports are matched as written (relative
  // paths), so a pattern names a folder segment: no folder inside src/core, src/host or src/cli is called host, cli
  // or webview (src/host/webview is the host's own).
  layer(['src/core/**/*.ts', 'src/protocol/**/*.ts'], [
    relativeImportOf(['host', 'cli', 'webview'], 'src/core and src/protocol import no host, CLI or webview code.'),
  ]),
  layer(['src/cli/**/*.ts'], [relativeImportOf(['host', 'webview'], 'The CLI never imports the VS Code host or the webview.')]),
  layer(['src/host/**/*.ts'], [relativeImportOf(['cli'], 'The host never imports the CLI: shared code belongs in src/core.')], { vscode: true }),
  layer(['webview/**/*.{ts,tsx}'], [
    {
      regex: '(^|/)src/core(/|$)',
      allowTypeImports: true,
      message: 'The webview imports only types from src/core (import type): the host sends it the data.',
    },
    { regex: '(^|/)src/(host|cli)(/|$)', message: 'The webview never imports the host or the CLI.' },
  ]),
);

/** Import restrictions for the files of one layer; only src/host may import vscode. */
function layer(files, patterns, { vscode = false } = {}) {
  const paths = vscode ? [] : [{ name: 'vscode', message: 'Only src/host may import vscode.' }];
  return { files, rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths, patterns }] } };
}

/** A relative import through a folder named one of `folders`. */
function relativeImportOf(folders, message) {
  return { regex: `^\\.{1,2}/(.*/)?(${folders.join('|')})(/|$)`, message };
}
