// The conversations of the tau2-seatau example, per task, language and planned variant. Each writes the messages
// a tau2-bench run records and says how the run ended; the evaluation (rewardInfo.ts) is derived from what they did.

import {
  CREDIT_CARD,
  GIFT_CARD,
  PASSENGER,
  USER_ID,
  directFlights,
  literal,
  refundOf,
  reservation,
  userDetails,
  type Lang,
  type World,
} from './airlineWorld';
import type { Chat } from './chat';

export type Variant =
  | 'ok'
  /** Ends in an infrastructure error right after the user's first message (no evaluation). */
  | 'infra'
  /** Cancels the Miami reservation instead of the Chicago one. */
  | 'wrong_reservation'
  /** As wrong_reservation, and one assistant turn is in English (language drift). */
  | 'wrong_reservation_drift'
  /** Keeps asking which reservation until the step limit. */
  | 'max_steps'
  /** Charges the upgrade to the credit card although the user asked for the gift card. */
  | 'wrong_payment'
  /** Calls the update tool without flights until tau2 stops it for too many errors (no evaluation). */
  | 'tool_errors';

export interface ConversationEnd {
  termination: 'user_stop' | 'agent_stop' | 'max_steps' | 'too_many_errors' | 'infrastructure_error';
  /** Whether the database ends as the task expects. */
  dbMatch: boolean;
  /** turn_idx of assistant turns written in another language than the run's. */
  driftTurns: number[];
  /** turn_idx of the call that decided a failure (for the judge review), or null. */
  decisiveTurn: number | null;
}

const GREETING: Record<Lang, string> = {
  en: 'Hi! How can I help you today?',
  th: 'สวัสดีค่ะ! วันนี้มีอะไรให้ช่วยไหมคะ',
  vi: 'Xin chào! Tôi có thể giúp gì cho bạn hôm nay?',
  zh: '您好！今天有什么可以帮您？',
};

const STOP = '###STOP###';

function lastTurn(chat: Chat): number {
  return chat.messages.length - 1;
}

// ---------------------------------------------------------------------------------------------------------------
// Task 3: book a one-way economy flight.

const BOOK: Record<Lang, string[]> = {
  en: [
    `Hi, I'd like to book a one-way flight from JFK to Seattle on May 20. My user id is ${USER_ID}.`,
    'I found two direct flights on May 20: HAT906 (departs 06:00, economy $137) and HAT914 (departs 13:00, economy $164). Which flight and cabin would you like, and how many passengers?',
    "The cheapest economy one, HAT906, just me. No bags and no insurance. I'll pay with my credit card.",
    'To confirm: one-way JFK → SEA on HAT906, May 20, economy, passenger Lia Wu, no checked bags, no insurance, $137 charged to the credit card ending 1234. Shall I book it?',
    'Yes, please.',
    'Your flight is booked! Reservation 9MZ7KE: HAT906 from JFK to SEA on May 20, economy. $137 was charged to your credit card.',
    `Thanks! ${STOP}`,
  ],
  th: [
    `สวัสดีค่ะ ฉันอยากจองเที่ยวบินเที่ยวเดียวจาก JFK ไปซีแอตเทิลวันที่ 20 พฤษภาคมค่ะ รหัสผู้ใช้ของฉันคือ ${USER_ID}`,
    'พบเที่ยวบินตรงสองเที่ยวในวันที่ 20 พฤษภาคมค่ะ: HAT906 (ออกเดินทาง 06:00 ชั้นประหยัด $137) และ HAT914 (ออกเดินทาง 13:00 ชั้นประหยัด $164) คุณต้องการเที่ยวบินและชั้นโดยสารใด และมีผู้โดยสารกี่ท่านคะ',
    'เอาชั้นประหยัดที่ถูกที่สุด HAT906 ค่ะ แค่ฉันคนเดียว ไม่มีกระเป๋าและไม่เอาประกัน จ่ายด้วยบัตรเครดิตค่ะ',
    'ขอยืนยันนะคะ: เที่ยวเดียว JFK → SEA เที่ยวบิน HAT906 วันที่ 20 พฤษภาคม ชั้นประหยัด ผู้โดยสาร Lia Wu ไม่มีกระเป๋าโหลด ไม่มีประกัน ชำระ $137 ด้วยบัตรเครดิตลงท้าย 1234 ให้จองเลยไหมคะ',
    'ใช่ค่ะ จองเลย',
    'จองเรียบร้อยแล้วค่ะ! หมายเลขการจอง 9MZ7KE: เที่ยวบิน HAT906 จาก JFK ไป SEA วันที่ 20 พฤษภาคม ชั้นประหยัด เรียกเก็บเงิน $137 จากบัตรเครดิตของคุณแล้วค่ะ',
    `ขอบคุณค่ะ ${STOP}`,
  ],
  vi: [
    `Chào bạn, tôi muốn đặt vé một chiều từ JFK đi Seattle vào ngày 20 tháng 5. Mã người dùng của tôi là ${USER_ID}.`,
    'Tôi tìm thấy hai chuyến bay thẳng ngày 20/5: HAT906 (khởi hành 06:00, hạng phổ thông $137) và HAT914 (khởi hành 13:00, hạng phổ thông $164). Bạn muốn chọn chuyến bay và hạng ghế nào, và có bao nhiêu hành khách?',
    'Lấy chuyến HAT906 hạng phổ thông rẻ nhất, chỉ mình tôi. Không hành lý, không bảo hiểm. Tôi sẽ trả bằng thẻ tín dụng.',
    'Xác nhận lại: vé một chiều JFK → SEA chuyến HAT906 ngày 20/5, hạng phổ thông, hành khách Lia Wu, không hành lý ký gửi, không bảo hiểm, thanh toán $137 bằng thẻ tín dụng đuôi 1234. Tôi đặt vé nhé?',
    'Vâng, đặt giúp tôi.',
    'Đã đặt xong! Mã đặt chỗ 9MZ7KE: chuyến HAT906 từ JFK đến SEA ngày 20/5, hạng phổ thông. Đã trừ $137 vào thẻ tín dụng của bạn.',
    `Cảm ơn! ${STOP}`,
  ],
  zh: [
    `你好，我想订一张5月20日从JFK飞西雅图的单程机票。我的用户ID是 ${USER_ID}。`,
    '我找到5月20日的两趟直飞航班：HAT906（06:00起飞，经济舱$137）和HAT914（13:00起飞，经济舱$164）。您想选择哪个航班和舱位？有几位乘客？',
    '就要最便宜的经济舱HAT906，只有我一个人。不托运行李，不买保险。用信用卡付款。',
    '确认一下：5月20日HAT906单程 JFK → SEA，经济舱，乘客 Lia Wu，无托运行李，不买保险，用尾号1234的信用卡支付$137。要我为您预订吗？',
    '好的，请预订。',
    '已为您订好！预订号 9MZ7KE：5月20日HAT906，JFK飞SEA，经济舱。已从您的信用卡扣款$137。',
    `谢谢！${STOP}`,
  ],
};

export function bookFlight(chat: Chat, lang: Lang, world: World, variant: Variant): ConversationEnd {
  const say = BOOK[lang];
  const line = (k: number): string => say[k] ?? '';
  chat.agent(GREETING[lang]);
  chat.user(line(0));
  if (variant === 'infra') return { termination: 'infrastructure_error', dbMatch: false, driftTurns: [], decisiveTurn: null };
  chat.agent(
    null,
    [
      { name: 'get_user_details', arguments: { user_id: USER_ID }, result: userDetails(world) },
      { name: 'search_direct_flight', arguments: { origin: 'JFK', destination: 'SEA', date: '2024-05-20' }, result: directFlights(world) },
    ],
    { wrapResults: lang === 'zh' },
  );
  chat.agent(line(1));
  chat.user(line(2));
  chat.agent(line(3));
  chat.user(line(4));
  const booking = {
    user_id: USER_ID,
    origin: 'JFK',
    destination: 'SEA',
    flight_type: literal(world, 'one_way'),
    cabin: literal(world, 'economy'),
    flights: [{ flight_number: 'HAT906', date: '2024-05-20' }],
    passengers: [PASSENGER],
    payment_methods: [{ payment_id: CREDIT_CARD, amount: 137 }],
    total_baggages: 0,
    nonfree_baggages: 0,
    insurance: literal(world, 'no'),
  };
  const booked = {
    reservation_id: '9MZ7KE',
    ...booking,
    flights: [{ flight_number: 'HAT906', origin: 'JFK', destination: 'SEA', date: '2024-05-20', price: 137 }],
    payment_history: [{ payment_id: CREDIT_CARD, amount: 137 }],
    created_at: '2024-05-15T15:00:00',
    status: null,
  };
  chat.agent(null, [{ name: 'book_reservation', arguments: booking, result: booked }]);
  chat.agent(line(5));
  chat.user(line(6));
  return { termination: 'user_stop', dbMatch: true, driftTurns: [], decisiveTurn: null };
}

// ---------------------------------------------------------------------------------------------------------------
// Task 14: cancel the trip to Chicago (QTR52M), not the one to Miami (P7HV3D).

interface CancelLines {
  request: string;
  lookingUp: string;
  found: string;
  confirm: string;
  done: string;
  thanks: string;
  /** The wrong pick, its confirmation, the outcome and the user's reaction (failing variants). */
  wrongPick: string;
  wrongDone: string;
  protest: string;
  /** The loop of the max_steps variant. */
  whichOne: string;
  theChicagoOne: string;
}

const CANCEL: Record<Lang, CancelLines> = {
  en: {
    request: `Hi, I need to cancel my upcoming trip to Chicago. My user id is ${USER_ID}.`,
    lookingUp: 'Let me look up your reservations.',
    found: `Your trip to Chicago is reservation QTR52M (JFK → ORD, May 24, HAT947). It has travel insurance, so you can cancel it for a full refund of $${refundOf('QTR52M')} to your credit card. Shall I cancel it?`,
    confirm: 'Yes, please cancel it.',
    done: `Reservation QTR52M is cancelled. The refund of $${refundOf('QTR52M')} will reach your credit card in 5 to 7 business days.`,
    thanks: `Great, thank you. ${STOP}`,
    wrongPick: 'I found your upcoming trip: reservation P7HV3D from JFK on May 28. Would you like me to cancel it?',
    wrongDone: 'Reservation P7HV3D has been cancelled. It has no travel insurance, so no refund is possible.',
    protest: `What? I bought insurance, and I meant the trip to Chicago. ${STOP}`,
    whichOne: 'Which reservation would you like to cancel? Please give me the reservation number.',
    theChicagoOne: "I don't remember the number. It's the one to Chicago.",
  },
  th: {
    request: `สวัสดีค่ะ ฉันต้องการยกเลิกการเดินทางไปชิคาโกที่จะถึงนี้ รหัสผู้ใช้ของฉันคือ ${USER_ID}`,
    lookingUp: 'ขอตรวจสอบการจองของคุณสักครู่นะคะ',
    found: `การเดินทางไปชิคาโกของคุณคือการจอง QTR52M (JFK → ORD วันที่ 24 พฤษภาคม เที่ยวบิน HAT947) มีประกันการเดินทาง จึงยกเลิกและรับเงินคืนเต็มจำนวน $${refundOf('QTR52M')} เข้าบัตรเครดิตได้ ให้ยกเลิกเลยไหมคะ`,
    confirm: 'ใช่ค่ะ ยกเลิกเลย',
    done: `ยกเลิกการจอง QTR52M แล้วค่ะ เงินคืน $${refundOf('QTR52M')} จะเข้าบัตรเครดิตของคุณภายใน 5 ถึง 7 วันทำการ`,
    thanks: `ขอบคุณมากค่ะ ${STOP}`,
    wrongPick: 'พบการเดินทางที่กำลังจะถึงของคุณคือการจอง P7HV3D ออกจาก JFK วันที่ 28 พฤษภาคม ต้องการให้ยกเลิกไหมคะ',
    wrongDone: 'ยกเลิกการจอง P7HV3D เรียบร้อยแล้วค่ะ เนื่องจากไม่มีประกันการเดินทาง จึงไม่สามารถคืนเงินได้ค่ะ',
    protest: `อ้าว ฉันซื้อประกันไว้นะคะ และที่ฉันหมายถึงคือทริปไปชิคาโกค่ะ ${STOP}`,
    whichOne: 'คุณต้องการยกเลิกการจองใดคะ กรุณาแจ้งหมายเลขการจอง',
    theChicagoOne: 'ฉันจำหมายเลขไม่ได้ค่ะ เป็นอันที่ไปชิคาโก',
  },
  vi: {
    request: `Chào bạn, tôi cần hủy chuyến đi Chicago sắp tới. Mã người dùng của tôi là ${USER_ID}.`,
    lookingUp: 'Để tôi kiểm tra các đặt chỗ của bạn.',
    found: `Chuyến đi Chicago của bạn là đặt chỗ QTR52M (JFK → ORD, ngày 24/5, chuyến HAT947). Đặt chỗ này có bảo hiểm du lịch nên có thể hủy và được hoàn toàn bộ $${refundOf('QTR52M')} vào thẻ tín dụng. Tôi hủy nhé?`,
    confirm: 'Vâng, hủy giúp tôi.',
    done: `Đặt chỗ QTR52M đã được hủy. Khoản hoàn $${refundOf('QTR52M')} sẽ về thẻ tín dụng của bạn trong 5 đến 7 ngày làm việc.`,
    thanks: `Tuyệt, cảm ơn bạn. ${STOP}`,
    wrongPick: 'Tôi thấy chuyến đi sắp tới của bạn: đặt chỗ P7HV3D khởi hành từ JFK ngày 28/5. Bạn có muốn hủy không?',
    wrongDone: 'Đặt chỗ P7HV3D đã được hủy. Đặt chỗ này không có bảo hiểm du lịch nên không được hoàn tiền.',
    protest: `Hả? Tôi đã mua bảo hiểm, và ý tôi là chuyến đi Chicago. ${STOP}`,
    whichOne: 'Bạn muốn hủy đặt chỗ nào? Vui lòng cho tôi mã đặt chỗ.',
    theChicagoOne: 'Tôi không nhớ mã. Là chuyến đi Chicago.',
  },
  zh: {
    request: `你好，我需要取消即将到来的芝加哥之行。我的用户ID是 ${USER_ID}。`,
    lookingUp: '我来查一下您的预订。',
    found: `您的芝加哥行程是预订 QTR52M（JFK → ORD，5月24日，HAT947）。该预订有旅行保险，可以取消并全额退款$${refundOf('QTR52M')}到您的信用卡。要我为您取消吗？`,
    confirm: '好的，请取消。',
    done: `预订 QTR52M 已取消。退款$${refundOf('QTR52M')}将在5到7个工作日内退回您的信用卡。`,
    thanks: `太好了，谢谢。${STOP}`,
    wrongPick: '我找到了您即将出行的预订：P7HV3D，5月28日从JFK出发。要为您取消吗？',
    wrongDone: '预订 P7HV3D 已取消。该预订没有旅行保险，因此无法退款。',
    protest: `什么？我买了保险，而且我说的是去芝加哥的那个。${STOP}`,
    whichOne: '请问您要取消哪个预订？请告诉我预订号。',
    theChicagoOne: '我不记得预订号了。是去芝加哥的那个。',
  },
};

export function cancelTrip(chat: Chat, lang: Lang, world: World, variant: Variant): ConversationEnd {
  const say = CANCEL[lang];
  chat.agent(GREETING[lang]);
  chat.user(say.request);
  chat.agent(null, [{ name: 'get_user_details', arguments: { user_id: USER_ID }, result: userDetails(world) }]);
  if (variant === 'max_steps') {
    // The agent never looks the reservations up; the user cannot give a number; the run hits the step limit.
    for (let k = 0; k < 12; k++) {
      chat.agent(say.whichOne);
      chat.user(say.theChicagoOne);
    }
    chat.agent(say.whichOne);
    return { termination: 'max_steps', dbMatch: false, driftTurns: [], decisiveTurn: null };
  }
  chat.agent(say.lookingUp, [
    { name: 'get_reservation_details', arguments: { reservation_id: 'QTR52M' }, result: reservation(world, 'QTR52M') },
    { name: 'get_reservation_details', arguments: { reservation_id: 'P7HV3D' }, result: reservation(world, 'P7HV3D') },
  ]);
  if (variant === 'wrong_reservation' || variant === 'wrong_reservation_drift') {
    const drift = variant === 'wrong_reservation_drift';
    chat.agent(drift ? CANCEL.en.wrongPick : say.wrongPick);
    const driftTurn = lastTurn(chat);
    chat.user(say.confirm);
    chat.agent(null, [
      { name: 'cancel_reservation', arguments: { reservation_id: 'P7HV3D' }, result: reservation(world, 'P7HV3D', { status: 'cancelled' }) },
    ]);
    const decisiveTurn = lastTurn(chat) - 1;
    chat.agent(say.wrongDone);
    chat.user(say.protest);
    return { termination: 'user_stop', dbMatch: false, driftTurns: drift ? [driftTurn] : [], decisiveTurn };
  }
  chat.agent(say.found);
  chat.user(say.confirm);
  chat.agent(null, [
    { name: 'cancel_reservation', arguments: { reservation_id: 'QTR52M' }, result: reservation(world, 'QTR52M', { status: 'cancelled' }) },
  ]);
  chat.agent(say.done);
  chat.user(say.thanks);
  return { termination: 'user_stop', dbMatch: true, driftTurns: [], decisiveTurn: null };
}

// ---------------------------------------------------------------------------------------------------------------
// Task 27: upgrade both flights of 7PX284 to business, paid with the gift card.

const UPGRADE_COST = 658;

const UPGRADE: Record<Lang, string[]> = {
  en: [
    `Hi, I want to upgrade my reservation 7PX284 to business class. My user id is ${USER_ID}.`,
    `Your round trip JFK ⇄ SEA (HAT906 on May 20, HAT972 on May 27) is in economy. Upgrading both flights to business costs $${UPGRADE_COST} in total. Which payment method would you like to use?`,
    'Please use my gift card.',
    `Done! Both flights are now in business class, and $${UPGRADE_COST} was charged to your gift card.`,
    `Done! Both flights are now in business class, and $${UPGRADE_COST} was charged to your credit card.`,
    `Thank you! ${STOP}`,
    `Wait, I asked you to use the gift card. ${STOP}`,
  ],
  th: [
    `สวัสดีค่ะ ฉันต้องการอัปเกรดการจอง 7PX284 เป็นชั้นธุรกิจ รหัสผู้ใช้ของฉันคือ ${USER_ID}`,
    `การเดินทางไป-กลับ JFK ⇄ SEA ของคุณ (HAT906 วันที่ 20 พฤษภาคม และ HAT972 วันที่ 27 พฤษภาคม) อยู่ในชั้นประหยัด การอัปเกรดทั้งสองเที่ยวบินเป็นชั้นธุรกิจมีค่าใช้จ่ายรวม $${UPGRADE_COST} ต้องการชำระด้วยวิธีใดคะ`,
    'ใช้บัตรของขวัญค่ะ',
    `เรียบร้อยค่ะ! ทั้งสองเที่ยวบินเป็นชั้นธุรกิจแล้ว และเรียกเก็บเงิน $${UPGRADE_COST} จากบัตรของขวัญของคุณแล้วค่ะ`,
    `เรียบร้อยค่ะ! ทั้งสองเที่ยวบินเป็นชั้นธุรกิจแล้ว และเรียกเก็บเงิน $${UPGRADE_COST} จากบัตรเครดิตของคุณแล้วค่ะ`,
    `ขอบคุณค่ะ ${STOP}`,
    `เดี๋ยวนะคะ ฉันบอกให้ใช้บัตรของขวัญ ${STOP}`,
  ],
  vi: [
    `Chào bạn, tôi muốn nâng hạng đặt chỗ 7PX284 lên hạng thương gia. Mã người dùng của tôi là ${USER_ID}.`,
    `Chuyến khứ hồi JFK ⇄ SEA của bạn (HAT906 ngày 20/5, HAT972 ngày 27/5) đang ở hạng phổ thông. Nâng cả hai chuyến lên hạng thương gia tốn tổng cộng $${UPGRADE_COST}. Bạn muốn thanh toán bằng phương thức nào?`,
    'Dùng thẻ quà tặng của tôi nhé.',
    `Xong rồi! Cả hai chuyến bay đã lên hạng thương gia và $${UPGRADE_COST} đã được trừ vào thẻ quà tặng của bạn.`,
    `Xong rồi! Cả hai chuyến bay đã lên hạng thương gia và $${UPGRADE_COST} đã được trừ vào thẻ tín dụng của bạn.`,
    `Cảm ơn bạn! ${STOP}`,
    `Ơ, tôi đã bảo dùng thẻ quà tặng mà. ${STOP}`,
  ],
  zh: [
    `你好，我想把预订 7PX284 升级到商务舱。我的用户ID是 ${USER_ID}。`,
    `您的 JFK ⇄ SEA 往返行程（5月20日 HAT906，5月27日 HAT972）目前是经济舱。两个航班都升级到商务舱共需$${UPGRADE_COST}。您想用哪种方式付款？`,
    '请用我的礼品卡。',
    `好了！两个航班都已升级为商务舱，已从您的礼品卡扣款$${UPGRADE_COST}。`,
    `好了！两个航班都已升级为商务舱，已从您的信用卡扣款$${UPGRADE_COST}。`,
    `谢谢！${STOP}`,
    `等等，我说的是用礼品卡。${STOP}`,
  ],
};

const FLIGHTS_7PX284 = [
  { flight_number: 'HAT906', date: '2024-05-20' },
  { flight_number: 'HAT972', date: '2024-05-27' },
];

export function upgradeCabin(chat: Chat, lang: Lang, world: World, variant: Variant): ConversationEnd {
  const say = UPGRADE[lang];
  const line = (k: number): string => say[k] ?? '';
  chat.agent(GREETING[lang]);
  chat.user(line(0));
  chat.agent(null, [{ name: 'get_reservation_details', arguments: { reservation_id: '7PX284' }, result: reservation(world, '7PX284') }]);
  chat.agent(line(1));
  chat.user(line(2));
  if (variant === 'tool_errors') {
    for (let k = 0; k < 3; k++) {
      chat.agent(null, [
        {
          name: 'update_reservation_flights',
          arguments: { reservation_id: '7PX284', cabin: literal(world, 'business'), payment_id: GIFT_CARD },
          result: "Error: 1 validation error for update_reservation_flights\nflights\n  Field required [type=missing, input_value={'reservation_id': '7PX284', 'cabin': 'business', 'payment_id': 'gift_card_7126655'}, input_type=dict]",
          error: true,
        },
      ]);
    }
    return { termination: 'too_many_errors', dbMatch: false, driftTurns: [], decisiveTurn: null };
  }
  const wrongPayment = variant === 'wrong_payment';
  const paymentId = wrongPayment ? CREDIT_CARD : GIFT_CARD;
  chat.agent(null, [
    {
      name: 'update_reservation_flights',
      arguments: { reservation_id: '7PX284', cabin: literal(world, 'business'), flights: FLIGHTS_7PX284, payment_id: paymentId },
      result: reservation(world, '7PX284', { cabin: 'business', paidBy: paymentId, extra: UPGRADE_COST }),
    },
  ]);
  const decisiveTurn = wrongPayment ? lastTurn(chat) - 1 : null;
  chat.agent(line(wrongPayment ? 4 : 3));
  chat.user(line(wrongPayment ? 6 : 5));
  return { termination: 'user_stop', dbMatch: !wrongPayment, driftTurns: [], decisiveTurn };
}
