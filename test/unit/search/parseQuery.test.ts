import { describe, expect, it } from 'vitest';
import { parseQuery, type SearchQuery } from '../../../src/core/search/parseQuery';

function parsed(text: string): SearchQuery {
  const result = parseQuery(text);
  if (!result.ok) throw new Error(`unexpected error: ${result.error.message}`);
  return result.query;
}

function error(text: string): { message: string; term: string } {
  const result = parseQuery(text);
  if (result.ok) throw new Error(`"${text}" parsed without error`);
  return { message: result.error.message, term: result.error.term };
}

describe('parseQuery', () => {
  it('parses every term kind of the documented example, AND-ed in order', () => {
    const query = parsed('tool:Contacts.delete_contact arg:contact_id~munich lang:cmn,jpn outcome:fail family:tool_count agent:x scenario:scn_a text:"Lena"');
    expect(query.stepTerms).toEqual([
      { kind: 'tool', values: ['contacts.delete_contact'], substring: false, source: 'tool:Contacts.delete_contact' },
      { kind: 'arg', key: 'contact_id', values: ['munich'], substring: true, source: 'arg:contact_id~munich' },
      { kind: 'text', values: ['lena'], source: 'text:"Lena"' },
    ]);
    expect(query.runTerms.map((t) => [t.field, t.values, t.substring])).toEqual([
      ['lang', ['cmn', 'jpn'], false],
      ['outcome', ['fail'], false],
      ['family', ['tool_count'], false],
      ['agent', ['x'], false],
      ['scenario', ['scn_a'], false],
    ]);
  });

  it('reads App__fn and App.fn as the same tool name', () => {
    expect(parsed('tool:Contacts__delete_contact').stepTerms).toEqual(parsed('tool:contacts.DELETE_CONTACT').stepTerms.map((t) => ({ ...t, source: 'tool:Contacts__delete_contact' })));
  });

  it('tells exact, substring and presence argument terms apart', () => {
    expect(parsed('arg:query=Zhang').stepTerms[0]).toMatchObject({ key: 'query', values: ['zhang'], substring: false });
    expect(parsed('arg:query~Zha').stepTerms[0]).toMatchObject({ key: 'query', values: ['zha'], substring: true });
    expect(parsed('arg:query').stepTerms[0]).toMatchObject({ key: 'query', values: null });
  });

  it('takes ~ after the colon as substring for any field', () => {
    expect(parsed('scenario:~budget').runTerms[0]).toMatchObject({ field: 'scenario', values: ['budget'], substring: true });
    expect(parsed('tool:~delete').stepTerms[0]).toMatchObject({ kind: 'tool', values: ['delete'], substring: true });
  });

  it('keeps spaces and commas inside quotes, with escaped quotes', () => {
    expect(parsed('text:"Munich, Germany","say \\"hi\\""').stepTerms[0]).toMatchObject({ values: ['munich, germany', 'say "hi"'] });
    expect(parsed('arg:subject~"Q4 budget"').stepTerms[0]).toMatchObject({ values: ['q4 budget'] });
  });

  it('takes a word without a field as text', () => {
    expect(parsed('Lena "Zhang Wei"').stepTerms).toEqual([
      { kind: 'text', values: ['lena'], source: 'Lena' },
      { kind: 'text', values: ['zhang wei'], source: '"Zhang Wei"' },
    ]);
  });

  it('folds width and case, and reads full-width punctuation as syntax', () => {
    const query = parsed('ＴＯＯＬ：Ｃｏｎｔａｃｔｓ．ｓｅａｒｃｈ＿ｃｏｎｔａｃｔｓ　text：＂ｚｈａｎｇ　ｗｅｉ＂，張偉 lang:JA');
    expect(query.stepTerms).toMatchObject([
      { kind: 'tool', values: ['contacts.search_contacts'] },
      { kind: 'text', values: ['zhang wei', '張偉'] },
    ]);
    expect(query.runTerms[0]).toMatchObject({ field: 'lang', values: ['jpn'] });
  });

  it('normalises language codes (zh → cmn, ja → jpn) and outcomes case-insensitively', () => {
    expect(parsed('lang:zh,ja,eng outcome:FAIL,pass').runTerms.map((t) => t.values)).toEqual([['cmn', 'jpn', 'eng'], ['fail', 'pass']]);
  });

  it('names the bad term', () => {
    expect(error('lang:cmn colour:red')).toEqual({ message: expect.stringContaining('unknown field `colour` in `colour:red`'), term: 'colour:red' });
    expect(error('outcome:fail lang:')).toEqual({ message: 'empty value in `lang:`', term: 'lang:' });
    expect(error('lang:cmn,')).toEqual({ message: 'empty value in `lang:cmn,`', term: 'lang:cmn,' });
    expect(error('lang:,cmn').message).toBe('empty value in `lang:,cmn`');
    expect(error('arg:')).toMatchObject({ message: expect.stringContaining('missing argument name in `arg:`') });
    expect(error('arg:contact_id~')).toMatchObject({ message: 'empty value in `arg:contact_id~`' });
    expect(error('text:""').message).toBe('empty value in `text:""`');
    expect(error('outcome:failed')).toMatchObject({ message: expect.stringContaining('unknown outcome `failed` in `outcome:failed`') });
    expect(error('tool:x text:"Lena outcome:fail')).toEqual({ message: 'unbalanced quote in `text:"Lena`', term: 'text:"Lena outcome:fail' });
    expect(error('text:"Lena"x').message).toContain('text after a quoted value in `text:"Lena"x`');
    expect(error('text:Le"na"').message).toContain('quote inside a value in `text:Le"na"`');
    expect(error('   ').message).toMatch(/^empty query/);
  });

  it('gives the offset of the bad term', () => {
    const result = parseQuery('lang:cmn  bad:x');
    expect(result.ok ? null : result.error.offset).toBe(10);
  });
});
