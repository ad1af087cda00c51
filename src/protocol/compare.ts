// Messages of the compare view. The host owns the data; the webview renders it and asks.
import type { Comparison } from '../core/analysis/comparison';
import type { FirstDivergence } from '../core/analysis/firstDivergence';
import type { ComparedEntities } from '../core/entities/compareEntities';
import type { CompareDrift } from '../core/drift/compareDrift';
import type { Diagnostic, FailureFamily, Outcome } from '../core/model';
import type { CompareLabels, LabelScope } from './compareLabels';
import type { HostMessage, NoParams, PanelBoot, RpcRequest, StateEvent } from './rpc';

export type Side = 'baseline' | 'target';
export const SIDES: readonly Side[] = ['baseline', 'target'];

/** One run the picker can switch a side to: runs 1..N of that side's scenario and language. */
export interface RunChoice {
  id: string;
  runIndex: number;
  outcome: Outcome;
  failureFamily: FailureFamily | null;
}

export interface RunChoices {
  baseline: RunChoice[];
  target: RunChoice[];
}

export interface CompareState {
  /** Increases with every change the host makes, so the webview can skip a state it already shows. */
  revision: number;
  /** The opened run directory (its URI), saved with the panel so it can be restored. */
  runDir: string;
  comparison: Comparison;
  choices: RunChoices;
  /** Problems the readers found in either run, each openable at its file and line. */
  diagnostics: { baseline: Diagnostic[]; target: Diagnostic[] };
  /**
   * Problems with the run directory's files the comparison reads besides the two runs (SEATau value sets in
   * `data_model.json`, term tables), each openable at its file and line.
   */
  directoryDiagnostics: Diagnostic[];
  /** Files of each run (relative to the run directory), openable with `openFile`. */
  files: { baseline: string[]; target: string[] };
  /** Aligned row to scroll to on open (deep link, restore), or null for the top. */
  reveal: number | null;
  /** Where the runs first part ways in a way that can change the verdict: the view opens there, F7 walks on from it. */
  firstDivergence: FirstDivergence;
  /** Entities named across scripts (张伟 / Zhang Wei), each with a colour slot, and the script-variant warnings; capped. */
  entities: ComparedEntities;
  /** Triage labels of the target's pair and run, and whether labelling is allowed. */
  labels: CompareLabels;
  /** Language drift of each run: the language of every turn, language correctness, drift by turn position. */
  drift: CompareDrift;
}

/** What the webview keeps with `setState` and the host's serializer restores after a reload. */
export interface SavedCompareState {
  runDir: string;
  baselineRunId: string;
  targetRunId: string;
  /** Aligned row at the top of the view. */
  row: number | null;
  /** The lane widths the user chose by dragging a sash, or null for the default layout. */
  lanes: LaneWidths | null;
}

/** How the lanes share the view's width, as fractions: the oracle's share of all three, the baseline's of the two runs'. */
export interface LaneWidths {
  oracle: number;
  baseline: number;
}

/**
 * The handshake's answer: only the labels when the webview already shows the host's revision (the usual case, as the
 * state is in the page), else the whole state. Sending 2 MB of state twice would cost the first seconds of scrolling.
 */
export type CompareReadyResult = { kind: 'current'; labels: CompareLabels } | { kind: 'changed'; state: CompareState };

// A type alias (not an interface) so it satisfies RequestMap's index signature.
export type CompareRequests = {
  /** Handshake: sent once the webview has started, with the revision it shows. */
  ready: { params: { revision: number }; result: CompareReadyResult };
  switchRun: { params: { side: Side; runIndex: number }; result: CompareState };
  swapSides: { params: NoParams; result: CompareState };
  /** Opens a file of the compared runs in an editor (path relative to the run directory, 1-based line). */
  openFile: { params: { path: string; line: number | null }; result: null };
  /** Copies a link that reopens this comparison at an aligned row. */
  copyDeepLink: { params: { row: number }; result: { uri: string } };
  getRunChoices: { params: NoParams; result: RunChoices };
  /** Starts labelling the target's pair or run in the host's quick picks; answered once they opened. */
  label: { params: { scope: LabelScope }; result: null };
};

export type CompareMethod = keyof CompareRequests;

export type CompareRequest = RpcRequest<CompareRequests>;

export type CompareEvent =
  /** The host changed the comparison on its own (files changed on disk, a deep link switched runs). */
  | StateEvent<CompareState>
  /** Scroll to an aligned row (a deep link into an open panel). */
  | { type: 'reveal'; row: number }
  /** The labels file changed or workspace trust was granted: only the labels are new. */
  | { type: 'labels'; labels: CompareLabels };

export type CompareHostMessage = HostMessage<CompareEvent>;

export type CompareBoot = PanelBoot<CompareState>;
