import type * as vscode from 'vscode';
import type { Diagnostic, RunSummary } from '../core/model';
import type { RunIndex } from '../core/index/runIndex';
import type { RunDirectory } from '../core/index/runDirectory';
import type { Regression } from '../core/analysis/regressionTypes';
import { findRegressions } from '../core/analysis/regressions';
import { summarizeGroups, type GroupSummary } from '../core/analysis/groupSummary';
import { dirname } from '../core/fileSource';
import type { VscodeFileSource } from './vscodeFileSource';
import { byRunOrder } from '../core/index/runOrder';

export type { GroupSummary, LanguageSummary } from '../core/analysis/groupSummary';

/** One indexed run directory with what the views show about it, computed once per index and baseline. */
export interface LoadedRunDirectory extends RunDirectory<VscodeFileSource> {
  uri: vscode.Uri;
  /** Name shown in views. */
  name: string;
  baseline: string;
  regressions: Regression[];
  groups: GroupSummary[];
  runsById: Map<string, RunSummary>;
  /** Runs of one group and language, by run index; key from `groupLanguageKey`. */
  runsByGroupLanguage: Map<string, RunSummary[]>;
  /** Diagnostics about files inside a run's directory, by run id. */
  diagnosticsByRun: Map<string, Diagnostic[]>;
}

export function groupLanguageKey(group: string, language: string): string {
  return `${group}\u0000${language}`;
}

function runsByGroupLanguage(runs: RunSummary[]): Map<string, RunSummary[]> {
  const map = new Map<string, RunSummary[]>();
  for (const run of runs) {
    const key = groupLanguageKey(run.group, run.language);
    const list = map.get(key) ?? [];
    list.push(run);
    map.set(key, list);
  }
  for (const list of map.values()) list.sort(byRunOrder);
  return map;
}

/** A diagnostic belongs to every run whose path is the file itself or one of its parent directories. */
function diagnosticsByRun(index: RunIndex): Map<string, Diagnostic[]> {
  const runsByPath = new Map<string, RunSummary[]>();
  for (const run of index.runs) runsByPath.set(run.path, [...(runsByPath.get(run.path) ?? []), run]);
  const byRun = new Map<string, Diagnostic[]>();
  for (const diagnostic of index.diagnostics) {
    for (let path = diagnostic.path; path !== ''; path = dirname(path)) {
      for (const run of runsByPath.get(path) ?? []) byRun.set(run.id, [...(byRun.get(run.id) ?? []), diagnostic]);
    }
  }
  return byRun;
}

export function loadRunDirectory(
  uri: vscode.Uri,
  fs: VscodeFileSource,
  name: string,
  index: RunIndex,
  baseline: string,
): LoadedRunDirectory {
  return {
    uri,
    fs,
    name,
    index,
    baseline,
    regressions: findRegressions(index.runs, baseline),
    groups: summarizeGroups(index.runs, baseline),
    runsById: new Map(index.runs.map((run) => [run.id, run])),
    runsByGroupLanguage: runsByGroupLanguage(index.runs),
    diagnosticsByRun: diagnosticsByRun(index),
  };
}

/** The same directory compared against another baseline language (no re-indexing). */
export function withBaseline(dir: LoadedRunDirectory, baseline: string): LoadedRunDirectory {
  return {
    ...dir,
    baseline,
    regressions: findRegressions(dir.index.runs, baseline),
    groups: summarizeGroups(dir.index.runs, baseline),
  };
}
