import { basename, dirname, joinPath, type FileSource } from '../fileSource';
import { isObject, stringOrNull } from '../formats/gaia2/values';
import { readJsonFile } from '../formats/jsonLines';
import { normalizeLanguage } from '../language/normalizeLanguage';
import type { Diagnostic } from '../model';
import { TERM_TABLE_NAMES } from './terms';

// Finds translated JSON files and their sources. A translation lives under a language folder — SEATau
// data/tau2/domains/<domain>/<lang>/tasks.json, GAIA2 scenarios <root>/<lang>/<scenario>.json — and its source is
// the file the folder's translation_manifest.json names, else the same path under an English sibling folder
// (en, eng, en-US…), else the same file name beside the language folder (the untranslated original).

export interface TranslationPair {
  /** Null when no source was found: only checks that need none run (enum literals). */
  source: string | null;
  translation: string;
  sourceLanguage: string;
  /** ISO 639-3 code of the translation. */
  language: string;
}

export interface TermFile {
  path: string;
  /** Language of the folder the table sits in, if any. */
  folderLanguage: string | null;
}

const ENGLISH = 'eng';
const MANIFEST = 'translation_manifest.json';
const TERM_FILES = new Set(TERM_TABLE_NAMES);
/** Files in language folders that are not translated documents (gaia2-cli's run files among them: runs differ by language). */
const NOT_DOCUMENTS = new Set([MANIFEST, ...TERM_TABLE_NAMES, 'results.json', 'results_reviewed.json', 'result.json', 'daemon_status.json', 'run_config.json']);
const MAX_DEPTH = 12;
const MAX_MANIFEST_BYTES = 4 * 1024 * 1024;

async function exists(fs: FileSource, path: string): Promise<boolean> {
  return (await fs.stat(path))?.type === 'file';
}

/** The source a translation_manifest.json beside the file names for it, when that file is in the directory. */
async function manifestSource(fs: FileSource, file: string, diagnostics: Diagnostic[]): Promise<string | null> {
  const manifest = joinPath(dirname(file), MANIFEST);
  if (!(await exists(fs, manifest))) return null;
  const { value, diagnostics: problems } = await readJsonFile(fs, manifest, MAX_MANIFEST_BYTES);
  diagnostics.push(...problems);
  const asset = isObject(value) && isObject(value.assets) ? value.assets[basename(file)] : undefined;
  const sources = isObject(asset) && Array.isArray(asset.source_files) ? asset.source_files : [];
  for (const entry of sources) {
    const path = isObject(entry) ? stringOrNull(entry.path) : null;
    if (path !== null && (await exists(fs, path))) return path;
  }
  return null;
}

async function sourceOf(fs: FileSource, file: string, segments: readonly string[], at: number, diagnostics: Diagnostic[]): Promise<{ path: string | null; language: string }> {
  const fromManifest = await manifestSource(fs, file, diagnostics);
  if (fromManifest !== null) return { path: fromManifest, language: ENGLISH };
  const parent = segments.slice(0, at).join('/');
  const rest = segments.slice(at + 1);
  const siblings = (await fs.list(parent).catch(() => [])).filter((e) => e.type === 'directory' && normalizeLanguage(e.name) === ENGLISH).map((e) => e.name);
  for (const candidate of [...siblings.map((s) => joinPath(parent, s, ...rest)), joinPath(parent, ...rest)]) {
    if (await exists(fs, candidate)) return { path: candidate, language: ENGLISH };
  }
  return { path: null, language: ENGLISH };
}

/** The innermost language folder of a path: its segment index and language, or null. */
function languageFolder(segments: readonly string[]): { at: number; language: string } | null {
  for (let at = segments.length - 2; at >= 0; at--) {
    const language = normalizeLanguage(segments[at] ?? '');
    if (language !== null) return { at, language };
  }
  return null;
}

/** Translated JSON files under `root` with their sources, and the term tables found on the way. */
export async function findTranslationPairs(fs: FileSource, root = ''): Promise<{ pairs: TranslationPair[]; termFiles: TermFile[]; diagnostics: Diagnostic[] }> {
  const pairs: TranslationPair[] = [];
  const termFiles: TermFile[] = [];
  const diagnostics: Diagnostic[] = [];
  const visit = async (dir: string, depth: number): Promise<void> => {
    let entries;
    try {
      entries = await fs.list(dir);
    } catch (error) {
      diagnostics.push({ path: dir, line: null, message: `cannot list directory: ${error instanceof Error ? error.message : String(error)}`, severity: 'warning' });
      return;
    }
    for (const entry of [...entries].sort((a, b) => a.name.localeCompare(b.name))) {
      const path = joinPath(dir, entry.name);
      if (entry.type === 'directory' && depth < MAX_DEPTH && !entry.name.startsWith('.') && entry.name !== 'node_modules') await visit(path, depth + 1);
      if (entry.type !== 'file') continue;
      const segments = path.split('/');
      const folder = languageFolder(segments);
      if (TERM_FILES.has(entry.name)) termFiles.push({ path, folderLanguage: folder?.language ?? null });
      if (!entry.name.endsWith('.json') || NOT_DOCUMENTS.has(entry.name) || folder === null || folder.language === ENGLISH) continue;
      const source = await sourceOf(fs, path, segments, folder.at, diagnostics);
      pairs.push({ source: source.path, translation: path, sourceLanguage: source.language, language: folder.language });
    }
  };
  await visit(root, 0);
  return { pairs, termFiles, diagnostics };
}
