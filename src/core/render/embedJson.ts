// Text placed inside HTML a page is built from: attribute values and embedded JSON that run data cannot break out of.

/** JSON that cannot end its <script> element early or open a comment: `<`, `>`, `&` and line separators escaped. */
export function embedJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
