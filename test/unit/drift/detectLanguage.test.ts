import { describe, expect, it } from 'vitest';
import { detectLanguage } from '../../../src/core/drift/detectLanguage';

// The script of a turn names its language outright; the expected language settles which language of a shared script
// is meant, and identifiers say nothing about the language they sit in.

describe('detectLanguage by script', () => {
  it.each([
    ['ยกเลิกการจองเรียบร้อยแล้วค่ะ', 'tha', 'Thai'],
    ['예약을 확인했습니다', 'kor', 'Hang'],
    ['ご予約を確認しました', 'jpn', 'Jpan'],
    ['您的预订已确认', 'cmn', 'Hani'],
    ['आपकी बुकिंग की जाँच कर रहा हूँ', 'hin', 'Deva'],
    ['تم تأكيد حجزك', 'arb', 'Arab'],
    ['Ваше бронирование подтверждено', 'rus', 'Cyrl'],
    ['ההזמנה שלך אושרה', 'heb', 'Hebr'],
    ['Η κράτησή σας επιβεβαιώθηκε', 'ell', 'Grek'],
    ['আপনার বুকিং নিশ্চিত হয়েছে', 'ben', 'Beng'],
    ['உங்கள் முன்பதிவு உறுதியானது', 'tam', 'Taml'],
  ])('%s is %s', (text, language, script) => {
    expect(detectLanguage(text)).toMatchObject({ language, script, confidence: 1 });
  });

  it('keeps a shared script in the expected language', () => {
    expect(detectLanguage('आपकी बुकिंग की जाँच कर रहा हूँ', 'mar').language).toBe('mar');
    expect(detectLanguage('تم تأكيد حجزك', 'urd').language).toBe('urd');
    expect(detectLanguage('東京駅で会いましょう', 'jpn')).toMatchObject({ language: 'jpn', script: 'Jpan' });
    expect(detectLanguage('東京駅', 'jpn')).toMatchObject({ language: 'jpn', script: 'Hani' });
    expect(detectLanguage('東京駅', 'tha')).toMatchObject({ language: 'cmn', script: 'Hani' });
  });

  it('counts the main script by its share of letters, after masking identifiers', () => {
    const guess = detectLanguage('ยกเลิกการจอง QTR52M JFK เรียบร้อย');
    expect(guess).toMatchObject({ language: 'tha', script: 'Thai', confidence: 1 });
    expect(detectLanguage('QTR52M 123')).toEqual({ language: 'und', script: 'Zyyy', confidence: 0, letters: 0 });
    const mixed = detectLanguage('ภาษาไทย Ελλ');
    expect(mixed.language).toBe('tha');
    expect(mixed.confidence).toBeCloseTo(7 / 10);
  });

  it('leaves letters of scripts it does not know undecided', () => {
    expect(detectLanguage('ꦲꦏ꧀ꦱꦫ')).toMatchObject({ language: 'und', script: 'Zzzz' });
  });
});
