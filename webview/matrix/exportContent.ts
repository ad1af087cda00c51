// The heatmap exports: as SVG (colours resolved from the theme), or the same drawn into a PNG through a canvas.
import type { ImageFormat, MatrixState } from '../../src/protocol/matrix';
import { heatmapSvg, type HeatmapColours } from './model/heatmapSvg';
import type { MatrixLayout } from './model/layout';
import type { Measure } from './model/measures';

/** A CSS colour (a token, var(), color-mix()) as the page computes it, e.g. `rgb(241, 76, 76)`. */
function resolveColour(css: string): string {
  const probe = document.createElement('span');
  probe.style.color = css;
  document.body.append(probe);
  const colour = getComputedStyle(probe).color;
  probe.remove();
  return colour;
}

function themeColours(): HeatmapColours {
  return {
    foreground: resolveColour('var(--mx-fg)'),
    muted: resolveColour('var(--mx-muted)'),
    background: resolveColour('var(--mx-bg)'),
    border: resolveColour('var(--mx-border)'),
    worse: resolveColour('var(--mx-worse)'),
    better: resolveColour('var(--mx-better)'),
    significant: resolveColour('var(--mx-significant)'),
  };
}

/** In slices: spreading a whole large image into one call would overflow the stack. */
function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

/** Twice the SVG's size, for sharp text. */
const PNG_SCALE = 2;

async function svgToPngBase64(svg: string): Promise<string> {
  const image = new Image();
  // A data: URL, which the panel's CSP allows for images (blob: it does not).
  image.src = `data:image/svg+xml;base64,${base64(new TextEncoder().encode(svg))}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = image.naturalWidth * PNG_SCALE;
  canvas.height = image.naturalHeight * PNG_SCALE;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('this webview cannot draw on a canvas');
  context.scale(PNG_SCALE, PNG_SCALE);
  context.drawImage(image, 0, 0);
  return canvas.toDataURL('image/png').replace(/^data:image\/png;base64,/, '');
}

export async function imageContent(format: ImageFormat, layout: MatrixLayout, measure: Measure, state: MatrixState): Promise<string> {
  const svg = heatmapSvg(layout, measure, state.baseline, state.directory, themeColours());
  return format === 'svg' ? svg : svgToPngBase64(svg);
}
