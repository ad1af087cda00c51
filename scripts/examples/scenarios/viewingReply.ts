// Planted: the judge rejecting correct content. The Spanish reply confirms the viewing on Saturday at 11:00 and asks
// whether pets are allowed, exactly as the (Spanish) oracle reply does; the LLM judge still says the content differs.

import { call, withClockCheck, oracleAnswer, oracleEvent, oracleId, say, singleTurn, step, type Lang, type PerLang, type ScenarioSpec } from './spec';

const ID = 'scn_viewing_reply';
const START = 1729075500; // 2024-10-16 10:45:00

const task: PerLang<string> = {
  eng: "Reply to Carmen Ortega's email about the flat on Rua das Flores: confirm the viewing on Saturday at 11:00 and ask whether pets are allowed.",
  cmn: '回复Carmen Ortega关于Rua das Flores那套公寓的邮件：确认周六11:00看房，并问一下是否可以养宠物。',
  jpn: 'Rua das Floresの物件についてのCarmen Ortegaさんのメールに返信してください。土曜日11時の内見を確定し、ペットを飼えるかどうかも尋ねてください。',
  hin: 'Rua das Flores वाले फ़्लैट के बारे में Carmen Ortega के ईमेल का जवाब दीजिए: शनिवार सुबह 11:00 बजे फ़्लैट देखने की पुष्टि कीजिए और पूछिए कि क्या पालतू जानवर रखने की अनुमति है।',
  spa: 'Responde al correo de Carmen Ortega sobre el piso de la Rua das Flores: confirma la visita del sábado a las 11:00 y pregúntale si se admiten mascotas.',
  fra: 'Réponds à l’e-mail de Carmen Ortega au sujet de l’appartement de la Rua das Flores : confirme la visite de samedi à 11 h et demande si les animaux sont acceptés.',
};

const inbox: PerLang<{ subject: string; content: string }> = {
  eng: {
    subject: 'Viewing – Rua das Flores 28, 2nd floor',
    content: 'Hello, the flat at Rua das Flores 28 is still available. I can show it to you on Saturday at 11:00. Does that work for you? Best, Carmen Ortega — CasaViva',
  },
  cmn: {
    subject: '看房 – Rua das Flores 28号2楼',
    content: '您好，Rua das Flores 28号的公寓仍可出租。我可以在周六11:00带您看房，您方便吗？Carmen Ortega — CasaViva',
  },
  jpn: {
    subject: '内見のご案内 – Rua das Flores 28、2階',
    content: 'こんにちは。Rua das Flores 28の物件はまだ空いています。土曜日の11時にご案内できますが、ご都合はいかがでしょうか。CasaViva Carmen Ortega',
  },
  hin: {
    subject: 'फ़्लैट देखने के बारे में – Rua das Flores 28, दूसरी मंज़िल',
    content: 'नमस्ते, Rua das Flores 28 वाला फ़्लैट अभी उपलब्ध है। मैं आपको शनिवार सुबह 11:00 बजे दिखा सकती हूँ। क्या यह समय ठीक रहेगा? — Carmen Ortega, CasaViva',
  },
  spa: {
    subject: 'Visita – Rua das Flores 28, 2.º',
    content: 'Hola: el piso de la Rua das Flores 28 sigue disponible. Puedo enseñárselo el sábado a las 11:00. ¿Le viene bien? Un saludo, Carmen Ortega — CasaViva',
  },
  fra: {
    subject: 'Visite – Rua das Flores 28, 2e étage',
    content: 'Bonjour, l’appartement de la Rua das Flores 28 est toujours disponible. Je peux vous le faire visiter samedi à 11 h. Cela vous convient-il ? Cordialement, Carmen Ortega — CasaViva',
  },
};

const oracleReply: PerLang<string> = {
  eng: 'Dear Carmen,\n\nI confirm the viewing on Saturday at 11:00. Could you tell me whether pets are allowed in the flat?\n\nBest regards',
  cmn: 'Carmen您好：\n\n我确认周六11:00看房。请问这套公寓可以养宠物吗？\n\n祝好',
  jpn: 'Carmen様\n\n土曜日11時の内見でお願いいたします。こちらの物件ではペットを飼うことはできますか。\n\nよろしくお願いいたします。',
  hin: 'नमस्ते Carmen,\n\nमैं शनिवार सुबह 11:00 बजे फ़्लैट देखने की पुष्टि करता हूँ। क्या फ़्लैट में पालतू जानवर रखने की अनुमति है?\n\nसादर',
  spa: 'Hola, Carmen:\n\nConfirmo la visita del sábado a las 11:00. ¿Podría decirme si se admiten mascotas en el piso?\n\nUn saludo',
  fra: 'Bonjour Carmen,\n\nJe confirme la visite de samedi à 11 h. Pourriez-vous me dire si les animaux sont acceptés dans l’appartement ?\n\nCordialement',
};

const agentReply: PerLang<string> = {
  eng: 'Hi Carmen,\n\nThank you for your email. I confirm the viewing on Saturday at 11:00. Could you also let me know whether pets are allowed in the flat?\n\nBest regards',
  cmn: 'Carmen您好：\n\n感谢您的来信。我确认周六11:00看房。另外想问一下，这套公寓可以养宠物吗？\n\n祝好',
  jpn: 'Carmen様\n\nご連絡ありがとうございます。土曜日11時の内見でお願いいたします。また、こちらの物件ではペットの飼育は可能でしょうか。\n\nよろしくお願いいたします。',
  hin: 'नमस्ते Carmen,\n\nआपके ईमेल के लिए धन्यवाद। मैं शनिवार सुबह 11:00 बजे फ़्लैट देखने की पुष्टि करता हूँ। क्या आप यह भी बता सकती हैं कि फ़्लैट में पालतू जानवर रखने की अनुमति है?\n\nसादर',
  spa: 'Hola, Carmen:\n\nGracias por tu correo. Te confirmo la visita del sábado a las 11:00. ¿Podrías decirme también si se admiten mascotas en el piso?\n\nUn saludo',
  fra: 'Bonjour Carmen,\n\nMerci pour votre message. Je vous confirme la visite de samedi à 11 h. Pourriez-vous également me dire si les animaux sont acceptés dans l’appartement ?\n\nCordialement',
};

const answer: PerLang<string> = {
  eng: "I replied to Carmen Ortega: the viewing on Saturday at 11:00 is confirmed, and I asked whether pets are allowed.",
  cmn: '已回复Carmen Ortega：确认周六11:00看房，并询问了是否可以养宠物。',
  jpn: 'Carmen Ortegaさんに返信し、土曜日11時の内見を確定するとともに、ペットを飼えるかどうかを尋ねました。',
  hin: 'मैंने Carmen Ortega को जवाब दे दिया है: शनिवार सुबह 11:00 बजे फ़्लैट देखने की पुष्टि कर दी है और पूछा है कि क्या पालतू जानवरों की अनुमति है।',
  spa: 'He respondido a Carmen Ortega: confirmo la visita del sábado a las 11:00 y le he preguntado si se admiten mascotas.',
  fra: 'J’ai répondu à Carmen Ortega : la visite de samedi à 11 h est confirmée et je lui ai demandé si les animaux sont acceptés.',
};

const reasoning: PerLang<{ find: string; reply: string }> = {
  eng: { find: "Find Carmen Ortega's email about Rua das Flores.", reply: 'Her email is e_5521. Reply confirming Saturday 11:00 and ask about pets.' },
  cmn: { find: '先找到Carmen Ortega关于Rua das Flores的邮件。', reply: '邮件是 e_5521。回复确认周六11:00，并询问宠物的事。' },
  jpn: { find: 'Rua das Floresに関するCarmen Ortegaさんのメールを探す。', reply: 'メールは e_5521。土曜日11時の確定とペットについての質問を返信する。' },
  hin: { find: 'Rua das Flores के बारे में Carmen Ortega का ईमेल ढूँढता हूँ।', reply: 'ईमेल e_5521 है। शनिवार 11:00 की पुष्टि और पालतू जानवरों के बारे में सवाल के साथ जवाब देता हूँ।' },
  spa: { find: 'Busco el correo de Carmen Ortega sobre la Rua das Flores.', reply: 'Es el correo e_5521. Respondo confirmando el sábado a las 11:00 y pregunto por las mascotas.' },
  fra: { find: 'Je cherche l’e-mail de Carmen Ortega sur la Rua das Flores.', reply: 'C’est l’e-mail e_5521. Je réponds pour confirmer samedi 11 h et je demande pour les animaux.' },
};

/** The judge's wrong reasoning on the Spanish reply: it says the content differs while it says the same thing. */
export const WRONG_REJECTION =
  "The reference reply confirms the viewing on Saturday at 11:00 and asks whether pets are allowed in the flat. The agent's reply thanks the landlord and mentions a 'visita', but its content differs from the reference: it does not clearly confirm the Saturday 11:00 viewing, and the question about pets is not the one in the reference. The emails are therefore not equivalent.";

function mail(lang: Lang) {
  return {
    email_id: 'e_5521',
    sender: 'carmen.ortega@casaviva.pt',
    recipients: ['alex.morgan@lumenhq.com'],
    subject: inbox[lang].subject,
    content: inbox[lang].content,
    timestamp: '2024-10-15 18:42:00',
    is_read: false,
  };
}

export const viewingReply: ScenarioSpec = {
  id: ID,
  split: 'execution',
  startTime: START,
  tools: ['EmailClientV2__search_emails', 'EmailClientV2__reply_to_email', 'SystemApp__get_current_time', 'AgentUserInterface__send_message_to_user'],
  task,
  oracle: (lang) => [
    [
      oracleEvent(
        oracleId(ID, 1),
        'EmailClientV2__reply_to_email',
        { email_id: 'e_5521', content: oracleReply[lang] },
        [['email_id', 'eq_checker']],
        ['email_checker', 'Both replies confirm the viewing on Saturday at 11:00 and ask whether pets are allowed in the flat. The content is equivalent.'],
      ),
      oracleAnswer(oracleId(ID, 2), answer[lang], 'The agent reports that it confirmed the Saturday 11:00 viewing and asked about pets.'),
    ],
  ],
  plan: {
    eng: ['replies', 'replies', 'replies'],
    cmn: ['replies', 'replies', 'replies'],
    jpn: ['replies', 'replies', 'replies'],
    hin: ['replies', 'replies', 'replies'],
    spa: ['replies_rejected', 'replies_rejected', 'replies_rejected'],
    fra: ['replies', 'replies', 'replies'],
  },
  variants: Object.fromEntries(
    (['replies', 'replies_rejected'] as const).map((name) => [
      name,
      (ctx) =>
        singleTurn(
          task[ctx.lang],
          [
            ...withClockCheck(ctx, START, step(reasoning[ctx.lang].find, call('EmailClientV2__search_emails', { query: 'Rua das Flores' }, [mail(ctx.lang)]))),
            step(
              reasoning[ctx.lang].reply,
              call('EmailClientV2__reply_to_email', { email_id: 'e_5521', content: agentReply[ctx.lang] }, `email_${ctx.rng.hex(10)}`),
            ),
            say(null, answer[ctx.lang]),
          ],
          name === 'replies_rejected' ? { softVerdicts: { [oracleId(ID, 1)]: { success: false, reasoning: WRONG_REJECTION } } } : {},
        ),
    ]),
  ),
};
