// The samples of the example Inspect log: a tool-using price question asked in English and Japanese, two epochs each.
// The Japanese runs show a tool called with the item's Japanese name (not found, then retried in English) and a
// comparison made without converting currencies. One sample is stored condensed: its conversation only in model
// events whose input refers to a per-sample message pool (input_refs), with long texts as attachments.

export interface Call {
  fn: string;
  args: Record<string, unknown>;
  result: string;
  error?: string;
}

export interface Turn {
  reasoning?: string;
  text?: string;
  calls: Call[];
}

export interface SampleStory {
  id: string;
  epoch: number;
  language: string;
  question: string;
  target: string;
  turns: Turn[];
  answer: string;
  match: 'C' | 'I';
  graded: { value: 'C' | 'I' | 'P'; explanation: string };
  /** Stored with an empty `messages` list: the conversation lives in the message pool. */
  pooled?: boolean;
}

export const SYSTEM_PROMPT =
  'You are a shopping assistant for an online store. Use the lookup_price and convert_currency tools; item names in the catalog are English. Answer with the amount and currency.';

const kettle = { fn: 'lookup_price', args: { item: 'blue kettle' }, result: '{"item": "blue kettle", "price": 39.0, "currency": "USD"}' };
const kettleEur = { fn: 'convert_currency', args: { amount: 39.0, from_currency: 'USD', to_currency: 'EUR' }, result: '35.88' };
const red = { fn: 'lookup_price', args: { item: 'red toaster' }, result: '{"item": "red toaster", "price": 45.5, "currency": "USD"}' };
const steel = { fn: 'lookup_price', args: { item: 'steel toaster' }, result: '{"item": "steel toaster", "price": 4990, "currency": "JPY"}' };
const steelUsd = { fn: 'convert_currency', args: { amount: 4990, from_currency: 'JPY', to_currency: 'USD' }, result: '31.94' };

const Q1_ENG = 'How much does the blue kettle cost in euros?';
const Q1_JPN = '青いやかんはユーロでいくらですか？';
const Q2_ENG = 'Which is cheaper: the red toaster or the steel toaster?';
const Q2_JPN = '赤いトースターとステンレスのトースター、どちらが安いですか？';

const kettleNotFound: Call = { fn: 'lookup_price', args: { item: '青いやかん' }, result: '', error: 'no item named 青いやかん in the catalog' };

export const SAMPLES: SampleStory[] = [1, 2].flatMap((epoch): SampleStory[] => [
  {
    id: 'q1-eng',
    epoch,
    language: 'en',
    question: Q1_ENG,
    target: '35.88 EUR',
    turns: [{ calls: [kettle] }, { calls: [kettleEur] }],
    answer: 'The blue kettle costs 35.88 EUR.',
    match: 'C',
    graded: { value: 'C', explanation: 'The answer gives 35.88 EUR, which matches the target. GRADE: C' },
  },
  epoch === 1
    ? {
        id: 'q1-jpn',
        epoch,
        language: 'ja',
        question: Q1_JPN,
        target: '35.88 EUR',
        turns: [
          { reasoning: '商品名で検索します。', calls: [kettleNotFound] },
          { reasoning: 'The catalog is English: search for "blue kettle".', calls: [kettle] },
          { calls: [kettleEur] },
        ],
        answer: '青いやかんは35.88ユーロです。',
        match: 'C',
        graded: { value: 'C', explanation: '35.88ユーロ is 35.88 EUR, the target. GRADE: C' },
      }
    : {
        id: 'q1-jpn',
        epoch,
        language: 'ja',
        question: Q1_JPN,
        target: '35.88 EUR',
        turns: [{ reasoning: '商品名で検索します。', calls: [kettleNotFound] }],
        answer: '申し訳ありませんが、その商品は見つかりませんでした。',
        match: 'I',
        graded: { value: 'I', explanation: 'The assistant did not find the item and gave no price. GRADE: I' },
        pooled: true,
      },
  {
    id: 'q2-eng',
    epoch,
    language: 'en',
    question: Q2_ENG,
    target: 'steel toaster',
    turns: [{ calls: [red, steel] }, { reasoning: 'Prices are in different currencies; convert before comparing.', calls: [steelUsd] }],
    answer: 'The steel toaster is cheaper (31.94 USD against 45.50 USD).',
    match: 'C',
    graded: { value: 'C', explanation: 'Converted 4990 JPY to 31.94 USD and compared correctly. GRADE: C' },
  },
  epoch === 1
    ? {
        id: 'q2-jpn',
        epoch,
        language: 'ja',
        question: Q2_JPN,
        target: 'steel toaster',
        turns: [{ calls: [red, steel] }, { calls: [steelUsd] }],
        answer: 'ステンレスのトースターの方が安いです（31.94ドル対45.50ドル）。',
        match: 'C',
        graded: { value: 'C', explanation: 'Names the steel toaster after converting currencies. GRADE: C' },
      }
    : {
        id: 'q2-jpn',
        epoch,
        language: 'ja',
        question: Q2_JPN,
        target: 'steel toaster',
        turns: [{ calls: [red, steel] }],
        answer: '赤いトースターの方が安いです（45.5対4990）。',
        match: 'I',
        graded: { value: 'P', explanation: 'Compared 45.5 USD with 4990 JPY without converting: wrong item. Partly reasoned. GRADE: P' },
      },
]);
