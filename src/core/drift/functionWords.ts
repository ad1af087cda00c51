// The most frequent function words of the Latin-script languages the benchmarks use. On the short turns of a
// conversation ("Let me check that for you.") trigram models guess poorly; a few function words decide reliably.
// Romanized Hindi is here too, because agents and users write Hindi in Latin letters and no trigram model knows it.

export const FUNCTION_WORDS: Readonly<Record<string, readonly string[]>> = {
  eng: ['the', 'a', 'an', 'no', 'just', 'pay', 'all', 'to', 'of', 'and', 'is', 'are', 'you', 'your', 'i', 'me', 'my', 'it', 'for', 'with', 'on', 'in', 'that', 'this', 'have', 'has', 'be', 'been', 'will', 'would', 'can', 'do', 'not', 'please', 'let', 'we', 'what', 'which', 'from', 'at', 'was', 'there'],
  vie: ['tôi', 'bạn', 'của', 'và', 'là', 'có', 'không', 'được', 'cho', 'với', 'này', 'một', 'các', 'những', 'đã', 'sẽ', 'để', 'vào', 'từ', 'giúp', 'nhé', 'ạ', 'vâng', 'xin'],
  ind: ['saya', 'anda', 'yang', 'dan', 'di', 'ke', 'dari', 'untuk', 'dengan', 'ini', 'itu', 'tidak', 'akan', 'sudah', 'ada', 'bisa', 'mau', 'ingin', 'kami', 'tolong', 'terima', 'kasih'],
  fil: ['ang', 'ng', 'mga', 'sa', 'ko', 'mo', 'ako', 'ikaw', 'po', 'na', 'at', 'ay', 'hindi', 'gusto', 'kong', 'ninyo', 'namin', 'salamat', 'ito', 'iyong'],
  spa: ['el', 'la', 'los', 'las', 'de', 'que', 'y', 'en', 'un', 'una', 'por', 'para', 'con', 'no', 'su', 'es', 'se', 'lo', 'mi', 'quiero', 'usted'],
  fra: ['le', 'la', 'les', 'de', 'des', 'et', 'un', 'une', 'est', 'je', 'vous', 'votre', 'pour', 'avec', 'pas', 'que', 'qui', 'dans', 'sur', 'nous', 'du'],
  deu: ['der', 'die', 'das', 'und', 'ist', 'ich', 'sie', 'ihr', 'ihre', 'nicht', 'mit', 'für', 'ein', 'eine', 'zu', 'auf', 'den', 'dem', 'wir', 'bitte'],
  ita: ['il', 'la', 'di', 'che', 'e', 'un', 'una', 'per', 'con', 'non', 'sono', 'il', 'lo', 'gli', 'della', 'del', 'mi', 'vorrei', 'suo', 'sua'],
  por: ['o', 'a', 'os', 'as', 'de', 'que', 'e', 'um', 'uma', 'para', 'com', 'não', 'seu', 'sua', 'eu', 'você', 'do', 'da', 'em', 'por'],
  tur: ['bir', 've', 'bu', 'için', 'ile', 'ben', 'siz', 'sizin', 'değil', 'var', 'yok', 'mi', 'da', 'de', 'lütfen', 'teşekkür', 'olarak', 'benim'],
  hin: ['hai', 'hain', 'main', 'mein', 'mujhe', 'aap', 'aapka', 'aapki', 'kya', 'nahi', 'nahin', 'ke', 'ki', 'ka', 'ko', 'se', 'yeh', 'woh', 'kar', 'karna', 'karo', 'hoga', 'tha', 'bhi', 'apni', 'apna', 'liye', 'chahiye', 'chahta'],
};
