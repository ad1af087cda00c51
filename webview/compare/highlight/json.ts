// JSON highlighting. The tokenizer loads after the first paint (it is a large module to evaluate and the first rows
// rarely need it); until it is there JSON shows as the same text without colours, and the rows showing JSON re-render
// once it arrives. Tokens are rendered as React text, never as HTML.
import { useSyncExternalStore } from 'react';
import type { JsonTokenizer } from './shikiJson';

/** A highlighted piece of JSON; `tone` names the CSS class that colours it (see compare.css). */
export interface JsonToken {
  text: string;
  tone: Tone;
}

export type Tone = 'plain' | 'key' | 'string' | 'literal';

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
/** Longest wait for an idle moment before loading anyway. */
const LOAD_TIMEOUT_MS = 2000;

let tokenizer: JsonTokenizer | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();
const cache = new Map<string, JsonToken[][]>();

/** Loads the tokenizer (once) when the page is next idle, so it never delays a paint. */
export function loadJsonHighlightingWhenIdle(): void {
  loading ??= new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: LOAD_TIMEOUT_MS }))
    .then(() => import('./shikiJson'))
    .then(({ createJsonTokenizer }) => {
      tokenizer = createJsonTokenizer();
      for (const listener of listeners) listener();
    });
}

/** Whether JSON is coloured yet; a component calling this re-renders when it becomes so. */
export function useJsonHighlighting(): boolean {
  return useSyncExternalStore(subscribe, isReady);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  loadJsonHighlightingWhenIdle();
  return () => listeners.delete(listener);
}

function isReady(): boolean {
  return tokenizer !== null;
}

/** Lines of tokens for a JSON text (as it will be displayed, already pretty-printed or not). */
export function jsonTokens(code: string): JsonToken[][] {
  if (tokenizer === null || code.length > MAX_HIGHLIGHTED_CHARS) return code.split('\n').map((line) => [{ text: line, tone: 'plain' }]);
  const cached = cache.get(code);
  if (cached) return cached;
  const lines = tokenizer(code).map((line) => line.map((t) => ({ text: t.content, tone: TONES[t.color ?? ''] ?? 'plain' })));
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(code, lines);
  return lines;
}
