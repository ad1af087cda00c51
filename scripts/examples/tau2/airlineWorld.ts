// The airline world of the tau2-seatau example: one customer, her reservations and the flights the tasks touch, in
// canonical form and as a SEATau L2 Domain run sees them (Thai enum literals in the database and tool results).

export const LANGS = ['en', 'th', 'vi', 'zh'] as const;
export type Lang = (typeof LANGS)[number];

/** Thai literals of the airline value sets, as data/tau2/domains/airline/th/data_model.json lists them. */
export const THAI_VALUE_SETS: Record<string, { field: string | null; values: Array<[string, string]> }> = {
  FlightType: { field: null, values: [['round_trip', 'ไป-กลับ'], ['one_way', 'เที่ยวเดียว']] },
  CabinClass: { field: null, values: [['business', 'ธุรกิจ'], ['economy', 'ประหยัด'], ['basic_economy', 'ประหยัดพื้นฐาน']] },
  Insurance: { field: null, values: [['yes', 'ใช่'], ['no', 'ไม่']] },
  MembershipLevel: { field: null, values: [['gold', 'ทอง'], ['silver', 'เงิน'], ['regular', 'ปกติ']] },
  'CreditCard.source': { field: 'source', values: [['credit_card', 'บัตรเครดิต']] },
  'GiftCard.source': { field: 'source', values: [['gift_card', 'บัตรของขวัญ']] },
  'Certificate.source': { field: 'source', values: [['certificate', 'ใบรับรอง']] },
  'FlightDateStatusAvailable.status': { field: 'status', values: [['available', 'ว่าง']] },
  'Reservation.status': { field: 'status', values: [['cancelled', 'ยกเลิกแล้ว']] },
};

const THAI = new Map(Object.values(THAI_VALUE_SETS).flatMap((set) => set.values));

/** Whether a run's database and tools speak localized literals (SEATau L2 Domain). */
export interface World {
  localized: boolean;
}

/** A canonical enum literal as the run's environment writes it. */
export function literal(world: World, canonical: string): string {
  return world.localized ? (THAI.get(canonical) ?? canonical) : canonical;
}

export const USER_ID = 'lia_wu_5820';
export const CREDIT_CARD = 'credit_card_4421984';
export const GIFT_CARD = 'gift_card_7126655';

export function userDetails(world: World): Record<string, unknown> {
  return {
    user_id: USER_ID,
    name: { first_name: 'Lia', last_name: 'Wu' },
    address: { address1: '482 Cedar Avenue', address2: 'Suite 604', city: 'Austin', country: 'USA', state: 'TX', zip: '78704' },
    email: 'lia.wu2947@example.com',
    dob: '1991-07-12',
    payment_methods: {
      [CREDIT_CARD]: { source: literal(world, 'credit_card'), brand: 'visa', last_four: '1234', id: CREDIT_CARD },
      [GIFT_CARD]: { source: literal(world, 'gift_card'), amount: 780, id: GIFT_CARD },
    },
    saved_passengers: [{ first_name: 'Imogen', last_name: 'Patel', dob: '1958-11-09' }],
    membership: literal(world, 'gold'),
    reservations: ['QTR52M', 'P7HV3D', '7PX284'],
  };
}

export const PASSENGER = { first_name: 'Lia', last_name: 'Wu', dob: '1991-07-12' };

export function directFlights(world: World): Array<Record<string, unknown>> {
  const flight = (number: string, departure: string, arrival: string, economy: number, business: number) => ({
    flight_number: number,
    origin: 'JFK',
    destination: 'SEA',
    status: literal(world, 'available'),
    scheduled_departure_time_est: departure,
    scheduled_arrival_time_est: arrival,
    date: null,
    available_seats: { basic_economy: 9, economy: 14, business: 6 },
    prices: { basic_economy: 94, economy: economy, business: business },
  });
  return [flight('HAT906', '06:00:00', '12:00:00', 137, 461), flight('HAT914', '13:00:00', '19:00:00', 164, 498)];
}

interface ReservationSpec {
  id: string;
  origin: string;
  destination: string;
  flightType: 'one_way' | 'round_trip';
  cabin: string;
  flights: Array<{ flight_number: string; origin: string; destination: string; date: string; price: number }>;
  insurance: 'yes' | 'no';
  createdAt: string;
}

const RESERVATIONS: Record<string, ReservationSpec> = {
  QTR52M: {
    id: 'QTR52M',
    origin: 'JFK',
    destination: 'ORD',
    flightType: 'one_way',
    cabin: 'economy',
    flights: [{ flight_number: 'HAT947', origin: 'JFK', destination: 'ORD', date: '2024-05-24', price: 297 }],
    insurance: 'yes',
    createdAt: '2024-05-02T09:14:07',
  },
  P7HV3D: {
    id: 'P7HV3D',
    origin: 'JFK',
    destination: 'MIA',
    flightType: 'one_way',
    cabin: 'economy',
    flights: [{ flight_number: 'HAT925', origin: 'JFK', destination: 'MIA', date: '2024-05-28', price: 412 }],
    insurance: 'no',
    createdAt: '2024-05-06T17:40:51',
  },
  '7PX284': {
    id: '7PX284',
    origin: 'JFK',
    destination: 'SEA',
    flightType: 'round_trip',
    cabin: 'economy',
    flights: [
      { flight_number: 'HAT906', origin: 'JFK', destination: 'SEA', date: '2024-05-20', price: 137 },
      { flight_number: 'HAT972', origin: 'SEA', destination: 'JFK', date: '2024-05-27', price: 151 },
    ],
    insurance: 'no',
    createdAt: '2024-05-08T11:02:33',
  },
};

/** Travel insurance costs $30 per passenger and is refunded with the fare. */
export const INSURANCE_FEE = 30;

export function reservation(
  world: World,
  id: keyof typeof RESERVATIONS,
  change: { cabin?: string; status?: string; paidBy?: string; extra?: number } = {},
): Record<string, unknown> {
  const spec = RESERVATIONS[id];
  if (spec === undefined) throw new Error(`no reservation ${id}`);
  const fare = spec.flights.reduce((sum, f) => sum + f.price, 0) + (spec.insurance === 'yes' ? INSURANCE_FEE : 0);
  const payments = [{ payment_id: CREDIT_CARD, amount: fare }];
  if (change.extra !== undefined) payments.push({ payment_id: change.paidBy ?? CREDIT_CARD, amount: change.extra });
  return {
    reservation_id: spec.id,
    user_id: USER_ID,
    origin: spec.origin,
    destination: spec.destination,
    flight_type: literal(world, spec.flightType),
    cabin: literal(world, change.cabin ?? spec.cabin),
    flights: spec.flights,
    passengers: [PASSENGER],
    payment_history: payments,
    created_at: spec.createdAt,
    total_baggages: 0,
    nonfree_baggages: 0,
    insurance: literal(world, spec.insurance),
    status: change.status === undefined ? null : literal(world, change.status),
  };
}

/** What cancelling a reservation refunds: the whole fare with insurance, nothing without. */
export function refundOf(id: keyof typeof RESERVATIONS): number {
  const spec = RESERVATIONS[id];
  if (spec === undefined) throw new Error(`no reservation ${id}`);
  return spec.insurance === 'yes' ? spec.flights.reduce((sum, f) => sum + f.price, 0) + INSURANCE_FEE : 0;
}

export const POLICY =
  '# Airline Agent Policy\n\nThe current time is 2024-05-15 15:00:00 EST.\n\nAs an airline agent, you can help users book, modify, or cancel ' +
  'flight reservations. Before taking any action that updates the booking database (booking, modifying flights, editing baggage, ' +
  'upgrading cabin class, or updating passenger information), you must list the action details and obtain explicit user ' +
  'confirmation (yes) to proceed.\n\nCancellation: a reservation with travel insurance can be cancelled for a full refund; ' +
  'refunds go to the original payment methods in 5 to 7 business days.';
