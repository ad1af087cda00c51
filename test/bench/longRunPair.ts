import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { corpusText } from '../../scripts/examples/corpusText';
import { Rng } from '../../scripts/examples/random';
import type { LlmStep, OracleEventSpec, ToolCall } from '../../scripts/examples/runModel';
import { writeRun } from '../../scripts/examples/runWriter';
import { ADD_EVENT_CHECKS, call, oracleAnswer, oracleEvent, oracleId, say } from '../../scripts/examples/scenarios/spec';

// One scenario run in English and in Japanese, each `steps` tool calls long, in the gaia2-cli layout with every file
// (events, trace, judge log): what `compare` reads at its largest. The scenario's oracle expects `oracleEvents` writes;
// the agent thinks aloud before some calls, deletes and re-creates every fourth write (self-corrections), and the Japanese
// run gets one write wrong. Seeded: the same files on every run.

export const LONG_PAIR_GROUP = 'agent-a/execution/scn_long_00001';
const SCENARIO = 'scn_long_00001';
const START = 1729069200;

const day = (n: number) => `2024-10-${String(1 + (n % 28)).padStart(2, '0')}`;

function writeOf(n: number, text: string): { tool: string; args: Record<string, unknown> } {
  if (n % 2 === 0) {
    return { tool: 'Calendar__add_calendar_event', args: { title: `${text} ${n}`, start_datetime: `${day(n)} 10:00:00`, end_datetime: `${day(n)} 11:00:00`, attendees: ['Maria Lopez'] } };
  }
  return { tool: 'EmailClientV2__send_email', args: { recipients: [`contact${n}@example.com`], subject: `#${n}`, content: `${text} ${n}` } };
}

function oracleOf(events: number, text: string): OracleEventSpec[] {
  const writes = Array.from({ length: events - 1 }, (_, k) => {
    const { tool, args } = writeOf(k + 1, text);
    const hard = tool === 'EmailClientV2__send_email' ? ([['recipients', 'unordered_list_checker']] as const) : ADD_EVENT_CHECKS;
    return oracleEvent(oracleId(SCENARIO, k + 1), tool, args, hard, null);
  });
  return [...writes, oracleAnswer(oracleId(SCENARIO, events), text, 'The agent reports that the request was handled.')];
}

const READS: Array<(n: number) => ToolCall> = [
  (n) => call('Contacts__search_contacts', { query: `Contact ${n}` }, [{ id: `c_${n}`, first_name: 'Contact', last_name: String(n), email: `contact${n}@example.com` }]),
  (n) => call('EmailClientV2__search_emails', { query: `#${n}` }, [{ email_id: `e_${n}`, sender: `contact${n}@example.com`, subject: `#${n}` }]),
  (n) => call('Calendar__get_calendar_events_from_to', { start_datetime: `${day(n)} 00:00:00`, end_datetime: `${day(n)} 23:59:59` }, []),
];

function script(steps: number, events: number, language: string, wrong: boolean): LlmStep[] {
  const { done } = corpusText(language, 1);
  const rng = Rng.of('long-pair', language);
  const writes = events - 1;
  const every = Math.max(1, Math.floor(steps / (writes + 1)));
  const body: LlmStep[] = [];
  let written = 0;
  let redo = 0;
  for (let k = 0; body.length < steps - 1; k++) {
    const due = written < writes && k % every === every - 1;
    if (due) {
      written++;
      const { tool, args } = writeOf(written, done);
      const bad = wrong && written === 1 ? { ...args, recipients: ['someone.else@example.com'] } : args;
      body.push({ reasoning: `Now the write for part ${written}.`, text: `Handling part ${written}.`, calls: [call(tool, bad, `ok_${written}`)] });
      if (written % 4 === 2) redo = written;
      continue;
    }
    const read = (READS[k % READS.length] as (n: number) => ToolCall)(k);
    // Now and then the agent says what it is doing, or deletes an event it created and makes it again.
    const text = rng.chance(0.2) ? `Checking item ${k} before going on.` : null;
    if (redo > 0 && redo === written) {
      redo = 0;
      const { tool, args } = writeOf(written, done);
      body.push({ reasoning: null, text: null, calls: [call('Calendar__delete_calendar_event', { event_id: `ok_${written}` }, null)] });
      body.push({ reasoning: 'Create it again.', text: null, calls: [call(tool, args, `ok_${written}`)] });
      continue;
    }
    body.push({ reasoning: rng.chance(0.3) ? `Look up item ${k}.` : null, text, calls: [read] });
  }
  return [...body, say(null, done)];
}

/** Writes the pair under `outDir` (English run_1 and Japanese run_1 of one scenario). */
export function writeLongRunPair(outDir: string, steps: number, oracleEvents = 50): void {
  for (const [label, wrong] of [
    ['eng', false],
    ['jpn', true],
  ] as const) {
    const out = join(outDir, 'agent-a', label, 'run_1');
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, 'run_config.json'), JSON.stringify({ model: 'agent-a-model', provider: 'anthropic', judge_model: 'gpt-oss-120b', run_number: 1, total_runs: 1 }));
    const { task, done } = corpusText(label, 1);
    writeRun(join(out, 'execution', SCENARIO), {
      scenarioId: SCENARIO,
      scenarioFile: `/data/gaia2/${label}/execution/${SCENARIO}.json`,
      startTime: START,
      wallClockMs: Date.UTC(2025, 5, 1),
      endpoint: { provider: 'anthropic', model: 'agent-a-model', url: 'https://api.anthropic.com/v1/messages', stream: false, parsedResponse: false },
      tools: [...READS.map((r) => r(0).tool), 'Calendar__add_calendar_event', 'Calendar__delete_calendar_event', 'EmailClientV2__send_email', 'AgentUserInterface__send_message_to_user'],
      script: { turns: [{ user: task, steps: script(steps, oracleEvents, label, wrong) }] },
      oracle: [oracleOf(oracleEvents, done)],
      ending: { kind: 'judged' },
      rng: Rng.of('long-pair-run', label),
      historyWindow: 2,
      files: 'all',
    });
  }
}
