// The three airline tasks of the tau2-seatau example, as SEATau ships them: ids and evaluation_criteria.actions are
// the English originals in every language (canonical arguments); the user's instructions are translated.

import { CREDIT_CARD, GIFT_CARD, PASSENGER, USER_ID, type Lang } from './airlineWorld';
import type { Json } from './chat';

export interface ExpectedAction {
  action_id: string;
  requestor: 'assistant';
  name: string;
  arguments: Json;
  info: null;
  compare_args: string[] | null;
}

export interface TaskSpec {
  id: string;
  purpose: string;
  reasonForCall: Record<Lang, string>;
  knownInfo: Record<Lang, string>;
  unknownInfo: Record<Lang, string> | null;
  taskInstructions: Record<Lang, string>;
  actions: ExpectedAction[];
  communicateInfo: string[];
  rewardBasis: string[];
}

function action(id: string, name: string, args: Json): ExpectedAction {
  return { action_id: id, requestor: 'assistant', name, arguments: args, info: null, compare_args: null };
}

const KNOWN_USER: Record<Lang, string> = {
  en: `Your user id is ${USER_ID}.`,
  th: `รหัสผู้ใช้ของคุณคือ ${USER_ID}`,
  vi: `Mã người dùng của bạn là ${USER_ID}.`,
  zh: `您的用户ID是 ${USER_ID}。`,
};

export const BOOK_FLIGHT: TaskSpec = {
  id: '3',
  purpose: 'Book the cheapest direct economy flight with the stated payment method, no bags and no insurance.',
  reasonForCall: {
    en: 'You want to book a one-way flight from New York (JFK) to Seattle (SEA) on May 20, 2024.',
    th: 'คุณต้องการจองเที่ยวบินเที่ยวเดียวจากนิวยอร์ก (JFK) ไปซีแอตเทิล (SEA) ในวันที่ 20 พฤษภาคม 2024',
    vi: 'Bạn muốn đặt một chuyến bay một chiều từ New York (JFK) đến Seattle (SEA) vào ngày 20 tháng 5 năm 2024.',
    zh: '您想预订一张2024年5月20日从纽约（JFK）飞往西雅图（SEA）的单程机票。',
  },
  knownInfo: KNOWN_USER,
  unknownInfo: null,
  taskInstructions: {
    en: 'You want the cheapest economy seat on a direct flight, for yourself only, with no checked bags and no travel insurance. Pay with your credit card.',
    th: 'คุณต้องการที่นั่งชั้นประหยัดที่ถูกที่สุดบนเที่ยวบินตรง สำหรับตัวคุณเองเท่านั้น ไม่มีกระเป๋าโหลดและไม่ซื้อประกันการเดินทาง ชำระด้วยบัตรเครดิต',
    vi: 'Bạn muốn ghế hạng phổ thông rẻ nhất trên chuyến bay thẳng, chỉ cho bản thân, không có hành lý ký gửi và không mua bảo hiểm du lịch. Thanh toán bằng thẻ tín dụng.',
    zh: '您想要直飞航班上最便宜的经济舱座位，仅限您本人，不托运行李，也不购买旅行保险。用信用卡支付。',
  },
  actions: [
    action('3_0', 'get_user_details', { user_id: USER_ID }),
    action('3_1', 'search_direct_flight', { origin: 'JFK', destination: 'SEA', date: '2024-05-20' }),
    action('3_2', 'book_reservation', {
      user_id: USER_ID,
      origin: 'JFK',
      destination: 'SEA',
      flight_type: 'one_way',
      cabin: 'economy',
      flights: [{ flight_number: 'HAT906', date: '2024-05-20' }],
      passengers: [PASSENGER],
      payment_methods: [{ payment_id: CREDIT_CARD, amount: 137 }],
      total_baggages: 0,
      nonfree_baggages: 0,
      insurance: 'no',
    }),
  ],
  communicateInfo: [],
  rewardBasis: ['DB'],
};

export const CANCEL_TRIP: TaskSpec = {
  id: '14',
  purpose: 'Identify the reservation the user means from its destination, cancel only that one and state the refund.',
  reasonForCall: {
    en: 'You want to cancel your upcoming trip to Chicago.',
    th: 'คุณต้องการยกเลิกการเดินทางไปชิคาโกที่กำลังจะถึง',
    vi: 'Bạn muốn hủy chuyến đi Chicago sắp tới.',
    zh: '您想取消即将到来的芝加哥之行。',
  },
  knownInfo: KNOWN_USER,
  unknownInfo: {
    en: 'You do not remember the reservation number.',
    th: 'คุณจำหมายเลขการจองไม่ได้',
    vi: 'Bạn không nhớ mã đặt chỗ.',
    zh: '您不记得预订号。',
  },
  taskInstructions: {
    en: 'Ask for a full refund; you bought travel insurance. Do not cancel any other reservation.',
    th: 'ขอเงินคืนเต็มจำนวน เพราะคุณซื้อประกันการเดินทางไว้ ห้ามยกเลิกการจองอื่น',
    vi: 'Yêu cầu hoàn tiền toàn bộ; bạn đã mua bảo hiểm du lịch. Không hủy đặt chỗ nào khác.',
    zh: '要求全额退款；您购买了旅行保险。不要取消其他任何预订。',
  },
  actions: [
    action('14_0', 'get_user_details', { user_id: USER_ID }),
    action('14_1', 'get_reservation_details', { reservation_id: 'QTR52M' }),
    action('14_2', 'cancel_reservation', { reservation_id: 'QTR52M' }),
  ],
  communicateInfo: ['327'],
  rewardBasis: ['DB', 'COMMUNICATE'],
};

export const UPGRADE_CABIN: TaskSpec = {
  id: '27',
  purpose: 'Upgrade both flights of a round trip to business and charge the difference to the payment method the user names.',
  reasonForCall: {
    en: 'You want to upgrade both flights of reservation 7PX284 to business class.',
    th: 'คุณต้องการอัปเกรดเที่ยวบินทั้งสองของการจอง 7PX284 เป็นชั้นธุรกิจ',
    vi: 'Bạn muốn nâng hạng cả hai chuyến bay của đặt chỗ 7PX284 lên hạng thương gia.',
    zh: '您想将预订7PX284的两个航班都升级为商务舱。',
  },
  knownInfo: KNOWN_USER,
  unknownInfo: null,
  taskInstructions: {
    en: 'Pay the fare difference with your gift card, not your credit card.',
    th: 'ชำระส่วนต่างค่าโดยสารด้วยบัตรของขวัญ ไม่ใช่บัตรเครดิต',
    vi: 'Thanh toán phần chênh lệch giá vé bằng thẻ quà tặng, không dùng thẻ tín dụng.',
    zh: '用礼品卡支付差价，不要用信用卡。',
  },
  actions: [
    action('27_0', 'get_reservation_details', { reservation_id: '7PX284' }),
    action('27_1', 'update_reservation_flights', {
      reservation_id: '7PX284',
      cabin: 'business',
      flights: [
        { flight_number: 'HAT906', date: '2024-05-20' },
        { flight_number: 'HAT972', date: '2024-05-27' },
      ],
      payment_id: GIFT_CARD,
    }),
  ],
  communicateInfo: [],
  rewardBasis: ['DB'],
};

export const TASKS: TaskSpec[] = [BOOK_FLIGHT, CANCEL_TRIP, UPGRADE_CABIN];

/** The task object as a results file of that language holds it. */
export function taskObject(task: TaskSpec, lang: Lang): Json {
  return {
    id: task.id,
    description: { purpose: task.purpose, relevant_policies: null, notes: null },
    user_scenario: {
      persona: null,
      instructions: {
        domain: 'airline',
        reason_for_call: task.reasonForCall[lang],
        known_info: task.knownInfo[lang],
        unknown_info: task.unknownInfo?.[lang] ?? null,
        task_instructions: task.taskInstructions[lang],
      },
    },
    initial_state: null,
    evaluation_criteria: {
      actions: task.actions,
      env_assertions: null,
      communicate_info: task.communicateInfo,
      nl_assertions: null,
      reward_basis: task.rewardBasis,
    },
  };
}
