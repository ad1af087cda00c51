import type { IndexedRun } from '../formats/reader';
import { normalizeLanguage, UNDETERMINED } from '../language/normalizeLanguage';
import type { RunSummary } from '../model';
import { DEFAULT_CONFIG, type TrajectoryLensConfig } from './config';

// Fills in what only the path can tell: language, run index and the group that pairs runs across languages.
// Each run costs O(path depth); the share of language folders per level is computed once per level.

const DEFAULT_RUN_PATTERN = /^(?:run|trial)[-_]?(\d+)$/i;
/** A level counts as a language level when at least this share of its folders are language codes. */
const LANGUAGE_LEVEL_SHARE = 0.5;

interface Located {
  /** Index of the path segment, or null when the language came from elsewhere (or nowhere). */
  segment: number | null;
  language: string;
  label: string;
}

interface RunFolder {
  /** Index of the path segment naming the run, or null. */
  segment: number | null;
  index: number | null;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Deterministic order: group, language, run index, id. */
export function compareRuns(a: RunSummary, b: RunSummary): number {
  return (
    compareText(a.group, b.group) ||
    compareText(a.language, b.language) ||
    a.runIndex - b.runIndex ||
    compareText(a.id, b.id)
  );
}

/**
 * Turns what the readers found into RunSummaries. `folders` holds the sub-folder names of each listed folder
 * (from the walk); a path level is preferred as the language level when its folders are (mostly) language codes.
 */
export function assignPairing(
  runs: readonly IndexedRun[],
  config: TrajectoryLensConfig = DEFAULT_CONFIG,
  folders: ReadonlyMap<string, ReadonlySet<string>> = new Map(),
): RunSummary[] {
  const languageOf = (label: string): string | null =>
    config.languageMap.get(label.toLowerCase()) ?? normalizeLanguage(label);

  const shareByLevel = new Map<string, number>();
  const languageShare = (parent: string): number => {
    let share = shareByLevel.get(parent);
    if (share === undefined) {
      const names = folders.get(parent);
      let languages = 0;
      for (const name of names ?? []) if (languageOf(name) !== null) languages++;
      share = names && names.size > 0 ? languages / names.size : 0;
      shareByLevel.set(parent, share);
    }
    return share;
  };

  const detect = (segments: readonly string[]): Located | null => {
    let best: Located | null = null;
    let bestShare = 0;
    let parent = '';
    for (const [i, segment] of segments.entries()) {
      const language = folders.get(parent)?.has(segment) ? languageOf(segment) : null;
      const share = language === null ? 0 : languageShare(parent);
      // Ties go to the level nearest the root: it names the language for everything below it.
      if (language !== null && share >= LANGUAGE_LEVEL_SHARE && share > bestShare) {
        best = { segment: i, language, label: segment };
        bestShare = share;
      }
      parent = parent === '' ? segment : `${parent}/${segment}`;
    }
    return best;
  };

  const locateLanguage = (run: IndexedRun, segments: readonly string[]): Located => {
    if (config.languageSegment !== null) {
      const label = segments[config.languageSegment];
      if (label !== undefined) {
        return { segment: config.languageSegment, language: languageOf(label) ?? UNDETERMINED, label };
      }
    } else {
      const mapped = segments.findIndex((s) => config.languageMap.has(s.toLowerCase()));
      const label = segments[mapped];
      if (label !== undefined) return { segment: mapped, language: languageOf(label) ?? UNDETERMINED, label };
      const detected = detect(segments);
      if (detected !== null) return detected;
    }
    const hint = run.languageHint;
    const hinted = hint === null ? null : languageOf(hint);
    if (hint !== null && hinted !== null) return { segment: null, language: hinted, label: hint };
    return { segment: null, language: UNDETERMINED, label: UNDETERMINED };
  };

  const runPattern = config.runPattern ?? DEFAULT_RUN_PATTERN;
  const locateRun = (segments: readonly string[], languageSegment: number | null): RunFolder => {
    for (let i = 0; i < segments.length; i++) {
      if (i === languageSegment) continue;
      const number = runPattern.exec(segments[i] ?? '')?.[1];
      if (number !== undefined && /^\d+$/.test(number)) return { segment: i, index: Number(number) };
    }
    return { segment: null, index: null };
  };

  const summaries = runs.map((run): RunSummary => {
    const pairingPath = run.pairingPath ?? run.path;
    const segments = pairingPath === '' ? [] : pairingPath.split('/');
    const language = locateLanguage(run, segments);
    const runIndex = locateRun(segments, language.segment);
    const rest = segments.filter((_, i) => i !== language.segment && i !== runIndex.segment).join('/');
    const byPath = rest === '' ? run.scenarioId : run.key === null ? rest : `${rest}#${run.scenarioId}`;
    return {
      id: `${run.path === '' ? '.' : run.path}${run.key === null ? '' : `#${run.key}`}`,
      path: run.path,
      format: run.format,
      group: config.groupBy === 'scenario' ? run.scenarioId : byPath,
      scenarioId: run.scenarioId,
      language: language.language,
      languageLabel: language.label,
      runIndex: runIndex.index ?? run.runIndexHint ?? 1,
      outcome: run.outcome,
      capability: run.capability,
      failureFamily: run.failureFamily,
      failureReason: run.failureReason,
      score: run.score,
      model: run.model,
      setting: run.setting,
    };
  });
  return summaries.sort(compareRuns);
}
