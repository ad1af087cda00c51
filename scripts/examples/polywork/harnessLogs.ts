// Renders a run story in the log format of its harness: OpenClaw's session JSONL (chat.jsonl) or a Codex CLI session
// rollout (codex_sessions/YYYY/MM/DD/rollout-….jsonl, copied to chat.jsonl by the runner).

import type { Action, RunStory } from './exampleRuns';
import { INSTRUCTION, SYSTEM_PREFIX } from './exampleTask';

/** Seconds between consecutive log lines. */
const PACE_SECONDS = 7;

function clock(story: RunStory): () => { iso: string; ms: number } {
  let ms = Date.parse(story.startIso);
  return () => {
    const now = { iso: new Date(ms).toISOString(), ms };
    ms += PACE_SECONDS * 1000;
    return now;
  };
}

function jsonl(lines: unknown[]): string {
  return lines.map((line) => JSON.stringify(line)).join('\n') + '\n';
}

function openClawTool(action: Action): { name: string; arguments: Record<string, string> } {
  switch (action.kind) {
    case 'read':
      return { name: 'read', arguments: { path: action.path } };
    case 'shell':
      return { name: 'exec', arguments: { command: action.command } };
    case 'write':
      return { name: 'write', arguments: { path: action.path, content: action.content } };
  }
}

export function openClawLog(story: RunStory): string {
  const next = clock(story);
  const start = next();
  const lines: unknown[] = [{ type: 'session', version: 3, id: 'chat', timestamp: start.iso, cwd: '/workspace' }];
  let parent = 'm0';
  let n = 0;
  const message = (body: Record<string, unknown>): void => {
    const now = next();
    const id = `m${++n}`;
    lines.push({ type: 'message', id, parentId: parent, timestamp: now.iso, message: { ...body, timestamp: now.ms } });
    parent = id;
  };
  const usage = { input: 3200, output: 180, cacheRead: 0, cacheWrite: 0, totalTokens: 3380, cost: { total: 0.004 } };
  message({ role: 'user', content: [{ type: 'text', text: SYSTEM_PREFIX + INSTRUCTION.trim() }] });
  story.turns.forEach((turn, i) => {
    const tool = openClawTool(turn.action);
    const callId = `call_${story.id}_${i + 1}`;
    const thinking = turn.thinking === null ? [] : [{ type: 'thinking', thinking: turn.thinking }];
    message({
      role: 'assistant',
      content: [...thinking, { type: 'toolCall', id: callId, name: tool.name, arguments: tool.arguments }],
      provider: 'custom',
      model: story.model.split('/').pop(),
      usage,
      stopReason: 'toolUse',
    });
    const failed = (turn.exitCode ?? 0) !== 0;
    message({ role: 'toolResult', toolCallId: callId, toolName: tool.name, content: [{ type: 'text', text: turn.result }], isError: failed });
  });
  if (story.finalText !== null) {
    message({ role: 'assistant', content: [{ type: 'text', text: story.finalText }], provider: 'custom', usage, stopReason: 'stop' });
  }
  return jsonl(lines);
}

function patchFor(path: string, content: string): string {
  const added = content
    .trimEnd()
    .split('\n')
    .map((line) => `+${line}`)
    .join('\n');
  return `*** Begin Patch\n*** Add File: ${path}\n${added}\n*** End Patch\n`;
}

export function codexRolloutName(story: RunStory): string {
  const stamp = story.startIso.slice(0, 19).replace(/:/g, '-');
  return `rollout-${stamp}-0197${story.id}-7c1e-7a2b-9f00-00000000${story.id.slice(0, 4)}.jsonl`;
}

export function codexLog(story: RunStory): string {
  const next = clock(story);
  const lines: unknown[] = [];
  const line = (type: string, payload: Record<string, unknown>): void => {
    lines.push({ timestamp: next().iso, type, payload });
  };
  const item = (payload: Record<string, unknown>): void => line('response_item', payload);
  line('session_meta', { id: `0197${story.id}`, cwd: '/workspace', originator: 'codex_exec', cli_version: '0.58.0' });
  item({
    type: 'message',
    role: 'user',
    content: [{ type: 'input_text', text: '<environment_context>\n  <cwd>/workspace</cwd>\n  <sandbox_mode>danger-full-access</sandbox_mode>\n</environment_context>' }],
  });
  line('turn_context', { cwd: '/workspace', model: story.model.split('/').pop(), approval_policy: 'never' });
  item({ type: 'message', role: 'user', content: [{ type: 'input_text', text: SYSTEM_PREFIX + INSTRUCTION.trim() }] });
  story.turns.forEach((turn, i) => {
    const callId = `call_${story.id}_${i + 1}`;
    if (turn.thinking !== null) {
      item({ type: 'reasoning', summary: [{ type: 'summary_text', text: turn.thinking }], content: null, encrypted_content: 'gAAAAB…' });
    }
    const action = turn.action;
    if (action.kind === 'write') {
      item({ type: 'custom_tool_call', status: 'completed', call_id: callId, name: 'apply_patch', input: patchFor(action.path, action.content) });
      item({ type: 'custom_tool_call_output', call_id: callId, output: JSON.stringify({ output: turn.result, metadata: { exit_code: 0, duration_seconds: 0.1 } }) });
      return;
    }
    const command = action.kind === 'read' ? `cat ${action.path}` : action.command;
    item({ type: 'function_call', name: 'shell', arguments: JSON.stringify({ command: ['bash', '-lc', command], workdir: '/workspace' }), call_id: callId });
    const metadata = { exit_code: turn.exitCode ?? 0, duration_seconds: 0.3 };
    item({ type: 'function_call_output', call_id: callId, output: JSON.stringify({ output: turn.result, metadata }) });
    line('event_msg', { type: 'token_count', info: { total_token_usage: { input_tokens: 4100 * (i + 1), output_tokens: 240 * (i + 1) } } });
  });
  if (story.finalText !== null) {
    item({ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: story.finalText }] });
    line('event_msg', { type: 'agent_message', message: story.finalText });
  }
  return jsonl(lines);
}
