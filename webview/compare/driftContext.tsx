// Language drift of both runs, shared through context so a step cell finds its turn's language without the row
// passing it down. Turns are looked up by step index.
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { CompareDrift, SideDrift, TurnLanguage } from '../../src/core/drift/compareDrift';
import type { Side } from '../../src/protocol/compare';

interface DriftView {
  drift: CompareDrift;
  turns: Record<Side, ReadonlyMap<number, TurnLanguage>>;
}

const DriftContext = createContext<DriftView | null>(null);

export function DriftProvider({ drift, children }: { drift: CompareDrift; children: ReactNode }) {
  const value = useMemo(
    () => ({
      drift,
      turns: {
        baseline: new Map(drift.baseline.turns.map((t) => [t.step, t])),
        target: new Map(drift.target.turns.map((t) => [t.step, t])),
      },
    }),
    [drift],
  );
  return <DriftContext.Provider value={value}>{children}</DriftContext.Provider>;
}

function useDriftView(): DriftView {
  const view = useContext(DriftContext);
  if (!view) throw new Error('useDriftView outside the compare view');
  return view;
}

export function useSideDrift(side: Side): SideDrift {
  return useDriftView().drift[side];
}

/** The judged language of a step, or undefined for tool calls, short turns and system messages. */
export function useTurnLanguage(side: Side, step: number): TurnLanguage | undefined {
  return useDriftView().turns[side].get(step);
}
