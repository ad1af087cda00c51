import { describe, expect, it } from 'vitest';
import type { ComparedEntities, ComparedEntity } from '../../../src/core/entities/compareEntities';
import type { ScriptCode } from '../../../src/core/language/scripts';
import { entityMatcher, rangesWithin } from '../../../webview/compare/model/entityMatcher';

// The compare view's matcher: which spans of a lane's text it colours as mentions of which entity.

function entity(id: string, slot: number, forms: Array<[string, ScriptCode]>): ComparedEntity {
  return { id, slot, forms: forms.map(([text, script]) => ({ text, script, where: [], morePlaces: 0 })), moreForms: 0 };
}

const ENTITIES: ComparedEntities = {
  entities: [
    entity('entity-1', 0, [['Zhang Wei', 'Latn'], ['张伟', 'Hani'], ['zhang.wei', 'Latn'], ['झांग वेई', 'Deva']]),
    entity('entity-2', 1, [['Zhang Weiming', 'Latn'], ['ジョン・スミス', 'Kana']]),
  ],
  warnings: [],
  omittedEntities: 0,
  omittedWarnings: 0,
};

function spans(text: string): Array<[string, string, ScriptCode]> {
  return entityMatcher(ENTITIES)
    .find(text)
    .map((r) => [text.slice(r.start, r.end), r.entity.id, r.script]);
}

describe('entityMatcher', () => {
  it('finds every form of an entity, in any case, and tells their scripts apart', () => {
    expect(spans('Email zhang wei (zhang.wei@corp.example); 给张伟发邮件; झांग वेई को')).toEqual([
      ['zhang wei', 'entity-1', 'Latn'],
      ['zhang.wei', 'entity-1', 'Latn'],
      ['张伟', 'entity-1', 'Hani'],
      ['झांग वेई', 'entity-1', 'Deva'],
    ]);
  });

  it('prefers the longest form and never starts or ends inside a word of a spaced script', () => {
    expect(spans('Zhang Weiming and Zhang Weimar')).toEqual([['Zhang Weiming', 'entity-2', 'Latn']]);
    expect(spans('XZhang Wei')).toEqual([]);
  });

  it('finds forms inside running text of scripts written without spaces', () => {
    expect(spans('張偉さんとジョン・スミスさん、张伟先生')).toEqual([
      ['ジョン・スミス', 'entity-2', 'Kana'],
      ['张伟', 'entity-1', 'Hani'],
    ]);
  });

  it('colours nothing when there are no entities', () => {
    expect(entityMatcher({ ...ENTITIES, entities: [] }).find('Zhang Wei')).toEqual([]);
  });

  it('cuts a mention a diff split into pieces, with the badge on the piece where it ends', () => {
    const whole = 'to Zhang Wei now';
    const ranges = entityMatcher(ENTITIES).find(whole);
    expect(rangesWithin(ranges, 0, 8)).toMatchObject([{ start: 3, end: 8, ends: false }]);
    expect(rangesWithin(ranges, 8, 16)).toMatchObject([{ start: 0, end: 4, ends: true }]);
    expect(rangesWithin(ranges, 12, 16)).toEqual([]);
  });
});
