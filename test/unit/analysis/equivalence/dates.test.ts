import { describe, expect, it } from 'vitest';
import { shared } from './forms';

describe('date forms', () => {
  it.each([
    ['16/10/2024', 'fra'],
    ['16/10/2024', 'eng'],
    ['10/16/2024', 'eng'],
    ['10/16/2024', 'deu'],
    ['16.10.2024', 'deu'],
    ['2024/10/16', 'jpn'],
    ['2024年10月16日', 'cmn'],
    ['二〇二四年十月十六日', 'cmn'],
    ['2024년 10월 16일', 'kor'],
    ['16 ต.ค. 2567', 'tha'],
    ['16 ตุลาคม 2567', 'tha'],
    ['๑๖ ต.ค. ๒๕๖๗', 'tha'],
    ['October 16, 2024', 'eng'],
    ['Oct 16, 2024', 'eng'],
    ['16 de octubre de 2024', 'spa'],
    ['16 de outubro de 2024', 'por'],
    ['16. Oktober 2024', 'deu'],
    ['16 octobre 2024', 'fra'],
    ['16 ottobre 2024', 'ita'],
    ['16 Oktober 2024', 'ind'],
    ['16 Ekim 2024', 'tur'],
    ['16 अक्टूबर 2024', 'hin'],
  ])('reads %s (%s) as 2024-10-16', (form, language) => {
    expect(shared('2024-10-16', 'eng', form, language)).toBe('2024-10-16');
  });

  it('reads a Thai Buddhist Era year 2567 as 2024, in numeric dates of a Thai run too', () => {
    expect(shared('2024-01-05', 'eng', '5 ม.ค. 2567', 'tha')).toBe('2024-01-05');
    expect(shared('05/01/2024', 'eng', '05/01/2567', 'tha')).toBeNull();
    expect(shared('2024-01-05', 'eng', '05/01/2567', 'tha')).toBe('2024-01-05');
  });

  it('reads an ambiguous numeric date by each run’s locale, and not at all without one', () => {
    expect(shared('03/04/2024', 'eng', '04/03/2024', 'fra')).toBe('2024-03-04');
    expect(shared('03/04/2024', 'eng', '03/04/2024', 'fra')).toBeNull();
    expect(shared('2024-03-04', 'xyz', '03/04/2024', 'xyz')).toBeNull();
  });

  it('keeps 2024-10-16 and 2024-10-17 changed, in any form', () => {
    expect(shared('2024-10-16', 'eng', '2024-10-17', 'eng')).toBeNull();
    expect(shared('2024-10-16', 'eng', '17/10/2024', 'fra')).toBeNull();
    expect(shared('2024-10-16', 'eng', '2024年10月17日', 'cmn')).toBeNull();
    expect(shared('2024-10-16', 'eng', '16 ต.ค. 2568', 'tha')).toBeNull();
  });

  it('finds dates inside text', () => {
    expect(shared('Dinner on October 16, 2024 at 7', 'eng', 'Dinner on 16/10/2024 at 7', 'spa')).toBe('Dinner on 2024-10-16 at 7');
  });

  it('is no date when there is no such day', () => {
    expect(shared('2024-02-30', 'eng', '30/02/2024', 'fra')).toBeNull();
  });
});
