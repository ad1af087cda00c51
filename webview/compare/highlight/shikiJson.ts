// The JSON tokenizer itself: shiki's core, the JSON grammar only and the JavaScript regex engine (no WASM and no eval,
// so the webview's strict CSP holds). Imported on demand by json.ts, so its weight stays off the first paint.
import { createCssVariablesTheme, createHighlighterCoreSync, type ThemedToken } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import json from 'shiki/langs/json.mjs';

/** Lines of tokens, each coloured with a `var(--shiki-token-…)` reference. */
export type JsonTokenizer = (code: string) => ThemedToken[][];

const THEME = 'trajectory-lens';

export function createJsonTokenizer(): JsonTokenizer {
  const highlighter = createHighlighterCoreSync({
    themes: [createCssVariablesTheme({ name: THEME, variablePrefix: '--shiki-', fontStyle: false })],
    langs: [json],
    engine: createJavaScriptRegexEngine(),
  });
  return (code) => highlighter.codeToTokens(code, { lang: 'json', theme: THEME }).tokens;
}
