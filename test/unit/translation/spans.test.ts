import { describe, expect, it } from 'vitest';
import { checkStringPair } from '../../../src/core/translation/checkStringPair';
import { findSpans } from '../../../src/core/translation/spans';

describe('frozen and value spans', () => {
  it('finds ids, codes, emails, URLs, file names and phone numbers, and leaves emphasis alone', () => {
    const { frozen } = findSpans(
      'Reservation QTR52M from JFK for lia_wu_5820 (lia.wu@example.com), see https://example.com/trip?id=7. File report_2024.pdf. Call +1 212-555-0147. Do NOT cancel.',
    );
    expect(frozen.map((s) => [s.kind, s.text])).toEqual([
      ['id', 'QTR52M'],
      ['id', 'JFK'],
      ['id', 'lia_wu_5820'],
      ['email', 'lia.wu@example.com'],
      ['url', 'https://example.com/trip?id=7'],
      ['file', 'report_2024.pdf'],
      ['phone', '+1 212-555-0147'],
    ]);
  });

  it('does not read numbers inside ids, dates or times', () => {
    const { values } = findSpans('Flight HAT906 on 2024-05-20 at 14:30 costs $137.');
    expect(values.map((s) => [s.kind, s.text])).toEqual([
      ['date', '2024-05-20'],
      ['time', '14:30'],
      ['number', '$137'],
    ]);
  });
});

describe('localized formatting of the same value is not a change', () => {
  const same: Array<[string, string, string]> = [
    ['on 2024-05-26.', 'vào 26-05-2024.', 'vie'],
    ['on May 26, 2024.', 'วันที่ ๒๖ พฤษภาคม ๒๕๖๗', 'tha'],
    ['on May 26, 2024.', '2024年5月26日', 'cmn'],
    ['on May 26, 2024.', 'el 26 de mayo de 2024.', 'spa'],
    ['up to 1,000 dollars', 'bis zu 1.000 Dollar', 'deu'],
    // French groups digits with a narrow no-break space, as Intl writes it: 1 200,50 $US.
    ['costs $1,200.50', `coûte ${new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'USD' }).format(1200.5)}`, 'fra'],
    ['costs $1,200.50', 'kostet 1.200,50 $', 'deu'],
    ['after 2:30 PM', 'หลังเวลา 14:30 น.', 'tha'],
    ['after 2:30 PM', '下午2点30分以后', 'cmn'],
    ['call +1 212-555-0147', 'gọi +1 (212) 555 0147', 'vie'],
    ['card ending in 7815', 'บัตรที่ลงท้ายด้วย ๗๘๑๕', 'tha'],
    ['costs 327 dollars', 'يكلف ٣٢٧ دولارًا', 'arb'],
  ];
  it.each(same)('%s → %s', (source, translation, language) => {
    expect(checkStringPair(source, translation, 'eng', language)).toEqual([]);
  });

  it('reports a different value and names what stands in its place', () => {
    expect(checkStringPair('costs $1,200.50', 'kostet 1.250,50 $', 'eng', 'deu').map((d) => [d.code, d.source, d.translation])).toEqual([
      ['value-changed', '$1,200.50', '1.250,50 $'],
    ]);
    expect(checkStringPair('on 2024-05-26.', 'vào 2024-05-27.', 'eng', 'vie').map((d) => [d.code, d.source, d.translation])).toEqual([
      ['value-changed', '2024-05-26', '2024-05-27'],
    ]);
  });
});
