// Planted: a script-variant entity. The Chinese, Japanese and Hindi tasks write the contact's name in Han or Devanagari
// script; the Contacts app holds it in Latin script ("Zhang Wei"). The agent searches with the translated form,
// finds nobody and never sends the email.

import { call, withClockCheck, oracleAnswer, oracleEvent, oracleId, say, singleTurn, step, textFor, type PerLang, type ScenarioSpec } from './spec';

const ID = 'scn_email_budget';
const START = 1729069200; // 2024-10-16 09:00:00, a Wednesday
const ADDRESS = 'zhang.wei@lumenhq.com';

export const ZHANG_WEI = {
  id: 'c_0193',
  first_name: 'Wei',
  last_name: 'Zhang',
  email: ADDRESS,
  phone: '+1 415 555 0142',
  job: 'Finance Manager',
  city_living: 'San Francisco',
};

/** How each task writes the name; the data holds the Latin form. */
export const NAME_IN_TASK: PerLang<string> = {
  eng: 'Zhang Wei',
  cmn: '张伟',
  jpn: '張偉',
  hin: 'झांग वेई',
  spa: 'Zhang Wei',
  fra: 'Zhang Wei',
};

const task: PerLang<string> = {
  eng: 'Email Zhang Wei that the Q4 budget review has moved to Thursday at 3 pm, and ask him to bring the updated vendor figures.',
  cmn: '给张伟发封邮件，告诉他第四季度预算评审改到周四下午3点了，并请他带上最新的供应商数据。',
  jpn: '張偉さんにメールして、第4四半期の予算レビューが木曜日の午後3時に変更になったことを伝え、最新の取引先データを持ってきてもらうよう頼んでください。',
  hin: 'झांग वेई को ईमेल करके बताइए कि Q4 की बजट समीक्षा अब गुरुवार दोपहर 3 बजे होगी, और उनसे कहिए कि वे वेंडर के नए आँकड़े साथ लेकर आएँ।',
  spa: 'Escríbele un correo a Zhang Wei para avisarle de que la revisión del presupuesto del cuarto trimestre se ha pasado al jueves a las 15:00 y pídele que traiga las cifras actualizadas de los proveedores.',
  fra: "Envoie un e-mail à Zhang Wei pour le prévenir que la revue budgétaire du quatrième trimestre est décalée à jeudi 15 h, et demande-lui d'apporter les chiffres fournisseurs à jour.",
};

const oracleMail: PerLang<{ subject: string; content: string }> = {
  eng: {
    subject: 'Q4 budget review moved to Thursday 3 pm',
    content: 'Hi Zhang Wei,\n\nThe Q4 budget review has been moved to Thursday at 3 pm. Could you please bring the updated vendor figures?\n\nThanks!',
  },
  cmn: { subject: '第四季度预算评审改至周四下午3点', content: '张伟你好，\n\n第四季度预算评审已改到周四下午3点。请带上最新的供应商数据。\n\n谢谢！' },
  jpn: {
    subject: '第4四半期予算レビュー：木曜日午後3時に変更',
    content: '張偉さん\n\n第4四半期の予算レビューは木曜日の午後3時に変更になりました。最新の取引先データをお持ちいただけますか。\n\nよろしくお願いします。',
  },
  hin: {
    subject: 'Q4 बजट समीक्षा अब गुरुवार दोपहर 3 बजे',
    content: 'नमस्ते झांग वेई,\n\nQ4 की बजट समीक्षा अब गुरुवार दोपहर 3 बजे होगी। कृपया वेंडर के नए आँकड़े साथ लाइए।\n\nधन्यवाद!',
  },
  spa: {
    subject: 'La revisión del presupuesto del T4 pasa al jueves a las 15:00',
    content: 'Hola, Zhang Wei:\n\nLa revisión del presupuesto del cuarto trimestre se ha pasado al jueves a las 15:00. ¿Podrías traer las cifras actualizadas de los proveedores?\n\n¡Gracias!',
  },
  fra: {
    subject: 'Revue budgétaire T4 décalée à jeudi 15 h',
    content: 'Bonjour Zhang Wei,\n\nLa revue budgétaire du quatrième trimestre est décalée à jeudi 15 h. Pourrais-tu apporter les chiffres fournisseurs à jour ?\n\nMerci !',
  },
};

const oracleReply: PerLang<string> = {
  eng: "I've emailed Zhang Wei that the Q4 budget review is now on Thursday at 3 pm and asked him to bring the updated vendor figures.",
  cmn: '我已给张伟发邮件，告诉他第四季度预算评审改到周四下午3点，并请他带上最新的供应商数据。',
  jpn: '張偉さんに、第4四半期の予算レビューが木曜日の午後3時に変更になったことをメールで伝え、最新の取引先データを持ってくるようお願いしました。',
  hin: 'मैंने झांग वेई को ईमेल करके बता दिया है कि Q4 की बजट समीक्षा अब गुरुवार दोपहर 3 बजे होगी और उनसे वेंडर के नए आँकड़े लाने को कहा है।',
  spa: 'He enviado un correo a Zhang Wei para avisarle de que la revisión del presupuesto del T4 es ahora el jueves a las 15:00 y le he pedido que traiga las cifras actualizadas de los proveedores.',
  fra: "J'ai envoyé un e-mail à Zhang Wei pour lui dire que la revue budgétaire du T4 a lieu jeudi à 15 h et lui ai demandé d'apporter les chiffres fournisseurs à jour.",
};

/** What a passing agent writes (eng, spa, fra): same facts as the oracle, its own wording. */
const sent: Partial<PerLang<{ find: string; send: string; subject: string; content: string; done: string }>> = {
  eng: {
    find: "I need Zhang Wei's email address. Look him up in Contacts.",
    send: 'Found him: zhang.wei@lumenhq.com. Send the email with the new time and the request for the vendor figures.',
    subject: 'Q4 budget review moved to Thursday, 3 pm',
    content:
      'Hi Wei,\n\nQuick heads-up: the Q4 budget review has been moved to Thursday at 3:00 pm. Could you bring the updated vendor figures to the meeting?\n\nBest regards',
    done: 'Done — I emailed Zhang Wei (zhang.wei@lumenhq.com) that the Q4 budget review is now on Thursday at 3 pm and asked him to bring the updated vendor figures.',
  },
  spa: {
    find: 'Necesito la dirección de correo de Zhang Wei. La busco en Contactos.',
    send: 'Encontrado: zhang.wei@lumenhq.com. Envío el correo con la nueva hora y la petición de las cifras de proveedores.',
    subject: 'Cambio: revisión del presupuesto del T4 el jueves a las 15:00',
    content:
      'Hola, Wei:\n\nTe aviso de que la revisión del presupuesto del cuarto trimestre se ha pasado al jueves a las 15:00. ¿Puedes traer a la reunión las cifras actualizadas de los proveedores?\n\nUn saludo',
    done: 'Hecho: le he enviado un correo a Zhang Wei (zhang.wei@lumenhq.com) para avisarle de que la revisión del presupuesto es el jueves a las 15:00 y le he pedido que traiga las cifras actualizadas de los proveedores.',
  },
  fra: {
    find: "Il me faut l'adresse e-mail de Zhang Wei. Je le cherche dans les contacts.",
    send: "Trouvé : zhang.wei@lumenhq.com. J'envoie l'e-mail avec le nouvel horaire et la demande des chiffres fournisseurs.",
    subject: 'Revue budgétaire T4 : jeudi 15 h',
    content:
      'Bonjour Wei,\n\nPetite info : la revue budgétaire du quatrième trimestre est décalée à jeudi 15 h. Peux-tu apporter les chiffres fournisseurs à jour à la réunion ?\n\nBonne journée',
    done: "C'est fait : j'ai envoyé un e-mail à Zhang Wei (zhang.wei@lumenhq.com) pour l'informer que la revue budgétaire a lieu jeudi à 15 h et lui demander d'apporter les chiffres fournisseurs à jour.",
  },
};

/** What the agent does when the name is in another script (cmn, jpn, hin). */
const notFound: Partial<PerLang<{ find: string; retry: string; surname: string; give: string; reply: string }>> = {
  cmn: {
    find: '需要先在通讯录里找到张伟的邮箱地址。',
    retry: '没有找到“张伟”。换成只搜姓氏“张”试试。',
    surname: '张',
    give: '通讯录里没有这个人，无法发送邮件。需要请用户提供邮箱地址。',
    reply: '通讯录里找不到名为“张伟”的联系人，所以邮件还没有发出。请告诉我他的邮箱地址，我马上发送。',
  },
  jpn: {
    find: 'まず連絡先で張偉さんのメールアドレスを調べる。',
    retry: '「張偉」では見つからなかった。姓の「張」だけで検索し直してみる。',
    surname: '張',
    give: '連絡先に該当者がいないので、メールを送れない。ユーザーにアドレスを確認する必要がある。',
    reply: '連絡先に「張偉」さんが見つからなかったため、メールはまだ送信していません。メールアドレスを教えていただければすぐに送ります。',
  },
  hin: {
    find: 'पहले संपर्कों में झांग वेई का ईमेल पता ढूँढना होगा।',
    retry: '“झांग वेई” नाम से कुछ नहीं मिला। सिर्फ़ उपनाम “झांग” से खोजकर देखता हूँ।',
    surname: 'झांग',
    give: 'संपर्कों में यह व्यक्ति नहीं है, इसलिए ईमेल नहीं भेजा जा सकता। उपयोगकर्ता से पता पूछना होगा।',
    reply: 'संपर्कों में “झांग वेई” नाम का कोई व्यक्ति नहीं मिला, इसलिए ईमेल अभी नहीं भेजा गया है। अगर आप उनका ईमेल पता बता दें तो मैं तुरंत भेज दूँगा।',
  },
};

export const emailBudget: ScenarioSpec = {
  id: ID,
  split: 'execution',
  startTime: START,
  tools: ['Contacts__search_contacts', 'EmailClientV2__send_email', 'SystemApp__get_current_time', 'AgentUserInterface__send_message_to_user'],
  task,
  oracle: (lang) => [
    [
      oracleEvent(
        oracleId(ID, 1),
        'EmailClientV2__send_email',
        { recipients: [ADDRESS], subject: oracleMail[lang].subject, content: oracleMail[lang].content },
        [['recipients', 'unordered_list_checker']],
        [
          'email_checker',
          'Both emails go to zhang.wei@lumenhq.com, say that the Q4 budget review has moved to Thursday at 3 pm and ask for the updated vendor figures. The wording differs but the content is equivalent.',
        ],
      ),
      oracleAnswer(
        oracleId(ID, 2),
        oracleReply[lang],
        'The agent tells the user that the email was sent to Zhang Wei with the new time and the request for the vendor figures, as in the reference.',
      ),
    ],
  ],
  plan: {
    eng: ['sends', 'sends', 'sends'],
    cmn: ['not_found', 'not_found', 'not_found'],
    jpn: ['not_found', 'not_found', 'not_found'],
    hin: ['not_found', 'not_found', 'not_found'],
    spa: ['sends', 'sends', 'sends'],
    fra: ['sends', 'sends', 'sends'],
  },
  variants: {
    sends: (ctx) => {
      const t = textFor(sent, ctx.lang, ID);
      return singleTurn(task[ctx.lang], [
        ...withClockCheck(ctx, START, step(t.find, call('Contacts__search_contacts', { query: 'Zhang Wei' }, [ZHANG_WEI]))),
        step(t.send, call('EmailClientV2__send_email', { recipients: [ADDRESS], subject: t.subject, content: t.content }, `email_${ctx.rng.hex(10)}`)),
        say(null, t.done),
      ]);
    },
    not_found: (ctx) => {
      const t = textFor(notFound, ctx.lang, ID);
      // Runs 1 and 3 retry with the surname alone; run 2 gives up after the first search.
      const retry = ctx.run !== 2 ? [step(t.retry, call('Contacts__search_contacts', { query: t.surname }, []))] : [];
      return singleTurn(task[ctx.lang], [step(t.find, call('Contacts__search_contacts', { query: NAME_IN_TASK[ctx.lang] }, [])), ...retry, say(t.give, t.reply)]);
    },
  },
};
