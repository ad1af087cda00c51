// The taxonomy's titles in VS Code's display language (core's codeTitle in English, which the exported report shows).
import * as l10n from '@vscode/l10n';
import type { TriageCode } from '../../src/core/triage/taxonomy';

/** The title of `code` in the display language; `fallback` (the host's title) for a code outside the taxonomy. */
export function codeTitle(code: string, fallback: string): string {
  const titles: Record<TriageCode, string> = {
    I1: l10n.t('run crashed'),
    I2: l10n.t('no judgement persisted'),
    T1: l10n.t('oracle event mistranslated'),
    T2: l10n.t('app state (universe) corrupted by translation'),
    T3: l10n.t('task description ambiguous or changed in meaning'),
    T4: l10n.t('cross-reference or transliteration broken'),
    K1: l10n.t('judge rejected correct content'),
    K2: l10n.t('locale or format mismatch on a hard checker'),
    K3: l10n.t('list or ordering strictness'),
    A1: l10n.t('wrong content or arguments'),
    A2: l10n.t('missing required action'),
    A3: l10n.t('extra action'),
    A4: l10n.t('wrong tool or target'),
    A5: l10n.t('wrong final answer'),
    A6: l10n.t('refusal or no answer'),
    A7: l10n.t('non-convergence (loop or step limit)'),
    E1: l10n.t('inconclusive'),
  };
  return Object.hasOwn(titles, code) ? titles[code as TriageCode] : fallback;
}
