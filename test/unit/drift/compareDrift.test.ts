import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareDrift, sideDrift } from '../../../src/core/drift/compareDrift';
import { buildIndex } from '../../../src/core/index/buildIndex';
import { loadTrajectory } from '../../../src/core/index/loadTrajectory';
import { NodeFileSource } from '../../../src/core/nodeFileSource';
import { message, trajectoryIn } from '../analysis/steps';

const EXAMPLE = join(__dirname, '../../../examples/tau2-seatau');

describe('language drift of a compared pair', () => {
  it('marks the English turn of the Thai task 14 run beside its English baseline, with both scores', async () => {
    const fs = new NodeFileSource(EXAMPLE);
    const runs = (await buildIndex(fs)).runs.filter((r) => r.scenarioId === '14' && r.runIndex === 0);
    const eng = runs.find((r) => r.language === 'eng');
    const tha = runs.find((r) => r.language === 'tha');
    if (!eng || !tha) throw new Error('the example lacks task 14 trial 0 in eng or tha');
    const drift = compareDrift(await loadTrajectory(fs, eng), await loadTrajectory(fs, tha));

    expect(drift.baseline.expected).toBe('eng');
    expect(drift.baseline.turns.some((t) => t.offTarget)).toBe(false);
    expect(drift.baseline.score).toBe(1);
    expect(drift.baseline.fileScore).toBeNull();

    expect(drift.target.expected).toBe('tha');
    expect(drift.target.turns.filter((t) => t.offTarget)).toEqual([
      { step: 6, role: 'assistant', detected: 'eng', confidence: 1, offTarget: true, offTargetSentences: [] },
    ]);
    expect([drift.target.score, drift.target.fileScore, drift.target.disagreements]).toEqual([0.75, 0.75, []]);
    expect(drift.target.byPosition.map((p) => [p.position, p.offTarget, p.turns])).toEqual([
      ['1', 0, 1],
      ['2', 0, 1],
      ['3', 1, 1],
      ['4-5', 0, 1],
    ]);
  });

  it('gives the off-target sentences of a mixed turn as offsets into the step text', () => {
    const mixed = 'Tôi đã kiểm tra đặt chỗ YDKT6C của bạn. However, the new flight is fully booked and I cannot change it today.';
    const drift = sideDrift(trajectoryIn('vie', [message('assistant', 'Xin chào! Tôi có thể giúp gì cho bạn hôm nay?'), message('assistant', mixed)]));
    const turn = drift.turns.find((t) => t.step === 1);
    expect(turn?.offTarget).toBe(true);
    expect(turn?.offTargetSentences.map((s) => [mixed.slice(s.start, s.end).trim(), s.detected])).toEqual([
      ['However, the new flight is fully booked and I cannot change it today.', 'eng'],
    ]);
    expect(drift.turns.find((t) => t.step === 0)?.offTargetSentences).toEqual([]);
    expect(drift.score).toBe(0.5);
  });

  it("keeps the file's score beside the detected one and says where they disagree", () => {
    const run = trajectoryIn('tha', [message('assistant', 'ยกเลิกการจอง P7HV3D เรียบร้อยแล้วค่ะ'), message('assistant', 'Your refund will arrive within seven days.')]);
    run.checks.push({ name: 'language_correctness', passed: true, detail: 'score 1: 2 of 2 assistant turns in th' });
    const drift = sideDrift(run);
    expect([drift.score, drift.fileScore]).toEqual([0.5, 1]);
    expect(drift.disagreements.map((d) => d.step)).toEqual([1, null]);
  });

  it('judges nothing when the run has no known language', () => {
    const drift = sideDrift(trajectoryIn('und', [message('assistant', 'Your refund will arrive within seven days.')]));
    expect([drift.expected, drift.score, drift.byPosition]).toEqual([null, null, []]);
    expect(drift.turns.every((t) => !t.offTarget)).toBe(true);
  });
});
