import * as vscode from 'vscode';
import { runsText } from '../countTexts';
import { languageDisplayName } from '../../core/language/displayName';
import { normalizeLanguage } from '../../core/language/normalizeLanguage';
import type { BaselineLanguage } from '../baselineLanguage';
import type { RunStore } from '../runStore';

export const SET_BASELINE_COMMAND = 'trajectoryLens.setBaselineLanguage';

interface LanguagePick extends vscode.QuickPickItem {
  language: string;
}

function languagePicks(store: RunStore): LanguagePick[] {
  const runs = new Map<string, { count: number; labels: Set<string> }>();
  for (const dir of store.directories) {
    for (const run of dir.index.runs) {
      const entry = runs.get(run.language) ?? { count: 0, labels: new Set<string>() };
      entry.count += 1;
      entry.labels.add(run.languageLabel);
      runs.set(run.language, entry);
    }
  }
  return [...runs]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([language, { count, labels }]) => ({
      language,
      label: language,
      description: [languageDisplayName(language), language === store.baseline ? vscode.l10n.t('current baseline') : null]
        .filter(Boolean)
        .join(' · '),
      detail: `${runsText(count)} · ${vscode.l10n.t('labelled {0}', [...labels].sort().join(', '))}`,
    }));
}

/** Picks the language the others are compared against, among the languages of the indexed runs. */
export function registerSetBaselineLanguage(store: RunStore, baseline: BaselineLanguage): vscode.Disposable {
  return vscode.commands.registerCommand(SET_BASELINE_COMMAND, async (given?: string) => {
    const language =
      typeof given === 'string'
        ? (normalizeLanguage(given) ?? given)
        : (
            await vscode.window.showQuickPick(languagePicks(store), {
              title: vscode.l10n.t('Baseline language'),
              placeHolder: vscode.l10n.t('Compare every language against… (now {0})', store.baseline),
              matchOnDescription: true,
            })
          )?.language;
    if (language === undefined) return;
    await baseline.pick(language);
    store.setBaseline(language);
  });
}
