import { describe, expect, it } from 'vitest';
import { shared } from './forms';

describe('number and amount formats', () => {
  it('reads group and decimal separators by each run’s locale', () => {
    expect(shared('1,234.50', 'eng', '1.234,50', 'deu')).toBe('1234.5');
    expect(shared('1,234.50', 'eng', '1 234,50', 'fra')).toBe('1234.5');
    expect(shared('1,234.50', 'eng', '1\u202f234,50', 'fra')).toBe('1234.5');
    expect(shared('1,234', 'eng', '1.234', 'spa')).toBe('1234');
    expect(shared('1234.5', 'eng', '1234,50', 'ita')).toBe('1234.5');
  });

  it('reads currency symbols and codes as one currency', () => {
    expect(shared('$1,234.50', 'eng', '1.234,50 USD', 'deu')).toBe('USD 1234.5');
    expect(shared('€15', 'eng', '15 €', 'fra')).toBe('EUR 15');
    expect(shared('USD 20', 'eng', 'US$20.00', 'eng')).toBe('USD 20');
    expect(shared('¥1,000', 'jpn', '1,000円', 'jpn')).toBe('JPY 1000');
    expect(shared('¥1,000', 'cmn', '1,000元', 'cmn')).toBe('CNY 1000');
    expect(shared('THB 500', 'eng', '500 บาท', 'tha')).toBe('THB 500');
  });

  it('keeps 1,234 and 1,243 changed', () => {
    expect(shared('1,234', 'eng', '1,243', 'eng')).toBeNull();
    expect(shared('1,234.50', 'eng', '1.243,50', 'deu')).toBeNull();
  });

  it('keeps amounts in two currencies, or with and without a currency, changed', () => {
    expect(shared('$15', 'eng', '€15', 'eng')).toBeNull();
    expect(shared('15', 'eng', '$15', 'eng')).toBeNull();
  });

  it('does not guess 1,234 when the locale does not say which separator is the decimal one', () => {
    expect(shared('1,234', 'xyz', '1234', 'xyz')).toBeNull();
    expect(shared('1,234', 'eng', '1,234', 'deu')).toBeNull();
  });

  it('leaves ids, codes and versions as they are', () => {
    expect(shared('007', 'eng', '7', 'eng')).toBeNull();
    expect(shared('v1.2.3', 'eng', 'v1.2.30', 'eng')).toBeNull();
    expect(shared('A12', 'eng', 'A012', 'eng')).toBeNull();
  });
});
