import { describe, expect, it } from 'vitest';
import { linkEntities } from '../../../src/core/entities/linkEntities';
import type { Trajectory } from '../../../src/core/model';
import { emailBudgetRun } from './emailBudgetRuns';

function textAt(trajectory: Trajectory, step: number, field: string): string {
  const s = trajectory.steps[step];
  if (s?.kind !== 'tool_call' || field !== 'args.query') throw new Error('expected a search call');
  return String(s.args.query);
}

describe('linkEntities on the planted script-variant scenario', () => {
  it.each([
    ['cmn', '张伟', 'Hani'],
    ['jpn', '張偉', 'Hani'],
    ['hin', 'झांग वेई', 'Deva'],
  ])('flags the %s search for %s while the data holds Zhang Wei', async (language, form, script) => {
    const [baseline, target] = await Promise.all([emailBudgetRun('eng'), emailBudgetRun(language)]);
    const inventory = linkEntities(baseline, target);
    expect(inventory.warnings).toHaveLength(1);
    const [warning] = inventory.warnings;
    expect(warning).toMatchObject({ kind: 'script-variant-miss', side: 'target', step: 1, searched: form, heldAs: 'Zhang Wei', emptyResult: true });
    // The baseline's aligned search is where the other form was held: the triage prior cites that step.
    expect(warning).toMatchObject({ heldIn: 'aligned-call', heldAt: { side: 'baseline', step: 1, field: 'args.query' } });
    expect(textAt(target, 1, 'args.query')).toBe(form);

    const entity = inventory.entities.find((e) => e.id === warning?.entity);
    const texts = entity?.forms.map((f) => f.text);
    expect(texts).toEqual(expect.arrayContaining(['Zhang Wei', form, 'zhang.wei', 'Wei Zhang']));
    const targetForm = entity?.forms.find((f) => f.text === form);
    expect(targetForm?.script).toBe(script);
    // The task names the person: the view can colour the span at these offsets.
    const inTask = targetForm?.where.find((w) => w.side === 'target' && w.field === 'task');
    expect(target.task?.slice(inTask?.start ?? 0, inTask?.end ?? 0)).toBe(form);
  });

  it('raises no warning on a pair in one language, nor on a Latin-script translation', async () => {
    const [first, second, spanish] = await Promise.all([emailBudgetRun('eng', 1), emailBudgetRun('eng', 2), emailBudgetRun('spa')]);
    expect(linkEntities(first, second).warnings).toEqual([]);
    expect(linkEntities(first, spanish).warnings).toEqual([]);
    const forms = linkEntities(first, spanish).entities.flatMap((e) => e.forms.map((f) => f.text));
    expect(forms).toContain('Zhang Wei');
  });

  it('does not turn a lone family-name search (张) into an entity', async () => {
    const [baseline, target] = await Promise.all([emailBudgetRun('eng'), emailBudgetRun('cmn')]);
    const forms = linkEntities(baseline, target).entities.flatMap((e) => e.forms.map((f) => f.text));
    expect(forms).not.toContain('张');
  });
});
