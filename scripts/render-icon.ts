// Renders the marketplace icon (media/trajectory-lens.png, 128×128) from the activity-bar icon
// (media/trajectory-lens.svg) with headless Chromium: the same glyph, white on a blue rounded square.
// Run with `npx tsx scripts/render-icon.ts` after changing the SVG, and commit the PNG.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const root = join(__dirname, '..');
const svg = readFileSync(join(root, 'media', 'trajectory-lens.svg'), 'utf8');
const glyph = `data:image/svg+xml;base64,${Buffer.from(svg.replace(/currentColor/g, '#ffffff')).toString('base64')}`;

const page = `<!DOCTYPE html><html><body style="margin:0;background:transparent">
<div style="width:128px;height:128px;border-radius:24px;background:#1f5fa8;display:flex;align-items:center;justify-content:center">
<img src="${glyph}" width="96" height="96"></div></body></html>`;

async function render(): Promise<void> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const tab = await browser.newPage({ viewport: { width: 128, height: 128 } });
    await tab.setContent(page);
    await tab.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    await tab.screenshot({ path: join(root, 'media', 'trajectory-lens.png'), omitBackground: true });
  } finally {
    await browser.close();
  }
}

void render();
