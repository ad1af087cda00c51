import type { FileSource } from '../fileSource';
import { readJsonFile } from '../formats/jsonLines';
import { languageCode } from '../language/normalizeLanguage';
import type { Diagnostic, FormatId } from '../model';
import { parseReviewConfig, type ReviewSamplingConfig } from './configReview';
import { globToRegExp } from './glob';
import { DEFAULT_SETTINGS, type SettingOptions } from './runIndex';

// trajectory-lens.json at the root of a run directory overrides how runs are detected and paired.
// The schema, with examples, is in docs/trajectory-lens-json.md; keep the two in step.

export const CONFIG_FILE = 'trajectory-lens.json';
const MAX_CONFIG_BYTES = 1024 * 1024;

export type GroupBy = 'path' | 'scenario';

export interface TrajectoryLensConfig {
  /** Baseline language (ISO 639-3), or null to leave the choice to the caller (default eng). */
  baseline: string | null;
  /** 0-based index of the path segment that names the language, or null to detect it. */
  languageSegment: number | null;
  /** Lower-case folder name → ISO 639-3 code, consulted before code detection. */
  languageMap: ReadonlyMap<string, string>;
  /** Matches a folder name whose first capture group is the run number; null for run_<n> / trial_<n> / run-<n>. */
  runPattern: RegExp | null;
  groupBy: GroupBy;
  /** Paths (relative to the root) that are neither walked nor reported. */
  exclude: readonly RegExp[];
  /** Subtree (relative path, '' = everything) → the only format looked for there. */
  formats: ReadonlyMap<string, FormatId>;
  /** Folder (relative path) holding SEATau translated domains `<domain>/<lang>/data_model.json`; null for data/tau2/domains. */
  tau2Domains: string | null;
  /** Grade at or above which a PolyWorkBench run passes; null for the reader's default (0.5). */
  polyworkPassThreshold: number | null;
  /** How benchmark settings are compared and shown; null when the file does not say. */
  settings: SettingOptions | null;
  /** Review queue sampling (sizes per stratum, seed) that overrides the user's settings; null when the file has none. */
  review: ReviewSamplingConfig | null;
}

export const DEFAULT_CONFIG: TrajectoryLensConfig = {
  baseline: null,
  languageSegment: null,
  languageMap: new Map(),
  runPattern: null,
  groupBy: 'path',
  exclude: [],
  formats: new Map(),
  tau2Domains: null,
  polyworkPassThreshold: null,
  settings: null,
  review: null,
};

export interface LoadedConfig {
  config: TrajectoryLensConfig;
  diagnostics: Diagnostic[];
}

const KNOWN_KEYS = ['baseline', 'languages', 'runPattern', 'groupBy', 'exclude', 'formats', 'tau2Domains', 'polywork', 'settings', 'review'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function configLanguage(value: unknown): string | null {
  return typeof value === 'string' ? languageCode(value) : null;
}

function subtreeKey(path: string): string {
  return path.trim().replace(/^\.?\/+/, '').replace(/\/+$/, '').replace(/^\.$/, '');
}

/** Validates a parsed trajectory-lens.json; every invalid entry is reported and ignored, the rest still applies. */
export function parseConfig(value: unknown, knownFormats: readonly FormatId[]): LoadedConfig {
  const diagnostics: Diagnostic[] = [];
  const report = (message: string, severity: Diagnostic['severity'] = 'error'): void => {
    diagnostics.push({ path: CONFIG_FILE, line: null, message, severity });
  };
  if (!isRecord(value)) {
    report('must be a JSON object; ignored');
    return { config: DEFAULT_CONFIG, diagnostics };
  }

  for (const key of Object.keys(value)) {
    if (!KNOWN_KEYS.includes(key)) report(`unknown key "${key}" ignored (known: ${KNOWN_KEYS.join(', ')})`, 'warning');
  }

  let baseline: string | null = null;
  if (value.baseline !== undefined) {
    baseline = configLanguage(value.baseline);
    if (baseline === null) {
      report(`"baseline" must be a language code such as "eng" or "en"; got ${JSON.stringify(value.baseline)}`);
    }
  }

  let languageSegment: number | null = null;
  const languageMap = new Map<string, string>();
  const languages = value.languages;
  if (languages !== undefined) {
    if (!isRecord(languages)) {
      report('"languages" must be an object with "segment" and/or "map"');
    } else {
      for (const key of Object.keys(languages)) {
        if (key !== 'segment' && key !== 'map') {
          report(`unknown key "languages.${key}" ignored (known: segment, map)`, 'warning');
        }
      }
      const segment = languages.segment;
      if (segment !== undefined) {
        if (typeof segment === 'number' && Number.isInteger(segment) && segment >= 0) languageSegment = segment;
        else report(`"languages.segment" must be a whole number ≥ 0 (0 = first folder); got ${JSON.stringify(segment)}`);
      }
      const map = languages.map;
      if (map !== undefined) {
        if (!isRecord(map)) {
          report('"languages.map" must map folder names to language codes');
        } else {
          for (const [folder, code] of Object.entries(map)) {
            const language = configLanguage(code);
            if (language === null) report(`"languages.map.${folder}" must be a language code; got ${JSON.stringify(code)}`);
            else languageMap.set(folder.toLowerCase(), language);
          }
        }
      }
    }
  }

  let runPattern: RegExp | null = null;
  if (value.runPattern !== undefined) {
    if (typeof value.runPattern !== 'string') {
      report('"runPattern" must be a regular expression in a string');
    } else {
      try {
        const pattern = new RegExp(value.runPattern);
        // Appending an empty alternative makes the pattern match '', which reveals how many groups it has.
        const groups = new RegExp(`${value.runPattern}|`).exec('')?.length ?? 0;
        if (groups < 2) report('"runPattern" needs a capture group for the run number, e.g. "^seed(\\\\d+)$"');
        else runPattern = pattern;
      } catch (error) {
        report(`"runPattern" is not a valid regular expression: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }

  let groupBy: GroupBy = 'path';
  if (value.groupBy !== undefined) {
    if (value.groupBy === 'path' || value.groupBy === 'scenario') groupBy = value.groupBy;
    else report(`"groupBy" must be "path" or "scenario"; got ${JSON.stringify(value.groupBy)}`);
  }

  const exclude: RegExp[] = [];
  if (value.exclude !== undefined) {
    if (!Array.isArray(value.exclude)) {
      report('"exclude" must be a list of path patterns');
    } else {
      for (const pattern of value.exclude) {
        if (typeof pattern === 'string' && pattern.trim() !== '') exclude.push(globToRegExp(pattern));
        else report(`"exclude" entries must be non-empty strings; got ${JSON.stringify(pattern)}`);
      }
    }
  }

  const formats = new Map<string, FormatId>();
  if (value.formats !== undefined) {
    if (!isRecord(value.formats)) {
      report('"formats" must map folders to format names');
    } else {
      for (const [subtree, format] of Object.entries(value.formats)) {
        const known = knownFormats.find((f) => f === format);
        if (known === undefined) {
          report(`"formats.${subtree}": unknown format ${JSON.stringify(format)} (known: ${knownFormats.join(', ')})`);
        } else {
          formats.set(subtreeKey(subtree), known);
        }
      }
    }
  }

  let tau2Domains: string | null = null;
  if (value.tau2Domains !== undefined) {
    const folder = typeof value.tau2Domains === 'string' ? subtreeKey(value.tau2Domains) : '';
    if (folder === '' || folder.split('/').includes('..')) {
      report(`"tau2Domains" must be a folder inside the run directory, e.g. "assets/domains"; got ${JSON.stringify(value.tau2Domains)}`);
    } else {
      tau2Domains = folder;
    }
  }

  let polyworkPassThreshold: number | null = null;
  const polywork = value.polywork;
  if (polywork !== undefined) {
    if (!isRecord(polywork)) {
      report(`"polywork" must be an object such as {"passThreshold": 0.7}; got ${JSON.stringify(polywork)}`);
    } else {
      for (const key of Object.keys(polywork)) {
        if (key !== 'passThreshold') report(`unknown key "polywork.${key}" ignored (known: passThreshold)`, 'warning');
      }
      const threshold = polywork.passThreshold;
      if (typeof threshold === 'number' && threshold >= 0 && threshold <= 1) polyworkPassThreshold = threshold;
      else if (threshold !== undefined) {
        report(`"polywork.passThreshold" must be a Grade between 0 and 1, e.g. 0.7; got ${JSON.stringify(threshold)}; 0.5 used`);
      }
    }
  }

  let settings: SettingOptions | null = null;
  if (value.settings !== undefined) {
    if (!isRecord(value.settings)) {
      report(`"settings" must be an object such as {"baseline": "english", "level": true}; got ${JSON.stringify(value.settings)}`);
    } else {
      const { baseline: baselineSetting, level, ...unknown } = value.settings;
      for (const key of Object.keys(unknown)) report(`unknown key "settings.${key}" ignored (known: baseline, level)`, 'warning');
      settings = { ...DEFAULT_SETTINGS };
      if (typeof baselineSetting === 'string' && baselineSetting.trim() !== '') settings.baseline = baselineSetting.trim();
      else if (baselineSetting !== undefined) {
        report(`"settings.baseline" must be a setting name such as "english"; got ${JSON.stringify(baselineSetting)}`);
      }
      if (typeof level === 'boolean') settings.level = level;
      else if (level !== undefined) report(`"settings.level" must be true or false; got ${JSON.stringify(level)}`);
    }
  }

  const review = parseReviewConfig(value.review, report);

  return {
    config: {
      baseline,
      languageSegment,
      languageMap,
      runPattern,
      groupBy,
      exclude,
      formats,
      tau2Domains,
      polyworkPassThreshold,
      settings,
      review,
    },
    diagnostics,
  };
}

/** Reads trajectory-lens.json from the root when there is one; defaults (and no diagnostics) when there is none. */
export async function loadConfig(fs: FileSource, knownFormats: readonly FormatId[]): Promise<LoadedConfig> {
  const stat = await fs.stat(CONFIG_FILE);
  if (stat === null) return { config: DEFAULT_CONFIG, diagnostics: [] };
  const { value, diagnostics } = await readJsonFile(fs, CONFIG_FILE, MAX_CONFIG_BYTES);
  if (value === undefined) {
    const withFallback = diagnostics.map((d) => ({ ...d, message: `${d.message}; defaults used` }));
    return { config: DEFAULT_CONFIG, diagnostics: withFallback };
  }
  return parseConfig(value, knownFormats);
}

/** True when the config excludes this relative path. */
export function isExcluded(config: TrajectoryLensConfig, path: string): boolean {
  return config.exclude.some((pattern) => pattern.test(path));
}

export interface ForcedFormat {
  /** The configured subtree, as written in `formats` (normalised; '' = everything). */
  subtree: string;
  format: FormatId;
}

/** The format forced on a path by its deepest configured subtree, or null when none is. */
export function forcedFormat(config: TrajectoryLensConfig, path: string): ForcedFormat | null {
  let best: string | null = null;
  for (const subtree of config.formats.keys()) {
    const inside = subtree === '' || path === subtree || path.startsWith(`${subtree}/`);
    if (inside && (best === null || subtree.length > best.length)) best = subtree;
  }
  const format = best === null ? undefined : config.formats.get(best);
  return best === null || format === undefined ? null : { subtree: best, format };
}

/** The only format to look for in a directory (configured for its deepest configured subtree), or null for all. */
export function configuredFormat(config: TrajectoryLensConfig, dir: string): FormatId | null {
  return forcedFormat(config, dir)?.format ?? null;
}
