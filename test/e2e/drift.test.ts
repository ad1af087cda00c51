// Language drift in a real VS Code (code-server + Chromium) on a copy of the SEATau example: the Thai task 14
// regression opened from the Regressions view marks the planted English assistant turn of trial 0 in the target lane,
// and each side header shows the language correctness beside the verdict, the Thai one next to the file's own.
import { describe, expect, it } from 'vitest';
import { groundTruth } from './examples';
import { openCompareView, revealInCompareView, screenshot, useExamplesWorkspace, useWorkbench, webviewFrame } from './workbench';

/** The planted English turn's opening words (examples/tau2-seatau, language_drift). */
const ENGLISH_TURN = 'I found your upcoming trip';

interface GroundTruth {
  phenomena: Array<{ id: string; evidence: Array<{ turn?: number; score?: number }> }>;
}

const examples = useExamplesWorkspace('tau2-seatau');

describe('Language drift on the SEATau example', () => {
  const workbench = useWorkbench(() => examples.open(true), (page) => openCompareView(page, 'task 14 · tha'));

  it('marks the planted English assistant turn of the Thai run, and nothing in the English baseline', async () => {
    const evidence = (groundTruth(examples.dir) as GroundTruth).phenomena.find((p) => p.id === 'language_drift')?.evidence[0];
    expect(evidence).toMatchObject({ turn: 7, score: 0.75 });
    const { page } = workbench;
    const frame = webviewFrame(page);
    const marked = await revealInCompareView(page, frame, frame.locator('.lane--target .step--off-language'));
    expect(await marked.innerText()).toContain(ENGLISH_TURN);
    expect(await marked.locator('.tag--language').innerText()).toBe('language: tha → eng');
    // The file numbers turns from 1: its turn 7 is step #6.
    expect(await marked.locator('.step-number').innerText()).toBe(`#${(evidence?.turn ?? 0) - 1}`);
    expect(await frame.locator('.lane--target .step--off-language').count()).toBe(1);
    expect(await frame.locator('.lane--baseline .step--off-language').count()).toBe(0);
    await screenshot(page, 'compare-drift-seatau');
  });

  it('shows the language correctness beside each verdict, the Thai one agreeing with the file', async () => {
    const frame = webviewFrame(workbench.page);
    const target = frame.locator('.side-header--target');
    expect(await target.locator('.language-score-value').innerText()).toBe('lang 0.75');
    expect(await target.locator('.language-score-file').innerText()).toBe('· file 0.75');
    expect(await target.locator('.language-score-disagrees').count()).toBe(0);
    expect(await target.locator('.side-drift .collapsible-toggle').innerText()).toContain('language drift: 1 of 4 assistant turns off target');
    expect(await target.locator('.drift-count').allInnerTexts()).toEqual(['0/1', '0/1', '1/1', '0/1']);
    const baseline = frame.locator('.side-header--baseline');
    expect(await baseline.locator('.language-score-value').innerText()).toBe('lang 1.00');
    expect(await baseline.locator('.language-score-file').count()).toBe(0);
  });
});
