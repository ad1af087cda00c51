import { describe, expect, it } from 'vitest';
import { diffArgs } from '../../../src/core/analysis/diffArgs';
import {
  canonicalizeArgs,
  canonicalLiteral,
  DEFAULT_TAU2_DOMAINS,
  findDomainDir,
  loadRunValueSets,
  loadValueSets,
  valueSetsFromJson,
  type ValueSets,
} from '../../../src/core/formats/tau2';
import { parseConfig } from '../../../src/core/index/config';
import { tempTrees } from '../index/tempTree';

const tree = tempTrees();

const literal = (canonical: string, localized: string | string[]) => ({ canonical, localized });

/** A SEATau data_model.json in the shape of data/tau2/domains/airline/th/. */
const THAI_DATA_MODEL = {
  kind: 'schema',
  models: {
    Reservation: {
      fields: {
        cabin: { annotation: 'CabinClass', description: 'ชั้นโดยสารที่เลือก', value_set: 'CabinClass' },
        insurance: { annotation: 'Insurance', description: '…', value_set: 'Insurance' },
        reservation_id: { annotation: 'str', description: '…' },
      },
    },
    User: { fields: { membership: { annotation: 'MembershipLevel', value_set: 'MembershipLevel' } } },
  },
  value_sets: {
    CabinClass: { kind: 'literal', values: [literal('business', 'ธุรกิจ'), literal('economy', 'ประหยัด'), literal('basic_economy', 'ประหยัดพื้นฐาน')] },
    Insurance: { kind: 'literal', values: [literal('yes', 'ใช่'), literal('no', 'ไม่')] },
    MembershipLevel: { kind: 'literal', values: [literal('gold', 'ทอง'), literal('silver', 'เงิน'), literal('regular', 'ปกติ')] },
    'GiftCard.source': { kind: 'literal', values: [literal('gift_card', 'บัตรของขวัญ')], owner_model: 'GiftCard', owner_field: 'source' },
    // The same word for two different values in two sets: only the field can tell which.
    'Reservation.status': { kind: 'literal', values: [literal('cancelled', 'ยกเลิก')], owner_model: 'Reservation', owner_field: 'status' },
    'Order.status': { kind: 'literal', values: [literal('canceled', 'ยกเลิก')], owner_model: 'Order', owner_field: 'order_status' },
  },
};

function thai(): ValueSets {
  const sets = valueSetsFromJson(THAI_DATA_MODEL);
  if (sets === null) throw new Error('no value sets');
  return sets;
}

describe('SEATau value sets: localized enum literals to canonical values', () => {
  it('maps the localized literals of L2 Domain runs, nested at any depth, leaving everything else as recorded', () => {
    const args = {
      reservation_id: 'QTR52M',
      cabin: 'ประหยัด',
      insurance: 'ไม่',
      flights: [{ flight_number: 'HAT906', date: '2024-05-20' }],
      payment_methods: [{ source: 'บัตรของขวัญ', amount: 137 }],
      passengers: [{ first_name: 'ทอง', last_name: 'Li' }],
      count: 2,
      note: null,
    };
    expect(canonicalizeArgs(args, thai())).toEqual({
      ...args,
      cabin: 'economy',
      insurance: 'no',
      payment_methods: [{ source: 'gift_card', amount: 137 }],
      // A localized word that names one value in every set maps wherever it appears (ทอง is gold, also as a name).
      passengers: [{ first_name: 'gold', last_name: 'Li' }],
    });
    expect(args.cabin).toBe('ประหยัด');
  });

  it('resolves a literal two sets use differently by its field, and leaves it alone where no field says', () => {
    const sets = thai();
    expect(canonicalLiteral('ยกเลิก', sets, 'status')).toBe('cancelled');
    expect(canonicalLiteral('ยกเลิก', sets, 'order_status')).toBe('canceled');
    expect(canonicalLiteral('ยกเลิก', sets)).toBe('ยกเลิก');
    expect(canonicalLiteral(' Economy ', sets, 'cabin')).toBe('economy');
    expect(canonicalLiteral('economy', sets)).toBe('economy');
    expect(canonicalLiteral('ประหยัด'.normalize('NFD'), sets)).toBe('economy');
  });

  it('lets the argument diff treat ประหยัด ≙ economy as equal while real differences stay, with the values as recorded', () => {
    const sets = thai();
    const canonicalize = (value: string) => canonicalLiteral(value, sets);
    const baseline = { reservation_id: 'QTR52M', cabin: 'economy', insurance: 'no', flights: [{ flight_number: 'HAT906' }] };
    const target = { reservation_id: 'QTR52M', cabin: 'ประหยัด', insurance: 'ใช่', flights: [{ flight_number: 'HAT906' }] };
    expect(diffArgs(baseline, target, { canonicalize, textParts: false }).map((d) => [d.path, d.baseline, d.target])).toEqual([['insurance', 'no', 'ใช่']]);
    expect(diffArgs(baseline, target, { textParts: false }).map((d) => d.path)).toEqual(['cabin', 'insurance']);
  });

  it('accepts several localized forms per value and ignores malformed entries', () => {
    const sets = valueSetsFromJson({
      value_sets: {
        CabinClass: { values: [literal('economy', ['phổ thông', 'Hạng phổ thông']), { canonical: 3 }, 'x', literal('business', 7 as unknown as string)] },
        Broken: 'not an object',
      },
      models: 'nope',
    });
    if (sets === null) throw new Error('no value sets');
    expect(canonicalLiteral('hạng phổ thông', sets)).toBe('economy');
    expect(canonicalLiteral('Phổ thông', sets)).toBe('economy');
    expect(valueSetsFromJson({ kind: 'schema', models: {} })).toBeNull();
    expect(valueSetsFromJson([1, 2])).toBeNull();
  });

  it('finds the translated domain folder under data/tau2/domains or a configured folder, by label or language code', async () => {
    const fs = await tree({
      'data/tau2/domains/airline/th/data_model.json': JSON.stringify(THAI_DATA_MODEL),
      'assets/domains/retail/vi/data_model.json': JSON.stringify({ value_sets: { OrderStatus: { values: [literal('pending', 'đang chờ')] } } }),
      'data/tau2/domains/telecom/th/data_model.json': '{"value_sets": ',
    });
    const thaiRun = { capability: 'airline', language: 'tha', languageLabel: 'th-TH' };
    expect(await findDomainDir(fs, thaiRun)).toBe(`${DEFAULT_TAU2_DOMAINS}/airline/th`);
    const loaded = await loadRunValueSets(fs, thaiRun);
    expect(loaded.diagnostics).toEqual([]);
    expect(canonicalLiteral('ธุรกิจ', loaded.valueSets ?? thai(), 'cabin')).toBe('business');

    const vietnamese = await loadRunValueSets(fs, { capability: 'retail', language: 'vie', languageLabel: 'vi' }, 'assets/domains');
    expect(vietnamese.valueSets && canonicalLiteral('Đang chờ', vietnamese.valueSets)).toBe('pending');

    // English runs, runs without a domain and runs opened without their assets have nothing to map.
    expect(await loadRunValueSets(fs, { capability: 'airline', language: 'eng', languageLabel: 'en' })).toEqual({ valueSets: null, diagnostics: [] });
    expect(await findDomainDir(fs, { capability: null, language: 'tha', languageLabel: 'th' })).toBeNull();
    expect(await loadValueSets(fs, 'nowhere')).toEqual({ valueSets: null, diagnostics: [] });

    const broken = await loadRunValueSets(fs, { capability: 'telecom', language: 'tha', languageLabel: 'th' });
    expect(broken.valueSets).toBeNull();
    expect(broken.diagnostics).toEqual([expect.objectContaining({ path: 'data/tau2/domains/telecom/th/data_model.json', message: expect.stringContaining('invalid JSON') })]);
  });

  it('reads the domains folder from trajectory-lens.json, rejecting paths outside the run directory', () => {
    expect(parseConfig({ tau2Domains: './assets/domains/' }, ['tau2']).config.tau2Domains).toBe('assets/domains');
    expect(parseConfig({}, ['tau2']).config.tau2Domains).toBeNull();
    for (const bad of ['../SEATauBench/data/tau2/domains', '', 7]) {
      const { config, diagnostics } = parseConfig({ tau2Domains: bad }, ['tau2']);
      expect(config.tau2Domains).toBeNull();
      expect(diagnostics).toEqual([expect.objectContaining({ severity: 'error', message: expect.stringContaining('"tau2Domains" must be a folder inside the run directory') })]);
    }
  });
});
