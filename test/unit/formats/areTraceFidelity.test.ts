import { describe, expect, it } from 'vitest';
import { areTraceReader } from '../../../src/core/formats/are';
import { buildIndex } from '../../../src/core/index/buildIndex';
import { loadTrajectory } from '../../../src/core/index/loadTrajectory';
import type { FileSource } from '../../../src/core/fileSource';
import type { Step, ToolCallStep, Trajectory } from '../../../src/core/model';
import { tempTrees } from '../index/tempTree';

// Small hand-built exports in the layout ARE writes: hf `completed_events` with `event_time` (simulated epoch
// seconds) and `metadata.return_value` (str() of the value, None when the value was falsy); lite
// `per_agent_interaction_histories` messages with a `timestamp` on the same clock.

const readers = [areTraceReader];
const tree = tempTrees();
const T0 = 1_728_000_000;
const FILE = 'scn_notify_run_1_0a1b2c3d.json';

interface Completed {
  by: 'AGENT' | 'ENV' | 'USER';
  tool: string;
  args?: Record<string, string>;
  at: number;
  ret?: string | null;
  write?: boolean;
}

function completedEvent(event: Completed, i: number): Record<string, unknown> {
  const [app, fn] = event.tool.split('__');
  return {
    class_name: 'CompletedEvent',
    event_type: event.by,
    event_time: T0 + event.at,
    event_id: `Event-${event.by}-${i}`,
    dependencies: [],
    event_relative_time: event.at,
    action: {
      action_id: `${event.tool}-${i}`,
      app,
      function: fn,
      operation_type: event.write ? 'WRITE' : 'READ',
      args: Object.entries(event.args ?? {}).map(([name, value]) => ({ name, value, value_type: 'str' })),
    },
    metadata: { return_value: event.ret ?? null, return_value_type: event.ret ? 'str' : null, exception: null, exception_stack_trace: null },
  };
}

function hf(completed: Completed[], worldLogs: string[] = []): string {
  return JSON.stringify({
    world_logs: worldLogs,
    apps: [],
    events: [],
    completed_events: completed.map(completedEvent),
    version: 'are_simulation_v1',
    metadata: {
      definition: { scenario_id: 'scn_notify', run_number: 1, config: 'execution', start_time: T0, has_exception: false },
      simulation: { agent_id: 'default', model_id: 'm' },
      annotation: { validation_decision: 'Valid' },
    },
  });
}

const task: Completed = { by: 'USER', tool: 'AgentUserInterface__send_message_to_agent', args: { content: 'Reply to Bo.' }, at: 0 };

type Message = [role: string, content: string, at: number];

function lite(messages: Message[]): string {
  const history = messages.map(([role, content, at]) => ({ role, content, attachments: null, timestamp: T0 + at }));
  return JSON.stringify({
    scenario_id: 'scn_notify',
    model_id: 'm',
    main_agent_type: 'default',
    validation_decision: 'Valid',
    validation_rationale: null,
    run_duration: 12.5,
    per_agent_interaction_histories: { agent_main: history },
  });
}

const action = (tool: string, input: Record<string, string> = {}): string =>
  `Thought: next.\n\nAction:\n${JSON.stringify({ action: tool, action_input: input })}<end_action>`;
const observation = (step: number, text: string): string => `[OUTPUT OF STEP ${step}] Observation:\n***\n${text}\n***\n`;
const error = (step: number, text: string): string =>
  `[OUTPUT OF STEP ${step}] ERROR:\n***\n${text}\n***\n\nNow let's retry: take care not to repeat previous errors!\n`;
const notification = (text: string): string => `Environment notifications updates:\n***\n${text}\n***\n`;

async function load(files: Record<string, string>): Promise<Trajectory> {
  const fs: FileSource = await tree(files);
  const index = await buildIndex(fs, { readers });
  const run = index.runs[0];
  if (!run) throw new Error('no run indexed');
  return loadTrajectory(fs, run, { check: true }, readers);
}

function outline(steps: readonly Step[]): string[] {
  return steps.map((s) => (s.kind === 'message' ? `${s.role}: ${s.text.split('\n')[0] ?? ''}` : `${s.tool}${s.error ? ' [error]' : ''}`));
}

const calls = (t: Trajectory): ToolCallStep[] => t.steps.filter((s): s is ToolCallStep => s.kind === 'tool_call');

describe('merging the hf and lite exports of an ARE run', () => {
  it('places a rejected call before an environment event that happened after it', async () => {
    const t = await load({
      [`out/hf/${FILE}`]: hf([
        task,
        { by: 'AGENT', tool: 'Contacts__search_contacts', args: { query: 'Bo' }, at: 5, ret: "[Contact(name='Bo')]" },
        { by: 'ENV', tool: 'EmailClientV2__create_and_add_email', args: { sender: 'bo@example.com' }, at: 20, write: true },
        { by: 'AGENT', tool: 'EmailClientV2__reply_to_email', args: { email_id: 'e1' }, at: 30, write: true, ret: 'e2' },
      ]),
      [`out/lite/${FILE}`]: lite([
        ['system', 'You are an assistant.', 0],
        ['user', '[TASK]: \nReply to Bo.\n', 0],
        ['assistant', action('Contacts__search_contacts', { query: 'Bo' }), 4],
        ['tool-response', observation(1, "[Contact(name='Bo')]"), 5],
        ['assistant', action('Contacts__find_contact', { name: 'Bo' }), 10],
        ['tool-response', error(2, 'Tool Contacts__find_contact does not exist.'), 10],
        ['assistant', action('EmailClientV2__reply_to_email', { email_id: 'e1' }), 29],
        ['tool-response', observation(3, 'e2'), 30],
      ]),
    });
    expect(outline(t.steps)).toEqual([
      'system: You are an assistant.',
      'user: Reply to Bo.',
      'Contacts__search_contacts',
      'Contacts__find_contact [error]',
      'EmailClientV2__create_and_add_email',
      'EmailClientV2__reply_to_email',
    ]);
    expect(calls(t).find((c) => c.fn === 'find_contact')?.time).toBe(T0 + 10);
  });

  it('keeps steps with equal or unknown times in the order the log wrote them', async () => {
    const t = await load({
      [`out/hf/${FILE}`]: hf([
        task,
        { by: 'ENV', tool: 'Chats__add_message', args: { text: 'first' }, at: 20, write: true },
        { by: 'ENV', tool: 'Chats__add_message', args: { text: 'second' }, at: 20, write: true },
        { by: 'AGENT', tool: 'Chats__list_recent_conversations', at: 30, ret: "['c1']" },
      ]),
      [`out/lite/${FILE}`]: lite([
        ['user', '[TASK]: \nReply to Bo.\n', 0],
        ['assistant', 'Thought: I should look at the chats first.', 25],
        ['assistant', action('Chats__list_recent_conversations'), 29],
        ['tool-response', observation(1, "['c1']"), 30],
      ]),
    });
    expect(calls(t).map((c) => c.args.text ?? c.fn)).toEqual(['first', 'second', 'list_recent_conversations']);
  });

  it('shows the environment notifications the agent received, where it received them', async () => {
    const t = await load({
      [`out/hf/${FILE}`]: hf([
        task,
        { by: 'ENV', tool: 'EmailClientV2__create_and_add_email', args: { sender: 'bo@example.com' }, at: 20, write: true },
        { by: 'AGENT', tool: 'EmailClientV2__reply_to_email', args: { email_id: 'e1' }, at: 30, write: true, ret: 'e2' },
        { by: 'USER', tool: 'AgentUserInterface__send_message_to_agent', args: { content: 'Also thank him.' }, at: 40 },
      ]),
      [`out/lite/${FILE}`]: lite([
        ['user', '[TASK]: \nReply to Bo.\n', 0],
        ['user', notification('[2024-10-04 00:00:20] New email received from bo@example.com'), 21],
        ['assistant', action('EmailClientV2__reply_to_email', { email_id: 'e1' }), 29],
        ['tool-response', observation(1, 'e2'), 30],
        ['user', 'User messages updates:\n***\nAlso thank him.\n***\n', 41],
      ]),
    });
    // The user's own later message comes from the hf log, once.
    expect(outline(t.steps)).toEqual([
      'user: Reply to Bo.',
      'EmailClientV2__create_and_add_email',
      'user: Environment notifications updates:',
      'EmailClientV2__reply_to_email',
      'user: Also thank him.',
    ]);
    const note = t.steps[2];
    expect(note).toMatchObject({ kind: 'message', role: 'user', time: T0 + 21 });
    expect(note?.kind === 'message' && note.text).toContain('New email received from bo@example.com');
    // The task stays the user's request, not a notification.
    expect(t.task).toBe('Reply to Bo.');
  });

  it("shows the notifications an hf export's own world_logs carry when there is no lite export", async () => {
    const log = JSON.stringify({
      timestamp: T0 + 21,
      agent_id: 'a1',
      content: '[2024-10-04 00:00:20] New email received from bo@example.com',
      id: 'l1',
      log_type: 'environment_notifications',
    });
    const other = JSON.stringify({ timestamp: T0 + 29, agent_id: 'a1', content: 'Thought: reply.', id: 'l2', log_type: 'llm_output' });
    const t = await load({
      [`out/${FILE}`]: hf(
        [
          task,
          { by: 'ENV', tool: 'EmailClientV2__create_and_add_email', args: { sender: 'bo@example.com' }, at: 20, write: true },
          { by: 'AGENT', tool: 'EmailClientV2__reply_to_email', args: { email_id: 'e1' }, at: 30, write: true, ret: 'e2' },
        ],
        [log, other],
      ),
    });
    expect(outline(t.steps)).toEqual([
      'user: Reply to Bo.',
      'EmailClientV2__create_and_add_email',
      'user: [2024-10-04 00:00:20] New email received from bo@example.com',
      'EmailClientV2__reply_to_email',
    ]);
  });

  it('keeps an empty return value the agent observed, and null only when nothing was returned', async () => {
    const t = await load({
      [`out/hf/${FILE}`]: hf([
        task,
        // ARE writes None for every falsy return value: the lite observation still shows which one it was.
        { by: 'AGENT', tool: 'Contacts__search_contacts', args: { query: 'Bo' }, at: 5, ret: null },
        { by: 'AGENT', tool: 'Calendar__get_calendar_events_from_to', args: { start: 'x' }, at: 8, ret: null },
        { by: 'AGENT', tool: 'Emails__list_emails', at: 12, ret: '{}' },
        { by: 'AGENT', tool: 'Messages__read_message', at: 16, ret: '' },
        { by: 'AGENT', tool: 'Calendar__delete_calendar_event', args: { event_id: 'ev1' }, at: 20, write: true, ret: null },
      ]),
      [`out/lite/${FILE}`]: lite([
        ['user', '[TASK]: \nReply to Bo.\n', 0],
        ['assistant', action('Contacts__search_contacts', { query: 'Bo' }), 4],
        ['tool-response', observation(1, '[]'), 5],
        ['assistant', action('Calendar__get_calendar_events_from_to', { start: 'x' }), 7],
        ['tool-response', observation(2, '{}'), 8],
        ['assistant', action('Emails__list_emails'), 11],
        ['tool-response', observation(3, '{}'), 12],
        ['assistant', action('Messages__read_message'), 15],
        ['assistant', action('Calendar__delete_calendar_event', { event_id: 'ev1' }), 19],
        ['tool-response', observation(4, 'None'), 20],
      ]),
    });
    expect(calls(t).map((c) => [c.fn, c.result])).toEqual([
      ['search_contacts', []],
      ['get_calendar_events_from_to', {}],
      ['list_emails', {}],
      ['read_message', ''],
      ['delete_calendar_event', null],
    ]);
  });
});
