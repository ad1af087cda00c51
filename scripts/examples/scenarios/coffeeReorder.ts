// An ambiguity scenario: two coffees were bought last month, so the agent must ask which one (judged turn 0), then
// order the one the user names (turn 1). Planted: a stochastic regression (French run 3 puts the other coffee's item id
// in the cart) and an infrastructure crash (Chinese run 2).

import { call, oracleAnswer, oracleEvent, oracleId, say, step, textFor, type Lang, type PerLang, type ScenarioSpec, type VariantRun } from './spec';

const ID = 'scn_coffee_reorder';
const START = 1729081740; // 2024-10-16 12:29:00

const ORDERS = [
  {
    order_id: 'ord_8812',
    order_date: '2024-09-12',
    status: 'delivered',
    items: [{ item_id: 'itm_2290', name: 'Ethiopia Yirgacheffe whole beans, 1 kg', price: 34.0, quantity: 1 }],
  },
  {
    order_id: 'ord_8840',
    order_date: '2024-09-27',
    status: 'delivered',
    items: [
      { item_id: 'itm_4471', name: 'Colombia Huila whole beans, 500 g', price: 18.5, quantity: 1 },
      { item_id: 'itm_0912', name: 'Paper filters No. 4, 100 pcs', price: 4.2, quantity: 1 },
    ],
  },
  {
    order_id: 'ord_8701',
    order_date: '2024-08-03',
    status: 'delivered',
    items: [{ item_id: 'itm_2290', name: 'Ethiopia Yirgacheffe whole beans, 1 kg', price: 34.0, quantity: 1 }],
  },
];

const task: PerLang<string> = {
  eng: 'Reorder the coffee beans I bought last month.',
  cmn: '把我上个月买的咖啡豆再订一次。',
  jpn: '先月買ったコーヒー豆をもう一度注文してください。',
  hin: 'पिछले महीने मैंने जो कॉफ़ी बीन्स ख़रीदी थीं, उन्हें फिर से ऑर्डर कर दीजिए।',
  spa: 'Vuelve a pedir el café en grano que compré el mes pasado.',
  fra: 'Recommande le café en grains que j’ai acheté le mois dernier.',
};

const reply: PerLang<string> = {
  eng: 'The Colombian one, please.',
  cmn: '哥伦比亚的那个。',
  jpn: 'コロンビアのほうでお願いします。',
  hin: 'कोलंबिया वाली, प्लीज़।',
  spa: 'La de Colombia, por favor.',
  fra: 'Celui de Colombie, s’il te plaît.',
};

const agent: PerLang<{ look: string; ask: string; question: string; order: string; pay: string; done: string }> = {
  eng: {
    look: 'Look at last month’s orders (September).',
    ask: 'Two different coffees in September: Ethiopia Yirgacheffe (Sept 12) and Colombia Huila (Sept 27). Ask which one.',
    question: 'Last month you bought two kinds of coffee beans: Ethiopia Yirgacheffe (1 kg, $34.00, Sept 12) and Colombia Huila (500 g, $18.50, Sept 27). Which one should I reorder?',
    order: 'The user wants the Colombian beans: itm_4471. Add one to the cart.',
    pay: 'Check out.',
    done: 'Done — I reordered the Colombia Huila whole beans (500 g, $18.50). Your order number is {order}.',
  },
  cmn: {
    look: '看一下上个月（9月）的订单。',
    ask: '9月买了两种咖啡豆：埃塞俄比亚耶加雪菲（9月12日）和哥伦比亚慧兰（9月27日）。需要问用户是哪一种。',
    question: '您上个月买了两种咖啡豆：Ethiopia Yirgacheffe（1公斤，34.00美元，9月12日）和Colombia Huila（500克，18.50美元，9月27日）。要再订哪一种？',
    order: '用户要哥伦比亚的：itm_4471。加一份到购物车。',
    pay: '结账。',
    done: '好了，已重新订购Colombia Huila咖啡豆（500克，18.50美元），订单号是 {order}。',
  },
  jpn: {
    look: '先月（9月）の注文履歴を確認する。',
    ask: '9月に買ったコーヒー豆は2種類：エチオピア・イルガチェフェ（9月12日）とコロンビア・ウイラ（9月27日）。どちらか確認する。',
    question: '先月は2種類のコーヒー豆をご購入です：Ethiopia Yirgacheffe（1kg、34.00ドル、9月12日）とColombia Huila（500g、18.50ドル、9月27日）。どちらを再注文しますか？',
    order: 'コロンビアの豆：itm_4471。カートに1つ入れる。',
    pay: '注文を確定する。',
    done: 'Colombia Huilaのコーヒー豆（500g、18.50ドル）を再注文しました。注文番号は{order}です。',
  },
  hin: {
    look: 'पिछले महीने (सितंबर) के ऑर्डर देखता हूँ।',
    ask: 'सितंबर में दो तरह की कॉफ़ी ख़रीदी गई: Ethiopia Yirgacheffe (12 सितंबर) और Colombia Huila (27 सितंबर)। पूछना होगा कि कौन-सी।',
    question: 'पिछले महीने आपने दो तरह की कॉफ़ी बीन्स ख़रीदी थीं: Ethiopia Yirgacheffe (1 किलो, $34.00, 12 सितंबर) और Colombia Huila (500 ग्राम, $18.50, 27 सितंबर)। इनमें से कौन-सी दोबारा ऑर्डर करूँ?',
    order: 'उपयोगकर्ता को कोलंबिया वाली चाहिए: itm_4471। एक कार्ट में डालता हूँ।',
    pay: 'चेकआउट करता हूँ।',
    done: 'हो गया — Colombia Huila कॉफ़ी बीन्स (500 ग्राम, $18.50) फिर से ऑर्डर कर दी हैं। आपका ऑर्डर नंबर {order} है।',
  },
  spa: {
    look: 'Miro los pedidos del mes pasado (septiembre).',
    ask: 'En septiembre hubo dos cafés distintos: Etiopía Yirgacheffe (12 sep.) y Colombia Huila (27 sep.). Pregunto cuál.',
    question: 'El mes pasado compraste dos cafés en grano: Ethiopia Yirgacheffe (1 kg, 34,00 $, 12 de septiembre) y Colombia Huila (500 g, 18,50 $, 27 de septiembre). ¿Cuál vuelvo a pedir?',
    order: 'Quiere el de Colombia: itm_4471. Añado uno al carrito.',
    pay: 'Finalizo la compra.',
    done: 'Listo: he vuelto a pedir el café en grano Colombia Huila (500 g, 18,50 $). Tu número de pedido es {order}.',
  },
  fra: {
    look: 'Je regarde les commandes du mois dernier (septembre).',
    ask: 'Deux cafés différents en septembre : Éthiopie Yirgacheffe (12 sept.) et Colombie Huila (27 sept.). Je demande lequel.',
    question: 'Le mois dernier, tu as acheté deux cafés en grains : Ethiopia Yirgacheffe (1 kg, 34,00 $, 12 septembre) et Colombia Huila (500 g, 18,50 $, 27 septembre). Lequel dois-je recommander ?',
    order: 'Il veut celui de Colombie : itm_4471. J’en ajoute un au panier.',
    pay: 'Je passe la commande.',
    done: 'C’est fait : j’ai recommandé le café en grains Colombia Huila (500 g, 18,50 $). Ton numéro de commande est {order}.',
  },
};

/** The French agent in run 3 copies the wrong item id from the order list. */
const wrongItem: Partial<PerLang<string>> = {
  fra: 'Il veut celui de Colombie : itm_2290. J’en ajoute un au panier.',
};

const ORDER_ID = 'ord_9107';

export const coffeeReorder: ScenarioSpec = {
  id: ID,
  split: 'ambiguity',
  startTime: START,
  tools: ['Shopping__list_orders', 'Shopping__add_to_cart', 'Shopping__checkout', 'AgentUserInterface__send_message_to_user'],
  task,
  oracle: (lang) => [
    [oracleAnswer(oracleId(ID, 1), agent[lang].question, 'The agent lists both coffees bought last month and asks which one to reorder instead of guessing.')],
    [
      oracleEvent(
        oracleId(ID, 2),
        'Shopping__add_to_cart',
        { item_id: 'itm_4471', quantity: 1 },
        [
          ['item_id', 'eq_checker'],
          ['quantity', 'eq_checker'],
        ],
        null,
      ),
      oracleEvent(oracleId(ID, 3), 'Shopping__checkout', {}, [], null),
      oracleAnswer(oracleId(ID, 4), agent[lang].done.replace('{order}', ORDER_ID), 'The agent confirms the reorder of the Colombia Huila beans with the order number.'),
    ],
  ],
  plan: {
    eng: ['asks_then_orders', 'asks_then_orders', 'asks_then_orders'],
    cmn: ['asks_then_orders', 'crash', 'asks_then_orders'],
    jpn: ['asks_then_orders', 'asks_then_orders', 'asks_then_orders'],
    hin: ['asks_then_orders', 'asks_then_orders', 'asks_then_orders'],
    spa: ['asks_then_orders', 'asks_then_orders', 'asks_then_orders'],
    fra: ['asks_then_orders', 'asks_then_orders', 'orders_wrong_item'],
  },
  variants: {
    asks_then_orders: (ctx) => ordering(ctx.lang, 'itm_4471', agent[ctx.lang].order),
    orders_wrong_item: (ctx) => ordering(ctx.lang, 'itm_2290', textFor(wrongItem, ctx.lang, ID)),
    crash: () => ({
      script: { turns: [] },
      ending: { kind: 'crash', error: 'Container exited with code 137 while waiting for the agent response (out of memory)' },
    }),
  },
};

/** Asks which coffee, then orders `item` (the Colombian beans are itm_4471). */
function ordering(lang: Lang, item: string, orderReasoning: string): VariantRun {
  const t = agent[lang];
  return {
    script: {
      turns: [
        {
          user: task[lang],
          steps: [step(t.look, call('Shopping__list_orders', {}, ORDERS)), say(t.ask, t.question)],
        },
        {
          user: reply[lang],
          steps: [
            step(orderReasoning, call('Shopping__add_to_cart', { item_id: item, quantity: 1 }, item)),
            step(t.pay, call('Shopping__checkout', {}, ORDER_ID)),
            say(null, t.done.replace('{order}', ORDER_ID)),
          ],
        },
      ],
    },
  };
}
