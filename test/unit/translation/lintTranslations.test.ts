import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../../src/cli/runCli';
import { NodeFileSource } from '../../../src/core/nodeFileSource';
import { lintTranslations } from '../../../src/core/translation/lintTranslations';
import type { TranslationFinding } from '../../../src/core/translation/finding';
import { captureIo } from '../cli/captureIo';

// Correct Thai and Vietnamese airline tasks (localized dates, Buddhist-era years, Thai digits, `1.250,50 USD`,
// `14h30`, reformatted phone numbers) must give no findings; each planted defect exactly one, at its place.

const FIXTURE = join(__dirname, '../../fixtures/translation/seatau');
const AIRLINE = 'data/tau2/domains/airline';
const dirs: string[] = [];

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

type Json = Record<string, unknown> & { user_scenario: { instructions: Record<string, string> }; evaluation_criteria: { nl_assertions: string[] } };

/** A copy of the fixture with `edit` applied to one language's tasks (or data model). */
function variant(file: string, edit: (value: never) => void): string {
  const dir = mkdtempSync(join(tmpdir(), 'tl-translation-'));
  dirs.push(dir);
  cpSync(FIXTURE, dir, { recursive: true });
  const path = join(dir, AIRLINE, file);
  const value = JSON.parse(readFileSync(path, 'utf8')) as never;
  edit(value);
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
  return dir;
}

async function lint(dir: string): Promise<TranslationFinding[]> {
  return (await lintTranslations(new NodeFileSource(dir))).findings;
}

/** The text at a finding's line and column in the file. */
function textAt(dir: string, f: TranslationFinding, length: number): string {
  const line = readFileSync(join(dir, f.file), 'utf8').split('\n')[f.line - 1] ?? '';
  return line.slice(f.column - 1, f.column - 1 + length);
}

const rows = (findings: readonly TranslationFinding[]): unknown[] =>
  findings.map((f) => ({ file: f.file, code: f.code, source: f.source, translation: f.translation, scenarioId: f.scenarioId }));

describe('lint-translation on correct Thai and Vietnamese airline tasks', () => {
  it('pairs each translation with the untranslated source and finds nothing', async () => {
    const result = await lintTranslations(new NodeFileSource(FIXTURE));
    expect(result.pairs.map((p) => [p.translation, p.source, p.language])).toEqual([
      [`${AIRLINE}/th/data_model.json`, null, 'tha'],
      [`${AIRLINE}/th/tasks.json`, `${AIRLINE}/tasks.json`, 'tha'],
      [`${AIRLINE}/vi/tasks.json`, `${AIRLINE}/tasks.json`, 'vie'],
    ]);
    expect(result.findings).toEqual([]);
    expect(result.diagnostics).toEqual([]);
  });
});

describe('lint-translation on planted defects', () => {
  it('reports an altered reservation id where the altered id stands', async () => {
    const dir = variant('th/tasks.json', (tasks: Json[]) => {
      const i = tasks[0]?.user_scenario.instructions;
      if (i) i.reason_for_call = (i.reason_for_call ?? '').replace('YDKT6C', 'YDKT68');
    });
    const findings = await lint(dir);
    expect(rows(findings)).toEqual([{ file: `${AIRLINE}/th/tasks.json`, code: 'frozen-span-changed', source: 'YDKT6C', translation: 'YDKT68', scenarioId: '5' }]);
    expect(textAt(dir, findings[0] as TranslationFinding, 6)).toBe('YDKT68');
  });

  it('reports a dropped amount and a dropped id as missing (translation null)', async () => {
    const dir = variant('th/tasks.json', (tasks: Json[]) => {
      const i = tasks[0]?.user_scenario.instructions;
      if (i) i.task_instructions = (i.task_instructions ?? '').replace('$150 ', '');
      const known = tasks[1]?.user_scenario.instructions;
      if (known) known.known_info = (known.known_info ?? '').replace('lia_wu_5820 ', '');
    });
    expect(rows(await lint(dir))).toEqual([
      { file: `${AIRLINE}/th/tasks.json`, code: 'value-changed', source: '$150', translation: null, scenarioId: '5' },
      { file: `${AIRLINE}/th/tasks.json`, code: 'frozen-span-changed', source: 'lia_wu_5820', translation: null, scenarioId: '12' },
    ]);
  });

  it('reports a changed date and a changed phone number, but not their reformatting', async () => {
    const dir = variant('vi/tasks.json', (tasks: Json[]) => {
      const nl = tasks[0]?.evaluation_criteria.nl_assertions;
      if (nl) nl[0] = (nl[0] ?? '').replace('25-05-2024', '26-05-2024');
      const known = tasks[1]?.user_scenario.instructions;
      if (known) known.known_info = (known.known_info ?? '').replace('555 0147', '555 0174');
    });
    const findings = await lint(dir);
    expect(rows(findings)).toEqual([
      { file: `${AIRLINE}/vi/tasks.json`, code: 'value-changed', source: '2024-05-25', translation: '26-05-2024', scenarioId: '5' },
      { file: `${AIRLINE}/vi/tasks.json`, code: 'frozen-span-changed', source: '+1 212-555-0147', translation: '+1 212 555 0174', scenarioId: '12' },
    ]);
    expect(findings.map((f) => textAt(dir, f, (f.translation ?? '').length))).toEqual(['26-05-2024', '+1 212 555 0174']);
  });

  it('reports a sentence left in English inside a Thai translation', async () => {
    const dir = variant('th/tasks.json', (tasks: Json[]) => {
      const i = tasks[0]?.user_scenario.instructions;
      if (i) i.task_instructions = (i.task_instructions ?? '').replace('คุณไม่ต้องการยกเลิกการจอง', 'You do NOT want to cancel the reservation.');
    });
    const findings = await lint(dir);
    expect(rows(findings)).toEqual([
      {
        file: `${AIRLINE}/th/tasks.json`,
        code: 'untranslated-span',
        source: 'You do NOT want to cancel the reservation.',
        translation: 'You do NOT want to cancel the reservation.',
        scenarioId: '5',
      },
    ]);
    expect(textAt(dir, findings[0] as TranslationFinding, 11)).toBe('You do NOT ');
  });

  it('reports a term rendered otherwise than the term table and the app data say', async () => {
    const dir = variant('th/tasks.json', (tasks: Json[]) => {
      const i = tasks[2]?.user_scenario.instructions;
      if (i) i.task_instructions = (i.task_instructions ?? '').replace('บัตรของขวัญ', 'บัตรกำนัล').replace('ประกันการเดินทาง', 'ประกันภัย');
    });
    const findings = await lint(dir);
    expect(rows(findings)).toEqual([
      { file: `${AIRLINE}/th/tasks.json`, code: 'term-inconsistent', source: 'travel insurance', translation: null, scenarioId: '21' },
      { file: `${AIRLINE}/th/tasks.json`, code: 'term-inconsistent', source: 'gift card', translation: null, scenarioId: '21' },
    ]);
    expect(findings.map((f) => f.message)).toEqual([
      `"travel insurance" is rendered "ประกันการเดินทาง" in the term table ${AIRLINE}/th/terms.json, but not in this text`,
      `"gift card" is rendered "บัตรของขวัญ" in the app data (${AIRLINE}/th/data_model.json), but not in this text`,
    ]);
  });

  it('reports enum literals without a localized form', async () => {
    const dir = variant('th/data_model.json', (model: { value_sets: Record<string, { values: Array<{ localized?: string }> }> }) => {
      const business = model.value_sets.CabinClass?.values[0];
      if (business) business.localized = '';
      const yes = model.value_sets.Insurance?.values[0];
      if (yes) yes.localized = 'yes';
    });
    const findings = await lint(dir);
    expect(rows(findings)).toEqual([
      { file: `${AIRLINE}/th/data_model.json`, code: 'literal-missing', source: 'business', translation: null, scenarioId: null },
      { file: `${AIRLINE}/th/data_model.json`, code: 'literal-missing', source: 'yes', translation: 'yes', scenarioId: null },
    ]);
    expect(textAt(dir, findings[0] as TranslationFinding, 8)).toBe('business');
    expect(textAt(dir, findings[1] as TranslationFinding, 3)).toBe('yes');
  });
});

describe('lint-translation on the tau2-seatau example', () => {
  const EXAMPLE = join(__dirname, '../../../examples/tau2-seatau');

  it('prints exactly the planted defects as JSON rows, at the altered text', async () => {
    const truth = JSON.parse(readFileSync(join(EXAMPLE, 'ground-truth.json'), 'utf8')) as {
      phenomena: Array<{ id: string; evidence: Array<{ path: string; code: string; source: string; translation: string }> }>;
    };
    const planted = truth.phenomena.find((p) => p.id === 'translation_defects')?.evidence ?? [];
    expect(planted).toHaveLength(2);
    const captured = captureIo();
    const code = await runCli(['lint-translation', EXAMPLE, '--json'], captured.io);
    expect(code).toBe(0);
    const rows = JSON.parse(captured.out()) as Array<{ file: string; line: number; column: number; code: string; message: string; source: string; translation: string | null }>;
    expect(rows.map((r) => ({ path: r.file, code: r.code, source: r.source, translation: r.translation }))).toEqual(
      planted.map((p) => ({ path: p.path, code: p.code, source: p.source, translation: p.translation })),
    );
    for (const row of rows) {
      const line = readFileSync(join(EXAMPLE, row.file), 'utf8').split('\n')[row.line - 1] ?? '';
      expect(line.slice(row.column - 1)).toMatch(new RegExp(`^${row.translation ?? ''}`));
      expect(Object.keys(row)).toEqual(['file', 'line', 'column', 'code', 'message', 'source', 'translation']);
    }
  });
});

describe('lint-translation pairing and bad input', () => {
  it('pairs GAIA2 scenarios by file name under language folders and names the scenario', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tl-gaia2-'));
    dirs.push(dir);
    const scenario = (task: string, email: string): string =>
      JSON.stringify({ metadata: { definition: { scenario_id: 'scn_offsite' } }, events: [{ action: { args: [{ name: 'content', value: task }, { name: 'to', value: email }] } }] }, null, 2);
    for (const [lang, task, email] of [
      ['eng', 'Email the offsite agenda to kim.lee@example.com by 5:00 PM on 2024-10-15.', 'kim.lee@example.com'],
      ['jpn', '2024年10月15日の17:00までにオフサイトの議題を kim.lee@example.com にメールしてください。', 'kim.lee@example.com'],
      ['spa', 'Envía la agenda del offsite a kim.le@example.com antes de las 17:00 del 15/10/2024.', 'kim.le@example.com'],
    ] as const) {
      mkdirSync(join(dir, 'scenarios', lang), { recursive: true });
      writeFileSync(join(dir, 'scenarios', lang, 'scn_offsite.json'), scenario(task, email), { flag: 'w' });
    }
    const result = await lintTranslations(new NodeFileSource(dir));
    expect(result.pairs.map((p) => [p.translation, p.source])).toEqual([
      ['scenarios/jpn/scn_offsite.json', 'scenarios/eng/scn_offsite.json'],
      ['scenarios/spa/scn_offsite.json', 'scenarios/eng/scn_offsite.json'],
    ]);
    expect(rows(result.findings)).toEqual([
      { file: 'scenarios/spa/scn_offsite.json', code: 'frozen-span-changed', source: 'kim.lee@example.com', translation: 'kim.le@example.com', scenarioId: 'scn_offsite' },
      { file: 'scenarios/spa/scn_offsite.json', code: 'frozen-span-changed', source: 'kim.lee@example.com', translation: 'kim.le@example.com', scenarioId: 'scn_offsite' },
    ]);
  });

  it('reports an unparsable translation as a diagnostic with its line and keeps linting the rest', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tl-broken-'));
    dirs.push(dir);
    cpSync(FIXTURE, dir, { recursive: true });
    writeFileSync(join(dir, AIRLINE, 'vi/tasks.json'), '[\n  {"id": "5",\n');
    const result = await lintTranslations(new NodeFileSource(dir));
    expect(result.findings).toEqual([]);
    expect(result.diagnostics.map((d) => [d.path, d.line])).toEqual([[`${AIRLINE}/vi/tasks.json`, 3]]);
  });
});
