import { describe, expect, it } from 'vitest';
import { marked } from 'marked';
import { renderTrajectoryText, runNotFoundText, runUnreadableText } from '../../../src/core/render/renderTrajectoryText';
import type { JudgeRecord, Trajectory } from '../../../src/core/model';
import { failingTrajectory, runSummary } from './trajectoryFixture';

// Run text is data: rendered the way a Markdown preview renders the run document, nothing a run wrote may become an
// HTML element, a link (a `command:` link would run a VS Code command on click) or a heading.

const IMG = '<img src=x onerror=alert(1)>';

/** Hostile text, tagged with the field it is put in so the test can find that field in the output. */
function payload(field: string): string {
  return [
    `${field}${IMG}`,
    '[x](command:workbench.action.terminal.new) <command:workbench.action.terminal.new>',
    '<https://evil.example/> https://evil.example/ www.evil.example mail@evil.example',
    '`` ` ``` </code></pre><script>alert(1)</script>',
    '```',
    '# heading',
    '~~~',
    '````js',
    '`',
  ].join('\n');
}

function toolCall(field: string, result: unknown): Trajectory['steps'][number] {
  return {
    kind: 'tool_call',
    tool: payload(`${field}Tool`),
    app: payload(`${field}App`),
    fn: payload(`${field}Fn`),
    args: { [payload(`${field}ArgKey`)]: payload(`${field}ArgValue`) },
    result,
    error: payload(`${field}Error`),
    write: true,
    requestor: 'assistant',
    reasoning: payload(`${field}Reasoning`),
    time: null,
    callId: payload(`${field}CallId`),
  };
}

function judge(field: string, oracleId: string | null): JudgeRecord {
  return {
    oracleId,
    tool: payload(`${field}Tool`),
    matched: false,
    check: payload(`${field}Check`),
    rationale: payload(`${field}Rationale`),
    llm: true,
    turn: 1,
    agentArgs: { [payload(`${field}AgentKey`)]: payload(`${field}AgentValue`) },
  };
}

const oracleId = payload('oracleId');
const hostile: Trajectory = {
  ...failingTrajectory(),
  run: runSummary({
    id: payload('runId'),
    path: payload('path'),
    group: payload('group'),
    scenarioId: payload('scenarioId'),
    language: payload('language'),
    languageLabel: payload('languageLabel'),
    capability: payload('capability'),
    failureFamily: payload('failureFamily'),
    failureReason: payload('failureReason'),
    model: payload('model'),
    setting: payload('setting'),
  }),
  task: payload('task'),
  steps: [
    { kind: 'message', role: 'assistant', text: payload('messageText'), reasoning: payload('messageReasoning'), time: null },
    toolCall('call', payload('callResult')),
    toolCall('jsonCall', { [payload('resultKey')]: [payload('resultValue')] }),
  ],
  finalAnswer: payload('finalAnswer'),
  oracle: [{ id: oracleId, tool: payload('oracleTool'), args: { [payload('oracleArgKey')]: payload('oracleArgValue') }, turn: 1 }],
  judge: [judge('judge', oracleId), judge('otherJudge', null)],
  checks: [{ name: payload('checkName'), passed: false, detail: payload('checkDetail') }],
  diagnostics: [
    { path: payload('diagnosticPath'), line: 3, message: payload('diagnosticMessage'), severity: 'warning' },
    { path: payload('errorPath'), line: null, message: payload('errorMessage'), severity: 'error' },
  ],
};

/** The fields whose text the document shows (the run id and call ids are not shown). */
const SHOWN_FIELDS = [
  'path', 'group', 'scenarioId', 'language', 'languageLabel', 'capability', 'failureFamily', 'failureReason', 'model',
  'setting', 'task', 'messageText', 'messageReasoning', 'callApp', 'callFn', 'callArgKey', 'callArgValue', 'callResult',
  'callError', 'callReasoning', 'resultKey', 'resultValue', 'finalAnswer', 'oracleId', 'oracleTool',
  'oracleArgKey', 'oracleArgValue', 'judgeCheck', 'judgeRationale', 'judgeAgentKey', 'judgeAgentValue', 'otherJudgeTool',
  'otherJudgeCheck', 'otherJudgeRationale', 'checkName', 'checkDetail', 'diagnosticPath', 'diagnosticMessage',
  'errorPath', 'errorMessage',
];

/** The elements the run document is made of; anything else came from run text. */
const DOCUMENT_ELEMENTS = new Set(['h1', 'h2', 'h3', 'p', 'ul', 'li', 'strong', 'em', 'code', 'pre', 'blockquote']);

function html(markdown: string): string {
  return marked.parse(markdown, { async: false, gfm: true });
}

function elementNames(page: string): string[] {
  return [...page.matchAll(/<\/?([a-zA-Z][\w-]*)/g)].map((m) => m[1]!.toLowerCase());
}

/** The page with the content of every code element removed: what a reader sees as document text. */
function outsideCode(page: string): string {
  return page.replace(/<code[^>]*>[\s\S]*?<\/code>/g, '');
}

function expectInert(markdown: string): string {
  const page = html(markdown);
  expect(elementNames(page).filter((name) => !DOCUMENT_ELEMENTS.has(name))).toEqual([]);
  expect(page).not.toMatch(/href=/i);
  const text = outsideCode(page);
  for (const leak of ['onerror', 'command:', 'evil.example', 'alert(1)', 'heading']) expect(text).not.toContain(leak);
  return page;
}

describe('run document with hostile text in every field', () => {
  const markdown = renderTrajectoryText(hostile);

  it('renders no HTML element, link or autolink from the run, only the document’s own elements', () => {
    expectInert(markdown);
  });

  it('shows every field’s text, escaped, inside code', () => {
    const page = html(markdown);
    const escapedImg = '&lt;img src=x onerror=alert(1)&gt;';
    const missing = SHOWN_FIELDS.filter((field) => !page.includes(`${field}${escapedImg}`));
    expect(missing).toEqual([]);
  });

  it('keeps its own headings: fence markers and backticks in run text do not end a fence or a code span', () => {
    const headings = [...html(markdown).matchAll(/<h([123])>/g)].map((m) => Number(m[1]));
    // Title, Task, Steps, 3 steps, Final answer, Oracle events, 1 oracle event, Other judge records, 1 record,
    // Checks, Reader diagnostics.
    expect(headings).toEqual([1, 2, 2, 3, 3, 3, 2, 2, 3, 2, 3, 2, 2]);
  });

  it('lists reader diagnostics with their file, line and message as code', () => {
    const section = html(markdown.slice(markdown.indexOf('## Reader diagnostics')));
    const items = [...section.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => m[1]!);
    expect(items).toHaveLength(2);
    expect(items[0]).toMatch(/^warning <code>diagnosticPath&lt;img[^<]*:3<\/code> <code>diagnosticMessage&lt;img/);
    expect(items[1]).toMatch(/^error <code>errorPath&lt;img[^<]*<\/code> <code>errorMessage&lt;img/);
  });
});

describe('run document fallbacks', () => {
  it('names a run that is not found without rendering its id', () => {
    expect(expectInert(runNotFoundText(payload('runId')))).toContain('<code>runId&lt;img');
  });

  it('quotes a read error without rendering it', () => {
    expect(expectInert(runUnreadableText(payload('error')))).toContain('<code class="language-text">error&lt;img');
  });
});
