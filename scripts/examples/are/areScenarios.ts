// Three GAIA2-style scenarios, each run twice in English and in Japanese, exported the classic ARE way. The planted
// regression: in Japanese the agent looks the contact up in katakana, finds nobody (the contact list is in Latin
// script) and mails a guessed address (run 1) or gives up and asks the user (run 2), while English passes twice.

import { SEND_TO_USER, type AreCall, type AreOracle, type AreRun } from './areExport';

export const ARE_LANGUAGES = ['eng', 'jpn'] as const;
export type AreLang = (typeof ARE_LANGUAGES)[number];

const MODEL = 'llama-3.3-70b-instruct';
/** 2024-10-15 07:00:00 UTC on the simulated clock. */
const START = 1728975600;

type RunBuilder = (lang: AreLang, runNumber: 1 | 2) => AreRun;

function base(scenarioId: string, config: string, runNumber: number, startOffset: number): Pick<AreRun, 'scenarioId' | 'runNumber' | 'config' | 'model' | 'startTime'> {
  return { scenarioId, runNumber, config, model: MODEL, startTime: START + startOffset };
}

function answer(content: string, at: number, thought: string): AreCall {
  return { ...SEND_TO_USER, args: { content }, write: true, ret: null, at, thought };
}

const ANNA = "[Contact(first_name='Anna', last_name='Keller', contact_id='c_0142', email='anna.keller@example.com', phone='+41 44 512 33 90')]";
const EMAIL_ORACLE = 'Event-AGENT-5c1e0a7d-2b41-4f0e-9a11-3d9c1f0b2a61';
const EMAIL_TEXT = {
  eng: { subject: 'Budget review moved', content: 'Hi Anna, the budget review moved to Thursday at 3 pm. Best, Sam' },
  jpn: { subject: '予算レビューの変更', content: 'アンナさん、予算レビューは木曜日の午後3時に変更になりました。サム' },
};

const contactEmail: RunBuilder = (lang, runNumber) => {
  const task = {
    eng: 'Email Anna Keller that the budget review moved to Thursday at 3 pm.',
    jpn: 'アンナ・ケラーさんに、予算レビューが木曜日の午後3時に変更になったとメールしてください。',
  }[lang];
  const oracle: AreOracle[] = [
    { id: EMAIL_ORACLE, app: 'EmailClientV2', fn: 'send_email', args: { recipients: ['anna.keller@example.com'], ...EMAIL_TEXT[lang] } },
    { id: 'Event-AGENT-0b7e44d2-91c3-4a5e-8f20-6e1d2c3b4a59', ...SEND_TO_USER, args: { content: lang === 'eng' ? 'I emailed Anna Keller.' : 'アンナ・ケラーさんにメールしました。' } },
  ];
  const run = { ...base('scn_contact_email', 'execution', runNumber, 0), task, oracle, duration: 41.7 + runNumber };
  if (lang === 'eng') {
    return {
      ...run,
      calls: [
        { app: 'Contacts', fn: 'search_contacts', args: { query: 'Anna Keller' }, write: false, ret: ANNA, at: 4, thought: "I need Anna Keller's email address." },
        { app: 'EmailClientV2', fn: 'send_email', args: { recipients: ['anna.keller@example.com'], ...EMAIL_TEXT.eng }, write: true, ret: 'e_7d21c0', at: 9, thought: 'Found her: anna.keller@example.com. Sending the email.' },
        answer('I emailed Anna Keller (anna.keller@example.com) that the budget review moved to Thursday at 3 pm.', 12, 'The email is sent; I tell the user.'),
      ],
      status: 'success',
      rationale: null,
    };
  }
  if (runNumber === 1) {
    return {
      ...run,
      calls: [
        { app: 'Contacts', fn: 'search_contacts', args: { query: 'アンナ・ケラー' }, write: false, ret: null, at: 5, thought: 'アンナ・ケラーさんのメールアドレスを連絡先で探します。' },
        { app: 'Contacts', fn: 'find_contact', args: { name: 'アンナ' }, write: false, ret: null, at: 8, notLogged: true, thought: '見つかりません。名前だけで探してみます。' },
        { app: 'Contacts', fn: 'get_contact', args: { contact_id: 'アンナ・ケラー' }, write: false, ret: null, at: 11, exception: "KeyError: 'Contact アンナ・ケラー does not exist'", thought: 'IDで直接取得してみます。' },
        { app: 'EmailClientV2', fn: 'send_email', args: { recipients: ['anna@example.com'], ...EMAIL_TEXT.jpn }, write: true, ret: 'e_91f3aa', at: 16, thought: '連絡先が見つからないので、anna@example.com に送ります。' },
        answer('アンナ・ケラーさんにメールを送りました。', 19, '送信しました。ユーザーに報告します。'),
      ],
      status: 'failed',
      rationale: `Cannot match EmailClientV2__send_email (${EMAIL_ORACLE}): Event-AGENT-3e8d1f60-77aa-4c2b-b1d4-0f9e8a7c6b5d: unordered_list_checker:recipients (agent=['anna@example.com'], oracle=['anna.keller@example.com'])`,
    };
  }
  return {
    ...run,
    calls: [
      { app: 'Contacts', fn: 'search_contacts', args: { query: 'ケラー' }, write: false, ret: null, at: 5, thought: 'ケラーさんを連絡先で探します。' },
      answer('アンナ・ケラーさんの連絡先が見つかりませんでした。メールアドレスを教えていただけますか？', 9, '連絡先にいないので、ユーザーに聞きます。'),
    ],
    status: 'failed',
    rationale:
      "Tool count mismatch: agent={'AgentUserInterface__send_message_to_user': 1}, oracle={'EmailClientV2__send_email': 1, 'AgentUserInterface__send_message_to_user': 1}",
  };
};

const DENTIST = "[CalendarEvent(event_id='ev_3310', title='Dentist', start_datetime='2024-10-11 10:00:00', end_datetime='2024-10-11 11:00:00', location='Dr. Meier, Seefeldstrasse 12')]";
const MOVE_ORACLE = 'Event-AGENT-9a4c2e1b-5d3f-4e6a-8b7c-1f2e3d4c5b6a';

const dentistMove: RunBuilder = (lang, runNumber) => {
  const task = { eng: 'Move my dentist appointment to next Friday, same time.', jpn: '歯医者の予約を来週の金曜日の同じ時間に移動してください。' }[lang];
  const slot = { start_datetime: '2024-10-18 10:00:00', end_datetime: '2024-10-18 11:00:00' };
  const wrongSlot = { start_datetime: '2024-10-18 09:00:00', end_datetime: '2024-10-18 10:00:00' };
  const failing = lang === 'eng' && runNumber === 2;
  const done = { eng: 'Your dentist appointment is now on Friday, October 18, 10:00–11:00.', jpn: '歯医者の予約を10月18日（金）10:00〜11:00に移動しました。' }[lang];
  return {
    ...base('scn_dentist_move', 'execution', runNumber, 3600),
    task,
    oracle: [
      { id: MOVE_ORACLE, app: 'Calendar', fn: 'edit_calendar_event', args: { event_id: 'ev_3310', ...slot } },
      { id: 'Event-AGENT-2d6f8a0c-4b1e-4c3d-9e5f-7a8b9c0d1e2f', ...SEND_TO_USER, args: { content: done } },
    ],
    calls: [
      { app: 'Calendar', fn: 'search_events', args: { query: 'dentist' }, write: false, ret: DENTIST, at: 3, thought: lang === 'eng' ? 'Find the dentist appointment.' : '歯医者の予定を探します。' },
      {
        app: 'Calendar',
        fn: 'edit_calendar_event',
        args: { event_id: 'ev_3310', ...(failing ? wrongSlot : slot) },
        write: true,
        ret: 'ev_3310',
        at: 7,
        thought: failing ? 'It is at 10:00 local time, which is 09:00 in my reference time zone; I use 09:00.' : lang === 'eng' ? 'Same time next Friday: 2024-10-18 10:00.' : '来週の金曜日、同じ10時に移動します。',
      },
      answer(failing ? 'Your dentist appointment is now on Friday, October 18, 09:00–10:00.' : done, 10, lang === 'eng' ? 'Report back.' : '報告します。'),
    ],
    status: failing ? 'failed' : 'success',
    rationale: failing
      ? `Cannot match Calendar__edit_calendar_event (${MOVE_ORACLE}): Event-AGENT-6c5b4a39-2817-4f06-b5e4-d3c2b1a09f8e: datetime_checker:start_datetime (agent=2024-10-18 09:00:00, oracle=2024-10-18 10:00:00)`
      : null,
    duration: 28.4 + runNumber,
  };
};

const QUOTE = "Ride(ride_id='r_88', status='quoted', service_type='Default', start_location='Home', end_location='Zurich Airport', price=54.3, duration=1260.0, distance_km=14.2)";

const cabQuote: RunBuilder = (lang, runNumber) => {
  const task = { eng: 'How much would a cab from home to the airport cost right now?', jpn: '今、自宅から空港までタクシーはいくらかかりますか？' }[lang];
  const reply = { eng: 'A Default cab from home to Zurich Airport costs 54.30 CHF (about 21 minutes).', jpn: '自宅からチューリッヒ空港までのタクシー（Default）は54.30 CHF、約21分です。' }[lang];
  const quote: AreCall = {
    app: 'Cab',
    fn: 'get_quotation',
    args: { start_location: 'Home', end_location: 'Zurich Airport', service_type: 'Default', ride_time: null },
    write: false,
    ret: QUOTE,
    at: 4,
    thought: lang === 'eng' ? 'Ask the cab app for a quotation.' : 'タクシーアプリで見積もりを取ります。',
  };
  const run = {
    ...base('scn_cab_quote', 'search', runNumber, 7200),
    task,
    oracle: [{ id: 'Event-AGENT-7e1d2c3b-4a59-4f0e-8b21-5c6d7e8f9a0b', ...SEND_TO_USER, args: { content: reply } }],
    duration: 19.2 + runNumber,
  };
  if (lang === 'jpn' && runNumber === 1) {
    const exception = { type: 'TimeoutError', message: 'LLM engine did not answer within 300 s (3 retries)' };
    return { ...run, calls: [quote], status: 'exception', rationale: `${exception.type}: ${exception.message}`, exception, duration: 912.6 };
  }
  const calls = [quote, answer(reply, 8, lang === 'eng' ? 'Answer with the price.' : '料金を伝えます。')];
  return lang === 'jpn' ? { ...run, calls, status: 'no_validation', rationale: null } : { ...run, calls, status: 'success', rationale: null };
};

export const ARE_SCENARIOS: readonly RunBuilder[] = [contactEmail, dentistMove, cabQuote];
export const ARE_RUN_NUMBERS = [1, 2] as const;
