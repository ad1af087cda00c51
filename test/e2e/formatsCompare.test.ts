// The compare view in a real VS Code on a format other than gaia2: the SEATau example's Thai regression (task 14, the
// agent cancels the wrong reservation) opened from the Regressions view, with tool calls in both lanes, and each
// language's SEATau setting in the Runs view.
import { describe, expect, it } from 'vitest';
import {
  expandTreeRow,
  openCompareView,
  revealInCompareView,
  screenshot,
  treeRows,
  useExamplesWorkspace,
  useWorkbench,
  webviewFrame,
} from './workbench';

/** The tool both languages call in task 14; the Thai agent calls it on the wrong reservation. */
const SHARED_TOOL = 'cancel_reservation';
const WRONG_RESERVATION = 'P7HV3D';

const examples = useExamplesWorkspace('tau2-seatau');

describe('Compare view on the SEATau example (tau2 format)', () => {
  const workbench = useWorkbench(() => examples.open(true), (page) => openCompareView(page, 'task 14 · tha'));

  it('heads the target lane with Thai and its SEATau setting, the baseline with English', async () => {
    const frame = webviewFrame(workbench.page);
    const target = frame.locator('.side-header--target');
    expect(await target.locator('.side-language').innerText()).toBe('(tha)');
    expect(await target.locator('.side-setting').innerText()).toBe('l2_domain');
    const baseline = frame.locator('.side-header--baseline');
    expect(await baseline.locator('.side-language').innerText()).toBe('(eng)');
    expect(await baseline.locator('.side-setting').innerText()).toBe('english');
  });

  it('shows the tool calls of both lanes, the Thai one on the wrong reservation', async () => {
    const frame = webviewFrame(workbench.page);
    const page = workbench.page;
    await revealInCompareView(page, frame, frame.locator('.lane--baseline .step--tool .tool-name', { hasText: SHARED_TOOL }));
    const cancel = await revealInCompareView(page, frame, frame.locator('.lane--target .step--tool', { hasText: SHARED_TOOL }));
    expect(await cancel.innerText()).toContain(WRONG_RESERVATION);
    await screenshot(workbench.page, 'compare-tau2-seatau');
  });

  it("names each language's SEATau setting in the Runs view, on the language and on its runs", async () => {
    const page = workbench.page;
    await expandTreeRow(page, 'Runs', 'task 14');
    await expandTreeRow(page, 'Runs', 'tha 0/2');
    const rows = await treeRows(page, 'Runs');
    const thai = rows.findIndex((r) => r.label === 'tha 0/2');
    expect(rows[thai]?.description).toBe('↓ deterministic pass→fail · db_mismatch · l2_domain');
    expect(rows[thai + 1]).toMatchObject({ label: 'run 0', description: 'db_mismatch · l2_domain' });
    expect(rows.find((r) => r.label === 'eng 2/2')?.description).toBe('baseline · english');
  });
});
