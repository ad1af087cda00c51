import { describe, expect, it } from 'vitest';
import {
  compareEntities,
  ENTITY_COLOUR_SLOTS,
  MAX_COMPARED_ENTITIES,
  MAX_PLACES_PER_FORM,
} from '../../../src/core/entities/compareEntities';
import { call, trajectoryIn } from '../analysis/steps';
import { emailBudgetRun } from './emailBudgetRuns';

const search = (query: string, result: unknown = []) => call('Contacts__search_contacts', { query }, { result });

const GIVEN = ['Alice', 'Bruno', 'Carla', 'Dmitri', 'Elena', 'Farid', 'Greta', 'Hiroshi'];
const FAMILY = ['Johansson', 'Kowalski', 'Lindqvist', 'Moreau', 'Nakamura', 'Oliveira', 'Petrovic', 'Quintero'];
/** 64 different people, each a two-word name. */
const PEOPLE = GIVEN.flatMap((given) => FAMILY.map((family) => `${given} ${family}`));

describe('compareEntities on the planted script-variant scenario', () => {
  it.each([
    ['cmn', '张伟', 'Hani'],
    ['jpn', '張偉', 'Hani'],
    ['hin', 'झांग वेई', 'Deva'],
  ])('gives Zhang Wei and %s form %s one colour slot and names both forms in the warning', async (language, form, script) => {
    const [baseline, target] = await Promise.all([emailBudgetRun('eng'), emailBudgetRun(language)]);
    const { entities, warnings, omittedEntities, omittedWarnings } = compareEntities(baseline, target);
    const zhang = entities.find((e) => e.forms.some((f) => f.text === 'Zhang Wei'));
    expect(zhang?.slot).toBe(0);
    const latin = zhang?.forms.find((f) => f.text === 'Zhang Wei');
    const other = zhang?.forms.find((f) => f.text === form);
    expect(latin?.script).toBe('Latn');
    expect(other?.script).toBe(script);
    expect(latin?.where).toContainEqual({ side: 'baseline', step: 1, field: 'args.query' });
    expect(other?.where).toContainEqual({ side: 'target', step: 1, field: 'args.query' });
    expect(other?.where).toContainEqual({ side: 'target', step: null, field: 'task' });

    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ side: 'target', step: 1, searched: form, heldAs: 'Zhang Wei', entity: zhang?.id });
    expect(warnings[0]?.message).toBe(`searched ${form} and found nothing; the other run searched Zhang Wei`);
    expect(omittedEntities).toBe(0);
    expect(omittedWarnings).toBe(0);
  });

  it('flags nothing between two English runs, yet still colours the contact both runs name', async () => {
    const [first, second] = await Promise.all([emailBudgetRun('eng', 1), emailBudgetRun('eng', 2)]);
    const { entities, warnings } = compareEntities(first, second);
    expect(warnings).toEqual([]);
    expect(entities.flatMap((e) => e.forms.map((f) => f.text))).toContain('Zhang Wei');
  });
});

describe('compareEntities on made-up runs', () => {
  it('leaves out a name met in one run only, in one form', () => {
    const baseline = trajectoryIn('eng', [search('Greta Lindqvist'), search('Greta Lindqvist'), search('Bruno Moreau')]);
    const target = trajectoryIn('fra', [search('Bruno Moreau')]);
    const forms = compareEntities(baseline, target).entities.flatMap((e) => e.forms.map((f) => f.text));
    expect(forms).toEqual(['Bruno Moreau']);
  });

  it('caps the entities, cycles the colour slots and says how many were left out', () => {
    const steps = PEOPLE.map((name) => search(name));
    const { entities, omittedEntities } = compareEntities(trajectoryIn('eng', steps), trajectoryIn('fra', steps));
    expect(entities).toHaveLength(MAX_COMPARED_ENTITIES);
    expect(entities.map((e) => e.slot)).toEqual(entities.map((_, i) => i % ENTITY_COLOUR_SLOTS));
    expect(new Set(entities.map((e) => e.slot)).size).toBe(ENTITY_COLOUR_SLOTS);
    expect(omittedEntities).toBe(PEOPLE.length - MAX_COMPARED_ENTITIES);
  });

  it('keeps an entity a warning names even past the cap', () => {
    const steps = PEOPLE.map((name) => search(name, [{ name }]));
    const baseline = trajectoryIn('eng', [...steps, search('Zhang Wei', [{ first_name: 'Wei', last_name: 'Zhang' }])]);
    const target = trajectoryIn('cmn', [...steps, search('张伟', [])]);
    const { entities, warnings } = compareEntities(baseline, target);
    expect(warnings.map((w) => w.searched)).toEqual(['张伟']);
    expect(entities).toHaveLength(MAX_COMPARED_ENTITIES);
    expect(entities.some((e) => e.id === warnings[0]?.entity)).toBe(true);
  });

  it('lists each place once and at most a few per form, counting the rest', () => {
    const steps = Array.from({ length: 20 }, () => search('Elena Petrovic'));
    const { entities } = compareEntities(trajectoryIn('eng', steps), trajectoryIn('fra', steps));
    const [form] = entities[0]?.forms ?? [];
    expect(form?.where).toHaveLength(MAX_PLACES_PER_FORM);
    expect(form?.where[0]).toEqual({ side: 'baseline', step: 0, field: 'args.query' });
    expect(form?.morePlaces).toBe(40 - MAX_PLACES_PER_FORM);
  });
});
