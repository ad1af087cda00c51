import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NodeFileSource } from '../../../src/core/nodeFileSource';
import { parseResponseBody, parseResponseObject, readGaia2Trace } from '../../../src/core/formats/gaia2';

const fixtures = new NodeFileSource(join(__dirname, '../../fixtures/gaia2'));
const trace = (lang: string, scenario = 'scenario_email_reminder_01') =>
  `runs/${lang}/run_1/execution/${scenario}/trace.jsonl`;

describe('readGaia2Trace on the four response shapes', () => {
  it('OpenAI chat-completions SSE: reasoning deltas, content deltas and tool-call argument fragments', async () => {
    const { calls, toolOutputs, firstUserText, diagnostics } = await readGaia2Trace(fixtures, trace('eng'));
    expect(diagnostics).toEqual([]);
    expect(calls.map((c) => c.seq)).toEqual([1, 2, 3]);
    expect(calls[0]).toMatchObject({
      text: '',
      reasoning: "I need Zhang Wei's email address first.",
      toolCalls: [{ id: 'call_a1', name: 'Contacts__search_contacts', args: { query: 'Zhang Wei' }, rawArgs: null }],
    });
    expect(calls[1]?.text).toBe('Found him. Sending the email now.');
    expect(calls[1]?.toolCalls[0]?.args).toEqual({
      recipients: ['zhang.wei@example.com'],
      subject: 'Design review moved to Friday',
      content: 'Hi Wei,\n\nThe design review is moving to Friday at 10:00. See you there!\n\nBest,\nAlex',
    });
    expect(calls[2]).toMatchObject({
      text: 'Done: I emailed Zhang Wei that the design review moves to Friday at 10:00.',
      reasoning: '',
      toolCalls: [],
    });
    expect(toolOutputs.get('call_a2')).toEqual({ text: '"email_7f3a91"', isError: false });
    expect(firstUserText).toMatch(/^Please email Zhang Wei/);
  });

  it('Anthropic messages JSON: thinking, text and tool_use blocks; tool_result errors from later requests', async () => {
    const { calls, toolOutputs, diagnostics } = await readGaia2Trace(fixtures, trace('jpn'));
    expect(diagnostics).toEqual([]);
    expect(calls).toHaveLength(5);
    expect(calls[0]).toMatchObject({
      text: '',
      reasoning: 'ユーザーは張偉さんにメールを送りたい。まず連絡先を検索する。',
      toolCalls: [{ id: 'toolu_b1', name: 'Contacts__search_contacts', args: { query: '張偉' } }],
    });
    expect(calls[1]?.text).toBe('見つかりませんでした。ローマ字で検索します。');
    expect(calls[2]?.toolCalls[0]?.args.recipients).toEqual(['Zhang Wei']);
    expect(toolOutputs.get('toolu_b3')).toEqual({ text: "'Zhang Wei' is not a valid email address for recipients.", isError: true });
    expect(toolOutputs.get('toolu_b2')?.text).toContain('zhang.wei@example.com');
  });

  it('Anthropic messages SSE: thinking_delta, text_delta and input_json_delta reassembled per block', async () => {
    const { calls, diagnostics } = await readGaia2Trace(fixtures, trace('cmn'));
    expect(diagnostics).toEqual([]);
    expect(calls.map((c) => c.toolCalls.map((t) => t.name))).toEqual([
      ['Contacts__search_contacts'],
      ['EmailClientV2__send_email'],
      ['EmailClientV2__send_email'],
      [],
    ]);
    expect(calls[0]?.reasoning).toBe('用户要给张伟发邮件。先查联系人。');
    expect(calls[1]?.text).toBe('找到了张伟的邮箱，现在发送邮件。');
    expect(calls[2]?.toolCalls[0]?.args).toEqual({
      recipients: ['zhang.wei@example.com'],
      subject: '更正：设计评审改期',
      content: '张伟你好，更正一下：设计评审改到周五上午10点。',
    });
    expect(calls[3]?.text).toBe('已给张伟发邮件，告知设计评审改到周五上午10点。');
  });

  it('OpenAI chat-completions JSON with a `reasoning` field', async () => {
    const { calls } = await readGaia2Trace(fixtures, trace('spa', 'scenario_cab_airport_02'));
    expect(calls[0]).toMatchObject({
      reasoning: 'The user wants a cab from home to the airport tomorrow at 8:00.',
      toolCalls: [{ id: 'call_d1', name: 'CabApp__order_ride', args: { end_location: 'Aeropuerto Internacional' } }],
    });
    expect(calls[1]?.text).toBe('Listo: taxi reservado desde tu casa hasta el Aeropuerto Internacional mañana a las 8:00.');
  });
});

describe('parseResponseBody edge cases', () => {
  it('keeps tool arguments that are not JSON so the user sees what the model wrote', () => {
    const body = JSON.stringify({
      choices: [{ message: { content: null, tool_calls: [{ id: 'c', function: { name: 'Files__cat', arguments: '{"path": "/tmp/a' } }] } }],
    });
    const parsed = parseResponseBody(body);
    expect(parsed).toEqual({
      ok: true,
      output: { text: '', reasoning: '', toolCalls: [{ id: 'c', name: 'Files__cat', args: { arguments: '{"path": "/tmp/a' }, rawArgs: '{"path": "/tmp/a' }] },
    });
  });

  it('reads content given as a list of text parts and reasoning_content', () => {
    const body = JSON.stringify({ choices: [{ message: { content: [{ type: 'text', text: 'नमस्ते' }], reasoning_content: 'सोचो' } }] });
    expect(parseResponseBody(body)).toEqual({ ok: true, output: { text: 'नमस्ते', reasoning: 'सोचो', toolCalls: [] } });
  });

  it('reads a pre-parsed response object', () => {
    expect(
      parseResponseObject({
        content: 'The answer is 42',
        reasoning: 'think',
        tool_calls: [{ id: 't', type: 'function', function: { name: 'Calendar__get_calendar_events_from_to', arguments: '{}' } }],
      }),
    ).toEqual({
      ok: true,
      output: { text: 'The answer is 42', reasoning: 'think', toolCalls: [{ id: 't', name: 'Calendar__get_calendar_events_from_to', args: {}, rawArgs: null }] },
    });
  });

  it('reports error bodies and unknown shapes instead of inventing output', () => {
    expect(parseResponseBody('{"error": {"message": "rate limited"}}')).toEqual({ ok: false, reason: 'error response: rate limited' });
    expect(parseResponseBody('{"candidates": []}')).toMatchObject({ ok: false, reason: expect.stringMatching(/^response format not recognised/) });
    expect(parseResponseBody('<html>502 Bad Gateway</html>')).toMatchObject({ ok: false });
  });

  it('survives a torn SSE chunk and keeps the rest of the stream', () => {
    const body = [
      'data: {"choices":[{"delta":{"content":"Hel"}}]}',
      'data: {"choices":[{"delta":{"content":',
      'data: {"choices":[{"delta":{"content":"lo"}}]}',
      'data: [DONE]',
    ].join('\n\n');
    expect(parseResponseBody(body)).toEqual({ ok: true, output: { text: 'Hello', reasoning: '', toolCalls: [] } });
  });
});
