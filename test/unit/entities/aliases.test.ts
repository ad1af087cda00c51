import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { EntityAlias } from '../../../src/core/entities/aliases';
import { compareEntities } from '../../../src/core/entities/compareEntities';
import { linkEntities } from '../../../src/core/entities/linkEntities';
import { loadEntityAliases } from '../../../src/core/entities/loadEntityAliases';
import { NodeFileSource } from '../../../src/core/nodeFileSource';
import { runCli } from '../../../src/cli/runCli';
import { call, message, oracleEvent, run, trajectory } from '../analysis/steps';
import { captureIo } from '../cli/captureIo';

const CABIN: EntityAlias = { forms: ['economy', 'ประหยัด'], source: 'value set in data/tau2/domains/airline/th/data_model.json' };
const INSURANCE_NO: EntityAlias = { forms: ['no', 'ไม่'], source: 'value set in data/tau2/domains/airline/th/data_model.json' };
const BUSINESS: EntityAlias = { forms: ['business', 'ธุรกิจ'], source: 'value set in data/tau2/domains/airline/th/data_model.json' };

const baseline = trajectory([call('book_reservation', { cabin: 'economy', insurance: 'no' })], {
  oracle: [oracleEvent('o1', 'book_reservation', { cabin: 'economy' })],
});
const target = trajectory(
  [
    message('assistant', 'ยืนยันการจองชั้นประหยัด ไม่มีประกัน ใช่ไหมคะ'),
    call('book_reservation', { cabin: 'ประหยัด', insurance: 'ไม่' }),
  ],
  { run: run({ language: 'tha', languageLabel: 'th' }) },
);

function formsOf(inventory: ReturnType<typeof linkEntities>, text: string) {
  return inventory.entities.find((e) => e.forms.some((f) => f.text === text));
}

describe('known equivalences in entity linking', () => {
  it('links an enum literal and its translation across scripts and names the value set', () => {
    const inventory = linkEntities(baseline, target, { aliases: [CABIN, INSURANCE_NO] });
    const cabin = formsOf(inventory, 'ประหยัด');
    expect(cabin?.forms.map((f) => [f.text, f.script])).toEqual([['economy', 'Latn'], ['ประหยัด', 'Thai']]);
    expect(cabin?.linkedBy).toEqual([CABIN.source]);
    const places = cabin?.forms.flatMap((f) => f.where.map((w) => `${w.side} ${w.step} ${w.field}`));
    expect(places).toEqual(
      expect.arrayContaining(['baseline 0 args.cabin', 'baseline null oracle[o1].args.cabin', 'target 0 text', 'target 1 args.cabin']),
    );
    // In free text the Thai literal is found inside the word ชั้นประหยัด, at its own offsets.
    const inText = cabin?.forms[1]?.where.find((w) => w.field === 'text');
    const said = target.steps[0]?.kind === 'message' ? target.steps[0].text : '';
    expect(said.slice(inText?.start ?? 0, inText?.end ?? 0)).toBe('ประหยัด');
  });

  it('leaves out forms too short to tell from ordinary words (ไม่ is also "not")', () => {
    expect(linkEntities(baseline, target, { aliases: [INSURANCE_NO] }).entities).toEqual([]);
  });

  it('lists no alias whose forms do not occur, nor one met in a single form', () => {
    const sameForm = trajectory([call('book_reservation', { cabin: 'economy' })]);
    const inventory = linkEntities(baseline, sameForm, { aliases: [BUSINESS, CABIN] });
    expect(inventory.entities).toEqual([]);
    expect(linkEntities(baseline, target, { aliases: [BUSINESS] }).entities).toEqual([]);
    expect(linkEntities(baseline, target).entities).toEqual([]);
  });

  it('joins the entity of a name spelled like a term-table form', () => {
    const en = trajectory([call('Places__search', { query: 'Sunflower Hotel' })], { task: 'Book a room at Sunflower Hotel.' });
    const th = trajectory([call('Places__search', { query: 'โรงแรมทานตะวัน' })]);
    expect(linkEntities(en, th).entities.flatMap((e) => e.forms.map((f) => f.text))).not.toContain('โรงแรมทานตะวัน');
    const alias = { forms: ['sunflower hotel', 'โรงแรมทานตะวัน'], source: 'term table terms.csv' };
    const entity = formsOf(linkEntities(en, th, { aliases: [alias] }), 'โรงแรมทานตะวัน');
    expect(entity?.forms.map((f) => f.text)).toEqual(['Sunflower Hotel', 'โรงแรมทานตะวัน']);
    expect(entity?.forms[0]?.where.map((w) => w.field)).toEqual(['task', 'args.query']);
    expect(entity?.linkedBy).toEqual(['term table terms.csv']);
  });

  it('carries the source to the compare view', () => {
    const compared = compareEntities(baseline, target, { aliases: [CABIN] });
    expect(compared.entities).toHaveLength(1);
    expect(compared.entities[0]?.linkedBy).toEqual([CABIN.source]);
    expect(compared.entities[0]?.forms.map((f) => f.text)).toEqual(['economy', 'ประหยัด']);
  });
});

describe('loadEntityAliases', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });

  async function directory(files: Record<string, string>): Promise<NodeFileSource> {
    const root = await mkdtemp(join(tmpdir(), 'aliases-'));
    dirs.push(root);
    for (const [path, text] of Object.entries(files)) {
      await mkdir(join(root, path, '..'), { recursive: true });
      await writeFile(join(root, path), text);
    }
    return new NodeFileSource(root);
  }

  const dataModel = JSON.stringify({
    models: { Reservation: { fields: { cabin: { value_set: 'CabinClass' } } } },
    value_sets: { CabinClass: { kind: 'literal', values: [{ canonical: 'economy', localized: 'ประหยัด' }, { canonical: 'business', localized: 'ธุรกิจ' }] } },
  });
  const thaiRun = run({ format: 'tau2', capability: 'airline', language: 'tha', languageLabel: 'th' });
  const englishRun = run({ format: 'tau2', capability: 'airline', language: 'eng', languageLabel: 'en' });

  it('reads the value sets of the translated domain folder and the term tables of the run languages', async () => {
    const fs = await directory({
      'data/tau2/domains/airline/th/data_model.json': dataModel,
      'terms.csv': 'source,translation,language\ngift card,บัตรของขวัญ,th\nbaggage,hành lý,vi\n',
    });
    const { aliases, diagnostics } = await loadEntityAliases(fs, [englishRun, thaiRun]);
    expect(diagnostics).toEqual([]);
    const source = 'value set in data/tau2/domains/airline/th/data_model.json';
    expect(aliases).toEqual(
      expect.arrayContaining([
        { forms: ['economy', 'ประหยัด'], source },
        { forms: ['business', 'ธุรกิจ'], source },
        { forms: ['gift card', 'บัตรของขวัญ'], source: 'term table terms.csv' },
      ]),
    );
    // A Vietnamese term is no equivalence between English and Thai runs.
    expect(aliases.some((a) => a.forms.includes('hành lý'))).toBe(false);
  });

  it('names the file of a term table it cannot read', async () => {
    const fs = await directory({ 'terms.json': '{"gift card": "บัตรของขวัญ"}' });
    const { aliases, diagnostics } = await loadEntityAliases(fs, [englishRun, thaiRun]);
    expect(aliases).toEqual([]);
    expect(diagnostics).toEqual([expect.objectContaining({ path: 'terms.json', severity: 'warning', message: expect.stringContaining('"source", "translation"') })]);
  });
});

describe('trajectory-lens entities on the SEATau example', () => {
  it('lists the Thai cabin literal with its canonical value, linked by the value set', async () => {
    const dir = join(__dirname, '../../../examples/tau2-seatau');
    const args = ['entities', dir, '--group', 'data/simulations/airline_gpt-4.1_gpt-4.1#14', '--language', 'tha'];
    const json = captureIo();
    expect(await runCli([...args, '--json'], json.io)).toBe(0);
    const { entities } = JSON.parse(json.out()) as { entities: Array<{ forms: Array<{ text: string; script: string }> }> };
    const cabin = entities.find((e) => e.forms.some((f) => f.text === 'ประหยัด'));
    expect(cabin?.forms.map((f) => [f.text, f.script])).toEqual(expect.arrayContaining([['economy', 'Latn'], ['ประหยัด', 'Thai']]));
    const table = captureIo();
    await runCli(args, table.io);
    expect(table.out()).toContain('(linked by value set in data/tau2/domains/airline/th/data_model.json)');
  });
});
