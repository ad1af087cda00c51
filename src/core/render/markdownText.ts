// Building blocks for Markdown documents whose content comes from runs. Run text is data: it is always fenced or
// put in a code span long enough that nothing inside can close it, and control characters are made visible, so
// no message, tool result or judge rationale can add headings or swallow the rest of the document.

/** Longest run of backticks in the text. */
function longestBacktickRun(text: string): number {
  let longest = 0;
  for (const match of text.matchAll(/`+/g)) longest = Math.max(longest, match[0].length);
  return longest;
}

/**
 * Shows a control character as its escape, `\x1b`: ASCII, so every font can show it (the Unicode control pictures
 * such as U+241B are missing from most editor fonts).
 */
function controlEscape(c: string): string {
  if (c === '\t' || c === '\n') return c;
  return `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`;
}

/** Unifies line breaks and makes control characters (other than tab and newline) visible. */
export function visibleText(text: string): string {
  return text.replace(/\r\n?|[\u2028\u2029\u0085]/g, '\n').replace(/\p{Cc}/gu, controlEscape);
}

/** The text on one line: line breaks become ⏎. */
export function oneLine(text: string): string {
  return visibleText(text).replace(/\n/g, ' ⏎ ');
}

/** A code span that holds any single-line text, however many backticks it contains. */
export function inlineCode(text: string): string {
  const content = oneLine(text);
  const ticks = '`'.repeat(longestBacktickRun(content) + 1);
  const pad = content.startsWith('`') || content.endsWith('`') || content === '' ? ' ' : '';
  return `${ticks}${pad}${content}${pad}${ticks}`;
}

/** A fenced code block whose fence is longer than any backtick run in the text, so the text cannot close it. */
export function fencedBlock(text: string, info = 'text'): string {
  const content = visibleText(text).replace(/\n+$/, '');
  const fence = '`'.repeat(Math.max(3, longestBacktickRun(content) + 1));
  return `${fence}${info}\n${content}\n${fence}`;
}

/** Prefixes every line of a block with `> ` (a Markdown block quote). */
export function blockQuote(block: string): string {
  return block
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n');
}

/** Cuts very long text so one huge tool result cannot make the document unusable; says how much was left out. */
export function truncated(text: string, maxChars: number): { text: string; omitted: number } {
  if (text.length <= maxChars) return { text, omitted: 0 };
  // Never split a surrogate pair.
  const end = /[\ud800-\udbff]/.test(text.charAt(maxChars - 1)) ? maxChars - 1 : maxChars;
  return { text: text.slice(0, end), omitted: text.length - end };
}
