// A page that works on its own, opened from disk in any browser: everything inline (scripts, styles, fonts), a
// strict CSP that allows the inline scripts by their hashes and the styles by a nonce, and nothing from the network.
import { createHash } from 'node:crypto';
import { embedJson, escapeHtml } from './embedJson';

export interface StandalonePageOptions<Boot> {
  title: string;
  /** Id of the <script type="application/json"> element the app reads its state from. */
  bootElementId: string;
  boot: Boot;
  /** Classic script run before the app (it stands in for what the app's usual host provides). */
  hostScript: string;
  /** The app's bundle, an ES module. */
  appScript: string;
  /** Style sheets, in cascade order. */
  styles: string[];
  /**
   * A style sheet placed as a `data:` link with this id, for web components that link the same sheet into their
   * shadow roots (the codicon font).
   */
  linkedStyle: { id: string; css: string };
  nonce: string;
}

export function standalonePageCsp(scripts: readonly string[], nonce: string): string {
  return [
    "default-src 'none'",
    `script-src ${scripts.map((s) => `'sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}'`).join(' ')}`,
    `style-src 'nonce-${nonce}'`,
    'font-src data:',
    'img-src data:',
  ].join('; ');
}

/** Script text that cannot end its element early or open an HTML comment; the same program once parsed. */
function inlineScript(code: string): string {
  return code.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
}

function inlineStyle(css: string): string {
  return css.replace(/<\/(style)/gi, '<\\/$1');
}

export function renderStandalonePage<Boot>(o: StandalonePageOptions<Boot>): string {
  const hostScript = inlineScript(o.hostScript);
  const appScript = inlineScript(o.appScript);
  const nonce = escapeHtml(o.nonce);
  const linked = `data:text/css;base64,${Buffer.from(o.linkedStyle.css, 'utf8').toString('base64')}`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(standalonePageCsp([hostScript, appScript], o.nonce))}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(o.title)}</title>
<link id="${escapeHtml(o.linkedStyle.id)}" rel="stylesheet" nonce="${nonce}" href="${linked}">
${o.styles.map((css) => `<style nonce="${nonce}">${inlineStyle(css)}</style>`).join('\n')}
</head>
<body>
<div id="root"></div>
<script type="application/json" id="${escapeHtml(o.bootElementId)}">${embedJson(o.boot)}</script>
<script>${hostScript}</script>
<script type="module">${appScript}</script>
</body>
</html>
`;
}
