import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectDrift } from '../../../src/core/drift/detectDrift';
import { buildIndex } from '../../../src/core/index/buildIndex';
import { loadTrajectory } from '../../../src/core/index/loadTrajectory';
import { NodeFileSource } from '../../../src/core/nodeFileSource';
import { message, trajectoryIn } from '../analysis/steps';

const EXAMPLE = join(__dirname, '../../../examples/tau2-seatau');

describe('language drift on the SEATau example', () => {
  it('finds the English assistant turn of the Thai run and agrees with the file', async () => {
    const fs = new NodeFileSource(EXAMPLE);
    const index = await buildIndex(fs);
    const reports = await Promise.all(index.runs.filter((r) => r.language === 'tha').map(async (run) => ({ run, report: detectDrift(await loadTrajectory(fs, run)) })));
    const drifting = reports.filter(({ report }) => report.turns.some((t) => t.offTarget));
    expect(drifting).toHaveLength(1);
    const { report } = drifting[0] ?? { report: null };
    expect(report?.expected).toBe('tha');
    expect(report?.turns.filter((t) => t.offTarget).map((t) => [t.step, t.role, t.detected])).toEqual([[6, 'assistant', 'eng']]);
    expect(report?.score).toBe(0.75);
    expect(report?.file).toEqual({ score: 0.75, offTargetSteps: [6] });
    expect(report?.disagreements).toEqual([]);
    expect(report?.byPosition).toEqual([
      { position: '1', turns: 1, offTarget: 0, offTargetRate: 0 },
      { position: '2', turns: 1, offTarget: 0, offTargetRate: 0 },
      { position: '3', turns: 1, offTarget: 1, offTargetRate: 1 },
      { position: '4-5', turns: 1, offTarget: 0, offTargetRate: 0 },
    ]);
    for (const other of reports.filter((r) => r !== drifting[0])) expect(other.report.score).toBe(1);
  });
});

describe('language drift on hand-written turns', () => {
  it('marks English sentences inside Vietnamese turns, per sentence', () => {
    const report = detectDrift(trajectoryIn('vie', [
      message('assistant', 'Xin chào! Tôi có thể giúp gì cho bạn hôm nay?'),
      message('user', 'Tôi muốn đổi chuyến bay HAT931 sang ngày 25 tháng 5.'),
      message('assistant', 'Tôi đã kiểm tra đặt chỗ YDKT6C của bạn. However, the new flight is fully booked and I cannot change it today.'),
      message('assistant', 'Vâng, tôi đã hủy đặt chỗ của bạn.'),
    ]));
    expect(report.turns.map((t) => [t.step, t.detected, t.offTarget])).toEqual([
      [0, 'vie', false],
      [1, 'vie', false],
      [2, 'eng', true],
      [3, 'vie', false],
    ]);
    const mixed = report.turns[2]?.sentences ?? [];
    expect(mixed.map((s) => [s.text.trim(), s.detected, s.offTarget])).toEqual([
      ['Tôi đã kiểm tra đặt chỗ YDKT6C của bạn.', 'vie', false],
      ['However, the new flight is fully booked and I cannot change it today.', 'eng', true],
    ]);
    expect(report.score).toBe(2 / 3);
  });

  it('splits English from Chinese inside one sentence and ignores ids, short turns and tool JSON', () => {
    const report = detectDrift(trajectoryIn('cmn', [
      message('assistant', '您的预订 QTR52M 已取消，let me know if you need anything else with your booking'),
      message('user', '好的'),
      message('assistant', '{"reservation_id": "QTR52M", "status": "cancelled"}'),
      message('assistant', '预订 QTR52M（JFK → ORD）已取消。'),
    ]));
    expect(report.turns.map((t) => [t.step, t.offTarget])).toEqual([
      [0, true],
      [3, false],
    ]);
    expect(report.turns[0]?.sentences?.map((s) => s.detected)).toEqual(['cmn', 'eng']);
  });

  it('tells romanized Hindi from English in a Hindi run', () => {
    const report = detectDrift(trajectoryIn('hin', [
      message('assistant', 'मैं आपकी बुकिंग की जाँच कर रहा हूँ।'),
      message('user', 'Mujhe apni flight kal ke liye badalni hai'),
      message('assistant', 'Sure, I will change your flight to tomorrow.'),
    ]));
    expect(report.turns.map((t) => [t.detected, t.offTarget])).toEqual([
      ['hin', false],
      ['hin', false],
      ['eng', true],
    ]);
    expect(report.score).toBe(0.5);
  });

  it('notes where the file counts a turn differently', () => {
    const run = trajectoryIn('tha', [message('assistant', 'ยกเลิกการจอง P7HV3D เรียบร้อยแล้วค่ะ'), message('assistant', 'Your refund will arrive within seven days.')]);
    run.checks.push({ name: 'language_correctness', passed: true, detail: 'score 1: 2 of 2 assistant turns in th' });
    const report = detectDrift(run);
    expect(report.disagreements).toEqual([
      { step: 1, message: '#1 reads as eng; the file counts it as correct' },
      { step: null, message: 'language correctness 0.50 here, 1 in the file' },
    ]);
  });

  it('names steps as the compare view does, and says what a mixed turn holds', () => {
    const thai = 'ยกเลิกการจอง P7HV3D ของคุณเรียบร้อยแล้วค่ะ ขอบคุณที่ใช้บริการสายการบินของเรานะคะ';
    const run = trajectoryIn('tha', [
      message('user', 'ช่วยยกเลิกการจองให้หน่อยค่ะ'),
      message('assistant', `${thai} Your refund will arrive on the original card within seven business days.`),
      message('assistant', thai),
    ]);
    run.checks.push({ name: 'language_correctness', passed: true, detail: 'score 0.5: 1 of 2 assistant turns in th' });
    for (const step of [3, 5]) {
      run.judge.push({ oracleId: null, tool: null, matched: false, check: 'language_correctness', rationale: `Turn not in th (step ${step})`, llm: false, turn: null, agentArgs: null });
    }
    const report = detectDrift(run);
    expect(report.turns.map((t) => [t.step, t.detected, t.offTarget])).toEqual([[0, 'tha', false], [1, 'tha', true], [2, 'tha', false]]);
    expect(report.disagreements.map((d) => [d.step, d.message])).toEqual([
      [1, '#1 is mostly tha but has an eng sentence; the file counts it as correct'],
      [2, '#2 reads as tha; the file counts it (its step 3) as another language'],
      [4, '#4 is not a judged assistant turn; the file counts it (its step 5) as another language'],
    ]);
  });
});
