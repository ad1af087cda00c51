// Writes examples/are-traces: classic ARE exports (hf + lite + output.jsonl) of three scenarios, two runs each, in
// English and Japanese, nested the gaia2-submit way `<lang>/standard/<config>/`.

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hfExport, liteExport, outputLine, RunIds, type AreRun } from './areExport';
import { ARE_LANGUAGES, ARE_RUN_NUMBERS, ARE_SCENARIOS, type AreLang } from './areScenarios';

const PHASE = 'standard';
/** Where the runner wrote its output, as output.jsonl's trace_id records it. */
const RUNNER_ROOT = '/data/gaia2-submit';

export interface WrittenAreRun {
  lang: AreLang;
  folder: string;
  run: AreRun;
}

function shorten(text: string): string {
  const chars = Array.from(text.replace(/\|/g, '\\|'));
  return chars.length > 72 ? `${chars.slice(0, 72).join('')}…` : chars.join('');
}

function readme(runs: readonly WrittenAreRun[]): string {
  const rows = runs.map(({ lang, folder, run }) => {
    const verdict = { success: 'pass', failed: 'fail', exception: 'infra', no_validation: 'unknown' }[run.status];
    return `| \`${folder}\` | ${lang} | \`${run.scenarioId}\` | ${run.runNumber} | ${verdict} | ${run.rationale === null ? '' : shorten(run.rationale)} |`;
  });
  return [
    '# Classic ARE exported traces (generated)',
    '',
    'Regenerate with `npx tsx scripts/generate-examples.ts`. Layout as gaia2-submit writes it: `<lang>/<phase>/<config>/`',
    'holding `hf/` and `lite/` (one `<scenario_id>_run_<n>_<hash>.json` per run in each) and `output.jsonl`.',
    '',
    'Planted regression: `scn_contact_email` passes twice in English and fails twice in Japanese — the agent searches the',
    'contact list in katakana, finds nobody, then mails a guessed address (run 1, a failed `get_contact` call and a call to a',
    'tool that does not exist on the way) or asks the user instead of sending (run 2). `scn_cab_quote` in Japanese shows an',
    'infrastructure failure (run 1, the scenario raised) and a run that was never validated (run 2).',
    '',
    '| folder | language | scenario | run | outcome | failure |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

export function writeAreExample(root: string): WrittenAreRun[] {
  rmSync(root, { recursive: true, force: true });
  const written: WrittenAreRun[] = [];
  const outputs = new Map<string, string[]>();
  for (const lang of ARE_LANGUAGES) {
    for (const build of ARE_SCENARIOS) {
      for (const runNumber of ARE_RUN_NUMBERS) {
        const run = build(lang, runNumber);
        const folder = `${lang}/${PHASE}/${run.config}`;
        const ids = new RunIds(run, lang);
        for (const [kind, text] of [['hf', hfExport(run, ids)], ['lite', liteExport(run)]] as const) {
          mkdirSync(join(root, folder, kind), { recursive: true });
          writeFileSync(join(root, folder, kind, ids.fileName()), text);
        }
        const lines = outputs.get(folder) ?? [];
        lines.push(outputLine(run, `${RUNNER_ROOT}/${folder}/hf/${ids.fileName()}`));
        outputs.set(folder, lines);
        written.push({ lang, folder, run });
      }
    }
  }
  for (const [folder, lines] of outputs) writeFileSync(join(root, folder, 'output.jsonl'), `${lines.join('\n')}\n`);
  writeFileSync(join(root, 'README.md'), readme(written));
  return written;
}
