// The compare view in a real VS Code: opened from the Regressions view on the examples' script-variant scenario
// (the contact is searched in another script than the data holds, so no email is sent), in dark, light and high contrast.
/// <reference lib="dom" />
import { beforeAll, describe, expect, it } from 'vitest';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { groundTruth } from './examples';
import {
  openCompareView,
  revealInCompareView,
  screenshot,
  setColorTheme,
  useExamplesWorkspace,
  useWorkbench,
  webviewFrame,
  type ThemeKind,
} from './workbench';

interface Evidence {
  language: string;
  runIndex: number;
  outcome: string;
  failureReason: string | null;
  tool: string | null;
  args: Record<string, unknown> | null;
}

/** The script-variant phenomenon as ground-truth.json describes it. */
interface ScriptVariant {
  kind: 'script_variant_entity';
  group: string;
  scenarioId: string;
  languages: string[];
  missingWrite: string;
  evidence: Evidence[];
  baselineEvidence: Evidence | null;
}

/** `EmailClientV2__send_email` → `EmailClientV2.send_email`, as the view names tools. */
function toolLabel(tool: string): string {
  return tool.replace('__', '.');
}

/**
 * WCAG contrast ratio of an element's text against the background it is drawn on (translucent backgrounds composited
 * over what lies beneath, down to the editor background), and that background's luminance.
 */
function contrastOf(target: Locator): Promise<{ ratio: number; background: number }> {
  return target.evaluate((element) => {
    type Rgba = [number, number, number, number];
    const parse = (css: string): Rgba => {
      const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})/i.exec(css.trim());
      if (hex) return [parseInt(hex[1] ?? '0', 16), parseInt(hex[2] ?? '0', 16), parseInt(hex[3] ?? '0', 16), 1];
      const [r = 0, g = 0, b = 0, a = 1] = (css.match(/[\d.]+/g) ?? []).map(Number);
      return [r, g, b, css.startsWith('rgba') ? a : 1];
    };
    const over = (top: Rgba, below: Rgba): Rgba => {
      const mix = (i: 0 | 1 | 2) => top[i] * top[3] + below[i] * (1 - top[3]);
      return [mix(0), mix(1), mix(2), 1];
    };
    const luminance = ([r, g, b]: Rgba): number => {
      const channel = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const layers: Rgba[] = [];
    for (let node: Element | null = element; node; node = node.parentElement) {
      const color = parse(getComputedStyle(node).backgroundColor);
      if (color[3] > 0) layers.push(color);
      if (color[3] >= 1) break;
    }
    const editor = parse(getComputedStyle(document.documentElement).getPropertyValue('--vscode-editor-background'));
    const background = layers.reduceRight((below, top) => over(top, below), editor);
    const text = luminance(over(parse(getComputedStyle(element).color), background));
    const back = luminance(background);
    return { ratio: (Math.max(text, back) + 0.05) / (Math.min(text, back) + 0.05), background: back };
  });
}

const examples = useExamplesWorkspace(undefined, { 'workbench.colorTheme': 'Dark Modern' });

describe('Compare view opened from the Regressions view (script-variant scenario)', () => {
  let phenomenon: ScriptVariant;
  /** The target run the view opens by default: the first failing run of the target language. */
  let target: Evidence;

  beforeAll(() => {
    const truth = groundTruth(examples.dir) as { phenomena: { kind: string }[] };
    const found = truth.phenomena.find((p): p is ScriptVariant => p.kind === 'script_variant_entity');
    if (!found) throw new Error('ground-truth.json names no script-variant phenomenon');
    phenomenon = found;
    const language = found.languages.includes('jpn') ? 'jpn' : found.languages[0];
    const evidence = found.evidence.filter((e) => e.language === language && e.outcome === 'fail').sort((a, b) => a.runIndex - b.runIndex)[0];
    if (!evidence) throw new Error(`ground-truth.json has no failing ${language} run for ${found.scenarioId}`);
    target = evidence;
  });

  const workbench = useWorkbench(() => examples.open(true), (page) => openCompareView(page, `${phenomenon.scenarioId} · ${target.language}`));

  /**
   * The target's verdict on the missing write's oracle event, with its reason (the verifier's, as no judge ran),
   * opening the event's rationale the way a reader would when it is folded.
   */
  async function targetRationale(page: Page, frame: FrameLocator): Promise<Locator> {
    const event = await revealInCompareView(page, frame, frame.locator('.oracle-event', { hasText: toolLabel(phenomenon.missingWrite) }));
    const toggle = event.locator('.rationale-toggle');
    if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
    return revealInCompareView(page, frame, frame.locator('.lane--target .rationale', { hasText: (target.failureReason ?? '').slice(0, 50) }));
  }

  it('shows the search in the other script, and the baseline write with no target counterpart', async () => {
    const page = workbench.page;
    const frame = webviewFrame(page);
    const searched = String(target.args?.query ?? '');
    expect(searched, 'ground truth names the searched form').not.toBe('');
    await revealInCompareView(page, frame, frame.locator('.lane--target .step--tool', { hasText: searched }));
    const found = String(phenomenon.baselineEvidence?.args?.query ?? '');
    await revealInCompareView(page, frame, frame.locator('.lane--baseline .step--tool', { hasText: found }));

    const row = frame
      .locator('.row[data-row-kind="baseline-only"]')
      .filter({ has: frame.locator('.lane--baseline .step--write', { hasText: toolLabel(phenomenon.missingWrite) }) });
    const shown = await revealInCompareView(page, frame, row);
    expect(await shown.locator(':scope > .lane--target').innerText()).toMatch(/no counterpart/);
    await screenshot(page, 'compare-missing-write-dark');
  });

  it('shows the oracle event the target did not match, with its reason', async () => {
    const page = workbench.page;
    const frame = webviewFrame(page);
    expect(target.failureReason, 'ground truth names the failure reason').toBeTruthy();
    const rationale = await targetRationale(page, frame);
    expect(await rationale.innerText()).toMatch(/not matched/);
    await screenshot(page, 'compare-unmatched-oracle-dark');
  });

  it('colours both forms of the contact alike and flags the search in the other script, naming both forms', async () => {
    const page = workbench.page;
    const frame = webviewFrame(page);
    const searched = String(target.args?.query ?? '');
    const found = String(phenomenon.baselineEvidence?.args?.query ?? '');
    expect(searched && found, 'ground truth names both forms').toBeTruthy();
    const row = await revealInCompareView(page, frame, frame.locator('.row', { has: frame.locator('.lane--target .entity-warning') }));
    const mention = async (lane: 'baseline' | 'target', text: string) => {
      const element = row.locator(`.lane--${lane} .step--tool .args .entity`, { hasText: text }).first();
      return element.evaluate((el) => ({
        text: el.textContent,
        entity: (el as HTMLElement).dataset.entity,
        slot: Array.from(el.classList).find((c) => c.startsWith('entity--slot-')),
        colour: getComputedStyle(el).borderBottomColor,
        badge: getComputedStyle(el, '::after').content,
      }));
    };
    const inBaseline = await mention('baseline', found);
    const inTarget = await mention('target', searched);
    expect(inBaseline).toMatchObject({ text: found, badge: '"Latn"' });
    expect(inTarget).toMatchObject({ text: searched, badge: '"Hani"', entity: inBaseline.entity, slot: inBaseline.slot, colour: inBaseline.colour });
    expect(inTarget.slot).toMatch(/^entity--slot-\d$/);

    const warning = row.locator('.lane--target .entity-warning');
    expect(await warning.innerText()).toMatch(new RegExp(`searched ${searched}.*; .* ${found}$`));
    expect(await warning.locator('.entity').allTextContents()).toEqual([searched, found]);
    const notices = frame.getByRole('region', { name: 'Script-variant warnings' });
    expect(await notices.innerText()).toMatch(new RegExp(`Target step #\\d+: searched ${searched}.* ${found}`));
    await screenshot(page, 'compare-entities-dark');
  });

  it('walks the differences with F7 and Alt+F5 as in the diff editor, and finds the searched form with Ctrl+F', async () => {
    const page = workbench.page;
    const frame = webviewFrame(page);
    const position = frame.locator('.difference-position');
    const summary = frame.locator('.difference-summary');
    const count = Number(/^(\d+) differences/.exec(await summary.innerText())?.[1]);
    expect(count, 'the comparison has several differences').toBeGreaterThan(2);
    await summary.click();
    await page.keyboard.press('F7');
    await expect.poll(() => position.innerText()).toMatch(/^\d+ of /);
    const first = Number((await position.innerText()).split(' ')[0]);
    const at = (k: number) => `${((first - 1 + k + count) % count) + 1} of ${count}`;
    for (const [key, k] of [['F7', 1], ['Alt+F5', 2], ['Shift+Alt+F5', 1], ['Shift+F7', 0]] as const) {
      await page.keyboard.press(key);
      await expect.poll(() => position.innerText(), { message: `after ${key}` }).toBe(at(k));
    }

    const searched = String(target.args?.query ?? '');
    await page.keyboard.press('Control+f');
    const field = frame.locator('vscode-textfield.find-field input');
    await field.waitFor();
    await field.fill(searched);
    // Find goes to the first match at or after the selected row, as in an editor: the view opened at the first divergence.
    await expect.poll(() => frame.locator('.find-count').innerText()).toMatch(/^\d+ of \d+$/);
    const [k, n] = (await frame.locator('.find-count').innerText()).split(' of ').map(Number);
    expect(n, 'the searched form is in both runs').toBeGreaterThan(1);
    expect(k).toBeGreaterThanOrEqual(1);
    expect(k).toBeLessThanOrEqual(n as number);
    expect(await frame.locator('.row--hit mark.find-match').first().innerText()).toBe(searched);
    await page.keyboard.press('Escape');
    await expect.poll(() => frame.locator('.find-bar').count()).toBe(0);
  });

  it('stays readable when the theme switches from dark to light to high contrast', async () => {
    const page = workbench.page;
    const frame = webviewFrame(page);
    const samples = (): Locator[] => [
      frame.locator('.lane--baseline .tool-name').first(),
      frame.locator('.lane--target .rationale-text').first(),
      frame.locator('.side-header--target').first(),
    ];
    const themes: { theme: string; kind: ThemeKind; isBackground: (luminance: number) => boolean }[] = [
      { theme: 'Dark Modern', kind: 'vs-dark', isBackground: (luminance) => luminance < 0.2 },
      { theme: 'Light Modern', kind: 'vs', isBackground: (luminance) => luminance > 0.6 },
      { theme: 'Dark High Contrast', kind: 'hc-black', isBackground: (luminance) => luminance < 0.05 },
    ];
    for (const { theme, kind, isBackground } of themes) {
      if (kind !== 'vs-dark') await setColorTheme(page, theme, kind);
      await targetRationale(page, frame);
      for (const sample of samples()) {
        // The webview repaints with the new theme's colours shortly after the workbench switches.
        await expect.poll(async () => isBackground((await contrastOf(sample)).background), { timeout: 10_000 }).toBe(true);
        const { ratio } = await contrastOf(sample);
        expect(ratio, `contrast of ${await sample.evaluate((el) => el.className)} in ${theme}`).toBeGreaterThanOrEqual(
          kind.startsWith('hc') ? 7 : 4.5,
        );
      }
      await screenshot(page, `compare-${kind}`);
    }
  });
});
