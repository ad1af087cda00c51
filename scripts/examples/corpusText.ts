// The little text a generated corpus needs, per language (ISO 639-3): the task, and the agent's final message,
// which also serves as the body of the messages it sends. Other languages fall back to English.

const TEXT: Record<string, { task: string; done: string }> = {
  eng: { task: "Please take care of request #{n} from my inbox and let me know when it's done.", done: 'Done — request #{n} is taken care of.' },
  spa: { task: 'Encárgate de la solicitud n.º {n} de mi bandeja de entrada y avísame cuando esté hecho.', done: 'Hecho: la solicitud n.º {n} está resuelta.' },
  deu: { task: 'Bitte kümmere dich um Anfrage Nr. {n} aus meinem Posteingang und sag mir Bescheid, wenn es erledigt ist.', done: 'Erledigt: Anfrage Nr. {n} ist bearbeitet.' },
  fra: { task: 'Occupe-toi de la demande n° {n} de ma boîte de réception et préviens-moi quand c’est fait.', done: 'C’est fait : la demande n° {n} est traitée.' },
  ita: { task: 'Occupati della richiesta n. {n} nella mia casella di posta e fammi sapere quando hai finito.', done: 'Fatto: la richiesta n. {n} è stata gestita.' },
  por: { task: 'Trate do pedido n.º {n} da minha caixa de entrada e avise-me quando estiver feito.', done: 'Feito: o pedido n.º {n} foi tratado.' },
  ind: { task: 'Tolong urus permintaan #{n} di kotak masuk saya dan kabari saya kalau sudah selesai.', done: 'Selesai: permintaan #{n} sudah ditangani.' },
  tur: { task: 'Gelen kutumdaki {n} numaralı talebi hallet ve bitince bana haber ver.', done: 'Tamam: {n} numaralı talep halledildi.' },
  cmn: { task: '请处理我收件箱里的第{n}号请求，完成后告诉我。', done: '已完成：第{n}号请求已处理。' },
  jpn: { task: '受信トレイの依頼第{n}号を処理して、終わったら教えてください。', done: '完了しました：依頼第{n}号は対応済みです。' },
  hin: { task: 'मेरे इनबॉक्स के अनुरोध संख्या {n} को निपटा दीजिए और हो जाने पर मुझे बता दीजिए।', done: 'हो गया: अनुरोध संख्या {n} निपटा दिया गया है।' },
};

export function corpusText(code: string, n: number): { task: string; done: string } {
  const t = TEXT[code] ?? TEXT.eng ?? { task: '', done: '' };
  return { task: t.task.replace('{n}', String(n)), done: t.done.replace('{n}', String(n)) };
}
