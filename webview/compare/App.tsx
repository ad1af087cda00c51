import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { SIDES, type CompareEvent, type CompareRequests, type CompareState, type SavedCompareState, type Side } from '../../src/protocol/compare';
import type { LabelScope } from '../../src/protocol/compareLabels';
import { RpcTimeoutError, type RpcClient } from '../../src/protocol/rpc';
import { parseSavedCompareState } from '../../src/protocol/validateCompare';
import { CompareList, type ScrollRequest } from './components/CompareList';
import { DirectoryProblems } from './components/DirectoryProblems';
import { EntityNotices } from './components/EntityWarnings';
import { FindBar } from './components/FindBar';
import { divergenceTarget, FirstDivergenceLine } from './components/FirstDivergenceLine';
import { LaneHeaderRow } from './components/LaneHeaderRow';
import { LabelBar, LabelButton } from './components/LabelBar';
import { Notices } from './components/Notices';
import { OracleHeader } from './components/OracleHeader';
import { SideHeader } from './components/SideHeader';
import { Toolbar } from './components/Toolbar';
import { DriftProvider } from './driftContext';
import { EntityProvider } from './entityContext';
import { useLaneLayout } from './laneResize';
import {
  analyseLayout,
  displayIndexOf,
  displayRows,
  foldContaining,
  nextDifference,
  positionOf,
  sameTarget,
  type DisplayRow,
  type Target,
} from './model/layout';
import { findTargets } from './model/search';
import type { VsCodeApi } from '../shared/vscodeApi';
import { ViewContext, type ViewModel } from './viewContext';
import * as l10n from '@vscode/l10n';

type Client = RpcClient<CompareRequests, CompareEvent>;

const SAVE_DELAY_MS = 300;
/** Find searches once typing pauses, so a fast typist does not make the view jump at every key. */
const FIND_DELAY_MS = 150;

export function App({ initial, client, api }: { initial: CompareState; client: Client; api: VsCodeApi }) {
  const [state, setState] = useState(initial);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [openFolds, setOpenFolds] = useState<ReadonlySet<number>>(new Set());
  const [toggled, setToggled] = useState<ReadonlySet<string>>(new Set());
  const [cursor, setCursor] = useState<Target | null>(null);
  // `query` is what the find field holds; `applied` is what was last searched for.
  const [find, setFind] = useState({ open: false, query: '', applied: '', index: 0 });
  const [scrollAsk, setScrollAsk] = useState<{ target: Target; seq: number } | null>(null);
  const [scrollRequest, setScrollRequest] = useState<ScrollRequest | null>(null);
  const topRow = useRef<number | null>(null);
  // What the panel saved before it was hidden or the window reloaded (untrusted: validated), read once.
  const [savedAtStart] = useState(() => parseSavedCompareState(api.getState()));
  const laneLayout = useLaneLayout(savedAtStart?.lanes ?? null);

  const { comparison } = state;
  const layout = useMemo(() => analyseLayout(comparison), [comparison]);
  const rows = useMemo(() => displayRows(comparison, layout, openFolds), [comparison, layout, openFolds]);
  const hits = useMemo(() => (find.open ? findTargets(comparison, layout, find.applied) : []), [comparison, layout, find.open, find.applied]);
  const hit = hits[find.index] ?? null;

  const goTo = useCallback((target: Target) => {
    setCursor(target);
    setScrollAsk((ask) => ({ target, seq: (ask?.seq ?? 0) + 1 }));
  }, []);

  // Scroll once the target's row exists: unfold the identical stretch hiding it first.
  useEffect(() => {
    if (!scrollAsk || scrollRequest?.seq === scrollAsk.seq) return;
    const { target, seq } = scrollAsk;
    const fold = target.kind === 'row' ? foldContaining(layout, target.row) : undefined;
    if (fold && !openFolds.has(fold.start)) setOpenFolds((folds) => new Set(folds).add(fold.start));
    else setScrollRequest({ index: displayIndexOf(rows, layout, target), seq });
  }, [scrollAsk, scrollRequest, rows, layout, openFolds]);

  // Another pair of runs opens at its first divergence; the same runs again keep the reader where they were.
  const shownRuns = useRef(`${initial.comparison.baseline.run.id}\n${initial.comparison.target.run.id}`);
  const applyState = useCallback(
    (next: CompareState) => {
      const runs = `${next.comparison.baseline.run.id}\n${next.comparison.target.run.id}`;
      const otherRuns = runs !== shownRuns.current;
      shownRuns.current = runs;
      setState(next);
      setOpenFolds(new Set());
      setToggled(new Set());
      setCursor(null);
      const divergence = otherRuns ? divergenceTarget(next.firstDivergence) : null;
      if (next.reveal !== null) goTo({ kind: 'row', row: next.reveal });
      else if (divergence) goTo(divergence);
    },
    [goTo],
  );

  const report = useCallback((what: string, e: unknown) => {
    const message = e instanceof RpcTimeoutError ? l10n.t('The extension did not answer ({0}).', e.message) : e instanceof Error ? e.message : String(e);
    setError(`${what}: ${message}`);
  }, []);

  // Handshake: tell the host we are running; it answers with its current state (newer than the HTML's after a switch).
  // First paint: reveal the requested row, or where the reader was before the panel was hidden or reloaded.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const saved = savedAtStart;
    const sameRuns =
      saved?.baselineRunId === initial.comparison.baseline.run.id && saved.targetRunId === initial.comparison.target.run.id;
    const row = initial.reveal ?? (sameRuns ? saved.row : null);
    // Else the first divergence, selected, so that F7 walks on from it.
    const start = row !== null ? ({ kind: 'row', row } as const) : divergenceTarget(initial.firstDivergence);
    if (start) goTo(start);
    client.onEvent((event) => {
      if (event.type === 'state') applyState(event.state);
      else if (event.type === 'labels') setState((s) => ({ ...s, labels: event.labels }));
      else goTo({ kind: 'row', row: event.row });
    });
    client.request('ready', { revision: initial.revision }).then(
      (answer) => {
        if (answer.kind === 'changed') applyState(answer.state);
        else setState((s) => ({ ...s, labels: answer.labels })); // labelled while the panel was hidden
      },
      (e: unknown) => report(l10n.t('Cannot reach the extension'), e),
    );
  }, [savedAtStart, client, initial, goTo, applyState, report]);

  // Remember the runs and the row at the top, for the serializer and for re-showing a hidden panel.
  const saveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const save = useCallback(() => {
    if (saveTimer.current) clearTimeout(saveTimer.current);
    saveTimer.current = setTimeout(() => {
      const saved: SavedCompareState = {
        runDir: state.runDir,
        baselineRunId: state.comparison.baseline.run.id,
        targetRunId: state.comparison.target.run.id,
        row: topRow.current,
        lanes: laneLayout.chosen(),
      };
      api.setState(saved);
    }, SAVE_DELAY_MS);
  }, [api, state, laneLayout]);
  useEffect(save, [save]);
  const onTopRow = useCallback(
    (row: DisplayRow | undefined) => {
      topRow.current = row?.type === 'step' ? row.row : row?.type === 'fold' ? row.start : null;
      save();
    },
    [save],
  );

  const ask = useCallback(
    async (label: string, failure: string, run: () => Promise<CompareState>) => {
      setBusy(label);
      try {
        applyState(await run());
        setError(null);
      } catch (e) {
        report(failure, e);
      } finally {
        setBusy(null);
      }
    },
    [applyState, report],
  );
  const switchRun = (side: Side, runIndex: number) =>
    void ask(
      side === 'baseline' ? l10n.t('Switch baseline to run {0}', runIndex) : l10n.t('Switch target to run {0}', runIndex),
      side === 'baseline' ? l10n.t('Could not switch baseline to run {0}', runIndex) : l10n.t('Could not switch target to run {0}', runIndex),
      () => client.request('switchRun', { side, runIndex }),
    );
  const swap = () => void ask(l10n.t('Swap sides'), l10n.t('Could not swap sides'), () => client.request('swapSides', {}));
  const openFile = (path: string, line: number | null) =>
    void client.request('openFile', { path, line }).catch((e: unknown) => report(l10n.t('Could not open {0}', path), e));

  // The host answers once its quick picks are open; the new label arrives as a `labels` event.
  const label = useCallback(
    (scope: LabelScope) => void client.request('label', { scope }).catch((e: unknown) => report(l10n.t('Could not label'), e)),
    [client, report],
  );

  const copyLink = useCallback(
    (row: number) => {
      client.request('copyDeepLink', { row }).then(
        () => setNotice(l10n.t('Link to row {0} copied', row)),
        (e: unknown) => report(l10n.t('Could not copy the link'), e),
      );
    },
    [client, report],
  );

  const toggle = useCallback((key: string) => {
    setToggled((set) => {
      const next = new Set(set);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  }, []);
  const expandFold = useCallback((start: number) => setOpenFolds((folds) => new Set(folds).add(start)), []);

  const view: ViewModel = useMemo(
    () => ({
      comparison,
      layout,
      query: find.open ? find.applied : '',
      cursor,
      isOpen: (key, openByDefault = false) => openByDefault !== toggled.has(key),
      toggle,
      goTo,
      select: setCursor,
      copyLink,
      expandFold,
    }),
    [comparison, layout, find.open, find.applied, cursor, toggled, toggle, goTo, copyLink, expandFold],
  );

  const moveDifference = useCallback(
    (direction: 1 | -1) => {
      const next = nextDifference(layout, comparison.rows.length, cursor, direction);
      if (next) goTo(next);
    },
    [layout, comparison.rows.length, cursor, goTo],
  );
  const differenceIndex = cursor === null ? -1 : layout.differences.findIndex((d) => sameTarget(d, cursor));

  const showHit = useCallback(
    (index: number) => {
      const count = hits.length;
      if (count === 0) return;
      const wrapped = ((index % count) + count) % count;
      setFind((f) => ({ ...f, index: wrapped }));
      const target = hits[wrapped];
      if (target) goTo(target);
    },
    [hits, goTo],
  );
  const applyQuery = useCallback(
    (query: string) => {
      const found = findTargets(comparison, layout, query);
      // Start from the first hit at or after the cursor, as an editor's find does.
      const here = cursor === null ? -1 : positionOf(layout, comparison.rows.length, cursor);
      const first = Math.max(0, found.findIndex((t) => positionOf(layout, comparison.rows.length, t) >= here));
      setFind((f) => ({ ...f, applied: query, index: first }));
      const target = found[first];
      if (target) goTo(target);
    },
    [comparison, layout, cursor, goTo],
  );
  useEffect(() => {
    if (!find.open || find.query === find.applied) return;
    const timer = setTimeout(() => applyQuery(find.query), FIND_DELAY_MS);
    return () => clearTimeout(timer);
  }, [find.open, find.query, find.applied, applyQuery]);
  const moveHit = (step: 1 | -1) => (find.query === find.applied ? showHit(find.index + step) : applyQuery(find.query));

  // Keys as in VS Code's diff editor: F7 / Shift+F7 and Alt+F5 / Shift+Alt+F5 walk differences; Ctrl+F or / opens
  // find, F3 / Shift+F3 walk hits. The listener is subscribed once and reads the latest handler through a ref, so a
  // key pressed between two renders is never lost.
  const onKey = useRef<(event: KeyboardEvent) => void>(() => undefined);
  onKey.current = (event: KeyboardEvent) => {
    const typing = (event.target as HTMLElement | null)?.closest?.('input, textarea, vscode-textfield') != null;
    if (event.key === 'F7' || (event.key === 'F5' && event.altKey)) moveDifference(event.shiftKey ? -1 : 1);
    else if ((event.key.toLowerCase() === 'f' && (event.ctrlKey || event.metaKey)) || (event.key === '/' && !typing)) {
      setFind((f) => ({ ...f, open: true }));
    } else if (event.key === 'F3' && find.open) moveHit(event.shiftKey ? -1 : 1);
    else if (event.key === 'Escape' && find.open) setFind((f) => ({ ...f, open: false }));
    else return;
    event.preventDefault();
  };
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey.current(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  useEffect(() => {
    if (notice === null) return;
    const timer = setTimeout(() => setNotice(null), 2500);
    return () => clearTimeout(timer);
  }, [notice]);

  // A link to the selected step, else to the first step in view.
  const copyCurrentLink = () => {
    const row = cursor?.kind === 'row' ? cursor.row : (topRow.current ?? 0);
    copyLink(row);
  };
  return (
    <DriftProvider drift={state.drift}>
      <ViewContext.Provider value={view}>
        <EntityProvider entities={state.entities}>
          <div ref={laneLayout.root} className={`compare${busy ? ' compare--busy' : ''}`}>
            <Toolbar
              comparison={comparison}
              differences={layout.differences.length}
              differenceIndex={differenceIndex}
              busy={busy}
              onSwap={swap}
              onPrevious={() => moveDifference(-1)}
              onNext={() => moveDifference(1)}
              onFind={() => setFind((f) => ({ ...f, open: true }))}
              onCopyLink={comparison.rows.length === 0 ? null : copyCurrentLink}
              labelButton={<LabelButton labels={state.labels} onLabel={label} />}
            />
            <LabelBar labels={state.labels} onLabel={label} />
            {find.open && (
              <FindBar
                query={find.query}
                searched={find.applied}
                index={find.index}
                count={hits.length}
                onQuery={(query) => setFind((f) => ({ ...f, query }))}
                onMove={moveHit}
                onClose={() => setFind((f) => ({ ...f, open: false }))}
              />
            )}
            <Notices error={error} notice={notice} busy={busy} onDismiss={() => setError(null)} />
            <EntityNotices />
            <FirstDivergenceLine divergence={state.firstDivergence} onGo={goTo} />
            <DirectoryProblems diagnostics={state.directoryDiagnostics} onOpenFile={openFile} />
            <div className="lanes" role="table" aria-label={l10n.t('Steps of both runs, aligned')}>
              <LaneHeaderRow layout={laneLayout} onResized={save}>
                <div className="gutter" />
                <OracleHeader />
                {SIDES.map((side) => (
                  <SideHeader
                    key={side}
                    side={side}
                    run={comparison[side].run}
                    choices={state.choices[side]}
                    diagnostics={state.diagnostics[side]}
                    files={state.files[side]}
                    disabled={busy !== null}
                    onSwitch={(runIndex) => switchRun(side, runIndex)}
                    onOpenFile={openFile}
                  />
                ))}
              </LaneHeaderRow>
              <CompareList rows={rows} hit={hit} scrollRequest={scrollRequest} onTopRow={onTopRow} />
            </div>
          </div>
        </EntityProvider>
      </ViewContext.Provider>
    </DriftProvider>
  );
}
