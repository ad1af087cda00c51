import type { IndexedRun } from '../formats/reader';
import { normalizeLanguage, UNDETERMINED } from '../language/normalizeLanguage';
import type { Diagnostic, RunSummary } from '../model';
import { DEFAULT_CONFIG, type TrajectoryLensConfig } from './config';
import { turnTaker } from '../eventLoopTurns';
import { byRunOrder } from './runOrder';

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

/** A folder level whose language-code names were outvoted by their siblings. */
interface RejectedLevel {
  parent: string;
  /** Index of the level's segment in the run's path. */
  segment: number;
}

/** What the levels of a path down to a folder tell of its language. */
interface DetectState {
  best: Located | null;
  bestShare: number;
  rejected: RejectedLevel | null;
  /** Levels walked. */
  depth: number;
}

interface RunFolder {
  /** Index of the path segment naming the run, or null. */
  segment: number | null;
  index: number | null;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}


/**
 * gaia2-cli lays runs out as `<agent>/<lang>/run_<n>/…`, and classic ARE sweeps as `<agent>/<lang>/<phase>/<split>/`
 * (whose output.jsonl names no agent): the folder above the language folder names the agent.
 */
const FOLDER_AGENT_FORMATS: ReadonlySet<string> = new Set(['gaia2-cli', 'are-trace']);

function folderAgent(run: IndexedRun, segments: readonly string[], languageSegment: number | null): string | null {
  if (!FOLDER_AGENT_FORMATS.has(run.format) || languageSegment === null || languageSegment === 0) return null;
  return segments[languageSegment - 1] ?? null;
}

/**
 * Turns what the readers found into RunSummaries. `folders` holds the sub-folder names of each listed folder
 * (from the walk); a path level is preferred as the language level when its folders are (mostly) language codes.
 * `diagnostics`, when given, receives a warning for each level whose folders name two or more languages that were not
 * taken as languages because most of their siblings are not, when that left runs without a language.
 */
export function assignPairing(
  runs: readonly IndexedRun[],
  config: TrajectoryLensConfig = DEFAULT_CONFIG,
  folders: ReadonlyMap<string, ReadonlySet<string>> = new Map(),
  diagnostics?: Diagnostic[],
): RunSummary[] {
  const pairing = createPairing(config, folders);
  const summaries = runs.map(pairing.summarise);
  pairing.warn(diagnostics);
  return summaries.sort(byRunOrder);
}

/** As assignPairing, giving the event loop a turn every few milliseconds (the extension host pairs 20,000 runs). */
export async function assignPairingInTurns(
  runs: readonly IndexedRun[],
  config: TrajectoryLensConfig,
  folders: ReadonlyMap<string, ReadonlySet<string>>,
  diagnostics: Diagnostic[],
): Promise<RunSummary[]> {
  const pairing = createPairing(config, folders);
  const turn = turnTaker();
  const summaries: RunSummary[] = [];
  for (const run of runs) {
    summaries.push(pairing.summarise(run));
    const pause = turn();
    if (pause !== undefined) await pause;
  }
  pairing.warn(diagnostics);
  return summaries.sort(byRunOrder);
}

interface Pairing {
  summarise(run: IndexedRun): RunSummary;
  /** Adds the warnings about outvoted language levels of the runs summarised so far. */
  warn(diagnostics?: Diagnostic[]): void;
}

function createPairing(config: TrajectoryLensConfig, folders: ReadonlyMap<string, ReadonlySet<string>>): Pairing {
  // Memoised: every run asks about each folder of its path, and 20,000 runs repeat a few dozen names.
  const languages = new Map<string, string | null>();
  const languageOf = (label: string): string | null => {
    let language = languages.get(label);
    if (language === undefined) {
      language = config.languageMap.get(label.toLowerCase()) ?? normalizeLanguage(label);
      languages.set(label, language);
    }
    return language;
  };

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

  /** The state of `path`, one level below `parent` (whose state is `before`). */
  const levelDown = (before: DetectState, parent: string, segment: string): DetectState => {
    const language = folders.get(parent)?.has(segment) ? languageOf(segment) : null;
    if (language === null) return { best: before.best, bestShare: before.bestShare, rejected: before.rejected, depth: before.depth + 1 };
    const share = languageShare(parent);
    // Ties go to the level nearest the root: it names the language for everything below it.
    if (share >= LANGUAGE_LEVEL_SHARE && share > before.bestShare) {
      return { ...before, best: { segment: before.depth, language, label: segment }, bestShare: share, depth: before.depth + 1 };
    }
    const rejected = share < LANGUAGE_LEVEL_SHARE ? (before.rejected ?? { parent, segment: before.depth }) : before.rejected;
    return { ...before, rejected, depth: before.depth + 1 };
  };

  /**
   * The language level found along a path, level by level from the root. Folders' states are kept, so runs sharing
   * folders share the work: each run costs one level.
   */
  const folderStates = new Map<string, DetectState>([['', { best: null, bestShare: 0, rejected: null, depth: 0 }]]);
  const detect = (path: string, keep: boolean): DetectState => {
    const known = folderStates.get(path);
    if (known !== undefined) return known;
    const cut = path.lastIndexOf('/');
    const parent = cut < 0 ? '' : path.slice(0, cut);
    const state = levelDown(detect(parent, true), parent, path.slice(cut + 1));
    if (keep) folderStates.set(path, state);
    return state;
  };

  const undetermined = new Map<string, { level: RejectedLevel; runs: number }>();
  const locateLanguage = (run: IndexedRun, path: string, segments: readonly string[]): Located => {
    let rejected: RejectedLevel | null = null;
    if (config.languageSegment !== null) {
      const label = segments[config.languageSegment];
      if (label !== undefined) {
        return { segment: config.languageSegment, language: languageOf(label) ?? UNDETERMINED, label };
      }
    } else {
      // Looked up only when found: reading index -1 of an array is a slow named-property lookup.
      const mapped = config.languageMap.size === 0 ? -1 : segments.findIndex((s) => config.languageMap.has(s.toLowerCase()));
      if (mapped >= 0) {
        const label = segments[mapped] as string;
        return { segment: mapped, language: languageOf(label) ?? UNDETERMINED, label };
      }
      const detected = detect(path, false);
      if (detected.best !== null) return detected.best;
      rejected = detected.rejected;
    }
    const hint = run.languageHint;
    const hinted = hint === null ? null : languageOf(hint);
    if (hint !== null && hinted !== null) return { segment: null, language: hinted, label: hint };
    if (rejected !== null) {
      undetermined.set(rejected.parent, { level: rejected, runs: (undetermined.get(rejected.parent)?.runs ?? 0) + 1 });
    }
    return { segment: null, language: UNDETERMINED, label: UNDETERMINED };
  };

  const runPattern = config.runPattern ?? DEFAULT_RUN_PATTERN;
  // Memoised like languages: the same few folder names (agents, splits, run_1…) recur on every path.
  const runIndexes = new Map<string, number | null>();
  const runIndexOf = (segment: string): number | null => {
    let index = runIndexes.get(segment);
    if (index === undefined) {
      const number = runPattern.exec(segment)?.[1];
      index = number !== undefined && /^\d+$/.test(number) ? Number(number) : null;
      runIndexes.set(segment, index);
    }
    return index;
  };
  const locateRun = (segments: readonly string[], languageSegment: number | null): RunFolder => {
    for (let i = 0; i < segments.length; i++) {
      if (i === languageSegment) continue;
      const index = runIndexOf(segments[i] as string);
      if (index !== null) return { segment: i, index };
    }
    return { segment: null, index: null };
  };

  /** The path without its language and run folders. */
  const keptPath = (segments: readonly string[], language: number | null, runFolder: number | null): string => {
    const kept: string[] = [];
    for (let i = 0; i < segments.length; i++) if (i !== language && i !== runFolder) kept.push(segments[i] as string);
    return kept.join('/');
  };

  /**
   * The folders above a run's last segment, as far as they place it: the runs of one folder share them, so they are
   * worked out once per folder. Only where the language comes from the folders alone (no segment or names given).
   */
  const above = new Map<string, { segments: string[]; runFolder: RunFolder; rest: string }>();
  const aboveOf = (parent: string) => {
    let known = above.get(parent);
    if (known === undefined) {
      const segments = parent === '' ? [] : parent.split('/');
      const language = detect(parent, true).best?.segment ?? null;
      const runFolder = locateRun(segments, language);
      known = { segments, runFolder, rest: keptPath(segments, language, runFolder.segment) };
      above.set(parent, known);
    }
    return known;
  };
  const bySegments = config.languageSegment === null && config.languageMap.size === 0;

  /**
   * Where a run's path puts it: its language, its run folder, and the rest of the path (its group). `segments` holds
   * the path's segments, or (where the folders above place it) those above its last: enough for the agent's folder,
   * which is above the language's.
   */
  const place = (run: IndexedRun, path: string): { language: Located; runFolder: RunFolder; rest: string; segments: readonly string[] } => {
    const cut = path.lastIndexOf('/');
    if (bySegments && cut >= 0) {
      const parent = aboveOf(path.slice(0, cut));
      const language = locateLanguage(run, path, parent.segments);
      const depth = parent.segments.length;
      // A language found above the last segment, or none: the folders above place the run as they place its siblings.
      if (language.segment === null || language.segment < depth) {
        const last = path.slice(cut + 1);
        const index = parent.runFolder.segment === null ? runIndexOf(last) : null;
        if (index !== null) return { language, runFolder: { segment: depth, index }, rest: parent.rest, segments: parent.segments };
        return { language, runFolder: parent.runFolder, rest: parent.rest === '' ? last : `${parent.rest}/${last}`, segments: parent.segments };
      }
      // The last segment names the language: placed below as any path is (finding its language again counts nothing
      // twice, as only a run without one is counted).
    }
    const segments = path === '' ? [] : path.split('/');
    const language = locateLanguage(run, path, segments);
    const runFolder = locateRun(segments, language.segment);
    return { language, runFolder, rest: keptPath(segments, language.segment, runFolder.segment), segments };
  };

  const summarise = (run: IndexedRun): RunSummary => {
    const pairingPath = run.pairingPath ?? run.path;
    const { language, runFolder: runIndex, rest, segments } = place(run, pairingPath);
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
      agent: run.agent ?? folderAgent(run, segments, language.segment) ?? run.model,
      setting: run.setting,
    };
  };
  const warn = (diagnostics?: Diagnostic[]): void => {
    for (const { level, runs: count } of undetermined.values()) {
      const names = folders.get(level.parent) ?? new Set<string>();
      // One code-like name among other folders (`it` beside `docs`) is most likely not a language: say nothing.
      const languages = new Set([...names].map(languageOf).filter((l) => l !== null));
      if (languages.size >= 2) diagnostics?.push(outvotedLevelWarning(level, names, languageOf, count));
    }
  };
  return { summarise, warn };
}

/** Why runs below a level with language-code folders got no language, and how to name the level instead. */
function outvotedLevelWarning(
  level: RejectedLevel,
  names: ReadonlySet<string>,
  languageOf: (label: string) => string | null,
  runs: number,
): Diagnostic {
  const sorted = [...names].sort(compareText);
  const codes = sorted.filter((name) => languageOf(name) !== null);
  const listed = sorted.length > 8 ? `${sorted.slice(0, 8).join(', ')}, …` : sorted.join(', ');
  return {
    path: level.parent,
    line: null,
    severity: 'warning',
    message:
      `${codes.map((c) => `"${c}"`).join(', ')} not taken as ${codes.length === 1 ? 'a language' : 'languages'}: only ` +
      `${codes.length} of the ${sorted.length} folders here (${listed}) are language codes, so ${runs} ` +
      `${runs === 1 ? 'run' : 'runs'} below ${runs === 1 ? 'has' : 'have'} no language (und). To use them, name ` +
      `the level in trajectory-lens.json: "languages": {"segment": ${level.segment}}.`,
  };
}
