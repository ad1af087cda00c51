import type { ScriptVariantWarning } from './inventory';

// The failure signature in words, naming both forms: what the CLI prints and the compare view flags.

const HELD: Record<ScriptVariantWarning['heldIn'], string> = {
  'aligned-call': 'the other run searched',
  data: 'the data holds',
  oracle: 'the oracle holds',
};

/** "searched 张伟; the data holds Zhang Wei" (with "and found nothing" when the call came back empty). */
export function scriptVariantMessage(warning: Pick<ScriptVariantWarning, 'searched' | 'heldAs' | 'heldIn' | 'emptyResult'>): string {
  const found = warning.emptyResult ? ' and found nothing' : '';
  return `searched ${warning.searched}${found}; ${HELD[warning.heldIn]} ${warning.heldAs}`;
}
