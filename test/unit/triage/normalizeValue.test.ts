import { describe, expect, it } from 'vitest';
import { sameAfterNormalising, sameItemsReordered } from '../../../src/core/triage/normalizeValue';

describe('values that differ only in format', () => {
  it.each([
    ['2024-10-21 09:00:00', '21/10/2024 9:00'],
    ['2024-10-21 09:00:00', '10/21/2024 9:00 am'],
    ['2024-10-21T21:30:00Z', '2024年10月21日 21時30分'],
    ['2024-10-21', '21.10.2024'],
    ['09:00', '9 h'],
    ['1500', '1,500'],
    ['1500.5', '1.500,50'],
    [1500, '1 500'],
    ['१५००', '1500'],
    ['１５００', '1500'],
    ['Harbor Loft', ' harbor  loft '],
    [['a@x.com', 'B@x.com'], ['A@x.com', 'b@x.com']],
  ])('%j and %j are the same value', (a, b) => {
    expect(sameAfterNormalising(a, b)).toBe(true);
  });

  it.each([
    ['2024-10-19 09:00:00', '2024-10-21 09:00:00'],
    ['2024-10-21 09:00:00', '21/10/2024 10:00'],
    ['itm_2290', 'itm_4471'],
    ['1500', '1,501'],
    ['15,5', '1550'],
    [['Omar', 'Lena'], ['Lena', 'Omar']],
  ])('%j and %j are different values', (a, b) => {
    expect(sameAfterNormalising(a, b)).toBe(false);
  });

  it('tells a reordered list from a different one', () => {
    expect(sameItemsReordered(['Omar', 'Lena'], ['lena', 'Omar'])).toBe(true);
    expect(sameItemsReordered(['Omar', 'Lena'], ['Omar', 'Lena'])).toBe(false);
    expect(sameItemsReordered(['Omar', 'Lena'], ['Lena', 'Maria'])).toBe(false);
  });
});
