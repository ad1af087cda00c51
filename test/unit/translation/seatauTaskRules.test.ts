import { describe, expect, it } from 'vitest';
import { checkStringPair } from '../../../src/core/translation/checkStringPair';
import { compareDocuments } from '../../../src/core/translation/compareDocuments';
import { scanJsonPositions } from '../../../src/core/translation/jsonPositions';
import { checkTerms, type Term } from '../../../src/core/translation/terms';
import type { TranslatedDocument } from '../../../src/core/translation/translatedDocument';

// What real translated airline tasks taught the lint, on sentences of our own: times, ordinals and durations are
// values, spelled-out counts are values, a term inside an id is no term, a value said twice must be there twice,
// an all-letter reservation code is an id when the task's data uses it, and an id with translated words is shown.

function drafts(source: string, translation: string, language: string, knownIds: readonly string[] = []): Array<[string, string, string | null]> {
  return checkStringPair(source, translation, 'eng', language, knownIds).map((d) => [d.code, d.source, d.translation]);
}

describe('times, ordinals, durations and abbreviations are not identifiers', () => {
  const source = 'Your return leaves at 4pm on the 21st, more than 48h after you booked; your DOB is on file.';
  it.each([
    ['tha', 'เที่ยวบินขากลับออกเวลา 16.00 น. ในวันที่ 21 หลังจากจองเกิน 48 ชั่วโมง วันเกิดของคุณอยู่ในระบบ'],
    ['vie', 'Chuyến về khởi hành lúc 4 giờ chiều ngày 21, hơn 48 giờ sau khi bạn đặt; ngày sinh của bạn đã có trong hồ sơ.'],
  ])('a correct %s translation gives no finding', (language, translation) => {
    expect(drafts(source, translation, language)).toEqual([]);
  });

  it('reports a time moved to the other half of the day', () => {
    expect(drafts('Leave after 9am.', 'Khởi hành sau 9 giờ tối.', 'vie')).toEqual([['value-changed', '9am', '9 giờ tối']]);
  });

  it('reads a bare "N giờ" as hours too, so a duration kept as a number is no change', () => {
    expect(drafts('You booked it 6 hours ago.', 'Bạn đã đặt cách đây 6 giờ.', 'vie')).toEqual([]);
  });
});

describe('counts written out in words', () => {
  it('accepts a count of one to ten the translation spells out', () => {
    expect(drafts('Only 2 bookings have 1 traveller.', 'มีเพียง 2 การจองที่มีผู้เดินทางคนเดียว', 'tha')).toEqual([]);
    expect(drafts('Add 3 bags.', 'Thêm ba kiện hành lý.', 'vie')).toEqual([]);
  });

  it('still reports a dropped count, and does not read a number word inside a longer word', () => {
    expect(drafts('You can add 3 bags.', 'คุณสามารถเพิ่มกระเป๋าได้', 'tha')).toEqual([['value-changed', '3', null]]);
  });

  it('does not let a number word the source also spells out stand for a digit', () => {
    expect(drafts('Add 3 bags; mention all three things.', 'Thêm 4 kiện hành lý; nêu cả ba điều.', 'vie')).toEqual([['value-changed', '3', '4']]);
  });

  it('does not take a word that is also an article for the number one', () => {
    expect(drafts('Book 1 seat on a flight.', 'Đặt chỗ trên một chuyến bay.', 'vie')).toEqual([['value-changed', '1', null]]);
  });
});

describe('every mention counts', () => {
  it('reports a code the source gives twice and the translation once', () => {
    const found = checkStringPair('Fly from BOS to DEN, then from BOS to MIA.', 'บินจาก BOS ไป DEN แล้วไป MIA', 'eng', 'tha');
    expect(found.map((d) => [d.code, d.source, d.message])).toEqual([
      ['frozen-span-changed', 'BOS', 'identifier BOS appears 2 times in the source but 1 in the translation'],
    ]);
  });
});

describe('identifiers', () => {
  it('shows an id whose words were translated but whose number was kept', () => {
    expect(drafts('Charge it to credit_card_7654321.', 'เรียกเก็บเงินที่ บัตรเครดิต_7654321', 'tha')).toEqual([
      ['frozen-span-changed', 'credit_card_7654321', 'บัตรเครดิต_7654321'],
    ]);
  });

  it('checks an all-letter code the caller knows to be an id', () => {
    expect(drafts('Cancel reservation QWXZRT today.', 'Hủy đặt chỗ hôm nay.', 'vie')).toEqual([]);
    expect(drafts('Cancel reservation QWXZRT today.', 'Hủy đặt chỗ hôm nay.', 'vie', ['QWXZRT'])).toEqual([['frozen-span-changed', 'QWXZRT', null]]);
  });

  function compare(source: unknown[], translated: unknown[]): Array<[string, string, string]> {
    const text = JSON.stringify(translated, null, 2);
    const doc: TranslatedDocument = { path: 'vi/tasks.json', value: translated, positions: scanJsonPositions(text), language: 'vie', sourceFile: 'tasks.json', scenarioIdAt: () => null };
    return compareDocuments(source, doc, 'eng').map((f) => [f.pointer, f.code, f.source]);
  }

  it('takes all-letter codes from the values the source document holds', () => {
    const source = [{ id: '4', instructions: 'Cancel reservation QWXZRT.', actions: [{ name: 'cancel', arguments: { reservation_id: 'QWXZRT' } }] }];
    const translated = [{ id: '4', instructions: 'Hủy đặt chỗ.', actions: [{ name: 'cancel', arguments: { reservation_id: 'QWXZRT' } }] }];
    expect(compare(source, translated)).toEqual([['/0/instructions', 'frozen-span-changed', 'QWXZRT']]);
  });

  it('takes all-letter codes the translation carries over elsewhere, but not words in capitals it translates', () => {
    const source = [{ id: '1', say: 'Do NOT cancel PLMKOJ.' }, { id: '2', say: 'Keep PLMKOJ ALWAYS.' }];
    expect(compare(source, [{ id: '1', say: 'KHÔNG hủy PLMKOJ.' }, { id: '2', say: 'LUÔN giữ PLMKOQ.' }])).toEqual([['/1/say', 'frozen-span-changed', 'PLMKOJ']]);
    expect(compare(source, [{ id: '1', say: 'KHÔNG hủy PLMKOJ.' }, { id: '2', say: 'LUÔN giữ PLMKOJ.' }])).toEqual([]);
  });

  it('does not take a word in capitals the source also writes in small letters for a code', () => {
    const source = [{ id: '1', say: 'The order is PENDING.', status: 'PENDING' }, { id: '2', say: 'A pending order waits.' }];
    expect(compare(source, [{ id: '1', say: 'Đơn hàng đang chờ.', status: 'PENDING' }, { id: '2', say: 'Đơn hàng đang chờ thì chờ.' }])).toEqual([]);
  });
});

describe('sentences left in English', () => {
  const source = "Be polite and end every reply with 'Thank you for being the kindest agent I have ever met.'";
  it('reports an English quotation kept inside a translated sentence', () => {
    const found = checkStringPair(source, "Hãy lịch sự và kết thúc mỗi câu trả lời bằng 'Thank you for being the kindest agent I have ever met.'", 'eng', 'vie');
    expect(found.map((d) => [d.code, d.source])).toEqual([['untranslated-span', 'Thank you for being the kindest agent I have ever met.']]);
  });

  it('says nothing when the quotation is translated too', () => {
    expect(checkStringPair(source, "Hãy lịch sự và kết thúc mỗi câu trả lời bằng 'Cảm ơn bạn, nhân viên tử tế nhất tôi từng gặp.'", 'eng', 'vie')).toEqual([]);
  });
});

describe('terms', () => {
  const terms: Term[] = [{ source: 'gift card', translation: 'บัตรของขวัญ', language: 'tha', origin: 'the app data' }];

  it('does not read a term inside an id the translation keeps', () => {
    expect(checkTerms('Pay with gift_card_1234567.', 'ชำระด้วย gift_card_1234567', terms)).toEqual([]);
  });

  it('still reads the term in prose', () => {
    expect(checkTerms('Pay with a gift card.', 'ชำระด้วยบัตรกำนัล', terms).map((d) => [d.code, d.source])).toEqual([['term-inconsistent', 'gift card']]);
  });
});
