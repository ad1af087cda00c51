// The read-only run document: one run's trajectory as Markdown, shown rendered (Markdown preview) or as source.
// Everything that comes from the run is fenced or in a code span (see markdownText), so it reads as data. Marks are
// plain words, not symbols or emoji: editor fonts often lack those and would show an empty box instead.
import type { Diagnostic, JudgeRecord, MessageStep, OracleEvent, Step, ToolCallStep, Trajectory } from '../model';
import { blockQuote, fencedBlock, inlineCode, truncated } from './markdownText';
import { countText, toolDisplayName } from './runLabels';

/** Longest text shown per block; the rest is summarised so one huge tool result cannot make the document unusable. */
export const MAX_BLOCK_CHARS = 100_000;

const OUTCOME_WORDS: Record<Trajectory['run']['outcome'], string> = { pass: 'pass', fail: 'fail', infra: 'infra', unknown: 'unknown' };

function textBlock(text: string): string {
  const { text: shown, omitted } = truncated(text, MAX_BLOCK_CHARS);
  const block = fencedBlock(shown);
  return omitted > 0 ? `${block}\n\n_… ${countText(omitted, 'more character')} not shown._` : block;
}

function jsonBlock(value: unknown): string {
  const { text, omitted } = truncated(JSON.stringify(value ?? null, null, 2), MAX_BLOCK_CHARS);
  const block = fencedBlock(text, omitted > 0 ? 'text' : 'json');
  return omitted > 0 ? `${block}\n\n_… ${countText(omitted, 'more character')} not shown._` : block;
}

/** Reasoning as a block quote holding a fence, so it reads as the agent's thought and not as document text. */
function reasoningBlock(reasoning: string): string {
  return blockQuote(`**Reasoning**\n\n${textBlock(reasoning)}`);
}

function resultBlock(result: unknown): string {
  return typeof result === 'string' ? textBlock(result) : jsonBlock(result);
}

function header(trajectory: Trajectory): string {
  const { run } = trajectory;
  const lines = [
    `# ${OUTCOME_WORDS[run.outcome]} · ${inlineCode(run.scenarioId)} · ${inlineCode(run.language)} · run ${run.runIndex}`,
    '',
    `- **Verdict:** ${OUTCOME_WORDS[run.outcome]}`,
  ];
  if (run.failureFamily !== null) lines.push(`- **Failure family:** ${inlineCode(run.failureFamily)}`);
  lines.push(`- **Scenario:** ${inlineCode(run.scenarioId)} (group ${inlineCode(run.group)})`);
  const label = run.languageLabel !== run.language ? ` (labelled ${inlineCode(run.languageLabel)})` : '';
  lines.push(`- **Language:** ${inlineCode(run.language)}${label}`);
  if (run.capability !== null) lines.push(`- **Capability:** ${inlineCode(run.capability)}`);
  if (run.setting !== null) lines.push(`- **Setting:** ${inlineCode(run.setting)}`);
  if (run.model !== null) lines.push(`- **Model:** ${inlineCode(run.model)}`);
  for (const detail of trajectory.details ?? []) lines.push(`- **${detail.name}:** ${inlineCode(detail.value)}`);
  if (run.score !== null) lines.push(`- **Score:** ${run.score}`);
  const writes = trajectory.steps.filter((s) => s.kind === 'tool_call' && s.write).length;
  lines.push(`- **Steps:** ${trajectory.steps.length} (${countText(writes, 'write')})`);
  lines.push(`- **Path:** ${inlineCode(run.path)}`);
  const reasonTitle = run.outcome === 'unknown' ? 'Why there is no verdict' : 'Failure reason';
  if (run.failureReason !== null) lines.push('', `**${reasonTitle}**`, '', textBlock(run.failureReason));
  return lines.join('\n');
}

function messageStep(step: MessageStep, n: number): string {
  const parts = [`### ${n} · ${step.role}`];
  if (step.reasoning) parts.push(reasoningBlock(step.reasoning));
  if (step.text) parts.push(textBlock(step.text));
  return parts.join('\n\n');
}

function toolCallStep(step: ToolCallStep, n: number): string {
  const mark = step.write ? 'write' : 'read';
  const name = step.app ? `${step.app}.${step.fn}` : step.fn;
  const by = step.requestor === 'user' ? ' · by the user' : '';
  const parts = [`### ${n} · ${mark} ${inlineCode(name)}${by}`];
  if (step.reasoning) parts.push(reasoningBlock(step.reasoning));
  parts.push('**Arguments**', jsonBlock(step.args));
  if (step.error !== null) parts.push('**Error**', textBlock(step.error));
  if (step.result !== null && step.result !== undefined) parts.push('**Result**', resultBlock(step.result));
  return parts.join('\n\n');
}

function stepSection(step: Step, n: number): string {
  return step.kind === 'message' ? messageStep(step, n) : toolCallStep(step, n);
}

function matchedText(matched: boolean | null): string {
  if (matched === null) return 'undecided';
  return matched ? 'matched' : 'not matched';
}

function judgeRecord(record: JudgeRecord): string {
  const facts = [matchedText(record.matched)];
  if (record.check !== null) facts.push(`check ${inlineCode(record.check)}`);
  facts.push(record.llm ? 'LLM judge' : 'verifier');
  if (record.turn !== null) facts.push(`turn ${record.turn}`);
  const parts = [`**Judge:** ${facts.join(' · ')}`];
  if (record.rationale) parts.push(textBlock(record.rationale));
  if (record.agentArgs !== null) parts.push('Agent action compared:', jsonBlock(record.agentArgs));
  return parts.join('\n\n');
}

function oracleVerdict(records: JudgeRecord[]): string {
  if (records.length === 0) return 'not judged';
  if (records.some((r) => r.matched === true)) return matchedText(true);
  return records.every((r) => r.matched === false) ? matchedText(false) : matchedText(null);
}

function oracleSection(event: OracleEvent, n: number, records: JudgeRecord[]): string {
  const turn = event.turn !== null ? ` · turn ${event.turn}` : '';
  const parts = [
    `### Oracle ${n} · ${inlineCode(toolDisplayName(event.tool))} · ${oracleVerdict(records)}`,
    `id ${inlineCode(event.id)}${turn}`,
    jsonBlock(event.args),
    ...records.map(judgeRecord),
  ];
  return parts.join('\n\n');
}

// Reader messages quote file content (a truncated line, an unexpected value), so they are data too.
function diagnosticLine(d: Diagnostic): string {
  const where = d.line !== null ? `${d.path}:${d.line}` : d.path;
  return `- ${d.severity} ${inlineCode(where)} ${inlineCode(d.message)}`;
}

/** Renders a trajectory as a Markdown document: header, task, steps, final answer, oracle events with judge records, checks, diagnostics. */
export function renderTrajectoryText(trajectory: Trajectory): string {
  const sections = [header(trajectory)];

  sections.push('## Task', trajectory.task !== null ? textBlock(trajectory.task) : '_No task was recorded._');

  sections.push(`## Steps (${trajectory.steps.length})`);
  if (trajectory.steps.length === 0) sections.push('_No steps were recorded._');
  trajectory.steps.forEach((step, i) => sections.push(stepSection(step, i + 1)));

  sections.push(
    '## Final answer',
    trajectory.finalAnswer !== null ? textBlock(trajectory.finalAnswer) : '_The agent gave no final answer._',
  );

  sections.push(`## Oracle events (${trajectory.oracle.length})`);
  if (trajectory.oracle.length === 0) sections.push('_No oracle events were recorded._');
  const oracleIds = new Set(trajectory.oracle.map((e) => e.id));
  trajectory.oracle.forEach((event, i) =>
    sections.push(oracleSection(event, i + 1, trajectory.judge.filter((r) => r.oracleId === event.id))),
  );
  const unattached = trajectory.judge.filter((r) => r.oracleId === null || !oracleIds.has(r.oracleId));
  if (unattached.length > 0) {
    sections.push(`## Other judge records (${unattached.length})`);
    for (const record of unattached) {
      const about = record.tool !== null ? `### ${inlineCode(toolDisplayName(record.tool))}\n\n` : '';
      sections.push(`${about}${judgeRecord(record)}`);
    }
  }

  if (trajectory.checks.length > 0) {
    sections.push(`## Checks (${trajectory.checks.length})`);
    for (const check of trajectory.checks) {
      const mark = check.passed === null ? 'undecided' : check.passed ? 'passed' : 'failed';
      sections.push(`**${mark}: ${inlineCode(check.name)}**${check.detail ? `\n\n${textBlock(check.detail)}` : ''}`);
    }
  }

  if (trajectory.diagnostics.length > 0) {
    sections.push(`## Reader diagnostics (${trajectory.diagnostics.length})`, trajectory.diagnostics.map(diagnosticLine).join('\n'));
  }

  return `${sections.join('\n\n')}\n`;
}

/** The document shown for a run that is no longer in the index (its id comes from the URI, so it is data). */
export function runNotFoundText(runId: string): string {
  return `# Run not found\n\nThe run ${inlineCode(runId)} is not in the indexed run directories. Open its run directory and refresh.\n`;
}

/** The document shown when a run could not be read; the error may quote file content. */
export function runUnreadableText(error: string): string {
  return `# Could not open the run\n\n${fencedBlock(error)}\n`;
}
