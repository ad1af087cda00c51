// Serves the built webview bundle and compare pages rendered by the host's own HTML function, so the page under test
// has the extension's exact markup and CSP; the server's origin plays the part of `webview.cspSource`.
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { createNonce, renderPanelHtml } from '../../../src/host/webview/panelHtml';
import type { CompareBoot } from '../../../src/protocol/compare';

export const repoRoot = join(__dirname, '..', '..', '..');
export const webviewDist = join(repoRoot, 'dist', 'webview');

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.ttf': 'font/ttf',
  '.map': 'application/json',
};

export interface PageServer {
  origin: string;
  /** Registers a page of a webview app (the compare view unless named) showing `boot`; returns its URL. */
  page<Boot = CompareBoot>(boot: Boot, app?: string): string;
  close(): Promise<void>;
}

/** Serves the bundles in `webviewDir` (dist/webview unless given: the benches serve a production build of their own). */
export async function startPageServer(webviewDir = webviewDist): Promise<PageServer> {
  const pages = new Map<string, { boot: unknown; app: string }>();
  let origin = '';
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', origin);
      const shown = pages.get(url.pathname);
      if (shown) {
        const asset = (name: string) => `${origin}/webview/${name}`;
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(
          renderPanelHtml({
            cspSource: origin,
            nonce: createNonce(),
            scriptUri: asset(`${shown.app}.js`),
            styleUri: asset(`${shown.app}.css`),
            codiconUri: asset('codicon.css'),
            title: 'Compare',
            boot: shown.boot,
          }),
        );
        return;
      }
      if (url.pathname === '/favicon.ico') {
        res.writeHead(204).end();
        return;
      }
      const name = normalize(url.pathname.replace(/^\/webview\//, ''));
      if (!url.pathname.startsWith('/webview/') || name.startsWith('..')) {
        res.writeHead(404).end();
        return;
      }
      try {
        const body = await readFile(join(webviewDir, name));
        res.writeHead(200, { 'content-type': TYPES[extname(name)] ?? 'application/octet-stream' });
        res.end(body);
      } catch {
        res.writeHead(404).end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let next = 0;
  return {
    origin,
    page(boot, app = 'compare') {
      const path = `/${app}/${++next}`;
      pages.set(path, { boot, app });
      return `${origin}${path}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
