// The built files of a webview app (dist/webview/<app>.js and .css, the codicon font), read to be inlined in a page.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface WebviewAssets {
  script: string;
  css: string;
  /** codicon.css with its font inlined as a data: URL. */
  codiconCss: string;
}

export async function readWebviewAssets(dir: string, app: string): Promise<WebviewAssets> {
  const read = (name: string) =>
    readFile(join(dir, name)).catch(() => {
      throw new Error(`cannot read ${join(dir, name)}: the webview is not built (npm run build)`);
    });
  const [script, css, codicon, font] = await Promise.all([read(`${app}.js`), read(`${app}.css`), read('codicon.css'), read('codicon.ttf')]);
  const fontUrl = `data:font/ttf;base64,${font.toString('base64')}`;
  // A page on its own has no maps beside it: the comments pointing at them go.
  const withoutMap = (text: Buffer) => text.toString('utf8').replace(/\n?(\/\/# sourceMappingURL=\S+|\/\*# sourceMappingURL=\S+ \*\/)\s*$/, '\n');
  return {
    script: withoutMap(script),
    css: withoutMap(css),
    codiconCss: codicon.toString('utf8').replace(/url\((["']?)\.\/codicon\.ttf[^)"']*\1\)/g, `url("${fontUrl}")`),
  };
}
