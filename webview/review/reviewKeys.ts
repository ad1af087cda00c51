// The review panel's keyboard: one key per decision, then one key per family when rejecting.
import type { Family } from '../../src/core/triage/taxonomy';

export type KeyAction =
  | { kind: 'confirm' }
  | { kind: 'reject' }
  | { kind: 'undecidable' }
  | { kind: 'side'; side: Family }
  | { kind: 'cancel' }
  | { kind: 'move'; by: 1 | -1 }
  | { kind: 'note' };

/** The family keys, in the taxonomy's top-down order, as the side picker lists them. */
export const SIDE_KEYS: ReadonlyArray<{ key: string; side: Family }> = [
  { key: 'i', side: 'infrastructure' },
  { key: 't', side: 'translation' },
  { key: 'k', side: 'verifier' },
  { key: 'a', side: 'agent' },
  { key: 'e', side: 'inconclusive' },
];

/** What a key press means; null when it means nothing here. While a rejection waits for its side, only family keys and Escape count. */
export function keyAction(key: string, pickingSide: boolean): KeyAction | null {
  const lower = key.length === 1 ? key.toLowerCase() : key;
  if (pickingSide) {
    if (key === 'Escape') return { kind: 'cancel' };
    const side = SIDE_KEYS.find((s) => s.key === lower);
    return side ? { kind: 'side', side: side.side } : null;
  }
  switch (lower) {
    case 'c':
      return { kind: 'confirm' };
    case 'r':
      return { kind: 'reject' };
    case 'u':
      return { kind: 'undecidable' };
    case 'n':
    case 'ArrowRight':
      return { kind: 'move', by: 1 };
    case 'p':
    case 'ArrowLeft':
      return { kind: 'move', by: -1 };
    case 'm':
      return { kind: 'note' };
    default:
      return null;
  }
}
