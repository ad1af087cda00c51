// Entity highlighting in the compare view's real bundle: one colour per entity in the oracle, baseline and target
// lanes, a script badge after each mention, a popover listing every form and where it occurs, and the script-variant
// warning on the call that searched the wrong form.
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Comparison, CompareSide } from '../../src/core/analysis/comparison';
import { compareEntities, type ComparedEntities } from '../../src/core/entities/compareEntities';
import type { Trajectory } from '../../src/core/model';
import type { CompareState } from '../../src/protocol/compare';
import { emailBudgetComparison, stateFor } from './fixtures/comparisons';
import { screenshots, useComparePages } from './harness/webviewPages';


const show = useComparePages();

function trajectory(side: CompareSide): Trajectory {
  return { ...side, judge: [], diagnostics: [] };
}

/** The state the host sends for the fixture: entities linked by the core from the comparison's runs. */
function entityState(comparison: Comparison = emailBudgetComparison(), entities?: ComparedEntities): CompareState {
  return stateFor(comparison, { entities: entities ?? compareEntities(trajectory(comparison.baseline), trajectory(comparison.target)) });
}

const row = (page: Page, target: string): Locator => page.locator(`.row[data-target="${target}"]`);
const lane = (page: Page, target: string, side: 'oracle' | 'baseline' | 'target'): Locator => row(page, target).locator(`.lane--${side}`).first();
const selected = (page: Page) => page.locator('.row[aria-selected="true"]').getAttribute('data-target');

/** What a reader sees of a mention: its text, underline colour and style, and its badge. */
function look(mention: Locator) {
  return mention.evaluate((el) => {
    const style = getComputedStyle(el);
    const badge = getComputedStyle(el, '::after');
    return {
      text: el.textContent,
      entity: (el as HTMLElement).dataset.entity,
      colour: style.borderBottomColor,
      line: style.borderBottomStyle,
      width: style.borderBottomWidth,
      badge: badge.content,
      badgeBorder: badge.borderTopColor,
    };
  });
}

describe('entity highlighting', () => {
  it('gives Zhang Wei, 張偉, 张伟 and zhang.wei one colour in the oracle, baseline and target lanes, each with its script badge', async () => {
    const { page, problems } = await show(entityState(), { viewport: { width: 1500, height: 1900 } });
    const mentions = {
      baselineMessage: lane(page, 'row:0', 'baseline').locator('.entity', { hasText: 'Zhang Wei' }),
      targetMessage: lane(page, 'row:0', 'target').locator('.entity', { hasText: '張偉' }),
      baselineQuery: lane(page, 'row:1', 'baseline').locator('del.diff-del .entity'),
      targetQuery: lane(page, 'row:1', 'target').locator('ins.diff-ins .entity'),
      oracleRecipient: lane(page, 'row:12', 'oracle').locator('.entity', { hasText: 'zhang.wei' }),
      baselineRecipient: lane(page, 'row:12', 'baseline').locator('.entity', { hasText: 'zhang.wei' }),
      baselineAnswer: lane(page, 'final', 'baseline').locator('.entity'),
      targetAnswer: lane(page, 'final', 'target').locator('.entity'),
    };
    // JSON highlighting arrives after first paint and re-renders the argument values, lane by lane: read the mentions
    // until one reading shows them all drawn, and check that reading.
    const readLooks = async () => Object.fromEntries(await Promise.all(Object.entries(mentions).map(async ([k, m]) => [k, await look(m.first())] as const)));
    let looks: Awaited<ReturnType<typeof readLooks>> = {};
    await expect
      .poll(async () => (looks = await readLooks()))
      .toMatchObject({
        baselineQuery: { text: 'Zhang Wei', badge: '"Latn"', line: 'solid', width: '2px' },
        targetQuery: { text: '張偉', badge: '"Hani"' },
        oracleRecipient: { text: 'zhang.wei', badge: '"Latn"' },
      });
    const colour = looks.baselineQuery?.colour;
    expect(colour).toMatch(/^rgb\(/);
    for (const [where, seen] of Object.entries(looks)) {
      expect(seen?.entity, where).toBe('entity-1');
      expect(seen?.colour, where).toBe(colour);
      expect(seen?.badgeBorder, where).toBe(colour);
    }
    // The text itself is unchanged: the badge is drawn, not written into the lane.
    expect(await lane(page, 'row:1', 'baseline').locator('del.diff-del').innerText()).toBe('Zhang Wei');
    expect(await lane(page, 'row:1', 'target').locator('ins.diff-ins').innerText()).toBe('張偉');
    // Tool results are coloured once opened.
    await lane(page, 'row:1', 'baseline').getByRole('button', { name: /1 item/ }).click();
    const inResult = await look(lane(page, 'row:1', 'baseline').locator('pre.json .entity', { hasText: 'Zhang Wei' }).first());
    expect(inResult.colour).toBe(colour);
    expect(await problems()).toEqual([]);
  });

  it('gives two entities two different colours', async () => {
    const comparison = emailBudgetComparison();
    const linked = compareEntities(trajectory(comparison.baseline), trajectory(comparison.target));
    const title = { text: 'Budget review', script: 'Latn' as const, where: [{ side: 'baseline' as const, step: 8, field: 'args.title' }], morePlaces: 0 };
    const entities = { ...linked, entities: [...linked.entities, { id: 'entity-9', slot: 1, forms: [title], moreForms: 0 }] };
    const { page } = await show(entityState(comparison, entities));
    const zhang = await look(lane(page, 'row:1', 'baseline').locator('.entity').first());
    const review = await look(lane(page, 'row:9', 'baseline').locator('.entity', { hasText: 'Budget review' }).first());
    const reviewInOracle = await look(lane(page, 'row:9', 'oracle').locator('.entity', { hasText: 'Budget review' }).first());
    expect(review.entity).toBe('entity-9');
    expect(review.colour).not.toBe(zhang.colour);
    expect(reviewInOracle.colour).toBe(review.colour);
  });

  it('shows every form and where it occurs on hover and on keyboard focus', async () => {
    const { page } = await show(entityState(), { viewport: { width: 1500, height: 1900 } });
    const popover = page.locator('#entity-popover');
    expect(await popover.count()).toBe(0);
    const mention = lane(page, 'row:1', 'target').locator('.entity').first();
    await mention.hover();
    await popover.waitFor();
    expect(await popover.getAttribute('role')).toBe('tooltip');
    const text = await popover.innerText();
    for (const form of ['Zhang Wei', 'zhang.wei', '張偉', '张伟']) expect(text).toContain(form);
    expect(text).toMatch(/Hani\s+張偉\s+target task · target #0 text · target #1 args\.query/);
    expect(text).toMatch(/Latn\s+Zhang Wei\s+baseline task/);
    expect(text).toContain('target #1: searched 張偉 and found nothing; the other run searched Zhang Wei');
    expect(await popover.locator('.entity-swatch.entity--slot-0').count()).toBe(1);
    await page.mouse.move(5, 5);
    await expect.poll(() => popover.count()).toBe(0);

    // Keyboard: a mention is a tab stop and describes itself with the popover.
    const answer = lane(page, 'final', 'baseline').locator('.entity').first();
    expect(await answer.getAttribute('tabindex')).toBe('0');
    expect(await answer.getAttribute('aria-describedby')).toBe('entity-popover');
    await answer.focus();
    await popover.waitFor();
    expect(await popover.innerText()).toContain('张伟');
    const box = await popover.boundingBox();
    expect(box !== null && box.x >= 0 && box.x + box.width <= 1500 && box.y >= 0 && box.y + box.height <= 1900).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => popover.count()).toBe(0);
  });

  it('flags the search in the other script on its step and lists it above the lanes', async () => {
    const { page } = await show(entityState());
    const flag = lane(page, 'row:1', 'target').locator('.entity-warning');
    expect(await flag.innerText()).toBe('searched 張偉 and found nothing; the other run searched Zhang Wei');
    expect(await flag.locator('.entity').evaluateAll((els) => els.map((e) => [e.textContent, e.className]))).toEqual([
      ['張偉', 'entity entity--slot-0 entity--ends'],
      ['Zhang Wei', 'entity entity--slot-0 entity--ends'],
    ]);
    expect(await lane(page, 'row:2', 'target').locator('.entity-warning').innerText()).toBe('searched 张伟; the data holds Zhang Wei');
    expect(await lane(page, 'row:1', 'baseline').locator('.entity-warning').count()).toBe(0);

    const notices = page.getByRole('region', { name: 'Script-variant warnings' });
    expect(await notices.innerText()).toMatch(/Target step #1: searched 張偉 and found nothing; the other run searched Zhang Wei/);
    expect(await notices.innerText()).toMatch(/Target step #2: searched 张伟; the data holds Zhang Wei/);
    await notices.getByRole('button', { name: 'Go to step #2' }).click();
    await expect.poll(() => selected(page)).toBe('row:2');
    // The flagged call's row is a difference: F7 walks onto it.
    await page.keyboard.press('Shift+F7');
    expect(await selected(page)).toBe('row:1');
  });

  it('keeps find working inside coloured mentions', async () => {
    const { page } = await show(entityState());
    await page.locator('.scroller').focus();
    await page.keyboard.press('/');
    await page.keyboard.type('ang W');
    await expect.poll(() => page.locator('.find-count').innerText()).toMatch(/of [1-9]/);
    const marked = lane(page, 'row:1', 'baseline').locator('del.diff-del .entity mark.find-match');
    await expect.poll(() => marked.count()).toBe(1);
    expect(await marked.innerText()).toBe('ang W');
    expect(await lane(page, 'row:1', 'baseline').locator('del.diff-del').innerText()).toBe('Zhang Wei');
  });

  it('says how many entities the cap left uncoloured', async () => {
    const linked = entityState().entities;
    const { page } = await show(entityState(emailBudgetComparison(), { ...linked, warnings: [], omittedEntities: 7 }));
    expect(await page.getByRole('region', { name: 'Script-variant warnings' }).innerText()).toContain('7 more linked entities are not coloured');
  });

  for (const theme of ['light', 'dark', 'high-contrast'] as const) {
    it(`draws the entity colour and badge in the ${theme} theme`, async () => {
      const { page, problems } = await show(entityState(), { theme });
      const mention = lane(page, 'row:1', 'target').locator('.entity').first();
      const seen = await look(mention);
      expect(seen.colour).toMatch(/^rgb\(/);
      expect(seen.colour).not.toBe('rgba(0, 0, 0, 0)');
      await mention.hover();
      await page.locator('#entity-popover').waitFor();
      await page.screenshot({ path: join(screenshots, `compare-entities-${theme}.png`) });
      expect(await problems()).toEqual([]);
    });
  }
});
