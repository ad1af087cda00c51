import * as vscode from 'vscode';
import { localizedCodeText } from '../labels/codeTitles';
import type { Diagnostic, RunSummary } from '../../core/model';
import type { Regression } from '../../core/analysis/regressionTypes';
import { languageCountText, regressionText, verdictText } from '../../core/render/runLabels';
import type { LabelRecord } from '../../core/triage/labelRecord';
import type { GroupSummary, LanguageSummary } from '../loadedRunDirectory';

// Tooltips are untrusted Markdown without HTML; every text that comes from runs goes through appendText (escaped).

export class Tooltip {
  readonly markdown = new vscode.MarkdownString('', false);

  constructor() {
    this.markdown.isTrusted = false;
    this.markdown.supportHtml = false;
  }

  /** One paragraph: a bold label (ours) followed by a value (data, escaped). */
  line(label: string, value: string): this {
    this.markdown.appendMarkdown(`**${label}** `);
    this.markdown.appendText(value);
    this.markdown.appendMarkdown('\n\n');
    return this;
  }

  text(value: string): this {
    this.markdown.appendText(value);
    this.markdown.appendMarkdown('\n\n');
    return this;
  }
}

function diagnosticText(d: Diagnostic): string {
  return `${d.line !== null ? `${d.path}:${d.line}` : d.path} — ${d.message}`;
}

export function runTooltip(run: RunSummary, diagnostics: readonly Diagnostic[]): vscode.MarkdownString {
  const tip = new Tooltip().text(`${run.scenarioId} · ${run.languageLabel} · ${vscode.l10n.t('run {0}', run.runIndex)} · ${verdictText(run.outcome)}`);
  if (run.failureFamily !== null) tip.line(vscode.l10n.t('Failure family:'), run.failureFamily);
  if (run.failureReason !== null) tip.line(vscode.l10n.t('First failing check:'), run.failureReason);
  if (run.model !== null) tip.line(vscode.l10n.t('Model:'), run.model);
  if (run.setting !== null) tip.line(vscode.l10n.t('Setting:'), run.setting);
  for (const d of diagnostics) tip.line(vscode.l10n.t('⚠ Unreadable:'), diagnosticText(d));
  return tip.line(vscode.l10n.t('Path:'), run.path).markdown;
}

export function languageTooltip(group: GroupSummary, language: LanguageSummary, baseline: string): vscode.MarkdownString {
  const tip = new Tooltip().text(`${group.scenarioId} · ${language.label}`);
  tip.line(vscode.l10n.t('Passes:'), language.runs === 1 ? vscode.l10n.t('{0} of 1 infrastructure-clean run', language.passes) : vscode.l10n.t('{0} of {1} infrastructure-clean runs', language.passes, language.runs));
  if (language.infra > 0) tip.line(vscode.l10n.t('Infrastructure failures:'), String(language.infra));
  if (language.language === baseline) tip.text(vscode.l10n.t('Baseline language'));
  if (language.regression) tip.line(vscode.l10n.t('Regression:'), regressionText(language.regression));
  if (language.regression?.failureFamily) tip.line(vscode.l10n.t('Failure family:'), language.regression.failureFamily);
  return tip.markdown;
}

export function groupTooltip(group: GroupSummary, baseline: string): vscode.MarkdownString {
  const tip = new Tooltip().text(group.scenarioId).line(vscode.l10n.t('Group:'), group.group);
  if (group.capability !== null) tip.line(vscode.l10n.t('Capability:'), group.capability);
  for (const language of group.languages) {
    const mark = language.language === baseline ? ` ${vscode.l10n.t('(baseline)')}` : language.regression ? ` ↓ ${regressionText(language.regression)}` : '';
    tip.text(`${languageCountText(language)}${mark}`);
  }
  return tip.markdown;
}

export function regressionTooltip(regression: Regression, baseline: string): vscode.MarkdownString {
  const tip = new Tooltip()
    .text(`${regression.scenarioId} · ${regression.language}`)
    .line(vscode.l10n.t('Regression:'), regressionText(regression))
    .line(vscode.l10n.t('Baseline {0}:', baseline), vscode.l10n.t('{0}/{1} passed', regression.baseline.passes, regression.baseline.runs))
    .line(vscode.l10n.t('Target {0}:', regression.language), vscode.l10n.t('{0}/{1} passed', regression.target.passes, regression.target.runs));
  if (regression.failureFamily !== null) tip.line(vscode.l10n.t('Failure family:'), regression.failureFamily);
  return tip.line(vscode.l10n.t('Group:'), regression.group).markdown;
}

export function diagnosticTooltip(diagnostic: Diagnostic): vscode.MarkdownString {
  return new Tooltip().text(diagnosticText(diagnostic)).markdown;
}

/** Adds the current triage label (code, confidence, who, note) to an element's tooltip. */
export function appendLabel(markdown: vscode.MarkdownString, record: LabelRecord): void {
  const how = [
    record.confidence ? vscode.l10n.t('{0} confidence', record.confidence) : null,
    vscode.l10n.t('by {0}', record.annotator),
    record.at.slice(0, 10),
  ];
  markdown.appendMarkdown(`🏷 **${vscode.l10n.t('Label:')}** `);
  markdown.appendText(`${localizedCodeText(record.code)} · ${how.filter(Boolean).join(' · ')}`);
  markdown.appendMarkdown('\n\n');
  if (record.note !== '') {
    markdown.appendMarkdown(`**${vscode.l10n.t('Note:')}** `);
    markdown.appendText(record.note);
    markdown.appendMarkdown('\n\n');
  }
}
