// The colours and fonts VS Code gives a webview (its default Light Modern and Dark Modern themes), for an exported
// report opened in a browser: the reader's system setting picks light or dark, so the view looks as it does in VS Code.

/** The `--vscode-*` variables the compare view and its web components read, for both themes, and the page defaults. */
export const REPORT_THEME_CSS = `:root {
  --vscode-font-family: system-ui, "Ubuntu", "Droid Sans", sans-serif;
  --vscode-font-size: 13px;
  --vscode-font-weight: normal;
  --vscode-editor-font-family: "Droid Sans Mono", "DejaVu Sans Mono", monospace;
  --vscode-editor-font-size: 13px;
  color-scheme: light dark;
}
@media not (prefers-color-scheme: dark) {
  :root {
    --vscode-textPreformat-foreground: #a31515;
    --vscode-textPreformat-background: #0000001a;
    --vscode-foreground: #3b3b3b;
    --vscode-editor-background: #ffffff;
    --vscode-editor-foreground: #3b3b3b;
    --vscode-descriptionForeground: #717171;
    --vscode-panel-border: #e5e5e5;
    --vscode-editorGroup-border: #e5e5e5;
    --vscode-editorGroupHeader-tabsBackground: #f8f8f8;
    --vscode-editorWidget-background: #f8f8f8;
    --vscode-textCodeBlock-background: #f2f2f2;
    --vscode-focusBorder: #005fb8;
    --vscode-list-inactiveSelectionBackground: #e4e6f1;
    --vscode-list-activeSelectionBackground: #e8e8e8;
    --vscode-list-activeSelectionForeground: #000000;
    --vscode-list-hoverBackground: #f2f2f2;
    --vscode-list-focusOutline: #005fb8;
    --vscode-diffEditor-insertedTextBackground: #9ccc2c40;
    --vscode-diffEditor-removedTextBackground: #ff000033;
    --vscode-diffEditor-insertedLineBackground: #9bb95522;
    --vscode-diffEditor-removedLineBackground: #ff00001a;
    --vscode-diffEditor-unchangedRegionBackground: #f8f8f8;
    --vscode-diffEditor-unchangedRegionForeground: #616161;
    --vscode-editorGutter-modifiedBackground: #005fb8;
    --vscode-editorGutter-addedBackground: #2ea043;
    --vscode-editorGutter-deletedBackground: #f85149;
    --vscode-testing-iconPassed: #388a34;
    --vscode-testing-iconFailed: #f14c4c;
    --vscode-editorWarning-foreground: #bf8803;
    --vscode-editorInfo-foreground: #1a85ff;
    --vscode-charts-orange: #d18616;
    --vscode-charts-blue: #1a85ff;
    --vscode-charts-green: #388a34;
    --vscode-charts-purple: #652d90;
    --vscode-charts-red: #e51400;
    --vscode-charts-yellow: #bf8803;
    --vscode-terminal-ansiCyan: #0598bc;
    --vscode-terminal-ansiMagenta: #bc05bc;
    --vscode-editorHoverWidget-background: #f8f8f8;
    --vscode-editorHoverWidget-foreground: #3b3b3b;
    --vscode-editorHoverWidget-border: #c8c8c8;
    --vscode-inputValidation-warningBackground: #f6f5d2;
    --vscode-inputValidation-warningBorder: #b89500;
    --vscode-editor-findMatchHighlightBackground: #ea5c0055;
    --vscode-editor-findMatchBackground: #a8ac94;
    --vscode-debugTokenExpression-name: #9b46b0;
    --vscode-debugTokenExpression-string: #a31515;
    --vscode-debugTokenExpression-number: #098658;
    --vscode-button-background: #005fb8;
    --vscode-button-foreground: #ffffff;
    --vscode-button-hoverBackground: #0258a8;
    --vscode-button-border: #0000001a;
    --vscode-button-secondaryBackground: #e5e5e5;
    --vscode-button-secondaryForeground: #3b3b3b;
    --vscode-button-secondaryHoverBackground: #cccccc;
    --vscode-dropdown-background: #ffffff;
    --vscode-dropdown-border: #cecece;
    --vscode-dropdown-foreground: #3b3b3b;
    --vscode-settings-dropdownBackground: #ffffff;
    --vscode-settings-dropdownBorder: #cecece;
    --vscode-settings-dropdownForeground: #3b3b3b;
    --vscode-settings-dropdownListBorder: #c8c8c8;
    --vscode-settings-textInputBackground: #ffffff;
    --vscode-settings-textInputBorder: #cecece;
    --vscode-settings-textInputForeground: #3b3b3b;
    --vscode-input-placeholderForeground: #767676;
    --vscode-badge-background: #cccccc;
    --vscode-badge-foreground: #3b3b3b;
    --vscode-inputValidation-errorBackground: #f2dede;
    --vscode-inputValidation-errorBorder: #be1100;
    --vscode-inputValidation-infoBackground: #d6ecf2;
    --vscode-inputValidation-infoBorder: #007acc;
    --vscode-textLink-foreground: #005fb8;
    --vscode-textLink-activeForeground: #005fb8;
    --vscode-scrollbarSlider-background: #64646466;
    --vscode-scrollbarSlider-hoverBackground: #646464b3;
    --vscode-scrollbarSlider-activeBackground: #00000099;
    --vscode-toolbar-hoverBackground: #b8b8b850;
    --vscode-icon-foreground: #3b3b3b;
  }
}
@media (prefers-color-scheme: dark) {
  :root {
    --vscode-textPreformat-foreground: #d7ba7d;
    --vscode-textPreformat-background: #ffffff1a;
    --vscode-foreground: #cccccc;
    --vscode-editor-background: #1f1f1f;
    --vscode-editor-foreground: #cccccc;
    --vscode-descriptionForeground: #9d9d9d;
    --vscode-panel-border: #2b2b2b;
    --vscode-editorGroup-border: #ffffff17;
    --vscode-editorGroupHeader-tabsBackground: #181818;
    --vscode-editorWidget-background: #202020;
    --vscode-textCodeBlock-background: #2b2b2b;
    --vscode-focusBorder: #0078d4;
    --vscode-list-inactiveSelectionBackground: #37373d;
    --vscode-list-activeSelectionBackground: #04395e;
    --vscode-list-activeSelectionForeground: #ffffff;
    --vscode-list-hoverBackground: #2a2d2e;
    --vscode-list-focusOutline: #0078d4;
    --vscode-diffEditor-insertedTextBackground: #9ccc2c33;
    --vscode-diffEditor-removedTextBackground: #ff000033;
    --vscode-diffEditor-insertedLineBackground: #9bb95522;
    --vscode-diffEditor-removedLineBackground: #ff000022;
    --vscode-diffEditor-unchangedRegionBackground: #181818;
    --vscode-diffEditor-unchangedRegionForeground: #cccccc;
    --vscode-editorGutter-modifiedBackground: #0078d4;
    --vscode-editorGutter-addedBackground: #2ea043;
    --vscode-editorGutter-deletedBackground: #f85149;
    --vscode-testing-iconPassed: #73c991;
    --vscode-testing-iconFailed: #f14c4c;
    --vscode-editorWarning-foreground: #cca700;
    --vscode-editorInfo-foreground: #3794ff;
    --vscode-charts-orange: #d18616;
    --vscode-charts-blue: #3794ff;
    --vscode-charts-green: #89d185;
    --vscode-charts-purple: #b180d7;
    --vscode-charts-red: #f14c4c;
    --vscode-charts-yellow: #cca700;
    --vscode-terminal-ansiCyan: #11a8cd;
    --vscode-terminal-ansiMagenta: #bc3fbc;
    --vscode-editorHoverWidget-background: #202020;
    --vscode-editorHoverWidget-foreground: #cccccc;
    --vscode-editorHoverWidget-border: #454545;
    --vscode-inputValidation-warningBackground: #352a05;
    --vscode-inputValidation-warningBorder: #b89500;
    --vscode-editor-findMatchHighlightBackground: #ea5c0055;
    --vscode-editor-findMatchBackground: #9e6a03;
    --vscode-debugTokenExpression-name: #c586c0;
    --vscode-debugTokenExpression-string: #ce9178;
    --vscode-debugTokenExpression-number: #b5cea8;
    --vscode-button-background: #0078d4;
    --vscode-button-foreground: #ffffff;
    --vscode-button-hoverBackground: #026ec1;
    --vscode-button-border: #ffffff12;
    --vscode-button-secondaryBackground: #313131;
    --vscode-button-secondaryForeground: #cccccc;
    --vscode-button-secondaryHoverBackground: #3c3c3c;
    --vscode-dropdown-background: #313131;
    --vscode-dropdown-border: #3c3c3c;
    --vscode-dropdown-foreground: #cccccc;
    --vscode-settings-dropdownBackground: #313131;
    --vscode-settings-dropdownBorder: #3c3c3c;
    --vscode-settings-dropdownForeground: #cccccc;
    --vscode-settings-dropdownListBorder: #454545;
    --vscode-settings-textInputBackground: #313131;
    --vscode-settings-textInputBorder: #3c3c3c;
    --vscode-settings-textInputForeground: #cccccc;
    --vscode-input-placeholderForeground: #989898;
    --vscode-badge-background: #616161;
    --vscode-badge-foreground: #f8f8f8;
    --vscode-inputValidation-errorBackground: #5a1d1d;
    --vscode-inputValidation-errorBorder: #be1100;
    --vscode-inputValidation-infoBackground: #063b49;
    --vscode-inputValidation-infoBorder: #007acc;
    --vscode-textLink-foreground: #4daafc;
    --vscode-textLink-activeForeground: #4daafc;
    --vscode-scrollbarSlider-background: #79797966;
    --vscode-scrollbarSlider-hoverBackground: #646464b3;
    --vscode-scrollbarSlider-activeBackground: #bfbfbf66;
    --vscode-toolbar-hoverBackground: #5a5d5e50;
    --vscode-icon-foreground: #cccccc;
  }
}
body {
  margin: 0;
  padding: 0 20px;
  background: var(--vscode-editor-background);
  color: var(--vscode-editor-foreground);
  font-family: var(--vscode-font-family);
  font-weight: var(--vscode-font-weight);
  font-size: var(--vscode-font-size);
}
a { color: var(--vscode-textLink-foreground); }
code {
  font-family: var(--vscode-editor-font-family);
  color: var(--vscode-textPreformat-foreground);
  background-color: var(--vscode-textPreformat-background);
  padding: 1px 3px;
  border-radius: 4px;
}
`;
