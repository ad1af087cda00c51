// The review panel's real bundle in headless Chromium, under the extension's CSP, fed by a fake host that validates
// every message with the host's own validator. Assertions are on what the reviewer sees and on the decisions sent.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  parseReviewRequest,
  type Decision,
  type ReviewEntry,
  type ReviewEvent,
  type ReviewEvidence,
  type ReviewRequests,
  type ReviewState,
} from '../../src/protocol/review';
import { FakeWebviewHost, type Answers } from './harness/fakeHost';
import { useWebviewPages } from './harness/webviewPages';
import { openWebviewPage, pageGlobal } from './harness/webviewPage';

const XSS = '<img src=x onerror="window.__xss=1">';

function entry(group: string, code: 'T4' | 'A2' | 'K1', note: string): ReviewEntry {
  return {
    item: { group: `agent-a/execution/${group}`, language: 'jpn', run: null },
    scenarioId: group,
    stratum: 'deterministic/jpn/execution',
    label: { code, title: `${code} title`, family: code === 'T4' ? 'translation' : code === 'A2' ? 'agent' : 'verifier', confidence: 'high', annotator: 'Ana', note, at: '2026-01-01T00:00:00.000Z' },
    review: null,
  };
}

function initialState(readOnly: string | null = null): ReviewState {
  return {
    revision: 1,
    directory: 'runs',
    runDir: 'file:///work/runs',
    seed: 7,
    sampling: { perStratum: 5, sizes: { 'deterministic/jpn/execution': 2 } },
    entries: [entry('scn_email_budget', 'T4', `name transliterated ${XSS}`), entry('scn_yoga_cleanup', 'A2', ''), entry('scn_viewing_reply', 'K1', '')],
    position: 0,
    readOnly,
  };
}

function evidenceFor(position: number): ReviewEvidence {
  return {
    baseline: { label: 'eng run 1', outcome: 'pass', task: `Email Zhang Wei (item ${position + 1})`, finalAnswer: 'Done, emailed him.', failureReason: null },
    target: { label: 'jpn run 1', outcome: 'fail', task: '張偉さんにメールして', finalAnswer: XSS, failureReason: 'Tool count mismatch' },
    oracle: [{ tool: 'EmailClientV2__send_email', args: '{\n  "recipients": ["zhang.wei@lumenhq.com"]\n}', turn: 0 }],
    failed: [{ check: 'email_checker', tool: 'EmailClientV2__send_email', rationale: 'The recipient differs.', llm: true }],
    problems: [],
  };
}

/** Answers as the extension does: decisions mark the item and move on to the next unreviewed one; each is recorded. */
function reviewAnswers(initial: ReviewState, decisions: Decision[]): Answers<ReviewRequests> {
  let state = initial;
  return {
    ready: () => state,
    evidence: ({ position }) => evidenceFor(position),
    decide: (decision) => {
      if (state.readOnly !== null) throw new Error(state.readOnly);
      decisions.push(decision);
      const entries = state.entries.map((e, k) =>
        k === decision.position ? { ...e, review: { verdict: decision.verdict, side: decision.side, annotator: 'Rui', note: decision.note, at: 'now' } } : e,
      );
      const next = entries.findIndex((e, k) => k > decision.position && e.review === null);
      state = { ...state, revision: state.revision + 1, entries, position: next === -1 ? decision.position : next };
      return state;
    },
  };
}

const openPage = useWebviewPages();

async function openReview(state: ReviewState) {
  const decisions: Decision[] = [];
  const host = (page: Page) => new FakeWebviewHost<ReviewRequests, ReviewEvent>(page, parseReviewRequest, reviewAnswers(state, decisions));
  const view = await openPage((browser, server) => openWebviewPage(browser, server, { app: 'review', state, host, viewport: { width: 1300, height: 900 } }));
  await view.page.locator('.review-evidence').waitFor();
  return { ...view, decisions };
}

const position = (page: Page) => page.locator('.review-position').textContent();
const shownGroup = (page: Page) => page.locator('.review-group').textContent();

describe('review panel', () => {
  it('shows the position, the stratum, the label under review and only the decision-relevant evidence, as text', async () => {
    const { page, problems } = await openReview(initialState());
    expect(await position(page)).toBe('1 / 3');
    expect(await page.locator('.review-stratum').textContent()).toBe('deterministic/jpn/execution');
    const label = await page.locator('.review-label').innerText();
    expect(label).toContain('T4');
    expect(label).toContain('by Ana');
    expect(label).toContain(`name transliterated ${XSS}`);
    expect(label).toContain('Not reviewed yet');
    const task = page.locator('.review-pair[aria-label="Task"]');
    expect(await task.locator('.review-column').nth(0).innerText()).toContain('Email Zhang Wei (item 1)');
    expect(await task.locator('.review-column').nth(1).innerText()).toContain('張偉さんにメールして');
    expect(await page.locator('.review-pair[aria-label="Final answer"] .review-column').nth(1).innerText()).toContain(XSS);
    expect(await page.locator('.review-oracle').innerText()).toContain('EmailClientV2__send_email');
    expect(await page.locator('.review-failed').innerText()).toMatch(/email_checker[\s\S]*The recipient differs\./);
    // Trajectory text and notes are data: nothing of them became markup.
    expect(await page.locator('.review img').count()).toBe(0);
    expect(await pageGlobal<unknown>(page, '__xss')).toBeUndefined();
    expect(await problems()).toEqual([]);
  });

  it('decides by keyboard: c confirms, r then a family key rejects naming the side, u marks undecidable, each advancing', async () => {
    const { page, host, problems, decisions } = await openReview(initialState());
    await page.keyboard.press('c');
    await expect.poll(() => position(page)).toBe('2 / 3');
    expect(decisions).toEqual([{ position: 0, verdict: 'confirm', side: null, note: '' }]);
    expect(await shownGroup(page)).toBe('agent-a/execution/scn_yoga_cleanup');

    await page.keyboard.press('r');
    await page.locator('.review-sides').waitFor();
    expect(await page.locator('.review-sides').innerText()).toMatch(/I\s*Infrastructure[\s\S]*T\s*Translation[\s\S]*K\s*Verifier[\s\S]*A\s*Agent[\s\S]*E\s*Inconclusive/);
    // Escape leaves the side picker without deciding; r again, then K.
    await page.keyboard.press('Escape');
    await page.locator('.review-verdicts').waitFor();
    await page.keyboard.press('r');
    await page.keyboard.press('k');
    await expect.poll(() => position(page)).toBe('3 / 3');
    expect(decisions[1]).toEqual({ position: 1, verdict: 'reject', side: 'verifier', note: '' });

    await page.keyboard.press('u');
    await expect.poll(() => decisions.length).toBe(3);
    expect(decisions[2]).toEqual({ position: 2, verdict: 'undecidable', side: null, note: '' });
    await expect.poll(() => page.locator('.review-progress').textContent()).toMatch(/^3 of 3 reviewed/);
    expect(host.rejected).toEqual([]);
    expect(await problems()).toEqual([]);
  });

  it('moves with n, p and the arrow keys without deciding, and shows each item’s evidence', async () => {
    const { page, decisions } = await openReview(initialState());
    await page.keyboard.press('n');
    await expect.poll(() => position(page)).toBe('2 / 3');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => position(page)).toBe('3 / 3');
    await expect.poll(() => page.locator('.review-pair[aria-label="Task"] .review-column').first().innerText()).toContain('(item 3)');
    await page.keyboard.press('n');
    expect(await position(page)).toBe('3 / 3');
    await page.keyboard.press('p');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => position(page)).toBe('1 / 3');
    expect(decisions).toEqual([]);
  });

  it('saves the queue’s directory, sampling plan and the item shown, for a window reload to reopen', async () => {
    const { page } = await openReview(initialState());
    const saved = { runDir: 'file:///work/runs', seed: 7, perStratum: 5, sizes: { 'deterministic/jpn/execution': 2 } };
    await expect.poll(() => pageGlobal<unknown>(page, '__savedState')).toEqual({ ...saved, position: 0 });
    await page.keyboard.press('n');
    await expect.poll(() => pageGlobal<unknown>(page, '__savedState')).toEqual({ ...saved, position: 1 });
  });

  it('sends the note with the decision; keys typed into the note are text, not decisions', async () => {
    const { page, decisions } = await openReview(initialState());
    await page.keyboard.press('m');
    await page.keyboard.type('cr, "u" and n');
    expect(decisions).toEqual([]);
    expect(await position(page)).toBe('1 / 3');
    await page.keyboard.press('Escape');
    await page.keyboard.press('c');
    await expect.poll(() => decisions).toEqual([{ position: 0, verdict: 'confirm', side: null, note: 'cr, "u" and n' }]);
  });

  it('in Restricted Mode shows the queue read-only and refuses decisions with the message, sending none', async () => {
    const reason = 'Trajectory Lens is read-only in Restricted Mode: trust this workspace to save triage labels beside the runs.';
    const { page, decisions } = await openReview(initialState(reason));
    expect(await page.locator('.review-readonly').textContent()).toBe(reason);
    await page.keyboard.press('c');
    await expect.poll(() => page.locator('.review-status').textContent()).toBe(reason);
    await page.keyboard.press('r');
    expect(await page.locator('.review-sides').count()).toBe(0);
    expect(decisions).toEqual([]);
    // Reading the queue still works.
    await page.keyboard.press('n');
    await expect.poll(() => position(page)).toBe('2 / 3');
  });

  it('follows the host when another window reviews, staying on the item shown', async () => {
    const { page, host } = await openReview(initialState());
    await page.keyboard.press('n');
    await expect.poll(() => position(page)).toBe('2 / 3');
    const state = initialState();
    const entries = state.entries.map((e, k) => (k === 2 ? { ...e, review: { verdict: 'confirm' as const, side: null, annotator: 'Bo', note: '', at: 'now' } } : e));
    await host.send({ kind: 'event', event: { type: 'state', state: { ...state, revision: 5, entries, position: 0 } } });
    await expect.poll(() => page.locator('.review-progress').textContent()).toMatch(/^1 of 3 reviewed/);
    expect(await position(page)).toBe('2 / 3');
    expect(await shownGroup(page)).toBe('agent-a/execution/scn_yoga_cleanup');
  });
});
