// Every webview panel's HTML: strict CSP with a fresh nonce per render, and the initial state embedded as inert JSON
// so the first paint needs no round trip. The app's module script is named in <head>: it is fetched and compiled while
// the state is still being parsed, and, as a module, runs once the whole document is. No 'vscode' import: the webview
// tests render the very same page.
import { embedJson, escapeHtml } from '../../core/render/embedJson';
import { BOOT_ELEMENT_ID } from '../../protocol/rpc';

export { embedJson };

/** `Boot` is the state the panel's app embeds for its first paint. */
export interface PanelHtmlOptions<Boot> {
  /** `webview.cspSource`: the origin the webview may load its own files from. */
  cspSource: string;
  nonce: string;
  scriptUri: string;
  styleUri: string;
  codiconUri: string;
  title: string;
  /** The page's language (VS Code's display language), so CJK text gets its language's glyph forms; default `en`. */
  lang?: string;
  boot: Boot;
}

export function panelContentSecurityPolicy(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${cspSource} 'nonce-${nonce}'`,
    `font-src ${cspSource}`,
    `img-src ${cspSource} data:`,
  ].join('; ');
}

export function renderPanelHtml<Boot>(o: PanelHtmlOptions<Boot>): string {
  const attr = escapeHtml;
  return `<!DOCTYPE html>
<html lang="${attr(o.lang ?? 'en')}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${attr(panelContentSecurityPolicy(o.cspSource, o.nonce))}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link id="vscode-codicon-stylesheet" rel="stylesheet" nonce="${attr(o.nonce)}" href="${attr(o.codiconUri)}">
<link rel="stylesheet" nonce="${attr(o.nonce)}" href="${attr(o.styleUri)}">
<script type="module" nonce="${attr(o.nonce)}" src="${attr(o.scriptUri)}"></script>
<title>${escapeHtml(o.title)}</title>
</head>
<body>
<div id="root"></div>
<script type="application/json" id="${BOOT_ELEMENT_ID}">${embedJson(o.boot)}</script>
</body>
</html>
`;
}

/** 128 random bits, base64: a new one for every render. */
export function createNonce(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}
