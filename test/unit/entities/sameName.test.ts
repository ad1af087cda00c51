import { describe, expect, it } from 'vitest';
import { phoneticKey } from '../../../src/core/entities/phoneticKey';
import { nameForm } from '../../../src/core/entities/romanize';
import { sameName } from '../../../src/core/entities/sameName';

function same(a: string, b: string): boolean {
  return sameName(nameForm(a), nameForm(b));
}

describe('sameName', () => {
  it('links one name across scripts and in either order', () => {
    expect(same('Zhang Wei', '张伟')).toBe(true);
    expect(same('Wei Zhang', '张伟')).toBe(true);
    expect(same('Zhang Wei', 'Wei Zhang')).toBe(true);
    expect(same('Zhang Wei', 'झांग वेई')).toBe(true);
    expect(same('Zhang Wei', 'チャン・ウェイ')).toBe(true);
    expect(same('Kim Min-jun', '김민준')).toBe(true);
    expect(same('Sergei Ivanov', 'Сергей Иванов')).toBe(true);
    expect(same('Omar Haddad', 'عمر حداد')).toBe(true);
    expect(same('ＺＨＡＮＧ　ＷＥＩ', 'Zhang Wei')).toBe(true);
    expect(same('José Núñez', 'Jose Nunez')).toBe(true);
  });

  it('keeps similar but different people apart', () => {
    expect(same('Zhang Wei', 'Zhang Wen')).toBe(false);
    expect(same('李娜', '李明')).toBe(false);
    expect(same('Kim Min-jun', 'Kim Min-ji')).toBe(false);
    expect(same('Ma Chao', 'Ma Zhao')).toBe(false);
  });

  it('does not link a family name alone, or a short key, to a full name', () => {
    expect(same('Zhang', 'Zhang Wei')).toBe(false);
    expect(same('Wei', '张伟')).toBe(false);
    expect(same('Zhangwei', '张伟')).toBe(false);
    expect(same('Li', '李')).toBe(false);
  });

  it('merges transliteration variants in the phonetic key only where a script needs it', () => {
    const full = { vowels: 'full', kana: false } as const;
    expect(phoneticKey('vei', full)).toBe(phoneticKey('wei', full));
    expect(phoneticKey('yuuko', full)).toBe(phoneticKey('yuko', full));
    expect(phoneticKey('chao', full)).not.toBe(phoneticKey('zhao', full));
    expect(phoneticKey('jhang', { vowels: 'no-a', kana: false })).toBe(phoneticKey('zhang', { vowels: 'no-a', kana: false }));
    expect(phoneticKey('chan', { vowels: 'full', kana: true })).toBe(phoneticKey('zhang', { vowels: 'full', kana: true }));
  });
});
