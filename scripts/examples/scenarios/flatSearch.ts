// Planted: a scenario that fails in every language. Search results do not show the pet policy; the agent saves the
// cheapest flat without checking it, in English as in every other language. Equal rates: not a regression.

import { call, oracleAnswer, oracleEvent, oracleId, say, singleTurn, step, type PerLang, type ScenarioSpec } from './spec';

const ID = 'scn_flat_search';
const START = 1729078620; // 2024-10-16 11:37:00

const RESULTS = [
  { apartment_id: 'apt_2207', name: 'Alfama two-bedroom with river view', location: 'Lisbon, Alfama', price: 1250, number_of_bedrooms: 2 },
  { apartment_id: 'apt_1184', name: 'Bright two-bedroom near Jardim da Estrela', location: 'Lisbon, Estrela', price: 1390, number_of_bedrooms: 2 },
  { apartment_id: 'apt_3310', name: 'Renovated two-bedroom in Arroios', location: 'Lisbon, Arroios', price: 1480, number_of_bedrooms: 2 },
];
const DETAILS_2207 = { ...RESULTS[0], pet_policy: 'No pets', furnished: true, square_meters: 74, floor: 3, available_from: '2024-11-01' };

const task: PerLang<string> = {
  eng: 'Find the cheapest two-bedroom flat in Lisbon under €1,500 a month that allows pets, and save it to my favourites.',
  cmn: '在里斯本找一套月租低于1500欧元、可以养宠物的两居室，选最便宜的那套，并把它收藏起来。',
  jpn: 'リスボンで家賃が月1,500ユーロ未満、ペット可の2ベッドルームの物件のうち一番安いものを探して、お気に入りに保存してください。',
  hin: 'लिस्बन में 1,500 यूरो प्रति माह से कम किराए वाला, पालतू जानवरों की अनुमति वाला सबसे सस्ता दो बेडरूम का फ़्लैट ढूँढिए और उसे मेरे पसंदीदा में सेव कर दीजिए।',
  spa: 'Busca el piso de dos dormitorios más barato de Lisboa por menos de 1.500 € al mes que admita mascotas y guárdalo en mis favoritos.',
  fra: 'Trouve l’appartement de deux chambres le moins cher de Lisbonne, à moins de 1 500 € par mois, qui accepte les animaux, et ajoute-le à mes favoris.',
};

const oracleReply: PerLang<string> = {
  eng: 'I saved "Bright two-bedroom near Jardim da Estrela" (apt_1184, €1,390/month, pets allowed) to your favourites.',
  cmn: '已将“Bright two-bedroom near Jardim da Estrela”（apt_1184，每月1390欧元，可养宠物）加入收藏。',
  jpn: '「Bright two-bedroom near Jardim da Estrela」（apt_1184、月1,390ユーロ、ペット可）をお気に入りに保存しました。',
  hin: 'मैंने "Bright two-bedroom near Jardim da Estrela" (apt_1184, €1,390 प्रति माह, पालतू जानवरों की अनुमति) आपके पसंदीदा में सेव कर दिया है।',
  spa: 'He guardado en tus favoritos «Bright two-bedroom near Jardim da Estrela» (apt_1184, 1.390 €/mes, admite mascotas).',
  fra: 'J’ai ajouté à tes favoris « Bright two-bedroom near Jardim da Estrela » (apt_1184, 1 390 €/mois, animaux acceptés).',
};

const agent: PerLang<{ search: string; pick: string; check: string; reply: string }> = {
  eng: {
    search: 'Search Lisbon two-bedrooms up to €1,500.',
    pick: 'Three results; the cheapest is apt_2207 at €1,250. Save it.',
    check: 'Cheapest is apt_2207 at €1,250. Check the listing before saving.',
    reply: 'I saved "Alfama two-bedroom with river view" (apt_2207, €1,250/month) to your favourites.',
  },
  cmn: {
    search: '搜索里斯本月租1500欧元以内的两居室。',
    pick: '有三个结果，最便宜的是 apt_2207，1250欧元。收藏它。',
    check: '最便宜的是 apt_2207（1250欧元）。收藏前看一下详情。',
    reply: '已将“Alfama two-bedroom with river view”（apt_2207，每月1250欧元）加入收藏。',
  },
  jpn: {
    search: 'リスボンの2ベッドルームを1,500ユーロ以下で検索する。',
    pick: '3件見つかった。一番安いのはapt_2207の1,250ユーロ。これを保存する。',
    check: '一番安いのはapt_2207（1,250ユーロ）。保存する前に詳細を確認する。',
    reply: '「Alfama two-bedroom with river view」（apt_2207、月1,250ユーロ）をお気に入りに保存しました。',
  },
  hin: {
    search: 'लिस्बन में €1,500 तक के दो बेडरूम वाले फ़्लैट खोजता हूँ।',
    pick: 'तीन नतीजे मिले; सबसे सस्ता apt_2207 है, €1,250। इसे सेव करता हूँ।',
    check: 'सबसे सस्ता apt_2207 (€1,250) है। सेव करने से पहले विवरण देख लेता हूँ।',
    reply: 'मैंने "Alfama two-bedroom with river view" (apt_2207, €1,250 प्रति माह) आपके पसंदीदा में सेव कर दिया है।',
  },
  spa: {
    search: 'Busco pisos de dos dormitorios en Lisboa hasta 1.500 €.',
    pick: 'Hay tres resultados; el más barato es apt_2207, a 1.250 €. Lo guardo.',
    check: 'El más barato es apt_2207 (1.250 €). Miro el anuncio antes de guardarlo.',
    reply: 'He guardado en tus favoritos «Alfama two-bedroom with river view» (apt_2207, 1.250 €/mes).',
  },
  fra: {
    search: 'Je cherche des deux-chambres à Lisbonne jusqu’à 1 500 €.',
    pick: 'Trois résultats ; le moins cher est apt_2207 à 1 250 €. Je l’ajoute.',
    check: 'Le moins cher est apt_2207 (1 250 €). Je regarde l’annonce avant de l’ajouter.',
    reply: 'J’ai ajouté à tes favoris « Alfama two-bedroom with river view » (apt_2207, 1 250 €/mois).',
  },
};

export const flatSearch: ScenarioSpec = {
  id: ID,
  split: 'search',
  startTime: START,
  tools: ['RentAFlat__search_apartments', 'RentAFlat__get_apartment_details', 'RentAFlat__save_apartment', 'AgentUserInterface__send_message_to_user'],
  task,
  oracle: (lang) => [
    [
      oracleEvent(oracleId(ID, 1), 'RentAFlat__save_apartment', { apartment_id: 'apt_1184' }, [['apartment_id', 'eq_checker']], null),
      oracleAnswer(oracleId(ID, 2), oracleReply[lang], 'The agent names the saved flat, its rent and that pets are allowed.'),
    ],
  ],
  plan: {
    eng: ['saves_cheapest', 'saves_after_glance', 'saves_cheapest'],
    cmn: ['saves_cheapest', 'saves_cheapest', 'saves_after_glance'],
    jpn: ['saves_after_glance', 'saves_cheapest', 'saves_cheapest'],
    hin: ['saves_cheapest', 'saves_cheapest', 'saves_cheapest'],
    spa: ['saves_cheapest', 'saves_after_glance', 'saves_cheapest'],
    fra: ['saves_cheapest', 'saves_cheapest', 'saves_after_glance'],
  },
  variants: Object.fromEntries(
    (['saves_cheapest', 'saves_after_glance'] as const).map((name) => [
      name,
      (ctx) => {
        const t = agent[ctx.lang];
        // A glance at the listing does not help: the agent reads the price and the bedrooms, not the pet policy.
        const glance = name === 'saves_after_glance' ? [step(t.check, call('RentAFlat__get_apartment_details', { apartment_id: 'apt_2207' }, DETAILS_2207))] : [];
        return singleTurn(task[ctx.lang], [
          step(t.search, call('RentAFlat__search_apartments', { location: 'Lisbon', number_of_bedrooms: 2, max_price: 1500 }, RESULTS)),
          ...glance,
          step(glance.length > 0 ? null : t.pick, call('RentAFlat__save_apartment', { apartment_id: 'apt_2207' }, 'apt_2207')),
          say(null, t.reply),
        ]);
      },
    ]),
  ),
};
