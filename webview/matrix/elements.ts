// The @vscode-elements web components the matrix view uses, and only those: every other definition would be parsed and
// run before the first paint. Their JSX typings are in ../shared/elements.
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-option/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
