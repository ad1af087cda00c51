import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { evaluateNamePairs, type NamePair } from '../../src/core/entities/evaluateNamePairs';
import { linkEntities } from '../../src/core/entities/linkEntities';
import type { Step, Trajectory } from '../../src/core/model';
import type { Bench } from './bench';
import { time } from './measure';
import { syntheticRunPair } from './syntheticRuns';

// Entity linking: the name-pair evaluation (the targets: recall ≥ 0.9 with ≤ 1% false links), printed with
// its errors, and the time to link the names of two long runs. The issue sets no time budget for linking.

const PAIRS = join(__dirname, '../fixtures/entities/name-pairs.json');
const STEPS = 2_000;

function trajectory(steps: Step[], language: string): Trajectory {
  const run = {
    id: language, path: language, format: 'canonical' as const, group: 'bench', scenarioId: 'bench', language,
    languageLabel: language, runIndex: 1, outcome: 'pass' as const, capability: null, failureFamily: null,
    failureReason: null, score: null, model: null, agent: null, setting: null,
  };
  return { run, task: null, steps, finalAnswer: null, oracle: [], checks: [], judge: [], diagnostics: [] };
}

export const entitiesBench: Bench = {
  name: 'entity linking',
  async run() {
    const { pairs } = JSON.parse(readFileSync(PAIRS, 'utf8')) as { pairs: NamePair[] };
    const result = evaluateNamePairs(pairs);
    const percent = (x: number): string => `${(100 * x).toFixed(1)}%`;
    console.log(
      `name pairs: ${result.pairs} in ${result.scripts.length} scripts (${result.scripts.join(', ')}); ` +
        `precision ${percent(result.precision)}, recall ${percent(result.recall)}, false links ${percent(result.falseLinkRate)} ` +
        `(tp ${result.truePositives}, fp ${result.falsePositives}, fn ${result.falseNegatives}, tn ${result.trueNegatives})`,
    );
    for (const e of result.errors) console.log(`  ${e.linked ? 'false link' : 'missed'}: ${e.a} ≙ ${e.b}`);
    const evaluation = time(5, () => evaluateNamePairs(pairs));
    const { baseline, target } = syntheticRunPair(STEPS);
    const a = trajectory(baseline, 'eng');
    const b = trajectory(target, 'jpn');
    const linking = time(5, () => linkEntities(a, b));
    return [
      { label: `evaluate ${result.pairs} name pairs`, value: evaluation.wallMs, unit: 'ms', budget: null, note: `median of 5; recall ${percent(result.recall)}, false links ${percent(result.falseLinkRate)}` },
      { label: `link entities ${baseline.length}×${target.length} steps`, value: linking.wallMs, unit: 'ms', budget: null, note: `median of 5; CPU ${Math.round(linking.cpuMs)} ms` },
    ];
  },
};
