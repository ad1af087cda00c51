// JSON highlighting with shiki's core, the JSON grammar only and the JavaScript regex engine: no WASM and no eval,
// so the webview's strict CSP holds. Tokens are rendered as React text, never as HTML.
import { createCssVariablesTheme, createHighlighterCoreSync, type HighlighterCore } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import json from 'shiki/langs/json.mjs';

/** A highlighted piece of JSON; `tone` names the CSS class that colours it (see compare.css). */
export interface JsonToken {
  text: string;
  tone: Tone;
}

export type Tone = 'plain' | 'key' | 'string' | 'literal';

const THEME = 'trajectory-lens';
// The theme's colours are CSS variables; compare.css maps each onto a --vscode-* colour of the user's theme.
const TONES: Record<string, Tone> = {
  'var(--shiki-token-keyword)': 'key',
  'var(--shiki-token-string)': 'string',
  'var(--shiki-token-string-expression)': 'string',
  'var(--shiki-token-constant)': 'literal',
};

/** Above this size text is shown without colours: tokenizing it would stall scrolling. */
const MAX_HIGHLIGHTED_CHARS = 20_000;
const CACHE_SIZE = 500;

let highlighter: HighlighterCore | null = null;
const cache = new Map<string, JsonToken[][]>();

function instance(): HighlighterCore {
  highlighter ??= createHighlighterCoreSync({
    themes: [createCssVariablesTheme({ name: THEME, variablePrefix: '--shiki-', fontStyle: false })],
    langs: [json],
    engine: createJavaScriptRegexEngine(),
  });
  return highlighter;
}

/** Lines of tokens for a JSON text (as it will be displayed, already pretty-printed or not). */
export function jsonTokens(code: string): JsonToken[][] {
  if (code.length > MAX_HIGHLIGHTED_CHARS) return code.split('\n').map((line) => [{ text: line, tone: 'plain' }]);
  const cached = cache.get(code);
  if (cached) return cached;
  const { tokens } = instance().codeToTokens(code, { lang: 'json', theme: THEME });
  const lines = tokens.map((line) => line.map((t) => ({ text: t.content, tone: TONES[t.color ?? ''] ?? 'plain' })));
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(code, lines);
  return lines;
}
