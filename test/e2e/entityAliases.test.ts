// Known equivalences in the compare view, in a real VS Code: on the SEATau example's Thai regression (task 14) the
// Thai cabin literal ประหยัด is coloured as one entity with the English run's "economy", and its tooltip names the
// translated value set that links them.
/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { openCompareView, revealInCompareView, screenshot, useExamplesWorkspace, useWorkbench, webviewFrame } from './workbench';

/** The step of task 14 whose result (the reservation's details) names the cabin, in both runs. */
const CABIN_STEP = 4;

const examples = useExamplesWorkspace('tau2-seatau');

describe('Compare view entities linked by a value set', () => {
  const workbench = useWorkbench(() => examples.open(true), (page) => openCompareView(page, 'task 14 · tha'));

  /** Opens the folded result of a lane's step: the reservation details that hold the cabin literal. */
  async function openResult(lane: 'baseline' | 'target', step: number): Promise<void> {
    const page = workbench.page;
    const frame = webviewFrame(page);
    const tool = frame.locator(`.lane--${lane} .step--tool`, { has: frame.locator('.step-number', { hasText: new RegExp(`^#${step}$`) }) });
    const toggle = (await revealInCompareView(page, frame, tool)).locator('.result .collapsible-toggle');
    if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  }

  it('colours ประหยัด like economy and names data_model.json in the tooltip', async () => {
    const page = workbench.page;
    const frame = webviewFrame(page);
    await openResult('baseline', CABIN_STEP);
    await openResult('target', CABIN_STEP);
    const thai = await revealInCompareView(page, frame, frame.locator('.lane--target .entity', { hasText: /^ประหยัด$/ }));
    const entity = await thai.getAttribute('data-entity');
    expect(entity).toBeTruthy();
    const english = frame.locator(`.lane--baseline .entity[data-entity="${entity}"]`, { hasText: /^economy$/ });
    expect(await english.count()).toBeGreaterThan(0);
    await screenshot(page, 'compare-entity-value-set');
    await thai.hover();
    const popover = frame.locator('#entity-popover');
    await popover.waitFor({ timeout: 10_000 });
    const text = await popover.innerText();
    expect(text).toContain('economy');
    expect(text).toContain('ประหยัด');
    expect(text).toContain('linked by value set in data/tau2/domains/airline/th/data_model.json');
    // The helper parks the mouse away from hovers; this picture is of the tooltip itself.
    await page.screenshot({ path: join(__dirname, '../../.cache/screenshots/compare-entity-value-set-tooltip.png') });
  });
});
