import { joinPath, type FileSource } from '../../../fileSource';
import type { Diagnostic } from '../../../model';
import { isObject } from '../../gaia2/values';
import { readJsonFile, readJsonLines, type JsonRecord } from '../../jsonLines';
import { claudeCodeTranscript } from './claudeCodeTranscript';
import { codexTranscript } from './codexTranscript';
import { hermesTranscript } from './hermesTranscript';
import { openClawTranscript } from './openClawTranscript';
import type { Transcript } from './transcript';

// Which chat log a run folder holds depends on the harness: OpenClaw chat.jsonl; Codex chat.jsonl (its latest
// session) and codex_sessions/**/*.jsonl; Claude Code claude_code_log/chat.json; Hermes hermes_session/session_*.json
// (and sometimes an OpenClaw-style chat.jsonl). The harness's own log is tried first, then the others, and the first
// that yields steps is shown. chat.jsonl is read as OpenClaw or Codex by its content, not by the harness name.

const MAX_JSON_BYTES = 128 * 1024 * 1024;
/** Hermes sessions read to find the one with the run's conversation. */
const MAX_HERMES_SESSIONS = 20;
/** Codex stores sessions under sessions/YYYY/MM/DD/. */
const MAX_CODEX_DEPTH = 5;
const CODEX_LINE_TYPES = new Set(['session_meta', 'response_item', 'turn_context', 'event_msg', 'compacted']);

export interface TranscriptRead extends Transcript {
  /** The log the steps come from, or null when the run folder holds none. */
  path: string | null;
}

type Source = 'chat.jsonl' | 'claude_code_log' | 'hermes_session' | 'codex_sessions';

const ORDER = new Map<string, Source[]>([
  ['codex', ['chat.jsonl', 'codex_sessions']],
  ['claudecode', ['claude_code_log', 'chat.jsonl']],
  ['hermesagent', ['hermes_session', 'chat.jsonl']],
]);
const DEFAULT_ORDER: Source[] = ['chat.jsonl', 'claude_code_log', 'hermes_session', 'codex_sessions'];

const NONE: Transcript = { steps: [], task: null, orphanResults: 0, diagnostics: [] };

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Codex rollout lines carry `{type: session_meta | response_item…, payload}` (older ones are bare items such as
 * `{type: message, role…}`); OpenClaw lines are `{type: session}` and `{type: message, message {role…}}`.
 */
function isCodexLog(records: readonly JsonRecord[], harness: string | null): boolean {
  for (const { value } of records) {
    if (!isObject(value)) continue;
    if (typeof value.type === 'string' && CODEX_LINE_TYPES.has(value.type)) return true;
    if (value.type === 'session' || value.type === 'message') return 'role' in value && !('message' in value);
  }
  return harness === 'codex';
}

async function readChatJsonl(fs: FileSource, path: string, harness: string | null): Promise<Transcript> {
  const { records, diagnostics } = await readJsonLines(fs, path);
  const transcript = isCodexLog(records, harness) ? codexTranscript(records, path) : openClawTranscript(records, path);
  return { ...transcript, diagnostics: [...diagnostics, ...transcript.diagnostics] };
}

/** chat.json is JSON; a log written line by line (JSONL) is accepted too, as the runner's own parser does. */
async function readClaudeLog(fs: FileSource, path: string): Promise<Transcript> {
  const json = await readJsonFile(fs, path, MAX_JSON_BYTES);
  if (json.value !== undefined) {
    const transcript = claudeCodeTranscript(json.value, path);
    return { ...transcript, diagnostics: [...json.diagnostics, ...transcript.diagnostics] };
  }
  const lines = await readJsonLines(fs, path);
  if (lines.records.length < 2) return { ...NONE, diagnostics: json.diagnostics };
  const transcript = claudeCodeTranscript(
    lines.records.map((r) => r.value),
    path,
  );
  return { ...transcript, diagnostics: [...lines.diagnostics, ...transcript.diagnostics] };
}

async function listFiles(fs: FileSource, dir: string, diagnostics: Diagnostic[]): Promise<{ files: string[]; dirs: string[] }> {
  try {
    const entries = await fs.list(dir);
    return {
      files: entries.filter((e) => e.type === 'file').map((e) => e.name),
      dirs: entries.filter((e) => e.type === 'directory' && !e.name.startsWith('.')).map((e) => e.name),
    };
  } catch (error) {
    diagnostics.push({ path: dir, line: null, message: `cannot list folder: ${errorText(error)}`, severity: 'warning' });
    return { files: [], dirs: [] };
  }
}

/** The session with the most steps (one session per run is the rule; extra ones are warm-ups or retries). */
async function readHermesSessions(fs: FileSource, dir: string): Promise<TranscriptRead> {
  const diagnostics: Diagnostic[] = [];
  const names = (await listFiles(fs, dir, diagnostics)).files.filter((n) => /^session_.*\.json$/.test(n)).sort();
  let best: TranscriptRead | null = null;
  for (const name of names.slice(-MAX_HERMES_SESSIONS)) {
    const path = joinPath(dir, name);
    const { value, diagnostics: problems } = await readJsonFile(fs, path, MAX_JSON_BYTES);
    diagnostics.push(...problems);
    if (value === undefined) continue;
    const transcript = hermesTranscript(value, path);
    diagnostics.push(...transcript.diagnostics);
    if (best === null || transcript.steps.length >= best.steps.length) best = { ...transcript, path };
  }
  return { ...(best ?? { ...NONE, path: null }), diagnostics };
}

/** The newest session rollout under codex_sessions/ (rollout names start with their date and time). */
async function latestCodexSession(fs: FileSource, dir: string, depth: number, diagnostics: Diagnostic[]): Promise<string | null> {
  const { files, dirs } = await listFiles(fs, dir, diagnostics);
  const rollouts = files.filter((n) => n.endsWith('.jsonl')).sort();
  const own = rollouts.length > 0 ? joinPath(dir, rollouts[rollouts.length - 1] ?? '') : null;
  if (depth >= MAX_CODEX_DEPTH) return own;
  let latest = own;
  for (const sub of dirs.sort()) {
    const found = await latestCodexSession(fs, joinPath(dir, sub), depth + 1, diagnostics);
    if (found !== null && (latest === null || found.slice(found.lastIndexOf('/')) > latest.slice(latest.lastIndexOf('/')))) latest = found;
  }
  return latest;
}

async function readSource(fs: FileSource, dir: string, source: Source, harness: string | null): Promise<TranscriptRead> {
  switch (source) {
    case 'chat.jsonl': {
      const path = joinPath(dir, source);
      return { ...(await readChatJsonl(fs, path, harness)), path };
    }
    case 'claude_code_log': {
      const path = joinPath(dir, source, 'chat.json');
      if ((await fs.stat(path))?.type !== 'file') return { ...NONE, path: null };
      return { ...(await readClaudeLog(fs, path)), path };
    }
    case 'hermes_session':
      return readHermesSessions(fs, joinPath(dir, source));
    case 'codex_sessions': {
      const diagnostics: Diagnostic[] = [];
      const path = await latestCodexSession(fs, joinPath(dir, source), 0, diagnostics);
      if (path === null) return { ...NONE, path: null, diagnostics };
      const { records, diagnostics: problems } = await readJsonLines(fs, path);
      const transcript = codexTranscript(records, path);
      return { ...transcript, path, diagnostics: [...diagnostics, ...problems, ...transcript.diagnostics] };
    }
  }
}

/**
 * The run's conversation from the first log that has one, in the harness's order. `present` names the files and
 * folders of the run folder. Problems of every log tried are kept; with `check`, the logs after the one used are
 * read too, for their problems.
 */
export async function readTranscript(
  fs: FileSource,
  dir: string,
  present: ReadonlySet<string>,
  harness: string | null,
  options: { check?: boolean } = {},
): Promise<TranscriptRead> {
  const diagnostics: Diagnostic[] = [];
  const order = (harness === null ? undefined : ORDER.get(harness)) ?? DEFAULT_ORDER;
  const sources = [...order, ...DEFAULT_ORDER.filter((s) => !order.includes(s))].filter((s) => present.has(s));
  for (const [i, source] of sources.entries()) {
    const read = await readSource(fs, dir, source, harness);
    diagnostics.push(...read.diagnostics);
    if (read.steps.length === 0) continue;
    if (options.check) {
      for (const rest of sources.slice(i + 1)) diagnostics.push(...(await readSource(fs, dir, rest, harness)).diagnostics);
    }
    return { ...read, diagnostics };
  }
  if (sources.length === 0) {
    const message = 'no chat log in this run folder (chat.jsonl, claude_code_log/, hermes_session/ or codex_sessions/)';
    diagnostics.push({ path: dir === '' ? '.' : dir, line: null, message, severity: 'warning' });
  }
  return { ...NONE, path: null, diagnostics };
}
