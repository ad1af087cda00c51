import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../src/cli/runCli';
import { NodeFileSource } from '../../../src/core/nodeFileSource';
import type { TranslationFinding } from '../../../src/core/translation/finding';
import {
  lintTranslationProblems,
  scenarioPartOf,
  translationCodeOf,
  translationProblemOf,
} from '../../../src/core/triage/lintTranslationProblems';
import { captureIo } from '../cli/captureIo';

// Translation-lint findings reach the prior: each is placed in its scenario and language with the T code its check and
// place suggest, and a regression whose scenario has such a problem is suggested a translation defect with it as evidence.

const REPO = join(__dirname, '../../..');
const GAIA2 = join(REPO, 'examples/gaia2-multilingual');
const SEATAU = join(REPO, 'examples/tau2-seatau');
const SCHEDULING = 'agent-a/execution/scn_call_scheduling';

function finding(overrides: Partial<TranslationFinding>): TranslationFinding {
  return {
    file: 'data/tau2/domains/airline/th/tasks.json',
    line: 12,
    column: 5,
    endColumn: 11,
    code: 'frozen-span-changed',
    message: 'identifier 7PX284 reads 7PX824 in the translation',
    source: '7PX284',
    translation: '7PX824',
    sourceFile: 'data/tau2/domains/airline/tasks.json',
    pointer: '/0/user_scenario/instructions/reason_for_call',
    scenarioId: '27',
    language: 'tha',
    ...overrides,
  };
}

describe('where a translated value sits', () => {
  it('reads tau2 task parts, GAIA2 scenario parts and app-data files', () => {
    expect(scenarioPartOf('th/tasks.json', '/3/evaluation_criteria/actions/0/arguments/reservation_id')).toBe('oracle');
    expect(scenarioPartOf('th/tasks.json', '/3/initial_state/initialization_data/agent_data')).toBe('app-data');
    expect(scenarioPartOf('th/tasks.json', '/3/user_scenario/instructions/known_info')).toBe('task');
    expect(scenarioPartOf('th/data_model.json', '/definitions/Cabin/enum/0')).toBe('app-data');
    expect(scenarioPartOf('hin/scn.json', '/apps/0/contacts/1/first_name')).toBe('app-data');
    const scenario = {
      events: [
        { class_name: 'Event', event_type: 'USER' },
        { class_name: 'OracleEvent', event_type: 'AGENT' },
        { class_name: 'Event', event_type: 'ENV' },
      ],
    };
    expect(scenarioPartOf('hin/scn.json', '/events/0/action/args/0/value', scenario)).toBe('task');
    expect(scenarioPartOf('hin/scn.json', '/events/1/action/args/0/value', scenario)).toBe('oracle');
    expect(scenarioPartOf('hin/scn.json', '/events/2/action/args/0/value', scenario)).toBe('app-data');
  });
});

describe('the T code a finding suggests', () => {
  it('follows the taxonomy: oracle T1, app data T2, task meaning T3, cross-reference T4', () => {
    expect(translationCodeOf({ code: 'value-changed' }, 'oracle')).toBe('T1');
    expect(translationCodeOf({ code: 'frozen-span-changed' }, 'oracle')).toBe('T1');
    expect(translationCodeOf({ code: 'value-changed' }, 'app-data')).toBe('T2');
    expect(translationCodeOf({ code: 'untranslated-span' }, 'app-data')).toBe('T2');
    expect(translationCodeOf({ code: 'value-changed' }, 'task')).toBe('T3');
    expect(translationCodeOf({ code: 'untranslated-span' }, 'task')).toBe('T3');
    expect(translationCodeOf({ code: 'frozen-span-changed' }, 'task')).toBe('T4');
    expect(translationCodeOf({ code: 'term-inconsistent' }, 'oracle')).toBe('T4');
    expect(translationCodeOf({ code: 'literal-missing' }, 'app-data')).toBe('T4');
  });

  it('turns a finding into a problem of its scenario and language; one that names no scenario into none', () => {
    const schemaWide = finding({ code: 'literal-missing', pointer: '/definitions/Cabin/enum/0', scenarioId: null, file: 'data/tau2/domains/airline/th/data_model.json' });
    expect(translationProblemOf(schemaWide)).toBeNull();
    expect(translationProblemOf(finding({}))).toEqual({
      scenarioId: '27',
      language: 'tha',
      code: 'T4',
      message: 'frozen-span-changed: identifier 7PX284 reads 7PX824 in the translation',
      file: 'data/tau2/domains/airline/th/tasks.json',
      line: 12,
      source: '7PX284',
      translation: '7PX824',
    });
  });
});

describe('the planted translation defects of the SEATau example', () => {
  it('become a T3 (a date lost its year) and a T4 (a reservation id altered) problem of the Thai tasks', async () => {
    const problems = await lintTranslationProblems(new NodeFileSource(SEATAU));
    expect(problems.map((p) => [p.scenarioId, p.language, p.code, p.source, p.translation])).toEqual([
      ['3', 'tha', 'T3', 'May 20, 2024', '20 พฤษภาคม'],
      ['27', 'tha', 'T4', '7PX284', '7PX824'],
    ]);
  });

  it('the GAIA2 example has no translated scenario files: its runs are not taken for translations', async () => {
    expect(await lintTranslationProblems(new NodeFileSource(GAIA2))).toEqual([]);
  });
});

// The Hindi scheduling scenario of the GAIA2 example, with its dataset scenario files beside the runs: the Hindi
// translation of the task turns "45-minute call" into a 40-minute one.
function scenarioFile(task: string): string {
  const scenario = {
    metadata: { definition: { scenario_id: 'scn_call_scheduling' } },
    apps: [],
    events: [
      { class_name: 'Event', event_type: 'USER', event_id: 'Event-USER-1', action: { app: 'AgentUserInterface', function: 'send_message_to_agent', args: [{ name: 'content', value: task, value_type: 'str' }] } },
    ],
  };
  return `${JSON.stringify(scenario, null, 2)}\n`;
}

interface TriageRow {
  group: string;
  language: string;
  suggested: { code: string; evidence: string[] };
}

async function triage(dir: string): Promise<TriageRow[]> {
  const captured = captureIo();
  const code = await runCli(['triage', dir, '--json'], captured.io);
  expect(code).toBe(0);
  return JSON.parse(captured.out()) as TriageRow[];
}

describe('the prior with translated scenario files beside the runs', () => {
  let work: string;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'tl-lint-prior-'));
    for (const language of ['eng', 'hin']) {
      for (const run of [1, 2, 3]) {
        const path = `agent-a/${language}/run_${run}/execution/scn_call_scheduling`;
        await cp(join(GAIA2, path), join(work, path), { recursive: true });
      }
    }
    await cp(join(GAIA2, 'trajectory-lens.json'), join(work, 'trajectory-lens.json'));
    await mkdir(join(work, 'scenarios/eng'), { recursive: true });
    await mkdir(join(work, 'scenarios/hin'), { recursive: true });
    await writeFile(
      join(work, 'scenarios/eng/scn_call_scheduling.json'),
      scenarioFile('Schedule a call of 45 minutes with Omar Haddad at 9:00 am on the first weekday after October 18.'),
    );
    await writeFile(
      join(work, 'scenarios/hin/scn_call_scheduling.json'),
      scenarioFile('18 अक्टूबर के बाद पहले कार्यदिवस सुबह 9:00 बजे Omar Haddad के साथ 40 मिनट की कॉल शेड्यूल कीजिए।'),
    );
  }, 60_000);

  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it('suggests T3 with the lint finding as evidence where the runs alone suggest A1', async () => {
    const withoutScenarios = await triage(join(GAIA2));
    expect(withoutScenarios.find((r) => r.group === SCHEDULING && r.language === 'hin')?.suggested.code).toBe('A1');

    const rows = await triage(work);
    const hindi = rows.find((r) => r.group === SCHEDULING && r.language === 'hin');
    expect(hindi?.suggested).toEqual({
      code: 'T3',
      evidence: [
        'translation problem (scenarios/hin/scn_call_scheduling.json:19): value-changed: number 45 reads 40 in the translation: "45" → "40"',
      ],
    });
  }, 60_000);
});
