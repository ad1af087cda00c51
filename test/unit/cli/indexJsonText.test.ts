import { describe, expect, it } from 'vitest';
import { jsonText } from '../../../src/cli/command';
import { diagnosticJson, indexJsonText, runJson } from '../../../src/cli/jsonShapes';
import type { Diagnostic, RunSummary } from '../../../src/core/model';

// `index --json` writes its runs and diagnostics by naming the keys to keep rather than copying each run into its
// documented shape first: the text must be the documented shapes', to the byte, whatever else a run or a diagnostic
// carries. (That the documented shapes are what `index --json` prints is cli.test.ts's.)

function run(id: string, fields: Partial<RunSummary> = {}): RunSummary {
  return {
    id,
    path: id,
    format: 'gaia2-cli',
    group: 'agent-a/search/scn_1',
    scenarioId: 'scn_1',
    language: 'jpn',
    languageLabel: 'ja',
    runIndex: 1,
    outcome: 'fail',
    score: 0,
    capability: 'search',
    failureFamily: 'soft_check:email_checker',
    failureReason: 'sent to\nthe wrong "person"',
    model: 'gpt-4o',
    agent: 'agent-a',
    setting: null,
    ...fields,
  };
}

const RUNS: RunSummary[] = [
  run('agent-a/jpn/run_1/search/scn_1'),
  run('agent-a/eng/run_1/search/scn_1', { language: 'eng', languageLabel: 'en', outcome: 'pass', score: 1, failureFamily: null }),
  run('エージェント/jpn/run_2/検索/シナリオ\u0000', { capability: null, score: null, outcome: 'infra', setting: 'think' }),
];
const DIAGNOSTICS: Diagnostic[] = [
  { path: 'agent-a/jpn/run_1/search/scn_1/events.jsonl', line: 3, message: 'line 3 is not valid JSON: "{"', severity: 'error' },
  { path: '.', line: null, message: '1 file here is not part of any run and ignored: notes.bin', severity: 'warning' },
];

describe('indexJsonText', () => {
  it('is the documented shapes of the runs and diagnostics, with or without either', () => {
    for (const runs of [RUNS, []]) {
      for (const diagnostics of [DIAGNOSTICS, []]) {
        const documented = jsonText({ runs: runs.map(runJson), diagnostics: diagnostics.map(diagnosticJson) });
        expect(indexJsonText(runs, diagnostics)).toBe(documented);
      }
    }
  });
});
