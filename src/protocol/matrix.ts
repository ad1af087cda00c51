// Messages of the matrix panel. The host computes the metrics report of a run directory and embeds it; the webview
// only renders it and asks the host to act on a cell (filter the Regressions view, compare its worst scenario) or to
// save an export. Everything the webview sends is validated here before the host acts on it.
import type { MatrixReport } from './matrixReport';
import { hasOnlyKeys, isBoundedString, parseRequest, type ParamsCheck, type Parsed } from './validate';
import { isRecord, type HostMessage, type NoParams, type PanelBoot, type RpcRequest, type StateEvent } from './rpc';

/** One cell of the matrix; `capability: null` is the column group over all capabilities. */
export interface MatrixCellKey {
  agent: string;
  setting: string | null;
  capability: string | null;
  language: string;
}

export interface MatrixState {
  /** Increases with every new report, so the webview can skip a state it already shows. */
  revision: number;
  /** The run directory's name, for the header. */
  directory: string;
  /** The run directory's URI: what a window reload reopens the matrix on. */
  runDir: string;
  baseline: string;
  /** The metrics report in columns (`packMatrixReport`): a fraction of the size of its cells as objects. */
  report: MatrixReport;
  /** The cell the Regressions view is filtered to, if any. */
  filter: MatrixCellKey | null;
}

/** The heatmap's image formats; the numbers go out as CSV through `exportCsv`, written by the host from its report. */
export const IMAGE_FORMATS = ['svg', 'png'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];
export type ExportFormat = ImageFormat | 'csv';

export interface ImageExport {
  format: ImageFormat;
  /** SVG text; for PNG the image's bytes in base64. */
  content: string;
}

// A type alias (not an interface) so it satisfies RequestMap's index signature.
export type MatrixRequests = {
  ready: { params: NoParams; result: MatrixState };
  /** Filters the Regressions view to the cell; answers how many regressions it now shows. */
  filterRegressions: { params: MatrixCellKey; result: { regressions: number } };
  /** Opens the comparison of the cell's worst scenario; answers its group, or null when the cell has no regression. */
  compareWorst: { params: MatrixCellKey; result: { group: string | null } };
  /** Asks where to save the heatmap image and writes it; answers its path, or null when the user cancelled. */
  saveImage: { params: ImageExport; result: { path: string | null } };
  /** Asks where to save the report's cells as CSV (as `trajectory-lens metrics --csv` prints them) and writes them. */
  exportCsv: { params: NoParams; result: { path: string | null } };
};

export type MatrixMethod = keyof MatrixRequests;
export type MatrixRequest = RpcRequest<MatrixRequests>;
export type MatrixEvent = StateEvent<MatrixState>;
export type MatrixHostMessage = HostMessage<MatrixEvent>;
export type MatrixBoot = PanelBoot<MatrixState>;

/** An SVG up to 32 MB; a PNG's base64 up to the same. */
export const MAX_EXPORT_LENGTH = 32 * 1024 * 1024;
const PNG_BASE64_PREFIX = 'iVBORw0KGgo'; // the PNG signature 89 50 4E 47 0D 0A 1A 0A in base64

const CELL_KEYS = ['agent', 'setting', 'capability', 'language'] as const;

function checkCell(p: Record<string, unknown>): string | null {
  if (!isBoundedString(p.agent)) return 'agent must be a non-empty string';
  if (p.setting !== null && !isBoundedString(p.setting)) return 'setting must be a non-empty string or null';
  if (p.capability !== null && !isBoundedString(p.capability)) return 'capability must be a non-empty string or null';
  if (!isBoundedString(p.language)) return 'language must be a non-empty string';
  return null;
}

function checkImage(p: Record<string, unknown>): string | null {
  if (!(IMAGE_FORMATS as readonly unknown[]).includes(p.format)) return 'format must be svg or png';
  const content = p.content;
  if (typeof content !== 'string' || content.length === 0 || content.length > MAX_EXPORT_LENGTH) {
    return `content must be non-empty text of at most ${MAX_EXPORT_LENGTH} characters`;
  }
  if (p.format === 'svg') return /^<svg[\s>]/.test(content) ? null : 'an SVG export starts with <svg';
  return content.startsWith(PNG_BASE64_PREFIX) && /^[A-Za-z0-9+/]+={0,2}$/.test(content) ? null : 'a PNG export is the base64 of a PNG image';
}

const PARAMS: Record<MatrixMethod, { keys: readonly string[]; check: ParamsCheck }> = {
  ready: { keys: [], check: () => null },
  filterRegressions: { keys: CELL_KEYS, check: checkCell },
  compareWorst: { keys: CELL_KEYS, check: checkCell },
  saveImage: { keys: ['format', 'content'], check: checkImage },
  exportCsv: { keys: [], check: () => null },
};

/** A rejected request still names its id when it had a valid one, so the webview gets an error response. */
export function parseMatrixRequest(raw: unknown): Parsed<MatrixRequest> & { id: number | null } {
  return parseRequest<MatrixRequest>(raw, PARAMS);
}

/** What the webview saves for a window reload: the directory and the measure shown. */
export interface SavedMatrixState {
  runDir: string;
  measure: string;
}

const MAX_URI_LENGTH = 4096;
const MAX_MEASURE_LENGTH = 32;

/** The saved state of a matrix panel, or null when it is not one. */
export function parseSavedMatrixState(raw: unknown): SavedMatrixState | null {
  if (!isRecord(raw) || !hasOnlyKeys(raw, ['runDir', 'measure'])) return null;
  const { runDir, measure } = raw;
  if (typeof runDir !== 'string' || runDir.length === 0 || runDir.length > MAX_URI_LENGTH) return null;
  if (typeof measure !== 'string' || measure.length === 0 || measure.length > MAX_MEASURE_LENGTH) return null;
  return { runDir, measure };
}
