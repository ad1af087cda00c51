import * as vscode from 'vscode';
import { DEFAULT_SAMPLING, type SamplingPlan } from '../../core/triage/reviewQueue';

// How many items of each stratum the review queue samples, and with which seed: the trajectoryLens.review.* settings
// offered as defaults in two prompts, so a session can be resized without editing settings.

const SETTINGS = 'trajectoryLens.review';

function wholeNumber(text: string, max: number): number | null {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) && Number(trimmed) <= max ? Number(trimmed) : null;
}

/** Sizes by stratum from the setting, keeping only whole numbers (a typo in settings.json must not break review). */
function configuredSizes(config: vscode.WorkspaceConfiguration): Record<string, number> {
  const raw = config.get<unknown>('strataSizes');
  if (typeof raw !== 'object' || raw === null) return {};
  return Object.fromEntries(
    Object.entries(raw as Record<string, unknown>).filter(
      (entry): entry is [string, number] => typeof entry[1] === 'number' && Number.isInteger(entry[1]) && entry[1] >= 0,
    ),
  );
}

/** The sampling plan, asked for with the settings as defaults; undefined when a prompt was dismissed. */
export async function askSamplingPlan(): Promise<SamplingPlan | undefined> {
  const config = vscode.workspace.getConfiguration(SETTINGS);
  const perStratum = await vscode.window.showInputBox({
    title: 'Start Review (1/2): items per stratum',
    prompt: 'How many labelled items to review from each stratum (determinism × language × capability).',
    value: String(config.get<number>('perStratum', DEFAULT_SAMPLING.perStratum)),
    ignoreFocusOut: true,
    validateInput: (v) => (wholeNumber(v, 10_000) === null ? 'A whole number, e.g. 5.' : undefined),
  });
  if (perStratum === undefined) return undefined;
  const seed = await vscode.window.showInputBox({
    title: 'Start Review (2/2): seed',
    prompt: 'The same seed gives the same queue, so a review can be repeated or split between reviewers.',
    value: String(config.get<number>('seed', DEFAULT_SAMPLING.seed)),
    ignoreFocusOut: true,
    validateInput: (v) => (wholeNumber(v, 2 ** 32 - 1) === null ? 'A whole number of at most 4294967295.' : undefined),
  });
  if (seed === undefined) return undefined;
  return { perStratum: wholeNumber(perStratum, 10_000) ?? 0, seed: wholeNumber(seed, 2 ** 32 - 1) ?? 0, sizes: configuredSizes(config) };
}
