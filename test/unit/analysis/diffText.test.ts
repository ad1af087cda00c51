import { describe, expect, it } from 'vitest';
import type { TextDiffPart } from '../../../src/core/analysis/comparison';
import { diffText } from '../../../src/core/analysis/diffText';
import { diffTokens } from '../../../src/core/analysis/diffTokens';

function side(parts: TextDiffPart[], which: 'baseline' | 'target'): string {
  const skip = which === 'baseline' ? 'insert' : 'delete';
  return parts
    .filter((p) => p.op !== skip)
    .map((p) => p.text)
    .join('');
}

function changed(parts: TextDiffPart[], op: 'delete' | 'insert'): string[] {
  return parts.filter((p) => p.op === op).map((p) => p.text);
}

function expectRebuilds(parts: TextDiffPart[], baseline: string, target: string): void {
  expect(side(parts, 'baseline')).toBe(baseline);
  expect(side(parts, 'target')).toBe(target);
}

describe('diffTokens', () => {
  it('groups Chinese, Japanese and Thai characters into words', () => {
    expect(diffTokens('สวัสดีครับ', 'tha')).toEqual(['สวัสดี', 'ครับ']);
    expect(diffTokens('会議は明日です', 'jpn')).toEqual(['会議', 'は', '明日', 'です']);
  });

  it('keeps ids, emails, URLs and dates whole inside CJK text', () => {
    const tokens = diffTokens('请发送到zhang.wei@example.com，会议ID为mtg_2024-10-21，详情见https://example.com/a?b=1', 'cmn');
    expect(tokens).toContain('zhang.wei@example.com');
    expect(tokens).toContain('mtg_2024-10-21');
    expect(tokens).toContain('https://example.com/a?b=1');
  });

  it('keeps accented Latin words whole and concatenates back to the input', () => {
    const text = 'la canción de São Paulo, 15:00  — ok';
    const tokens = diffTokens(text, 'spa');
    expect(tokens).toContain('canción');
    expect(tokens).toContain('São');
    expect(tokens.join('')).toBe(text);
  });
});

describe('diffText', () => {
  it('marks only the changed Chinese word, not the whole sentence', () => {
    const a = '请把会议改到星期五下午';
    const b = '请把会议改到星期四下午';
    const parts = diffText(a, b, 'cmn');
    expectRebuilds(parts, a, b);
    expect(changed(parts, 'delete').join('')).toMatch(/^[^会请下]*五[^会请下]*$/);
    expect(changed(parts, 'insert').join('')).toContain('四');
    expect(parts.filter((p) => p.op === 'equal').map((p) => p.text)).toEqual(expect.arrayContaining(['下午']));
  });

  it('replaces an email inside Japanese text as one unit', () => {
    const a = '田中さんにtanaka@example.co.jpで連絡してください';
    const b = '田中さんにtanaka@example.comで連絡してください';
    const parts = diffText(a, b, 'jpn');
    expectRebuilds(parts, a, b);
    expect(changed(parts, 'delete')).toEqual(['tanaka@example.co.jp']);
    expect(changed(parts, 'insert')).toEqual(['tanaka@example.com']);
  });

  it('diffs Thai by words', () => {
    const parts = diffText('สวัสดีครับ ผมชื่อสมชาย', 'สวัสดีค่ะ ผมชื่อสมชาย', 'tha');
    expect(parts).toEqual([
      { op: 'equal', text: 'สวัสดี' },
      { op: 'delete', text: 'ครับ' },
      { op: 'insert', text: 'ค่ะ' },
      { op: 'equal', text: ' ผมชื่อสมชาย' },
    ]);
  });

  it('handles a name written in another script inside a mixed-script sentence', () => {
    const parts = diffText('Meeting with 张伟 at 10:30', 'Meeting with Zhang Wei at 10:30', 'cmn');
    expect(parts).toEqual([
      { op: 'equal', text: 'Meeting with ' },
      { op: 'delete', text: '张伟' },
      { op: 'insert', text: 'Zhang Wei' },
      { op: 'equal', text: ' at 10:30' },
    ]);
  });

  it('shows a whole-sentence rewrite as one deletion and one insertion', () => {
    expect(diffText('a b c', 'x y z')).toEqual([
      { op: 'delete', text: 'a b c' },
      { op: 'insert', text: 'x y z' },
    ]);
  });

  it('returns one equal part for equal texts and nothing for two empty ones', () => {
    expect(diffText('同じ', '同じ')).toEqual([{ op: 'equal', text: '同じ' }]);
    expect(diffText('', '')).toEqual([]);
    expect(diffText('', 'new')).toEqual([{ op: 'insert', text: 'new' }]);
  });
});
