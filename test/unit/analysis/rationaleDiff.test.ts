import { describe, expect, it } from 'vitest';
import { compareRuns } from '../../../src/core/analysis/compareRuns';
import type { TextDiffPart } from '../../../src/core/analysis/comparison';
import { rationaleDiff } from '../../../src/core/analysis/rationaleDiff';
import { judgeRecord, oracleEvent, run, trajectory } from './steps';

const changes = (parts: TextDiffPart[], op: 'delete' | 'insert') => parts.filter((p) => p.op === op).map((p) => p.text.trim());
const engJpn = { baseline: 'eng', target: 'jpn' };

describe('judge rationale diff', () => {
  it('diffs two English rationales word by word', () => {
    const diff = rationaleDiff(
      'The agent sent the email to Zhang Wei with the correct subject.',
      'The agent did not send the email to Zhang Wei.',
      engJpn,
    );
    expect(diff?.mode).toBe('diff');
    if (diff?.mode !== 'diff') return;
    expect(diff.language).toBe('eng');
    expect(changes(diff.parts, 'insert')).toContain('did not send');
    expect(diff.parts.filter((p) => p.op === 'equal').map((p) => p.text).join('')).toContain('the email to Zhang Wei');
  });

  it('diffs two Chinese rationales by the words Intl.Segmenter finds, not as one replacement', () => {
    const diff = rationaleDiff('代理已发送邮件给张伟。', '代理没有发送邮件给张伟。', { baseline: 'cmn', target: 'cmn' });
    expect(diff?.mode).toBe('diff');
    if (diff?.mode !== 'diff') return;
    expect(diff.language).toBe('cmn');
    expect(changes(diff.parts, 'delete')).toEqual(['已']);
    expect(changes(diff.parts, 'insert')).toEqual(['没有']);
  });

  it('sets rationales in two languages side by side, naming both', () => {
    const diff = rationaleDiff('The agent sent the email to Zhang Wei.', 'エージェントは張偉さんにメールを送信しませんでした。', engJpn);
    expect(diff).toEqual({
      mode: 'side-by-side',
      baselineLanguage: 'eng',
      targetLanguage: 'jpn',
      baselineLanguageName: 'English',
      targetLanguageName: 'Japanese',
    });
  });

  it('has nothing to compare when one run has no rationale', () => {
    expect(rationaleDiff('The agent sent the email.', null, engJpn)).toBeNull();
  });

  it('is part of the comparison’s oracle lane where both runs have a rationale', () => {
    const event = oracleEvent('Event-AGENT-1', 'EmailClientV2__send_email', { subject: 'Budget' });
    const judged = (rationale: string, matched: boolean) => judgeRecord({ oracleId: event.id, matched, rationale });
    const english = trajectory([], { oracle: [event], judge: [judged('The email was sent on 2024-10-16.', true)] });
    const thai = trajectory([], {
      run: run({ id: 'tha/run_1/x', path: 'tha/run_1/x', language: 'tha' }),
      oracle: [event],
      judge: [judged('The email was sent on 16/10/2024, one day late.', false)],
    });
    const row = compareRuns(english, thai).oracle[0];
    expect(row?.rationaleDiff?.mode).toBe('diff');
    if (row?.rationaleDiff?.mode !== 'diff') return;
    expect(row.rationaleDiff.parts.find((p) => p.op === 'equivalent')).toMatchObject({ text: '2024-10-16', target: '16/10/2024' });
    expect(changes(row.rationaleDiff.parts, 'insert')).toEqual([', one day late']);
  });
});
