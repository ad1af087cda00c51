// Planted: a partial baseline. The restaurant moves the table from 20:30 to 21:00 while the agent works; the agent
// must notice it in the group chat. English misses it in run 2 (2/3). Spanish never updates the calendar at all (0/3):
// partial->fail. Chinese misses it in run 1 (2/3, the same rate as English: not a regression).

import type { LlmStep } from '../runModel';
import { call, oracleAnswer, oracleEvent, oracleId, say, singleTurn, step, textFor, type Lang, type PerLang, type ScenarioSpec, type VariantContext } from './spec';

const ID = 'scn_group_dinner';
const START = 1729080180; // 2024-10-16 12:03:00
const CONVERSATION = 'conv_4f2a';

const task: PerLang<string> = {
  eng: 'Sofia booked a restaurant for our Friday dinner. Post its address in the "Friday dinner" group chat and update the "Friday dinner" event in my calendar to the time of the booking.',
  cmn: 'Sofia为我们周五的晚餐订了餐厅。请把餐厅地址发到“Friday dinner”群聊里，并把我日历中的“Friday dinner”日程改到订位的时间。',
  jpn: 'Sofiaさんが金曜日のディナーのレストランを予約してくれました。「Friday dinner」のグループチャットにお店の住所を投稿し、カレンダーの「Friday dinner」の予定を予約の時間に更新してください。',
  hin: 'Sofia ने हमारे शुक्रवार के डिनर के लिए रेस्टोरेंट बुक किया है। "Friday dinner" ग्रुप चैट में उसका पता भेजिए और मेरे कैलेंडर में "Friday dinner" इवेंट को बुकिंग के समय पर अपडेट कर दीजिए।',
  spa: 'Sofia ha reservado un restaurante para la cena del viernes. Publica la dirección en el chat de grupo «Friday dinner» y actualiza el evento «Friday dinner» de mi calendario a la hora de la reserva.',
  fra: 'Sofia a réservé un restaurant pour notre dîner de vendredi. Poste son adresse dans la discussion de groupe « Friday dinner » et mets à jour l’événement « Friday dinner » de mon agenda à l’heure de la réservation.',
};

const sofiaMail: PerLang<string> = {
  eng: 'Booked Nopa for Friday at 20:30 — 560 Divisadero St. Table for 5 under my name. See you there!',
  cmn: '周五20:30在Nopa订好了，地址是560 Divisadero St。5人桌，用我的名字订的。到时见！',
  jpn: '金曜日20時30分にNopaを予約しました。住所は560 Divisadero Stです。5名、私の名前で取っています。当日会いましょう！',
  hin: 'शुक्रवार रात 8:30 बजे के लिए Nopa बुक कर दिया है — 560 Divisadero St। 5 लोगों की टेबल मेरे नाम पर है। वहीं मिलते हैं!',
  spa: 'He reservado en Nopa para el viernes a las 20:30, en 560 Divisadero St. Mesa para 5 a mi nombre. ¡Nos vemos allí!',
  fra: 'J’ai réservé chez Nopa vendredi à 20 h 30 — 560 Divisadero St. Table pour 5 à mon nom. À vendredi !',
};

const sofiaUpdate: PerLang<string> = {
  eng: 'Heads-up: the restaurant just called, our table is now at 21:00 instead of 20:30.',
  cmn: '提醒一下：餐厅刚打电话来，我们的位子从20:30改到21:00了。',
  jpn: 'お知らせ：さっきお店から電話があって、席が20時30分から21時に変更になりました。',
  hin: 'एक बात: रेस्टोरेंट से अभी फ़ोन आया था, हमारी टेबल अब 8:30 की बजाय 9:00 बजे है।',
  spa: 'Aviso: acaba de llamar el restaurante, nuestra mesa ahora es a las 21:00 en lugar de las 20:30.',
  fra: 'Info : le restaurant vient d’appeler, notre table est maintenant à 21 h au lieu de 20 h 30.',
};

const oracleMessage: PerLang<string> = {
  eng: 'The restaurant is Nopa, 560 Divisadero St.',
  cmn: '餐厅是Nopa，地址：560 Divisadero St。',
  jpn: 'お店はNopa、住所は560 Divisadero Stです。',
  hin: 'रेस्टोरेंट Nopa है, पता: 560 Divisadero St।',
  spa: 'El restaurante es Nopa, en 560 Divisadero St.',
  fra: 'Le restaurant, c’est Nopa, 560 Divisadero St.',
};

const agent: PerLang<{ find: string; post: string; message: string; read: string; event: string; edit: string; answer: string }> = {
  eng: {
    find: "Find Sofia's email about the booking.",
    post: 'Nopa, 560 Divisadero St, Friday 20:30. Post the address in the group chat.',
    message: 'Sofia booked Nopa for Friday — the address is 560 Divisadero St.',
    read: 'Check the group chat for replies before touching the calendar.',
    event: 'Sofia says the table is now at 21:00. Find the "Friday dinner" event.',
    edit: 'evt_3a90, Friday 20:00–22:00. Move it to 21:00–23:00.',
    answer: 'I posted the address of Nopa (560 Divisadero St) in the "Friday dinner" chat and moved your "Friday dinner" event to Friday 21:00–23:00, the new time of the booking.',
  },
  cmn: {
    find: '先找到Sofia关于订位的邮件。',
    post: 'Nopa，560 Divisadero St，周五20:30。把地址发到群里。',
    message: 'Sofia订了周五的Nopa，地址是560 Divisadero St。',
    read: '改日历之前先看看群里有没有新消息。',
    event: 'Sofia说位子改到21:00了。找一下“Friday dinner”日程。',
    edit: 'evt_3a90，周五20:00–22:00。改成21:00–23:00。',
    answer: '已在“Friday dinner”群里发了Nopa的地址（560 Divisadero St），并把日历中的“Friday dinner”改到周五21:00–23:00，也就是订位的新时间。',
  },
  jpn: {
    find: '予約についてのSofiaさんのメールを探す。',
    post: 'Nopa、560 Divisadero St、金曜20時30分。グループチャットに住所を投稿する。',
    message: 'Sofiaさんが金曜日にNopaを予約してくれました。住所は560 Divisadero Stです。',
    read: 'カレンダーを変える前に、グループチャットに返信がないか確認する。',
    event: '席が21時に変わったとSofiaさんが言っている。「Friday dinner」の予定を探す。',
    edit: 'evt_3a90、金曜20:00〜22:00。21:00〜23:00に変更する。',
    answer: '「Friday dinner」のチャットにNopaの住所（560 Divisadero St）を投稿し、カレンダーの「Friday dinner」を予約の新しい時間である金曜21:00〜23:00に変更しました。',
  },
  hin: {
    find: 'बुकिंग के बारे में Sofia का ईमेल ढूँढता हूँ।',
    post: 'Nopa, 560 Divisadero St, शुक्रवार रात 8:30। ग्रुप चैट में पता भेजता हूँ।',
    message: 'Sofia ने शुक्रवार के लिए Nopa बुक किया है — पता है 560 Divisadero St।',
    read: 'कैलेंडर बदलने से पहले ग्रुप चैट में नए संदेश देख लेता हूँ।',
    event: 'Sofia के अनुसार टेबल अब 9:00 बजे है। "Friday dinner" इवेंट ढूँढता हूँ।',
    edit: 'evt_3a90, शुक्रवार 20:00–22:00। इसे 21:00–23:00 कर देता हूँ।',
    answer: 'मैंने "Friday dinner" चैट में Nopa का पता (560 Divisadero St) भेज दिया है और आपके कैलेंडर में "Friday dinner" को बुकिंग के नए समय, शुक्रवार 21:00–23:00 पर कर दिया है।',
  },
  spa: {
    find: 'Busco el correo de Sofia sobre la reserva.',
    post: 'Nopa, 560 Divisadero St, viernes a las 20:30. Publico la dirección en el chat de grupo.',
    message: 'Sofia ha reservado en Nopa para el viernes: la dirección es 560 Divisadero St.',
    read: 'Miro si hay respuestas en el chat de grupo.',
    event: 'Sofia dice que la mesa ahora es a las 21:00. Busco el evento «Friday dinner».',
    edit: 'evt_3a90, viernes de 20:00 a 22:00. Lo paso a 21:00–23:00.',
    answer: 'He publicado la dirección de Nopa (560 Divisadero St) en el chat «Friday dinner» y he movido tu evento «Friday dinner» al viernes de 21:00 a 23:00, la nueva hora de la reserva.',
  },
  fra: {
    find: 'Je cherche l’e-mail de Sofia sur la réservation.',
    post: 'Nopa, 560 Divisadero St, vendredi 20 h 30. Je poste l’adresse dans la discussion de groupe.',
    message: 'Sofia a réservé chez Nopa pour vendredi — l’adresse : 560 Divisadero St.',
    read: 'Avant de toucher à l’agenda, je regarde s’il y a des réponses dans le groupe.',
    event: 'Sofia dit que la table est maintenant à 21 h. Je cherche l’événement « Friday dinner ».',
    edit: 'evt_3a90, vendredi 20 h – 22 h. Je le passe à 21 h – 23 h.',
    answer: 'J’ai posté l’adresse de Nopa (560 Divisadero St) dans la discussion « Friday dinner » et déplacé ton événement « Friday dinner » à vendredi 21 h – 23 h, la nouvelle heure de la réservation.',
  },
};

/** The agent that never re-reads the chat keeps the emailed time (20:30). */
const stale: Partial<PerLang<{ event: string; edit: string; answer: string }>> = {
  eng: {
    event: 'Booking is at 20:30. Find the "Friday dinner" event.',
    edit: 'evt_3a90, Friday 20:00–22:00. Move it to 20:30–22:30.',
    answer: 'I posted the address of Nopa (560 Divisadero St) in the "Friday dinner" chat and moved your "Friday dinner" event to Friday 20:30–22:30, the time of the booking.',
  },
  cmn: {
    event: '订位是20:30。找一下“Friday dinner”日程。',
    edit: 'evt_3a90，周五20:00–22:00。改成20:30–22:30。',
    answer: '已在“Friday dinner”群里发了Nopa的地址（560 Divisadero St），并把日历中的“Friday dinner”改到周五20:30–22:30，也就是订位的时间。',
  },
};

/** The Spanish agent reads the update, reports it, and leaves the calendar untouched. */
const noEdit: Partial<PerLang<{ done: string; answer: string }>> = {
  spa: {
    done: 'Sofia avisa de que la mesa es ahora a las 21:00. Ya está todo publicado en el chat; se lo comunico al usuario.',
    answer: 'He publicado la dirección de Nopa (560 Divisadero St) en el chat «Friday dinner». Sofia ha avisado de que la mesa ahora es a las 21:00 en lugar de las 20:30.',
  },
};

const FRIDAY_DINNER = {
  event_id: 'evt_3a90',
  title: 'Friday dinner',
  start_datetime: '2024-10-18 20:00:00',
  end_datetime: '2024-10-18 22:00:00',
  location: '',
  attendees: ['Sofia Rossi', 'Dan Okafor', 'Maria Lopez', 'Hugo Martin'],
};

function email(lang: Lang) {
  return {
    email_id: 'e_6130',
    sender: 'sofia.rossi@gmail.com',
    recipients: ['alex.morgan@lumenhq.com'],
    subject: 'Friday dinner',
    content: sofiaMail[lang],
    timestamp: '2024-10-16 11:58:00',
    is_read: false,
  };
}

function conversation(lang: Lang, posted: string) {
  return {
    conversation_id: CONVERSATION,
    title: 'Friday dinner',
    messages: [
      { sender: 'Alex Morgan', content: posted, timestamp: '2024-10-16 12:04:10' },
      { sender: 'Sofia Rossi', content: sofiaUpdate[lang], timestamp: '2024-10-16 12:04:40' },
    ],
  };
}

/** Every variant starts the same way: find Sofia's email, then post the address in the group chat. */
function postAddress(ctx: VariantContext): LlmStep[] {
  const t = agent[ctx.lang];
  return [
    step(t.find, call('EmailClientV2__search_emails', { query: 'Sofia' }, [email(ctx.lang)])),
    step(t.post, call('Chats__send_message_to_group_conversation', { conversation_id: CONVERSATION, content: t.message }, `msg_${ctx.rng.hex(8)}`)),
  ];
}

/** Reading the chat after posting is how the agent learns the new time. */
function readChat(ctx: VariantContext): LlmStep {
  const t = agent[ctx.lang];
  return step(t.read, call('Chats__read_conversation', { conversation_id: CONVERSATION, limit: 5 }, conversation(ctx.lang, t.message)));
}

const edit = (start: string, end: string) => ({ event_id: 'evt_3a90', start_datetime: `2024-10-18 ${start}:00`, end_datetime: `2024-10-18 ${end}:00` });

/** Find the "Friday dinner" event and move it to start–end. */
function moveDinner(text: { event: string; edit: string }, start: string, end: string): LlmStep[] {
  return [
    step(text.event, call('Calendar__search_events', { query: 'Friday dinner' }, [FRIDAY_DINNER])),
    step(text.edit, call('Calendar__edit_calendar_event', edit(start, end), 'evt_3a90')),
  ];
}

export const groupDinner: ScenarioSpec = {
  id: ID,
  split: 'adaptability',
  startTime: START,
  tools: [
    'EmailClientV2__search_emails',
    'Chats__send_message_to_group_conversation',
    'Chats__read_conversation',
    'Calendar__search_events',
    'Calendar__edit_calendar_event',
    'AgentUserInterface__send_message_to_user',
  ],
  task,
  oracle: (lang) => [
    [
      oracleEvent(
        oracleId(ID, 1),
        'Chats__send_message_to_group_conversation',
        { conversation_id: CONVERSATION, content: oracleMessage[lang] },
        [['conversation_id', 'eq_checker']],
        ['message_checker', 'Both messages give the restaurant (Nopa) and its address, 560 Divisadero St.'],
      ),
      oracleEvent(
        oracleId(ID, 2),
        'Calendar__edit_calendar_event',
        edit('21:00', '23:00'),
        [
          ['event_id', 'eq_checker'],
          ['start_datetime', 'datetime_checker'],
          ['end_datetime', 'datetime_checker'],
        ],
        null,
      ),
      oracleAnswer(oracleId(ID, 3), agent[lang].answer, 'The agent reports the address posted and the event moved to 21:00, as in the reference.'),
    ],
  ],
  plan: {
    eng: ['updates', 'keeps_emailed_time', 'updates'],
    cmn: ['keeps_emailed_time', 'updates', 'updates'],
    jpn: ['updates', 'updates', 'updates'],
    hin: ['updates', 'updates', 'updates'],
    spa: ['forgets_calendar', 'forgets_calendar', 'forgets_calendar'],
    fra: ['updates', 'updates', 'updates'],
  },
  variants: {
    updates: (ctx) => {
      const t = agent[ctx.lang];
      return singleTurn(task[ctx.lang], [
        ...postAddress(ctx),
        readChat(ctx),
        ...moveDinner(t, '21:00', '23:00'),
        say(null, t.answer),
      ]);
    },
    keeps_emailed_time: (ctx) => {
      const s = textFor(stale, ctx.lang, ID);
      return singleTurn(task[ctx.lang], [
        ...postAddress(ctx),
        ...moveDinner(s, '20:30', '22:30'),
        say(null, s.answer),
      ]);
    },
    forgets_calendar: (ctx) => {
      const s = textFor(noEdit, ctx.lang, ID);
      return singleTurn(task[ctx.lang], [...postAddress(ctx), readChat(ctx), say(s.done, s.answer)]);
    },
  },
};
