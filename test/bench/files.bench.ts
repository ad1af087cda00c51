import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Bench, Measurement } from './bench';
import { EVAL_FILE, writeInspectEval } from './inspectEvalFile';
import { writeLabelsFile } from './labelsFile';
import { runNode, type ProcessRun } from './processRun';
import { CLI, corpus, forgetIndex, requireBuiltCli } from './scale.bench';
import { tau2RunId, writeTau2Results } from './tau2ResultsFile';

// Large single files, read by the CLI as a process: the peak resident set of `index` and `show` on a tau2 results
// file (one above the 256 MB that used to be refused, and 1 GB), of `labels --json` on a large labels file, and of
// `index` and `show` on a large Inspect .eval log. `show` starts without an index cache, so it indexes the file (one
// parse) and then reads its last simulation or sample by byte range. Corpora are generated once under .cache/bench/.

export interface FileSizes {
  tau2Mb: number[];
  labelsMb: number;
  evalMb: number;
}

export const FULL_FILES: FileSizes = { tau2Mb: [215, 1024], labelsMb: 100, evalMb: 300 };
export const REDUCED_FILES: FileSizes = { tau2Mb: [24, 270], labelsMb: 20, evalMb: 60 };

const COUNT_FILE = '.items';

/** A corpus of one file and how many items (simulations, samples) it holds. */
async function fileCorpus(name: string, write: (dir: string) => number | Promise<number>): Promise<{ dir: string; items: number }> {
  const dir = await corpus(name, async (d) => writeFileSync(join(d, COUNT_FILE), String(await write(d))));
  return { dir, items: Number(readFileSync(join(dir, COUNT_FILE), 'utf8')) };
}

function peak(label: string, run: ProcessRun, budget: number | null, what: string): Measurement {
  return { label, value: run.peakRssMb, unit: 'MB', budget, note: `${what}; ${(run.wallMs / 1000).toFixed(1)} s wall`, rssMb: run.peakRssMb };
}

/** `index` then `show` of the last item, each a fresh process; `show` finds no index cache, nor a kept last index. */
function indexAndShow(dir: string, id: string): [ProcessRun, ProcessRun] {
  const index = runNode([CLI, 'index', dir, '--json', '--no-cache'], { discardOutput: true });
  forgetIndex(dir);
  const show = runNode([CLI, 'show', dir, '--id', id, '--json'], { discardOutput: true });
  forgetIndex(dir);
  return [index, show];
}

export function filesBench(sizes: FileSizes): Bench {
  return {
    name: `large files (tau2 ${sizes.tau2Mb.join(' and ')} MB, labels ${sizes.labelsMb} MB, .eval ${sizes.evalMb} MB)`,
    async run() {
      requireBuiltCli();
      const out: Measurement[] = [];
      for (const mb of sizes.tau2Mb) {
        const { dir, items } = await fileCorpus(`tau2-${mb}`, (d) => writeTau2Results(d, mb));
        const [index, show] = indexAndShow(dir, tau2RunId(items));
        const what = `${items} simulations`;
        out.push(peak(`tau2 results file ${mb} MB: index peak RSS`, index, 300, what));
        out.push(peak(`tau2 results file ${mb} MB: show (last simulation) peak RSS`, show, 300, what));
      }
      const labels = await fileCorpus(`labels-${sizes.labelsMb}`, (d) => writeLabelsFile(d, sizes.labelsMb));
      const listed = runNode([CLI, 'labels', labels.dir, '--json'], { discardOutput: true });
      out.push(peak(`labels --json on a ${sizes.labelsMb} MB labels file: peak RSS`, listed, 250, `${labels.items} records`));
      const evalLog = await fileCorpus(`eval-${sizes.evalMb}`, (d) => writeInspectEval(d, sizes.evalMb));
      const [index, show] = indexAndShow(evalLog.dir, `${EVAL_FILE}#q${evalLog.items - 1}-${(evalLog.items - 1) % 2 === 0 ? 'eng' : 'jpn'}_epoch_1`);
      out.push(peak(`Inspect .eval ${sizes.evalMb} MB: index peak RSS`, index, 300, `${evalLog.items} samples`));
      out.push(peak(`Inspect .eval ${sizes.evalMb} MB: show (last sample) peak RSS`, show, 300, `${evalLog.items} samples`));
      return out;
    },
  };
}
