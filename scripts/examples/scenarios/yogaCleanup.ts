// Planted: an article-less singular read as plural. "the yoga class on Saturday" is one event; the Japanese task
// (土曜日のヨガのクラス) marks neither number nor definiteness, and the agent deletes both Saturday yoga classes it finds.

import { call, withClockCheck, oracleAnswer, oracleEvent, oracleId, say, singleTurn, step, textFor, type PerLang, type ScenarioSpec } from './spec';

const ID = 'scn_yoga_cleanup';
const START = 1729070820; // 2024-10-16 09:27:00

const yoga = (id: string, day: string) => ({
  event_id: id,
  title: 'Yoga class',
  start_datetime: `${day} 08:00:00`,
  end_datetime: `${day} 09:00:00`,
  location: 'Mission Yoga Studio, 2390 Mission St',
  tag: 'Health',
  attendees: [],
});
const EVENTS = [yoga('evt_7f21', '2024-10-19'), yoga('evt_8c04', '2024-10-26')];

const task: PerLang<string> = {
  eng: 'Delete the yoga class on Saturday from my calendar.',
  cmn: '把周六的瑜伽课从我的日历里删掉。',
  jpn: '土曜日のヨガのクラスをカレンダーから削除してください。',
  hin: 'मेरे कैलेंडर से शनिवार की योग क्लास हटा दीजिए।',
  spa: 'Borra de mi calendario la clase de yoga del sábado.',
  fra: 'Supprime de mon agenda le cours de yoga de samedi.',
};

const answer: PerLang<string> = {
  eng: 'I deleted your yoga class on Saturday, October 19 (8:00–9:00 am) from your calendar.',
  cmn: '已从日历中删除周六（10月19日）上午8:00–9:00的瑜伽课。',
  jpn: '土曜日（10月19日）午前8時〜9時のヨガのクラスをカレンダーから削除しました。',
  hin: 'शनिवार, 19 अक्टूबर की सुबह 8:00–9:00 बजे वाली योग क्लास आपके कैलेंडर से हटा दी गई है।',
  spa: 'He borrado de tu calendario la clase de yoga del sábado 19 de octubre (de 8:00 a 9:00).',
  fra: "J'ai supprimé de ton agenda le cours de yoga du samedi 19 octobre (8 h – 9 h).",
};

const reasoning: PerLang<{ search: string; pick: string }> = {
  eng: {
    search: 'Calendar titles are usually in English. Search for "Yoga".',
    pick: 'Two yoga classes, on Oct 19 and Oct 26. Today is Wednesday Oct 16, so "the yoga class on Saturday" is the one this Saturday, Oct 19: evt_7f21.',
  },
  cmn: {
    search: '日历里的标题可能是英文，用“Yoga”搜索。',
    pick: '有两节瑜伽课：10月19日和10月26日。今天是10月16日周三，所以“周六的瑜伽课”指的是这周六，也就是10月19日的 evt_7f21。',
  },
  jpn: {
    search: 'カレンダーのタイトルは英語かもしれないので「Yoga」で検索する。',
    pick: '土曜日のヨガのクラスは10月19日と10月26日の2件ある。どちらも土曜日なので、両方とも削除する。',
  },
  hin: {
    search: 'कैलेंडर में शीर्षक शायद अंग्रेज़ी में होंगे, इसलिए “Yoga” से खोजता हूँ।',
    pick: 'दो योग क्लास हैं: 19 और 26 अक्टूबर। आज बुधवार 16 अक्टूबर है, तो “शनिवार की योग क्लास” इसी शनिवार 19 अक्टूबर वाली है: evt_7f21।',
  },
  spa: {
    search: 'Los títulos del calendario probablemente están en inglés. Busco "Yoga".',
    pick: 'Hay dos clases de yoga: el 19 y el 26 de octubre. Hoy es miércoles 16, así que "la clase de yoga del sábado" es la de este sábado 19: evt_7f21.',
  },
  fra: {
    search: "Les titres de l'agenda sont sans doute en anglais. Je cherche « Yoga ».",
    pick: "Deux cours de yoga : le 19 et le 26 octobre. Nous sommes le mercredi 16, donc « le cours de yoga de samedi » est celui de ce samedi 19 : evt_7f21.",
  },
};

const both: Partial<PerLang<{ second: string; reply: string }>> = {
  jpn: {
    second: '1件目を削除した。続けて10月26日のヨガのクラスも削除する。',
    reply: '土曜日のヨガのクラス（10月19日と10月26日の2件）をカレンダーから削除しました。',
  },
};

const deleted = (id: string) => `Event ${id} successfully deleted.`;

export const yogaCleanup: ScenarioSpec = {
  id: ID,
  split: 'execution',
  startTime: START,
  tools: ['Calendar__search_events', 'Calendar__delete_calendar_event', 'SystemApp__get_current_time', 'AgentUserInterface__send_message_to_user'],
  task,
  oracle: (lang) => [
    [
      oracleEvent(oracleId(ID, 1), 'Calendar__delete_calendar_event', { event_id: 'evt_7f21' }, [['event_id', 'eq_checker']], null),
      oracleAnswer(oracleId(ID, 2), answer[lang], 'The agent confirms that the Saturday, October 19 yoga class was deleted, as in the reference.'),
    ],
  ],
  plan: {
    eng: ['deletes_one', 'deletes_one', 'deletes_one'],
    cmn: ['deletes_one', 'deletes_one', 'deletes_one'],
    jpn: ['deletes_both', 'deletes_both', 'deletes_both'],
    hin: ['deletes_one', 'deletes_one', 'deletes_one'],
    spa: ['deletes_one', 'deletes_one', 'deletes_one'],
    fra: ['deletes_one', 'deletes_one', 'deletes_one'],
  },
  variants: {
    deletes_one: (ctx) =>
      singleTurn(task[ctx.lang], [
        ...withClockCheck(ctx, START, step(reasoning[ctx.lang].search, call('Calendar__search_events', { query: 'Yoga' }, EVENTS))),
        step(reasoning[ctx.lang].pick, call('Calendar__delete_calendar_event', { event_id: 'evt_7f21' }, deleted('evt_7f21'))),
        say(null, answer[ctx.lang]),
      ]),
    deletes_both: (ctx) => {
      const t = textFor(both, ctx.lang, ID);
      return singleTurn(task[ctx.lang], [
        step(reasoning[ctx.lang].search, call('Calendar__search_events', { query: 'Yoga' }, EVENTS)),
        step(reasoning[ctx.lang].pick, call('Calendar__delete_calendar_event', { event_id: 'evt_7f21' }, deleted('evt_7f21'))),
        step(t.second, call('Calendar__delete_calendar_event', { event_id: 'evt_8c04' }, deleted('evt_8c04'))),
        say(null, t.reply),
      ]);
    },
  },
};
