import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareRuns } from '../../../src/core/analysis/compareRuns';
import type { Comparison } from '../../../src/core/analysis/comparison';
import { buildIndex } from '../../../src/core/index/buildIndex';
import { loadTrajectory } from '../../../src/core/index/loadTrajectory';
import type { RunIndex } from '../../../src/core/index/runIndex';
import type { Step, ToolCallStep } from '../../../src/core/model';
import { NodeFileSource } from '../../../src/core/nodeFileSource';

// Each planted phenomenon of the generated example must show where a person looks for it in the comparison.

const EXAMPLE = join(__dirname, '../../../examples/gaia2-multilingual');

interface Evidence {
  language: string;
  runIndex: number;
  path: string;
  failureReason: string | null;
  tool: string | null;
  args: Record<string, unknown> | null;
}

interface Phenomenon {
  kind: string;
  group: string;
  evidence: Evidence[];
}

const truth = JSON.parse(readFileSync(join(EXAMPLE, 'ground-truth.json'), 'utf8')) as { baseline: string; phenomena: Phenomenon[] };
const fs = new NodeFileSource(EXAMPLE);
let indexed: Promise<RunIndex> | undefined;

function phenomenon(kind: string): { group: string; evidence: Evidence } {
  const found = truth.phenomena.find((p) => p.kind === kind);
  if (!found?.evidence[0]) throw new Error(`the ground truth has no ${kind} phenomenon`);
  return { group: found.group, evidence: found.evidence[0] };
}

/** The first passing baseline run against the evidence run, as `compare` picks them by default. */
async function compareEvidence(kind: string): Promise<{ c: Comparison; evidence: Evidence }> {
  const { group, evidence } = phenomenon(kind);
  const runs = (await (indexed ??= buildIndex(fs))).runs.filter((r) => r.group === group);
  const baseline = runs.filter((r) => r.language === truth.baseline).sort((a, b) => a.runIndex - b.runIndex).find((r) => r.outcome === 'pass');
  const target = runs.find((r) => r.path === evidence.path);
  if (!baseline || !target) throw new Error(`no runs to compare for ${kind}`);
  const [a, b] = await Promise.all([loadTrajectory(fs, baseline), loadTrajectory(fs, target)]);
  return { c: compareRuns(a, b), evidence };
}

function isWrite(step: Step | undefined, tool: string): step is ToolCallStep {
  return step?.kind === 'tool_call' && step.write && step.tool === tool;
}

describe('compare on the examples’ planted phenomena', () => {
  it('script-variant entity: the baseline email has no target counterpart and its oracle event is unmatched, with the count reason', async () => {
    const { c, evidence } = await compareEvidence('script_variant_entity');
    const missing = c.rows.filter((r) => r.kind === 'baseline-only' && isWrite(c.baseline.steps[r.baseline as number], 'EmailClientV2__send_email'));
    expect(missing).toHaveLength(1);
    const search = c.rows.find((r) => r.kind === 'changed' && r.argDiff.some((d) => d.path === 'query'));
    expect(search?.argDiff[0]).toMatchObject({ baseline: 'Zhang Wei', target: evidence.args?.query });
    const email = c.oracle.find((o) => o.tool === 'EmailClientV2__send_email');
    expect(email?.baseline).toMatchObject({ matched: true, step: missing[0]?.baseline });
    expect(email?.target).toMatchObject({ matched: false, step: null, check: 'tool_count', rationale: evidence.failureReason });
  });

  it('plural reading: the extra delete is a target-only write, not a self-correction', async () => {
    const { c, evidence } = await compareEvidence('plural_reading');
    const extra = c.rows.filter((r) => r.kind === 'target-only' && isWrite(c.target.steps[r.target as number], 'Calendar__delete_calendar_event'));
    expect(extra).toHaveLength(1);
    const deletes = c.target.steps.filter((s) => isWrite(s, 'Calendar__delete_calendar_event')) as ToolCallStep[];
    expect(deletes.map((s) => s.args)).toContainEqual(evidence.args);
    expect(c.selfCorrections).toEqual([]);
  });

  it('self-correction: the deleted and recreated event is labelled harmless', async () => {
    const { c, evidence } = await compareEvidence('self_correction');
    expect(c.selfCorrections).toHaveLength(1);
    const [correction] = c.selfCorrections;
    expect(correction).toMatchObject({ side: 'target', harmless: true, explanation: expect.stringContaining('harmless') });
    const undoing = c.target.steps[correction?.undoneBy as number];
    expect(isWrite(undoing, evidence.tool as string) && undoing.args).toEqual(evidence.args);
    expect(isWrite(c.target.steps[correction?.step as number], 'Calendar__add_calendar_event')).toBe(true);
  });

  it('judge rejecting correct content: the oracle lane shows the LLM rationale for the target and a match for the baseline', async () => {
    const { c, evidence } = await compareEvidence('judge_rejects_correct_content');
    const reply = c.oracle.find((o) => o.tool === evidence.tool);
    expect(reply?.baseline?.matched).toBe(true);
    expect(reply?.target).toMatchObject({ matched: false, llm: true, check: 'email_checker' });
    expect(reply?.target?.rationale).toMatch(/Evaluation: \[\[Failure\]\]/);
    expect(isWrite(c.target.steps[reply?.target?.step as number], evidence.tool as string)).toBe(true);
  });

  it('dropped constraint: the booked date differs inside the aligned call, and the oracle lane names the datetime check', async () => {
    const { c, evidence } = await compareEvidence('dropped_constraint');
    const booking = c.rows.find((r) => r.kind === 'changed' && isWrite(c.target.steps[r.target as number], 'Calendar__add_calendar_event'));
    const start = booking?.argDiff.find((d) => d.path === 'start_datetime');
    expect(start?.target).toBe(evidence.args?.start_datetime);
    expect(start?.parts?.some((p) => p.op !== 'equal')).toBe(true);
    const event = c.oracle.find((o) => o.tool === 'Calendar__add_calendar_event');
    expect(event?.target).toMatchObject({ matched: false, check: 'datetime_checker:start_datetime', step: booking?.target });
  });
});
