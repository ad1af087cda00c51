import type { ReactNode } from 'react';
import { LaneResizeProvider, type LaneLayout } from '../laneResize';

/** The row of lane headers; the sashes on the headers' edges resize the lanes below. */
export function LaneHeaderRow({ layout, onResized, children }: { layout: LaneLayout; onResized(): void; children: ReactNode }) {
  return (
    <LaneResizeProvider layout={layout} onResized={onResized}>
      <div className="lanes-header" role="row">
        {children}
      </div>
    </LaneResizeProvider>
  );
}
