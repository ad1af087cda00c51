import type { RunSummary } from '../../src/core/model';
import { seededRandom } from '../../src/core/triage/seededRandom';

// The index of an OmnilingualGAIA2-sized sweep, built in memory: 7 agents × 11 languages × 160 scenarios (40 per
// capability) × 3 runs = 36,960 runs. Each agent passes each scenario with its own chance, lower in other languages;
// about 2% of runs are infrastructure failures. Seeded, so every bench run measures the same index.

export const AGENTS = 7;
export const LANGUAGES = ['eng', 'spa', 'deu', 'fra', 'ita', 'por', 'ind', 'tur', 'cmn', 'jpn', 'hin'];
export const CAPABILITIES = ['execution', 'search', 'adaptability', 'ambiguity'];
export const SCENARIOS_PER_CAPABILITY = 40;
export const RUNS = 3;
const FAMILIES = ['tool_count', 'hard_check:eq_checker', 'soft_check:email_checker', 'tool_name', 'causality', 'time'];

export function syntheticIndex(seed = 7): RunSummary[] {
  const random = seededRandom(seed);
  const runs: RunSummary[] = [];
  for (let a = 0; a < AGENTS; a++) {
    const agent = `agent-${a}`;
    for (const capability of CAPABILITIES) {
      for (let s = 0; s < SCENARIOS_PER_CAPABILITY; s++) {
        const scenarioId = `${capability}_${String(s).padStart(3, '0')}`;
        const easiness = random();
        for (const [l, language] of LANGUAGES.entries()) {
          const chance = Math.max(0, easiness - (l === 0 ? 0 : 0.05 + 0.1 * random()));
          for (let runIndex = 1; runIndex <= RUNS; runIndex++) {
            const draw = random();
            const outcome = draw < 0.02 ? 'infra' : random() < chance ? 'pass' : 'fail';
            const path = `${agent}/${language}/run_${runIndex}/${capability}/${scenarioId}`;
            runs.push({
              id: path, path, format: 'gaia2-cli', group: `${agent}/${capability}/${scenarioId}`, scenarioId, language,
              languageLabel: language, runIndex, outcome, capability,
              failureFamily: outcome === 'pass' ? null : outcome === 'infra' ? 'infra' : (FAMILIES[Math.floor(random() * FAMILIES.length)] as string),
              failureReason: null, score: null, model: null, agent, setting: null,
            });
          }
        }
      }
    }
  }
  return runs;
}
