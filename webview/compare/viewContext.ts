// What every row needs from the view, shared through context so virtualized rows stay small components.
import { createContext, useContext } from 'react';
import type { Comparison } from '../../src/core/analysis/comparison';
import type { Layout, Target } from './model/layout';

export interface ViewModel {
  comparison: Comparison;
  layout: Layout;
  /** The find query, highlighted in the text of visible rows. */
  query: string;
  cursor: Target | null;
  /** Results, reasoning, long texts and judge rationales are open or folded; `key` names one of them. */
  isOpen(key: string, openByDefault?: boolean): boolean;
  toggle(key: string): void;
  /** Moves the cursor to a target and scrolls it into view (F7, find, links between lanes). */
  goTo(target: Target): void;
  /** Moves the cursor without scrolling (a click on a row). */
  select(target: Target): void;
  copyLink(row: number): void;
  expandFold(start: number): void;
}

export const ViewContext = createContext<ViewModel | null>(null);

export function useView(): ViewModel {
  const view = useContext(ViewContext);
  if (!view) throw new Error('useView outside the compare view');
  return view;
}
