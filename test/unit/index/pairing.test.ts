import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, parseConfig } from '../../../src/core/index/config';
import { assignPairing } from '../../../src/core/index/pairing';
import type { IndexedRun } from '../../../src/core/formats/reader';
import type { Diagnostic, RunSummary } from '../../../src/core/model';

function indexed(path: string, overrides: Partial<IndexedRun> = {}): IndexedRun {
  return {
    path,
    key: null,
    format: 'gaia2-cli',
    scenarioId: path.split('/').pop() ?? 'scenario',
    outcome: 'pass',
    capability: null,
    failureFamily: null,
    failureReason: null,
    score: 1,
    model: null,
    agent: null,
    setting: null,
    languageHint: null,
    runIndexHint: null,
    ...overrides,
  };
}

/** The folder listings the walk would have made on the way to these run directories. */
function foldersOf(paths: readonly string[]): Map<string, Set<string>> {
  const folders = new Map<string, Set<string>>();
  for (const path of paths) {
    let parent = '';
    for (const segment of path.split('/')) {
      let names = folders.get(parent);
      if (!names) folders.set(parent, (names = new Set()));
      names.add(segment);
      parent = parent === '' ? segment : `${parent}/${segment}`;
    }
  }
  return folders;
}

function pair(paths: readonly string[], config = DEFAULT_CONFIG, extraFolders: readonly string[] = []): RunSummary[] {
  return assignPairing(paths.map((p) => indexed(p)), config, foldersOf([...paths, ...extraFolders]));
}

type Pairing = Pick<RunSummary, 'language' | 'languageLabel' | 'runIndex' | 'group'>;

function byPath(runs: readonly RunSummary[]): Record<string, Pairing> {
  return Object.fromEntries(
    runs.map((r) => [r.path, { language: r.language, languageLabel: r.languageLabel, runIndex: r.runIndex, group: r.group }]),
  );
}

function config(value: unknown) {
  const { config: parsed, diagnostics } = parseConfig(value, ['gaia2-cli']);
  expect(diagnostics).toEqual([]);
  return parsed;
}

describe('assignPairing', () => {
  it('pairs <agent>/<lang>/run_<n>/<split>/<scenario> across languages, one group per agent', () => {
    const runs = pair([
      'gpt-4o/en/run_1/execution/scn_7',
      'gpt-4o/ja/run_2/execution/scn_7',
      'gpt-4o/zh-CN/run_3/execution/scn_7',
      'qwen3/en/run_1/execution/scn_7',
    ]);
    expect(byPath(runs)).toEqual({
      'gpt-4o/en/run_1/execution/scn_7': { language: 'eng', languageLabel: 'en', runIndex: 1, group: 'gpt-4o/execution/scn_7' },
      'gpt-4o/ja/run_2/execution/scn_7': { language: 'jpn', languageLabel: 'ja', runIndex: 2, group: 'gpt-4o/execution/scn_7' },
      'gpt-4o/zh-CN/run_3/execution/scn_7': { language: 'cmn', languageLabel: 'zh-CN', runIndex: 3, group: 'gpt-4o/execution/scn_7' },
      'qwen3/en/run_1/execution/scn_7': { language: 'eng', languageLabel: 'en', runIndex: 1, group: 'qwen3/execution/scn_7' },
    });
  });

  it('pairs <lang>/<agent>/run-<n>/… with 639-3 codes and BCP 47 tags', () => {
    const runs = pair(['eng/claude/run-1/search/scn_2', 'jpn/claude/run-2/search/scn_2', 'pt-BR/claude/run-1/search/scn_2']);
    expect(byPath(runs)).toEqual({
      'eng/claude/run-1/search/scn_2': { language: 'eng', languageLabel: 'eng', runIndex: 1, group: 'claude/search/scn_2' },
      'jpn/claude/run-2/search/scn_2': { language: 'jpn', languageLabel: 'jpn', runIndex: 2, group: 'claude/search/scn_2' },
      'pt-BR/claude/run-1/search/scn_2': { language: 'por', languageLabel: 'pt-BR', runIndex: 1, group: 'claude/search/scn_2' },
    });
  });

  it('lists runs whose language cannot be determined as und, in <out>/run_<n>/<split>/<scenario>', () => {
    const runs = pair(['out/run_1/execution/scn_1', 'out/run_2/execution/scn_1', 'out/run_1/search/scn_2']);
    expect(byPath(runs)).toEqual({
      'out/run_1/execution/scn_1': { language: 'und', languageLabel: 'und', runIndex: 1, group: 'out/execution/scn_1' },
      'out/run_2/execution/scn_1': { language: 'und', languageLabel: 'und', runIndex: 2, group: 'out/execution/scn_1' },
      'out/run_1/search/scn_2': { language: 'und', languageLabel: 'und', runIndex: 1, group: 'out/search/scn_2' },
    });
  });

  it('does not read a code-like folder as a language where most of its siblings are not languages', () => {
    const runs = pair(['it/run_1/scn_1', 'docs/run_1/scn_1', 'tools/run_1/scn_1']);
    expect(runs.map((r) => r.language)).toEqual(['und', 'und', 'und']);
    expect(runs.map((r) => r.group).sort()).toEqual(['docs/scn_1', 'it/scn_1', 'tools/scn_1']);
  });

  it('warns, naming the folder level, when language folders are outvoted by their siblings and runs get und', () => {
    const paths = ['agent/en/run_1/scn_1', 'agent/ja/run_1/scn_1', 'agent/ja/run_2/scn_1'];
    const diagnostics: Diagnostic[] = [];
    const runs = assignPairing(
      paths.map((p) => indexed(p)),
      DEFAULT_CONFIG,
      foldersOf([...paths, 'agent/logs', 'agent/plots', 'agent/notebooks']),
      diagnostics,
    );
    expect(runs.map((r) => r.language)).toEqual(['und', 'und', 'und']);
    expect(diagnostics).toEqual([
      {
        path: 'agent',
        line: null,
        severity: 'warning',
        message:
          '"en", "ja" not taken as languages: only 2 of the 5 folders here (en, ja, logs, notebooks, plots) are language ' +
          'codes, so 3 runs below have no language (und). To use them, name the level in trajectory-lens.json: ' +
          '"languages": {"segment": 1}.',
      },
    ]);
    const named = pair(paths, config({ languages: { segment: 1 } }), ['agent/logs', 'agent/plots', 'agent/notebooks']);
    expect(named.map((r) => r.language)).toEqual(['eng', 'jpn', 'jpn']);
  });

  it('says nothing about a lone code-like folder among ordinary ones', () => {
    const paths = ['it/run_1/scn_1', 'docs/run_1/scn_1', 'tools/run_1/scn_1'];
    const diagnostics: Diagnostic[] = [];
    assignPairing(paths.map((p) => indexed(p)), DEFAULT_CONFIG, foldersOf(paths), diagnostics);
    expect(diagnostics).toEqual([]);
  });

  it('prefers the level whose folders are all language codes', () => {
    // `it` and `docs`: half of that level looks like languages; `en` and `ja` below `it` all are.
    const runs = pair(['it/en/run_1/scn_1', 'it/ja/run_1/scn_1'], DEFAULT_CONFIG, ['docs']);
    expect(byPath(runs)).toEqual({
      'it/en/run_1/scn_1': { language: 'eng', languageLabel: 'en', runIndex: 1, group: 'it/scn_1' },
      'it/ja/run_1/scn_1': { language: 'jpn', languageLabel: 'ja', runIndex: 1, group: 'it/scn_1' },
    });
  });

  it('still finds languages beside a few other folders', () => {
    const runs = pair(['eng/scn_1', 'jpn/scn_1', 'hin/scn_1'], DEFAULT_CONFIG, ['logs']);
    expect(runs.map((r) => r.language).sort()).toEqual(['eng', 'hin', 'jpn']);
    expect(new Set(runs.map((r) => r.group))).toEqual(new Set(['scn_1']));
  });

  it('never takes ordinary folder names for languages, even beside real ones', () => {
    const runs = pair(['new/ja/scn_1', 'old/ja/scn_1', 'new/en/scn_1', 'old/en/scn_1', 'bin/run/scn_1']);
    expect(byPath(runs)).toEqual({
      'new/ja/scn_1': { language: 'jpn', languageLabel: 'ja', runIndex: 1, group: 'new/scn_1' },
      'old/ja/scn_1': { language: 'jpn', languageLabel: 'ja', runIndex: 1, group: 'old/scn_1' },
      'new/en/scn_1': { language: 'eng', languageLabel: 'en', runIndex: 1, group: 'new/scn_1' },
      'old/en/scn_1': { language: 'eng', languageLabel: 'en', runIndex: 1, group: 'old/scn_1' },
      'bin/run/scn_1': { language: 'und', languageLabel: 'und', runIndex: 1, group: 'bin/run/scn_1' },
    });
  });

  it('reads run numbers from run_<n>, run-<n> and trial_<n>, keeping 0-based numbers as written', () => {
    const runs = pair(['en/run_0/scn', 'en/run_1/scn', 'ja/trial_3/scn', 'ja/Run-12/scn', 'ja/scn']);
    expect(Object.fromEntries(runs.map((r) => [r.path, r.runIndex]))).toEqual({
      'en/run_0/scn': 0,
      'en/run_1/scn': 1,
      'ja/trial_3/scn': 3,
      'ja/Run-12/scn': 12,
      'ja/scn': 1,
    });
  });

  it("falls back to the reader's hints when the path names no language or run", () => {
    const runs = assignPairing(
      [indexed('results/scn_1', { languageHint: 'zh-CN', runIndexHint: 2 }), indexed('results/scn_2', { languageHint: 'elvish' })],
      DEFAULT_CONFIG,
      foldersOf(['results/scn_1', 'results/scn_2']),
    );
    expect(byPath(runs)).toEqual({
      'results/scn_1': { language: 'cmn', languageLabel: 'zh-CN', runIndex: 2, group: 'results/scn_1' },
      'results/scn_2': { language: 'und', languageLabel: 'und', runIndex: 1, group: 'results/scn_2' },
    });
  });

  it('gives runs held in one file unique ids and a group per scenario', () => {
    const folders = foldersOf(['en', 'ja']);
    const runs = assignPairing(
      [
        indexed('en/results.json', { key: 'task_1/trial_1', scenarioId: 'task_1' }),
        indexed('en/results.json', { key: 'task_1/trial_2', scenarioId: 'task_1' }),
        indexed('ja/results.json', { key: 'task_1/trial_1', scenarioId: 'task_1' }),
      ],
      DEFAULT_CONFIG,
      folders,
    );
    expect(runs.map((r) => [r.id, r.language, r.group])).toEqual([
      ['en/results.json#task_1/trial_1', 'eng', 'results.json#task_1'],
      ['en/results.json#task_1/trial_2', 'eng', 'results.json#task_1'],
      ['ja/results.json#task_1/trial_1', 'jpn', 'results.json#task_1'],
    ]);
  });

  it('names a run at the root "." and groups it by scenario', () => {
    const [run] = assignPairing([indexed('', { scenarioId: 'scn_1' })]);
    expect(run).toMatchObject({ id: '.', path: '', group: 'scn_1', language: 'und', runIndex: 1 });
  });

  it('places each run as it places it path by path, whichever of its folders names the language or the run', () => {
    // Runs of one folder are placed once for the folder; a language map (naming no folder here) places every path on
    // its own. Both must agree, with the language or the run number in the last folder, above it, or nowhere.
    const paths = [
      'agent-a/eng/run_1/search/scn_1',
      'agent-a/fra/run_2/search/scn_1',
      'agent-a/search/run_1/eng',
      'agent-a/search/run_1/fra',
      'agent-a/search/eng/run_3',
      'agent-a/search/fra/run_3',
      'agent-b/notes/scn_2',
      'agent-b/notes/run_4',
      'agent-b/run_5/scn_3',
      'agent-b/run_5/run_6',
      'it/docs/scn_4',
      'scn_5',
      'a//b',
      'trailing/',
    ];
    const runs = paths.map((p, i) => indexed(p, { languageHint: i % 3 === 0 ? 'ja' : null, runIndexHint: i % 2 === 0 ? 9 : null }));
    const folders = foldersOf([...paths, 'agent-b/notes/docs', 'it/src']);
    const [together, alone] = [DEFAULT_CONFIG, config({ languages: { map: { 'no-such-folder': 'de' } } })].map((c) => {
      const diagnostics: Diagnostic[] = [];
      return { runs: assignPairing(runs, c, folders, diagnostics), diagnostics };
    });
    expect(together).toEqual(alone);
    expect(byPath(together?.runs ?? [])['agent-a/search/run_1/fra']).toEqual({ language: 'fra', languageLabel: 'fra', runIndex: 1, group: 'agent-a/search' });
    expect(byPath(together?.runs ?? [])['agent-b/run_5/run_6']).toMatchObject({ runIndex: 5, group: 'agent-b/run_6' });
  });

  it('orders runs by group, language and run index, the same on every call', () => {
    const paths = ['b/ja/run_2/s', 'a/en/run_1/s', 'b/en/run_1/s', 'b/ja/run_1/s', 'a/ja/run_1/s'];
    const first = pair(paths).map((r) => r.id);
    expect(first).toEqual(['a/en/run_1/s', 'a/ja/run_1/s', 'b/en/run_1/s', 'b/ja/run_1/s', 'b/ja/run_2/s']);
    expect(pair([...paths].reverse()).map((r) => r.id)).toEqual(first);
  });

  describe('with trajectory-lens.json', () => {
    it('maps folder names to languages', () => {
      const runs = pair(['english/attempt-1/scn', 'japanese/attempt-2/scn'], config({
        languages: { map: { English: 'en', japanese: 'jpn' } },
        runPattern: '^attempt-(\\d+)$',
      }));
      expect(byPath(runs)).toEqual({
        'english/attempt-1/scn': { language: 'eng', languageLabel: 'english', runIndex: 1, group: 'scn' },
        'japanese/attempt-2/scn': { language: 'jpn', languageLabel: 'japanese', runIndex: 2, group: 'scn' },
      });
    });

    it('takes the language from a fixed segment, whatever the folders around it', () => {
      const runs = pair(['exp1/it/run_1/scn', 'exp1/de/run_1/scn', 'exp1/klingon/run_1/scn'], config({ languages: { segment: 1 } }));
      expect(byPath(runs)).toEqual({
        'exp1/it/run_1/scn': { language: 'ita', languageLabel: 'it', runIndex: 1, group: 'exp1/scn' },
        'exp1/de/run_1/scn': { language: 'deu', languageLabel: 'de', runIndex: 1, group: 'exp1/scn' },
        'exp1/klingon/run_1/scn': { language: 'und', languageLabel: 'klingon', runIndex: 1, group: 'exp1/scn' },
      });
    });

    it('groups by scenario id across agent folders with groupBy "scenario"', () => {
      const runs = pair(['gpt/en/scn_1', 'qwen/ja/scn_1'], config({ groupBy: 'scenario' }));
      expect(runs.map((r) => r.group)).toEqual(['scn_1', 'scn_1']);
    });
  });
});
