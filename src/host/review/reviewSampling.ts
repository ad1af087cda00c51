import * as vscode from 'vscode';
import type { ReviewSamplingConfig } from '../../core/index/configReview';
import { MAX_SEED, MAX_STRATUM_SIZE } from '../../core/index/configReview';
import type { SamplingPlan } from '../../core/triage/reviewQueue';
import { reviewDefaults, type ReviewDefaultSource } from './reviewDefaults';

// How many items of each stratum the review queue samples, and with which seed: trajectory-lens.json's `review`, else
// the trajectoryLens.review.* settings, offered as defaults in two prompts, so a session can be resized without
// editing either.

const SETTINGS = 'trajectoryLens.review';

function wholeNumber(text: string, max: number): number | null {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) && Number(trimmed) <= max ? Number(trimmed) : null;
}

function fromFile(source: ReviewDefaultSource): string {
  return source === 'trajectory-lens.json' ? ` ${vscode.l10n.t('The default is the run directory\'s trajectory-lens.json "review".')}` : '';
}

function strataNote(sizes: Readonly<Record<string, number>>, source: ReviewDefaultSource): string {
  const count = Object.keys(sizes).length;
  if (count === 0) return '';
  const where = source === 'trajectory-lens.json' ? 'trajectory-lens.json' : vscode.l10n.t('settings');
  return ` ${count === 1 ? vscode.l10n.t('1 stratum has its own size ({0} "strataSizes").', where) : vscode.l10n.t('{0} strata have their own size ({1} "strataSizes").', count, where)}`;
}

/** The sampling plan, asked for with the directory's and the user's defaults; undefined when a prompt was dismissed. */
export async function askSamplingPlan(file: ReviewSamplingConfig | null): Promise<SamplingPlan | undefined> {
  const config = vscode.workspace.getConfiguration(SETTINGS);
  const { plan, source } = reviewDefaults(file, {
    perStratum: config.get<unknown>('perStratum'),
    seed: config.get<unknown>('seed'),
    strataSizes: config.get<unknown>('strataSizes'),
  });
  const perStratum = await vscode.window.showInputBox({
    title: vscode.l10n.t('Start Review (1/2): items per stratum'),
    prompt: `${vscode.l10n.t('How many labelled items to review from each stratum (determinism × language × capability).')}${fromFile(source.perStratum)}${strataNote(plan.sizes, source.strataSizes)}`,
    value: String(plan.perStratum),
    ignoreFocusOut: true,
    validateInput: (v) => (wholeNumber(v, MAX_STRATUM_SIZE) === null ? vscode.l10n.t('A whole number, e.g. 5.') : undefined),
  });
  if (perStratum === undefined) return undefined;
  const seed = await vscode.window.showInputBox({
    title: vscode.l10n.t('Start Review (2/2): seed'),
    prompt: `${vscode.l10n.t('The same seed gives the same queue, so a review can be repeated or split between reviewers.')}${fromFile(source.seed)}`,
    value: String(plan.seed),
    ignoreFocusOut: true,
    validateInput: (v) => (wholeNumber(v, MAX_SEED) === null ? vscode.l10n.t('A whole number of at most {0}.', MAX_SEED) : undefined),
  });
  if (seed === undefined) return undefined;
  return { perStratum: wholeNumber(perStratum, MAX_STRATUM_SIZE) ?? 0, seed: wholeNumber(seed, MAX_SEED) ?? 0, sizes: plan.sizes };
}
