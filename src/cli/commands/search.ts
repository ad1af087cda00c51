import { countText } from '../../core/render/runLabels';
import { parseQuery, QUERY_SYNTAX } from '../../core/search/parseQuery';
import { searchRuns, type SearchMatch } from '../../core/search/searchRuns';
import { bundledSearchWorkers } from '../../core/search/searchWorkerPool';
import { EXIT_OK, flag, jsonText, UsageError, type CliCommand } from '../command';
import { diagnosticsNote } from '../diagnosticsText';
import { openRunDirectory } from '../runDirectory';

/** One line of text output: run, step as the run document numbers it (from 1), field, snippet. */
function matchLine(match: SearchMatch): string {
  const where = match.step === null ? match.field : `step ${match.step + 1} ${match.field}`;
  return `${match.run.id}  ${where}  ${match.snippet}\n`;
}

export const searchCommand: CliCommand = {
  details: [
    'A query is terms separated by spaces, all of which must hold; commas separate values of which any may hold:',
    "  trajectory-lens search runs/ 'tool:Contacts.search_contacts arg:query~張 lang:cmn,jpn outcome:fail'",
    'Run fields (answered from the index): lang, outcome (pass, fail, infra, unknown), family, agent, scenario,',
    'capability, setting. Step fields (all must hold on one step): tool (App.fn, App__fn, or fn in any app),',
    'arg:name=value, arg:name~value (contains), arg:name (present), text. A word without a field is text.',
    'A value matches exactly, or as a substring after ~; case and width do not matter. Double quotes keep spaces and',
    'commas in a value: text:"Munich, Germany". Text output prints one line per match as it is found.',
  ].join('\n'),
  arguments: "<dir> '<query>'",
  options: {
    json: { type: 'boolean', description: 'print {"matches":[{"run","step","field","snippet"}],"runs","scanned"} (step: index into the run\'s steps, null for task, answer, judge)' },
  },
  async run(args, io) {
    const [dir, text, ...extra] = args.positionals;
    if (dir === undefined) throw new UsageError('missing <dir>: the run directory to search');
    if (text === undefined) throw new UsageError(`missing '<query>': ${QUERY_SYNTAX}`);
    if (extra.length > 0) throw new UsageError(`unexpected argument: ${extra.join(' ')} (quote the query as one argument)`);
    const parsed = parseQuery(text);
    if (!parsed.ok) throw new UsageError(`bad query: ${parsed.error.message}`);
    const { fs, index } = await openRunDirectory({ ...args, positionals: [dir] });
    io.err(diagnosticsNote(index.diagnostics.length, dir));
    const json = flag(args, 'json');
    const matches: { run: string; step: number | null; field: string; snippet: string }[] = [];
    let scanned = 0;
    let runs = 0;
    let lastRun: string | null = null;
    const workers = bundledSearchWorkers();
    const search = searchRuns(fs, index.runs, parsed.query, {
      onProgress: (p) => (scanned = p.scanned),
      workers: workers && { ...workers, root: fs.root },
    });
    for await (const match of search) {
      if (match.run.id !== lastRun) runs++;
      lastRun = match.run.id;
      if (json) matches.push({ run: match.run.id, step: match.step, field: match.field, snippet: match.snippet });
      else io.out(matchLine(match));
    }
    if (json) {
      io.out(jsonText({ matches, runs, scanned }));
    } else {
      io.err(`${countText(runs, 'run')} matched (${countText(scanned, 'run')} loaded of ${countText(index.runs.length, 'run')} indexed)\n`);
    }
    return EXIT_OK;
  },
};
