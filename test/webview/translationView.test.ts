// The translation side-by-side panel's real bundle in headless Chromium, under the extension's CSP, fed by a fake host
// that validates every message with the host's own validator. Assertions are on what the user sees and the rows opened.
import type { Page } from 'playwright-core';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  parseTranslationRequest,
  type TranslationEvent,
  type TranslationRequests,
  type TranslationRow,
  type TranslationState,
} from '../../src/protocol/translation';
import { FakeWebviewHost, type Answers } from './harness/fakeHost';
import { themeColor } from './harness/themeColor';
import { screenshots, useWebviewPages } from './harness/webviewPages';
import { openWebviewPage, pageGlobal } from './harness/webviewPage';

const XSS = '<img src=x onerror="window.__xss=1">';

function row(scenarioId: string, field: string, source: string, translation: string | null, line: number, findings: TranslationRow['findings'] = []): TranslationRow {
  const task = { '3': 0, '14': 1, '27': 2 }[scenarioId] ?? 0;
  return { pointer: `/${task}/user_scenario/instructions/${field}`, scenarioId, source, translation, line, column: 30, findings };
}

const STATE: TranslationState = {
  runDir: 'file:///work/runs/seatau',
  file: 'data/tau2/domains/airline/th/tasks.json',
  sourceFile: 'data/tau2/domains/airline/tasks.json',
  language: 'tha',
  rows: [
    row('3', 'reason_for_call', 'You want to fly from New York to Seattle on May 20, 2024.', 'คุณต้องการบินจากนิวยอร์กไปซีแอตเทิลในวันที่ 20 พฤษภาคม', 13, [
      { code: 'value-changed', message: 'date May 20, 2024 reads 20 พฤษภาคม in the translation' },
    ]),
    row('3', 'known_info', 'Your user id is lia_wu_5820.', 'รหัสผู้ใช้ของคุณคือ lia_wu_5820', 14),
    row('14', 'reason_for_call', `Cancel reservation HXDUBJ ${XSS}`, `ยกเลิกการจอง HXDUBJ ${XSS}`, 90),
    row('14', 'unknown_info', 'You do not know the flight number.', null, 91),
    row('27', 'reason_for_call', 'Upgrade both flights of reservation 7PX284 to business.', 'อัปเกรดเที่ยวบินทั้งสองของการจอง 7PX824 เป็นชั้นธุรกิจ', 162, [
      { code: 'frozen-span-changed', message: 'identifier 7PX284 reads 7PX824 in the translation' },
    ]),
  ],
  problems: [],
  focusRow: null,
};

/** A long file: the finding's row far below the first screen. */
const LONG: TranslationState = {
  ...STATE,
  rows: [
    ...Array.from({ length: 120 }, (_, k) => ({ ...row('3', `note_${k}`, `Note ${k}.`, `หมายเหตุ ${k}`, 20 + k), pointer: `/0/user_scenario/instructions/note_${k}` })),
    ...STATE.rows.slice(4),
  ],
};
const LONG_FINDING = 120;

/** Answers as the extension does: it opens only rows it sent, and records the rows opened. */
function translationAnswers(state: TranslationState, opened: number[]): Answers<TranslationRequests> {
  return {
    ready: () => state,
    openRow: ({ row }) => {
      if (state.rows[row] === undefined) throw new Error(`Row ${row} is not part of this translation.`);
      opened.push(row);
      return null;
    },
  };
}

const openPage = useWebviewPages();

async function openTranslation(state: TranslationState, theme: 'dark' | 'light' = 'dark') {
  const opened: number[] = [];
  const host = (page: Page) => new FakeWebviewHost<TranslationRequests, TranslationEvent>(page, parseTranslationRequest, translationAnswers(state, opened));
  const view = await openPage((browser, server) => openWebviewPage(browser, server, { app: 'translation', state, theme, host, viewport: { width: 1200, height: 800 } }));
  await view.page.locator('.tr-row').first().waitFor();
  return { ...view, opened };
}

const cellsOf = async (page: Page, pointer: string) => {
  const r = page.locator(`.tr-row[data-pointer="${pointer}"]`);
  return [await r.locator('.tr-source').innerText(), await r.locator('.tr-translation').innerText()];
};

describe('translation side-by-side panel', () => {
  it('shows source | translation per span, grouped by task, the defective rows marked with code and message', async () => {
    const { page, problems } = await openTranslation(STATE);
    expect(await page.locator('.tr-title').innerText()).toContain('data/tau2/domains/airline/th/tasks.json');
    expect(await page.locator('.tr-group-title').allInnerTexts()).toEqual(['Task 3', 'Task 14', 'Task 27']);
    expect(await cellsOf(page, '/2/user_scenario/instructions/reason_for_call')).toEqual([
      'Upgrade both flights of reservation 7PX284 to business.',
      'อัปเกรดเที่ยวบินทั้งสองของการจอง 7PX824 เป็นชั้นธุรกิจ',
    ]);
    const marked = page.locator('.tr-row.tr-marked');
    expect(await marked.count()).toBe(2);
    const upgrade = page.locator('.tr-row[data-pointer="/2/user_scenario/instructions/reason_for_call"]');
    expect(await upgrade.getAttribute('class')).toContain('tr-marked');
    expect(await upgrade.locator('.tr-finding').innerText()).toBe('frozen-span-changed identifier 7PX284 reads 7PX824 in the translation');
    // The marked row wears the theme's warning colour, the others do not.
    const warning = await themeColor(page, 'editorWarning-foreground');
    const colorOf = (selector: string) => page.locator(selector).first().evaluate((e) => getComputedStyle(e).color);
    expect(await colorOf('.tr-row.tr-marked .tr-finding')).toBe(warning);
    expect(await upgrade.evaluate((e) => getComputedStyle(e).borderLeftColor)).toBe(warning);
    expect(await page.locator('.tr-row:not(.tr-marked) .tr-finding').count()).toBe(0);
    // A missing translation says so; trajectory text is data, never markup.
    expect(await cellsOf(page, '/1/user_scenario/instructions/unknown_info')).toEqual(['You do not know the flight number.', '(missing in the translation)']);
    expect(await cellsOf(page, '/1/user_scenario/instructions/reason_for_call')).toEqual([`Cancel reservation HXDUBJ ${XSS}`, `ยกเลิกการจอง HXDUBJ ${XSS}`]);
    expect(await page.locator('.tr img').count()).toBe(0);
    expect(await pageGlobal<unknown>(page, '__xss')).toBeUndefined();
    await page.screenshot({ path: join(screenshots, 'translation-side-by-side.png') });
    expect(await problems()).toEqual([]);
  });

  it('filters to the rows with problems and back', async () => {
    const { page } = await openTranslation(STATE, 'light');
    expect(await page.locator('.tr-row').count()).toBe(5);
    await page.getByLabel('Only rows with problems').check();
    await expect.poll(() => page.locator('.tr-row').count()).toBe(2);
    expect(await page.locator('.tr-group-title').allInnerTexts()).toEqual(['Task 3', 'Task 27']);
    expect(await page.locator('.tr-row.tr-marked').count()).toBe(2);
    await page.screenshot({ path: join(screenshots, 'translation-side-by-side-filtered-light.png') });
    await page.getByLabel('Only rows with problems').uncheck();
    await expect.poll(() => page.locator('.tr-row').count()).toBe(5);
  });

  it('opens the translated file at a row by click and by keyboard, through a request the host validates', async () => {
    const { page, host, opened } = await openTranslation(STATE);
    await page.locator('.tr-row[data-pointer="/2/user_scenario/instructions/reason_for_call"]').click();
    await expect.poll(() => opened).toEqual([4]);
    // Tab reaches the filter, then the rows in order; Enter opens the focused one.
    await page.locator('.tr-filter input').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => opened).toEqual([4, 1]);
    await page.keyboard.press('Space');
    await expect.poll(() => opened).toEqual([4, 1, 1]);
    expect(host.rejected).toEqual([]);
  });

  it('the validator refuses rows that are no index, extra parameters and unknown methods', () => {
    expect(parseTranslationRequest({ kind: 'request', id: 3, method: 'openRow', params: { row: -1 } })).toMatchObject({ ok: false, id: 3 });
    expect(parseTranslationRequest({ kind: 'request', id: 4, method: 'openRow', params: { row: 1, path: '/etc/passwd' } })).toMatchObject({ ok: false, id: 4 });
    expect(parseTranslationRequest({ kind: 'request', id: 5, method: 'openFile', params: {} })).toMatchObject({ ok: false });
    expect(parseTranslationRequest({ kind: 'request', id: 6, method: 'openRow', params: { row: 2 } })).toMatchObject({ ok: true });
  });

  it('opens at the row of the finding it was opened from: scrolled into view, selected and focused, and saves it for a reload', async () => {
    const { page, problems, opened } = await openTranslation({ ...LONG, focusRow: LONG_FINDING });
    const target = page.locator(`.tr-row[data-index="${LONG_FINDING}"]`);
    await expect.poll(() => target.evaluate((e) => document.activeElement === e)).toBe(true);
    expect(await target.innerText()).toContain('7PX824');
    expect(await target.getAttribute('aria-current')).toBe('true');
    expect(await page.locator('.tr-row.tr-selected').count()).toBe(1);
    const inView = await target.evaluate((e) => {
      const box = e.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    });
    expect(inView).toBe(true);
    expect(await page.locator('.tr-row').first().evaluate((e) => e.getBoundingClientRect().bottom)).toBeLessThan(0);
    // Selected rows wear the list's selection colour, not the plain background.
    expect(await target.evaluate((e) => getComputedStyle(e).backgroundColor)).toBe(await themeColor(page, 'list-activeSelectionBackground'));
    expect(await pageGlobal<unknown>(page, '__savedState')).toEqual({ runDir: LONG.runDir, file: LONG.file, row: LONG_FINDING });
    await page.screenshot({ path: join(screenshots, 'translation-side-by-side-focused-row.png') });
    // Enter on the focused row opens the file there.
    await page.keyboard.press('Enter');
    await expect.poll(() => opened).toEqual([LONG_FINDING]);
    expect(await problems()).toEqual([]);
  });

  it('moves to another row when the open panel is asked for one, clearing a filter that hides it', async () => {
    const { page, host } = await openTranslation({ ...LONG, focusRow: LONG_FINDING });
    await page.getByLabel('Only rows with problems').check();
    await expect.poll(() => page.locator('.tr-row').count()).toBe(1);
    await host.send({ kind: 'event', event: { type: 'focusRow', row: 60 } });
    const target = page.locator('.tr-row[data-index="60"]');
    await expect.poll(() => target.evaluate((e) => document.activeElement === e)).toBe(true);
    expect(await page.getByLabel('Only rows with problems').isChecked()).toBe(false);
    expect(await target.getAttribute('class')).toContain('tr-selected');
    expect(await page.locator('.tr-row.tr-selected').count()).toBe(1);
    expect(await pageGlobal<{ row: number }>(page, '__savedState')).toMatchObject({ row: 60 });
    // Asked again for the row it shows after scrolling away: it scrolls back.
    await page.evaluate(() => window.scrollTo(0, 0));
    await host.send({ kind: 'event', event: { type: 'focusRow', row: 60 } });
    await expect.poll(() => target.evaluate((e) => e.getBoundingClientRect().top >= 0 && e.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true);
  });

  it('follows the host when the files change', async () => {
    const { page, host } = await openTranslation(STATE);
    const fixed = { ...STATE, rows: STATE.rows.map((r) => ({ ...r, findings: [] })) };
    await host.send({ kind: 'event', event: { type: 'state', state: fixed } });
    await expect.poll(() => page.locator('.tr-row.tr-marked').count()).toBe(0);
    expect(await page.locator('.tr-counts').innerText()).toBe('5 text spans, 0 with problems');
  });
});
