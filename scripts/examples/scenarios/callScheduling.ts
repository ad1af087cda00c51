// Planted: a constraint dropped in translation. The source asks for "the first weekday after October 18"; the Hindi
// task says only "the first day after October 18" (कार्यदिवस is missing). The agent follows it and books Saturday,
// which the hard datetime check rejects.

import { ADD_EVENT_CHECKS, call, withClockCheck, oracleAnswer, oracleEvent, oracleId, say, singleTurn, step, type Lang, type PerLang, type ScenarioSpec } from './spec';

const ID = 'scn_call_scheduling';
const START = 1729072380; // 2024-10-16 09:53:00

const OMAR = {
  id: 'c_0417',
  first_name: 'Omar',
  last_name: 'Haddad',
  email: 'omar.haddad@northwind-supply.com',
  phone: '+1 628 555 0199',
  job: 'Account Manager, Northwind Supply',
};

const task: PerLang<string> = {
  eng: 'Schedule a 45-minute call with Omar Haddad at 9:00 am on the first weekday after October 18, titled "Supplier contract review".',
  cmn: '在10月18日之后的第一个工作日上午9:00，和Omar Haddad安排一个45分钟的电话会议，标题为“供应商合同审核”。',
  jpn: '10月18日より後の最初の平日の午前9時に、Omar Haddadさんとの45分間の通話を「サプライヤー契約の確認」というタイトルで予定に入れてください。',
  hin: '18 अक्टूबर के बाद पहले दिन सुबह 9:00 बजे Omar Haddad के साथ 45 मिनट की कॉल शेड्यूल कीजिए, जिसका शीर्षक "सप्लायर अनुबंध समीक्षा" हो।',
  spa: 'Programa una llamada de 45 minutos con Omar Haddad a las 9:00 el primer día laborable después del 18 de octubre, con el título «Revisión del contrato con el proveedor».',
  fra: 'Planifie un appel de 45 minutes avec Omar Haddad à 9 h le premier jour ouvré après le 18 octobre, intitulé « Revue du contrat fournisseur ».',
};

/** What the source says and what the Hindi translation kept of it. */
export const DROPPED_CONSTRAINT = {
  source: 'on the first weekday after October 18',
  translation: '18 अक्टूबर के बाद पहले दिन',
  backTranslation: 'on the first day after October 18',
  missing: 'weekday (कार्यदिवस)',
};

const title: PerLang<string> = {
  eng: 'Supplier contract review',
  cmn: '供应商合同审核',
  jpn: 'サプライヤー契約の確認',
  hin: 'सप्लायर अनुबंध समीक्षा',
  spa: 'Revisión del contrato con el proveedor',
  fra: 'Revue du contrat fournisseur',
};

const answerOn: Record<'2024-10-21' | '2024-10-19', PerLang<string>> = {
  '2024-10-21': {
    eng: 'Scheduled "Supplier contract review" with Omar Haddad on Monday, October 21, 9:00–9:45 am.',
    cmn: '已安排与Omar Haddad的“供应商合同审核”：10月21日（周一）上午9:00–9:45。',
    jpn: 'Omar Haddadさんとの「サプライヤー契約の確認」を10月21日（月）午前9時〜9時45分で予定に入れました。',
    hin: 'Omar Haddad के साथ "सप्लायर अनुबंध समीक्षा" सोमवार, 21 अक्टूबर को सुबह 9:00–9:45 बजे शेड्यूल कर दी गई है।',
    spa: 'He programado «Revisión del contrato con el proveedor» con Omar Haddad el lunes 21 de octubre, de 9:00 a 9:45.',
    fra: "J'ai planifié « Revue du contrat fournisseur » avec Omar Haddad le lundi 21 octobre, de 9 h à 9 h 45.",
  },
  '2024-10-19': {
    eng: 'Scheduled "Supplier contract review" with Omar Haddad on Saturday, October 19, 9:00–9:45 am.',
    cmn: '已安排与Omar Haddad的“供应商合同审核”：10月19日（周六）上午9:00–9:45。',
    jpn: 'Omar Haddadさんとの「サプライヤー契約の確認」を10月19日（土）午前9時〜9時45分で予定に入れました。',
    hin: 'Omar Haddad के साथ "सप्लायर अनुबंध समीक्षा" शनिवार, 19 अक्टूबर को सुबह 9:00–9:45 बजे शेड्यूल कर दी गई है।',
    spa: 'He programado «Revisión del contrato con el proveedor» con Omar Haddad el sábado 19 de octubre, de 9:00 a 9:45.',
    fra: "J'ai planifié « Revue du contrat fournisseur » avec Omar Haddad le samedi 19 octobre, de 9 h à 9 h 45.",
  },
};

const reasoning: PerLang<{ find: string; day: string; add: string }> = {
  eng: {
    find: 'Check that Omar Haddad is in my contacts to get his full name right.',
    day: 'October 18 is a Friday, so the first weekday after it is Monday, October 21. Check that 9:00 is free.',
    add: '9:00–9:45 is free on the 21st. Create the event.',
  },
  cmn: {
    find: '先在通讯录里确认Omar Haddad的全名。',
    day: '10月18日是周五，之后的第一个工作日是10月21日周一。看看那天9:00有没有空。',
    add: '21日9:00–9:45有空，创建日程。',
  },
  jpn: {
    find: 'まず連絡先でOmar Haddadさんの正式な名前を確認する。',
    day: '10月18日は金曜日なので、その後の最初の平日は10月21日（月）。9時が空いているか確認する。',
    add: '21日の9:00〜9:45は空いている。予定を作成する。',
  },
  hin: {
    find: 'पहले संपर्कों में Omar Haddad का पूरा नाम देख लेता हूँ।',
    day: '18 अक्टूबर के बाद पहला दिन 19 अक्टूबर है। देखता हूँ कि उस दिन सुबह 9 बजे कैलेंडर खाली है या नहीं।',
    add: '19 अक्टूबर को 9:00–9:45 खाली है। इवेंट बना देता हूँ।',
  },
  spa: {
    find: 'Compruebo en Contactos el nombre completo de Omar Haddad.',
    day: 'El 18 de octubre es viernes, así que el primer día laborable después es el lunes 21. Miro si las 9:00 están libres.',
    add: 'El 21 de 9:00 a 9:45 está libre. Creo el evento.',
  },
  fra: {
    find: "Je vérifie le nom complet d'Omar Haddad dans les contacts.",
    day: "Le 18 octobre est un vendredi, donc le premier jour ouvré après est le lundi 21. Je regarde si 9 h est libre.",
    add: 'Le 21 de 9 h à 9 h 45 est libre. Je crée l’événement.',
  },
};

const dayEvents: Record<'2024-10-21' | '2024-10-19', unknown[]> = {
  '2024-10-21': [
    { event_id: 'evt_21a0', title: 'Weekly ops sync', start_datetime: '2024-10-21 10:30:00', end_datetime: '2024-10-21 11:00:00', attendees: ['Priya Natarajan'] },
  ],
  '2024-10-19': [{ event_id: 'evt_7f21', title: 'Yoga class', start_datetime: '2024-10-19 08:00:00', end_datetime: '2024-10-19 09:00:00', attendees: [] }],
};

function schedule(lang: Lang, day: '2024-10-21' | '2024-10-19') {
  return {
    title: title[lang],
    start_datetime: `${day} 09:00:00`,
    end_datetime: `${day} 09:45:00`,
    attendees: ['Omar Haddad'],
  };
}

export const callScheduling: ScenarioSpec = {
  id: ID,
  split: 'execution',
  startTime: START,
  tools: [
    'Contacts__search_contacts',
    'Calendar__get_calendar_events_from_to',
    'Calendar__add_calendar_event',
    'SystemApp__get_current_time',
    'AgentUserInterface__send_message_to_user',
  ],
  task,
  oracle: (lang) => [
    [
      oracleEvent(
        oracleId(ID, 1),
        'Calendar__add_calendar_event',
        schedule(lang, '2024-10-21'),
        ADD_EVENT_CHECKS,
        ['event_checker', 'The event title names the supplier contract review in both; times and attendees already matched.'],
      ),
      oracleAnswer(
        oracleId(ID, 2),
        answerOn['2024-10-21'][lang],
        'The agent reports the call with Omar Haddad on Monday, October 21 at 9:00–9:45, as in the reference.',
      ),
    ],
  ],
  plan: {
    eng: ['weekday', 'weekday', 'weekday'],
    cmn: ['weekday', 'weekday', 'weekday'],
    jpn: ['weekday', 'weekday', 'weekday'],
    hin: ['first_day', 'first_day', 'first_day'],
    spa: ['weekday', 'weekday', 'weekday'],
    fra: ['weekday', 'weekday', 'weekday'],
  },
  variants: Object.fromEntries(
    (
      [
        ['weekday', '2024-10-21'],
        ['first_day', '2024-10-19'],
      ] as const
    ).map(([name, day]) => [
      name,
      (ctx) =>
        singleTurn(task[ctx.lang], [
          ...withClockCheck(ctx, START, step(reasoning[ctx.lang].find, call('Contacts__search_contacts', { query: 'Omar Haddad' }, [OMAR]))),
          step(
            reasoning[ctx.lang].day,
            call('Calendar__get_calendar_events_from_to', { start_datetime: `${day} 00:00:00`, end_datetime: `${day} 23:59:59` }, dayEvents[day]),
          ),
          step(reasoning[ctx.lang].add, call('Calendar__add_calendar_event', schedule(ctx.lang, day), `evt_${ctx.rng.hex(4)}`)),
          say(null, answerOn[day][ctx.lang]),
        ]),
    ]),
  ),
};
