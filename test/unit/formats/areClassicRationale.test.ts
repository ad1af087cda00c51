import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { areTraceReader } from '../../../src/core/formats/are';
import { parseAreRationale } from '../../../src/core/formats/are/classicRationale';
import { buildIndex } from '../../../src/core/index/buildIndex';
import { loadTrajectory } from '../../../src/core/index/loadTrajectory';
import type { RunSummary } from '../../../src/core/model';
import { tempTrees } from '../index/tempTree';

// The classic ARE validator writes its own failure texts (not the gaia2-cli reason grammar); these are written here
// in those forms for made-up scenarios.

const FIXTURES = join(__dirname, '../../fixtures/are/no-output');
const NAME = 'scn_contact_email_run_2_65f60db1.json';
const EMAIL_ORACLE = 'Event-AGENT-5c1e0a7d-2b41-4f0e-9a11-3d9c1f0b2a61';
const readers = [areTraceReader];
const tree = tempTrees();

const notPerformed = (tool: string, attempts: string[]): string =>
  `Failure: Agent did not perform the following oracle tool call:\ntool name: ${tool}\ntool args:\n-recipients: ['kim@example.org']\n-subject: Notes\n\nList of matching attempts:\n${attempts.join('\n')}`;
const attempt = (agent: string, oracle: string, reason: string): string =>
  `-Failure matching agent event (ID: ${agent}) with oracle event (ID: ${oracle}), reason: ${reason}`;

describe('classic ARE validation rationales', () => {
  it('reads a tool counter mismatch and a message count mismatch as count failures', () => {
    const counters = "Failure: \nAgent and oracle counters do not match for the following tools:\n- Tool 'Calendar__add_calendar_event': Agent count 2, Oracle count 1";
    expect(parseAreRationale(counters)).toMatchObject({ family: 'tool_count', check: 'tool_count', oracleId: null });
    expect(parseAreRationale('Failure: \nOracle sent 1 more message(s) than agent.')).toMatchObject({ family: 'smu_count', check: 'smu_count' });
    const extra = 'Failure: \nAgent message to user count exceeds oracle AUI count by more than 1.';
    expect(parseAreRationale(extra).family).toBe('smu_count');
  });

  it('names the oracle event, its tool and the agent event of the first matching attempt', () => {
    const text = notPerformed('EmailClientV2__send_email', [attempt('a-1', 'o-7', 'tool judge reject'), attempt('a-2', 'o-7', 'causality')]);
    expect(parseAreRationale(text)).toEqual({
      family: 'tool_judge',
      check: 'tool_judge',
      tool: 'EmailClientV2__send_email',
      oracleId: 'o-7',
      agentId: 'a-1',
      detail: text,
    });
    expect(parseAreRationale(notPerformed('Chats__send_message', [attempt('a-1', 'o-2', 'causality')])).family).toBe('causality');
    expect(parseAreRationale(notPerformed('Chats__send_message', [attempt('a-1', 'o-2', 'already matched')])).family).toBe('already_matched');
  });

  it('reads an oracle call no agent event was tried against as having no candidates, knowing only its tool', () => {
    expect(parseAreRationale(notPerformed('Cab__order_ride', []))).toMatchObject({ family: 'no_candidates', tool: 'Cab__order_ride', oracleId: null });
  });

  it('reads an unmatched environment event, and keeps reading gaia2-cli reasons as before', () => {
    const env = 'Failure: Oracle env/user event Event-ENV-3 could not be matched. This is likely a bug !';
    expect(parseAreRationale(env)).toMatchObject({ family: 'env_event', oracleId: 'Event-ENV-3' });
    const cli = 'Cannot match Cab__order_ride (o-1): a-1: eq_checker:start_location (agent=Home, oracle=Work)';
    expect(parseAreRationale(cli)).toMatchObject({ family: 'hard_check:eq_checker', oracleId: 'o-1', tool: 'Cab__order_ride' });
    expect(parseAreRationale('Failure occurred.')).toMatchObject({ family: 'other', check: null });
  });
});

describe('a failed classic ARE run', () => {
  async function runWith(rationale: string): Promise<{ run: RunSummary; judge: unknown[]; checks: string[] }> {
    const lite = JSON.parse(await readFile(join(FIXTURES, 'lite', NAME), 'utf8')) as Record<string, unknown>;
    const fs = await tree({
      [`out/hf/${NAME}`]: await readFile(join(FIXTURES, 'hf', NAME), 'utf8'),
      [`out/lite/${NAME}`]: JSON.stringify({ ...lite, validation_rationale: rationale }),
    });
    const index = await buildIndex(fs, { readers });
    const run = index.runs[0] as RunSummary;
    const t = await loadTrajectory(fs, run, { check: true }, readers);
    return { run, judge: t.judge, checks: t.checks.map((c) => `${c.name} ${String(c.passed)}`) };
  }

  it('gets its family and the oracle event it failed on from the validator text', async () => {
    const text = notPerformed('EmailClientV2__send_email', [attempt('Event-AGENT-x', EMAIL_ORACLE, 'tool judge reject')]);
    const { run, judge } = await runWith(text);
    expect(run.failureFamily).toBe('tool_judge');
    expect(judge).toEqual([expect.objectContaining({ oracleId: EMAIL_ORACLE, tool: 'EmailClientV2__send_email', matched: false })]);
  });

  it('links a failure without matching attempts to the only oracle event of its tool', async () => {
    const { run, judge } = await runWith(notPerformed('EmailClientV2__send_email', []));
    expect(run.failureFamily).toBe('no_candidates');
    expect(judge).toEqual([expect.objectContaining({ oracleId: EMAIL_ORACLE, check: 'no_candidates' })]);
  });

  it('records a counter mismatch as a failed count check next to the verdict', async () => {
    const { run, checks, judge } = await runWith(
      "Failure: \nAgent and oracle counters do not match for the following tools:\n- Tool 'EmailClientV2__send_email': Agent count 0, Oracle count 1",
    );
    expect(run.failureFamily).toBe('tool_count');
    expect(checks).toEqual(['tool_count false', 'verdict false']);
    expect(judge).toEqual([expect.objectContaining({ oracleId: null, check: 'tool_count' })]);
  });
});
