import type { Page } from 'playwright-core';

/**
 * The theme colour `--vscode-<name>` as the page computes a colour (`rgb(…)`), to compare with an element's computed
 * colour. Throws when the theme does not set it: a comparison with an unset colour would prove nothing.
 */
export async function themeColor(page: Page, name: string): Promise<string> {
  const value = await page.evaluate((variable) => getComputedStyle(document.body).getPropertyValue(variable).trim(), `--vscode-${name}`);
  if (value === '') throw new Error(`the theme sets no --vscode-${name}`);
  return page.evaluate((color) => {
    const probe = document.createElement('span');
    probe.style.color = color;
    document.body.append(probe);
    const resolved = getComputedStyle(probe).color;
    probe.remove();
    return resolved;
  }, value);
}
