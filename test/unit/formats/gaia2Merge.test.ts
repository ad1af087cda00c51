import { describe, expect, it } from 'vitest';
import {
  fromPythonLiteral,
  mergeTraceIntoSteps,
  NOT_EXECUTED,
  type Gaia2Event,
  type TraceCall,
  type TraceResult,
} from '../../../src/core/formats/gaia2';

let line = 0;
function event(app: string, fn: string, args: Record<string, unknown>, extra: Partial<Gaia2Event> = {}): Gaia2Event {
  line++;
  return { line, t: 1000 + line, app, fn, args, write: false, ret: null, simTime: null, eventId: null, ...extra };
}
function call(partial: Partial<TraceCall>): TraceCall {
  return { line: 0, seq: null, text: '', reasoning: '', toolCalls: [], ...partial };
}
function trace(calls: TraceCall[], outputs: Record<string, string> = {}): TraceResult {
  const toolOutputs = new Map(Object.entries(outputs).map(([id, text]) => [id, { text, isError: true }]));
  return { calls, toolOutputs, firstUserText: null, diagnostics: [] };
}
function describeSteps(steps: ReturnType<typeof mergeTraceIntoSteps>): string[] {
  return steps.map((s) =>
    s.kind === 'message'
      ? `${s.role}:${s.text}${s.reasoning ? `|${s.reasoning}` : ''}`
      : `${s.fn}${s.error ? '!' : ''}${s.requestor ? `@${s.requestor}` : ''}${s.reasoning ? `|${s.reasoning}` : ''}`,
  );
}

const task = event('AgentUserInterface', 'send_message_to_agent', { content: 'Delete the duplicate contact' });
const search = event('Contacts', 'search_contacts', { query: 'Ana' });
const del = event('Contacts', 'delete_contact', { contact_id: 'c2' }, { write: true });
const env = event('EmailClientV2', 'create_and_add_email', { sender: 'ana@x.com' }, { write: true, eventId: 'Event-ENV-7' });
const answer = event('AgentUserInterface', 'send_message_to_user', { content: 'Deleted.' }, { write: true });

describe('mergeTraceIntoSteps', () => {
  it('without a trace, lists the logged actions in order; the environment and the answer are marked', () => {
    expect(describeSteps(mergeTraceIntoSteps([task, search, env, del, answer], null))).toEqual([
      'user:Delete the duplicate contact',
      'search_contacts@assistant',
      'create_and_add_email',
      'delete_contact@assistant',
      'assistant:Deleted.',
      'send_message_to_user@assistant',
    ]);
  });

  it('links calls to logged actions by function and arguments; a failed retry target stays a separate failed step', () => {
    const steps = mergeTraceIntoSteps(
      [task, search, del, answer],
      trace(
        [
          call({ reasoning: 'look up', toolCalls: [{ id: 'a', name: 'Contacts__search_contacts', args: { query: 'Ana' }, rawArgs: null }] }),
          call({ toolCalls: [{ id: 'b', name: 'Contacts__delete_contact', args: { contact_id: 'c9' }, rawArgs: null }] }),
          call({ text: 'Wrong id, retrying.', toolCalls: [{ id: 'c', name: 'Contacts__delete_contact', args: { contact_id: 'c2' }, rawArgs: null }] }),
          call({ text: 'Deleted.' }),
        ],
        { b: 'Contact c9 not found' },
      ),
    );
    expect(describeSteps(steps)).toEqual([
      'user:Delete the duplicate contact',
      'search_contacts@assistant|look up',
      'delete_contact!@assistant',
      'assistant:Wrong id, retrying.',
      'delete_contact@assistant',
      'assistant:Deleted.',
      'send_message_to_user@assistant',
    ]);
    expect(steps[2]).toMatchObject({ error: NOT_EXECUTED, result: 'Contact c9 not found', args: { contact_id: 'c9' }, callId: 'b' });
  });

  it('links shell commands that ran an app CLI (gaia2-cli agents call tools through a shell)', () => {
    const steps = mergeTraceIntoSteps(
      [task, search, del],
      trace([
        call({ reasoning: 'search first', toolCalls: [{ id: 's1', name: 'terminal', args: { command: 'contacts search-contacts --query Ana' }, rawArgs: null }] }),
        call({ toolCalls: [{ id: 's2', name: 'terminal', args: { command: 'contacts --help' }, rawArgs: null }] }),
        call({ toolCalls: [{ id: 's3', name: 'terminal', args: { command: 'contacts delete-contact --contact-id c2' }, rawArgs: null }] }),
      ]),
    );
    expect(describeSteps(steps)).toEqual([
      'user:Delete the duplicate contact',
      'search_contacts@assistant|search first',
      'terminal!@assistant',
      'delete_contact@assistant',
    ]);
  });

  it('keeps environment actions nobody called in log order, and trailing trace text after the last action', () => {
    const steps = mergeTraceIntoSteps(
      [task, env, del],
      trace([
        call({ toolCalls: [{ id: 'd', name: 'delete_contact', args: { contact_id: 'c2' }, rawArgs: null }] }),
        call({ text: 'All done, no answer was logged.', reasoning: 'wrap up' }),
        call({ reasoning: 'only thinking' }),
      ]),
    );
    expect(describeSteps(steps)).toEqual([
      'user:Delete the duplicate contact',
      'create_and_add_email',
      'delete_contact@assistant',
      'assistant:All done, no answer was logged.|wrap up',
      'assistant:|only thinking',
    ]);
  });

  it('links two identical calls in one response to two logged actions', () => {
    const a = event('Chats', 'send_message', { text: 'hi' }, { write: true });
    const b = event('Chats', 'send_message', { text: 'hi' }, { write: true });
    const tc = { id: null, name: 'Chats__send_message', args: { text: 'hi' }, rawArgs: null };
    const steps = mergeTraceIntoSteps([a, b], trace([call({ toolCalls: [tc, { ...tc }] })]));
    expect(steps.map((s) => (s.kind === 'tool_call' ? [s.fn, s.error, s.time] : null))).toEqual([
      ['send_message', null, a.t],
      ['send_message', null, b.t],
    ]);
  });
});

describe('fromPythonLiteral', () => {
  it.each([
    ["['zhang.wei@example.com', 'b@x.com']", ['zhang.wei@example.com', 'b@x.com']],
    ["{'k': 1, 'ok': True, 'none': None, 'nested': [1.5, -2]}", { k: 1, ok: true, none: null, nested: [1.5, -2] }],
    ['["it\'s", "张伟"]', ["it's", '张伟']],
    ["('a',)", ['a']],
    ['[]', []],
  ])('%s', (text, value) => {
    expect(fromPythonLiteral(text)).toEqual(value);
  });

  it.each(['[Urgent] Meeting moved', '(555) 123-4567', 'plain text', '{not: python}', "['unterminated]"])('keeps %s as text', (text) => {
    expect(fromPythonLiteral(text)).toBe(text);
  });
});
