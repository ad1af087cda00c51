import { basename, type FileSource } from '../fileSource';
import { isObject } from '../formats/gaia2/values';
import { readJsonFile } from '../formats/jsonLines';
import type { TranslationFinding } from '../translation/finding';
import { lintTranslations } from '../translation/lintTranslations';
import type { TranslationCode, TranslationProblem } from './translationSuspicion';

// Translation-lint findings as the prior reads them: the scenario and language a finding belongs to, and the
// translation-defect code (T1–T4) it suggests, from the check that fired and the part of the scenario it is in.

/** The part of a scenario a translated value belongs to. */
export type ScenarioPart = 'oracle' | 'app-data' | 'task';

const MAX_DOCUMENT_BYTES = 64 * 1024 * 1024;
/** Files that hold only app data: SEATau's schema with its value sets, and database snapshots. */
const APP_DATA_FILES = new Set(['data_model.json', 'db.json']);
const GAIA2_EVENT = /^\/events\/(\d+)(\/|$)/;

/** The GAIA2 scenario event at `index`: an oracle event (the expected action), a user message (the task) or the environment's. */
function eventPart(document: unknown, index: number): ScenarioPart {
  const events = isObject(document) && Array.isArray(document.events) ? document.events : [];
  const event: unknown = events[index];
  if (!isObject(event)) return 'task';
  if (event.class_name === 'OracleEvent' || event.event_type === 'AGENT') return 'oracle';
  return event.event_type === 'USER' ? 'task' : 'app-data';
}

/**
 * Where a translated value sits: tau2 tasks keep the oracle in `evaluation_criteria` and the starting data in
 * `initial_state`; GAIA2 scenarios keep the universe in `apps` and the oracle among `events`. Anything else is task text.
 * `document` is the translated file's parsed value, needed only for GAIA2 events.
 */
export function scenarioPartOf(file: string, pointer: string, document?: unknown): ScenarioPart {
  if (APP_DATA_FILES.has(basename(file))) return 'app-data';
  const segments = pointer.split('/');
  if (segments.includes('evaluation_criteria')) return 'oracle';
  if (segments.includes('initial_state') || segments[1] === 'apps') return 'app-data';
  const event = GAIA2_EVENT.exec(pointer);
  return event ? eventPart(document, Number(event[1])) : 'task';
}

/** The translation-defect code a finding suggests (DESIGN.md: T1 oracle, T2 app state, T3 task meaning, T4 cross-reference). */
export function translationCodeOf(finding: Pick<TranslationFinding, 'code'>, part: ScenarioPart): TranslationCode {
  // One term rendered two ways, or an enum value with no localized form, breaks the link between task, tools and data.
  if (finding.code === 'term-inconsistent' || finding.code === 'literal-missing') return 'T4';
  // The oracle now expects another literal than the source's oracle.
  if (part === 'oracle') return 'T1';
  // The universe the agent acts on holds other data than the source's.
  if (part === 'app-data') return 'T2';
  // An id, email or code altered in the task no longer points at the record the data holds.
  if (finding.code === 'frozen-span-changed') return 'T4';
  // A changed date, number or amount, or text left in the source language, changes what the task asks.
  return 'T3';
}

/** The finding as a translation problem of its scenario; null when it names no scenario (a schema shared by every task of a domain). */
export function translationProblemOf(f: TranslationFinding, document?: unknown): TranslationProblem | null {
  if (f.scenarioId === null) return null;
  return {
    scenarioId: f.scenarioId,
    language: f.language,
    code: translationCodeOf(f, scenarioPartOf(f.file, f.pointer, document)),
    message: `${f.code}: ${f.message}`,
    file: f.file,
    line: f.line,
    source: f.source,
    translation: f.translation,
  };
}

export interface LintedProblem {
  finding: TranslationFinding;
  problem: TranslationProblem | null;
}

/** Each finding the lint made of the directory's files with its problem (GAIA2 scenario files are read again for their events). */
export async function problemsOfFindings(fs: FileSource, findings: readonly TranslationFinding[]): Promise<LintedProblem[]> {
  const documents = new Map<string, unknown>();
  for (const f of findings) {
    if (!GAIA2_EVENT.test(f.pointer) || documents.has(f.file)) continue;
    documents.set(f.file, (await readJsonFile(fs, f.file, MAX_DOCUMENT_BYTES)).value);
  }
  return findings.map((finding) => ({ finding, problem: translationProblemOf(finding, documents.get(finding.file)) }));
}

/** Lints the translations under the directory and returns their problems for the prior; none when nothing is translated. */
export async function lintTranslationProblems(fs: FileSource): Promise<TranslationProblem[]> {
  const linted = await problemsOfFindings(fs, (await lintTranslations(fs)).findings);
  return linted.flatMap((l) => l.problem ?? []);
}
