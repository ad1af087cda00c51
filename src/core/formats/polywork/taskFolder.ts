import { joinPath, type FileSource } from '../../fileSource';
import type { Diagnostic } from '../../model';
import { readTextFile } from '../jsonLines';
import { outputRootOf } from './runFolder';
import { parseTaskToml, tomlString, tomlStrings } from './taskToml';

// A PolyWorkBench task lives in full_tasks/<task folder>/ (task.toml, instruction.md, tests/…) beside the runner's
// output/ folder. When the opened directory holds it, the task's languages come from its tags — `{lang}-instruction`,
// `{lang}-source` (one or more), `{lang}-output` (one or more) — the only reliable language source: the language in
// the folder name is not. Runs work without it; they are then of undetermined language.

export const TASKS_FOLDER = 'full_tasks';
const TOML_BYTES = 256 * 1024;
const INSTRUCTION_BYTES = 2 * 1024 * 1024;
const TAG = /^(.+)-(instruction|source|output)$/;
/** A task id that names one folder (nothing like `..` or `a/b` that would lead elsewhere). */
const SAFE_ID = /^(?!\.\.?$)[\w.\- ]+$/;

export interface TaskLanguages {
  /** Labels as the tags write them (`zh`, `ja`, `en`). */
  instruction: string[];
  source: string[];
  output: string[];
}

export interface TaskInfo {
  /** The task folder, relative to the opened directory. */
  dir: string;
  name: string | null;
  category: string | null;
  languages: TaskLanguages;
}

export interface TaskResult {
  task: TaskInfo | null;
  diagnostics: Diagnostic[];
}

export function languagesFromTags(tags: readonly string[]): TaskLanguages {
  const languages: TaskLanguages = { instruction: [], source: [], output: [] };
  for (const tag of tags) {
    const match = TAG.exec(tag.trim());
    const label = match?.[1];
    const role = match?.[2] as keyof TaskLanguages | undefined;
    if (label !== undefined && role !== undefined && !languages[role].includes(label)) languages[role].push(label);
  }
  return languages;
}

/** `instruction zh · sources ja · output en`, or null when the tags name no language. */
export function languagesText(languages: TaskLanguages): string | null {
  const parts: string[] = [];
  if (languages.instruction.length > 0) parts.push(`instruction ${languages.instruction.join(', ')}`);
  if (languages.source.length > 0) parts.push(`${languages.source.length > 1 ? 'sources' : 'source'} ${languages.source.join(', ')}`);
  if (languages.output.length > 0) parts.push(`output ${languages.output.join(', ')}`);
  return parts.length > 0 ? parts.join(' · ') : null;
}

function ancestors(dir: string): string[] {
  const out: string[] = [];
  let current = dir;
  for (;;) {
    out.push(current);
    if (current === '') return out;
    const i = current.lastIndexOf('/');
    current = i < 0 ? '' : current.slice(0, i);
  }
}

/**
 * `full_tasks/<task_id>/`, `<task_id>/` (the runner's default tasks folder is its project root, beside output/), else
 * the one `full_tasks/<task_id>…/` folder, in the output root's folder or above it.
 */
async function findTaskDir(fs: FileSource, runDir: string, taskId: string): Promise<string | null> {
  if (!SAFE_ID.test(taskId)) return null;
  for (const base of ancestors(outputRootOf(runDir, taskId))) {
    const tasks = joinPath(base, TASKS_FOLDER);
    for (const exact of [joinPath(tasks, taskId), joinPath(base, taskId)]) {
      if ((await fs.stat(joinPath(exact, 'task.toml')))?.type === 'file') return exact;
    }
    if ((await fs.stat(tasks))?.type !== 'directory') continue;
    try {
      const prefixed = (await fs.list(tasks)).filter((e) => e.type === 'directory' && e.name.startsWith(taskId));
      if (prefixed.length === 1 && prefixed[0]) return joinPath(tasks, prefixed[0].name);
    } catch {
      // An unlistable tasks folder is reported by the walk; the run is still read without it.
    }
  }
  return null;
}

/** The task of a run, when its folder is under the opened directory; null (and no diagnostic) when it is not. */
export async function readTaskInfo(fs: FileSource, runDir: string, taskId: string): Promise<TaskResult> {
  const dir = await findTaskDir(fs, runDir, taskId);
  if (dir === null) return { task: null, diagnostics: [] };
  const path = joinPath(dir, 'task.toml');
  const { text, diagnostics } = await readTextFile(fs, path, TOML_BYTES);
  if (text === null) return { task: null, diagnostics };
  const head = parseTaskToml(text, path);
  const task: TaskInfo = {
    dir,
    name: tomlString(head.values, 'name'),
    category: tomlString(head.values, 'category'),
    languages: languagesFromTags(tomlStrings(head.values, 'tags')),
  };
  return { task, diagnostics: [...diagnostics, ...head.diagnostics] };
}

/** The task's instruction.md, or null when it is absent or unreadable. */
export async function readInstruction(fs: FileSource, task: TaskInfo): Promise<{ text: string | null; diagnostics: Diagnostic[] }> {
  const path = joinPath(task.dir, 'instruction.md');
  if ((await fs.stat(path))?.type !== 'file') return { text: null, diagnostics: [] };
  const { text, diagnostics } = await readTextFile(fs, path, INSTRUCTION_BYTES);
  return { text: text?.trim() ?? null, diagnostics };
}
