// Planted: a harmless self-correction. In French run 1 the agent creates the event without one attendee, deletes it and
// creates it again correctly: the calendar ends up exactly as the oracle wants, but the count check sees an extra
// add and a delete. French run 2 never finishes (the runner times out); run 3 is clean.

import { ADD_EVENT_CHECKS, call, withClockCheck, oracleAnswer, oracleEvent, oracleId, say, singleTurn, step, textFor, type Lang, type PerLang, type ScenarioSpec } from './spec';

const ID = 'scn_offsite_planning';
const START = 1729073940; // 2024-10-16 10:19:00

const task: PerLang<string> = {
  eng: 'Create a "Q4 planning offsite" event next Tuesday from 10:00 to 16:00 at the Harbor Loft, and invite Maria Lopez and Lukas Becker.',
  cmn: '在下周二10:00到16:00创建一个“第四季度规划外出会”日程，地点在Harbor Loft，并邀请Maria Lopez和Lukas Becker。',
  jpn: '来週の火曜日10:00〜16:00に、Harbor Loftで「第4四半期計画オフサイト」の予定を作成し、Maria LopezさんとLukas Beckerさんを招待してください。',
  hin: 'अगले मंगलवार सुबह 10:00 से शाम 4:00 बजे तक Harbor Loft में "Q4 प्लानिंग ऑफसाइट" नाम का इवेंट बनाइए और Maria Lopez तथा Lukas Becker को आमंत्रित कीजिए।',
  spa: 'Crea el evento «Jornada de planificación del T4» el próximo martes de 10:00 a 16:00 en el Harbor Loft e invita a Maria Lopez y a Lukas Becker.',
  fra: 'Crée l’événement « Séminaire de planification T4 » mardi prochain de 10 h à 16 h au Harbor Loft, et invite Maria Lopez et Lukas Becker.',
};

const title: PerLang<string> = {
  eng: 'Q4 planning offsite',
  cmn: '第四季度规划外出会',
  jpn: '第4四半期計画オフサイト',
  hin: 'Q4 प्लानिंग ऑफसाइट',
  spa: 'Jornada de planificación del T4',
  fra: 'Séminaire de planification T4',
};

const answer: PerLang<string> = {
  eng: 'Created "Q4 planning offsite" on Tuesday, October 22, 10:00–16:00 at the Harbor Loft, with Maria Lopez and Lukas Becker invited.',
  cmn: '已创建“第四季度规划外出会”：10月22日（周二）10:00–16:00，地点Harbor Loft，已邀请Maria Lopez和Lukas Becker。',
  jpn: '「第4四半期計画オフサイト」を10月22日（火）10:00〜16:00、Harbor Loftで作成し、Maria LopezさんとLukas Beckerさんを招待しました。',
  hin: '"Q4 प्लानिंग ऑफसाइट" मंगलवार, 22 अक्टूबर को 10:00–16:00 बजे Harbor Loft में बना दिया गया है, और Maria Lopez तथा Lukas Becker को आमंत्रित किया गया है।',
  spa: 'He creado «Jornada de planificación del T4» el martes 22 de octubre de 10:00 a 16:00 en el Harbor Loft, con Maria Lopez y Lukas Becker invitados.',
  fra: 'J’ai créé « Séminaire de planification T4 » le mardi 22 octobre de 10 h à 16 h au Harbor Loft, avec Maria Lopez et Lukas Becker invités.',
};

const plan: PerLang<string> = {
  eng: 'Next Tuesday is October 22. Create the event with both attendees.',
  cmn: '下周二是10月22日。创建日程并加上两位参与者。',
  jpn: '来週の火曜日は10月22日。参加者2人を入れて予定を作成する。',
  hin: 'अगला मंगलवार 22 अक्टूबर है। दोनों प्रतिभागियों के साथ इवेंट बनाता हूँ।',
  spa: 'El próximo martes es el 22 de octubre. Creo el evento con los dos invitados.',
  fra: 'Mardi prochain, c’est le 22 octobre. Je crée l’événement avec les deux participants.',
};

const correction: Partial<PerLang<{ first: string; noticed: string; recreate: string }>> = {
  fra: {
    first: 'Mardi prochain, c’est le 22 octobre. Je crée l’événement au Harbor Loft.',
    noticed: 'J’ai oublié Lukas Becker dans les invités. Je supprime cet événement et je le recrée avec les deux participants.',
    recreate: 'Événement supprimé. Je le recrée avec Maria Lopez et Lukas Becker.',
  },
};

const stuck: Partial<PerLang<string>> = {
  fra: 'Je vérifie encore les disponibilités de mardi avant de créer l’événement.',
};

function event(lang: Lang, attendees: string[]) {
  return {
    title: title[lang],
    start_datetime: '2024-10-22 10:00:00',
    end_datetime: '2024-10-22 16:00:00',
    location: 'Harbor Loft',
    attendees,
  };
}

const BOTH = ['Maria Lopez', 'Lukas Becker'];
const TUESDAY = [
  { event_id: 'evt_5e10', title: 'Dentist', start_datetime: '2024-10-22 17:30:00', end_datetime: '2024-10-22 18:15:00', attendees: [] },
];

export const offsitePlanning: ScenarioSpec = {
  id: ID,
  split: 'execution',
  startTime: START,
  tools: [
    'Calendar__get_calendar_events_from_to',
    'Calendar__add_calendar_event',
    'Calendar__delete_calendar_event',
    'SystemApp__get_current_time',
    'AgentUserInterface__send_message_to_user',
  ],
  task,
  oracle: (lang) => [
    [
      oracleEvent(
        oracleId(ID, 1),
        'Calendar__add_calendar_event',
        event(lang, BOTH),
        ADD_EVENT_CHECKS,
        ['event_checker', 'Same title and location (Harbor Loft) as the reference event; times and attendees already matched.'],
      ),
      oracleAnswer(oracleId(ID, 2), answer[lang], 'The agent confirms the offsite on Tuesday, October 22, 10:00–16:00 at the Harbor Loft with both attendees invited.'),
    ],
  ],
  plan: {
    eng: ['creates', 'creates', 'creates'],
    cmn: ['creates', 'creates', 'creates'],
    jpn: ['creates', 'creates', 'creates'],
    hin: ['creates', 'creates', 'creates'],
    spa: ['creates', 'creates', 'creates'],
    fra: ['recreates', 'loops', 'creates'],
  },
  variants: {
    creates: (ctx) =>
      singleTurn(task[ctx.lang], [
        ...withClockCheck(ctx, START, step(plan[ctx.lang], call('Calendar__add_calendar_event', event(ctx.lang, BOTH), `evt_${ctx.rng.hex(4)}`))),
        say(null, answer[ctx.lang]),
      ]),
    recreates: (ctx) => {
      const t = textFor(correction, ctx.lang, ID);
      const first = `evt_${ctx.rng.hex(4)}`;
      return singleTurn(task[ctx.lang], [
        step(t.first, call('Calendar__add_calendar_event', event(ctx.lang, ['Maria Lopez']), first)),
        step(t.noticed, call('Calendar__delete_calendar_event', { event_id: first }, `Event ${first} successfully deleted.`)),
        step(t.recreate, call('Calendar__add_calendar_event', event(ctx.lang, BOTH), `evt_${ctx.rng.hex(4)}`)),
        say(null, answer[ctx.lang]),
      ]);
    },
    loops: (ctx) => {
      const again = textFor(stuck, ctx.lang, ID);
      const window = { start_datetime: '2024-10-22 00:00:00', end_datetime: '2024-10-22 23:59:59' };
      // Each call waits on a rate-limited gateway, so ten calls use up the runner's 600 s.
      const steps = Array.from({ length: 10 }, () => ({
        ...step(again, call('Calendar__get_calendar_events_from_to', window, TUESDAY)),
        delayMs: ctx.rng.int(52_000, 58_000),
      }));
      return { ...singleTurn(task[ctx.lang], steps), ending: { kind: 'timeout', timeoutSeconds: 600 } };
    },
  },
};
