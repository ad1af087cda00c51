import { describe, expect, it } from 'vitest';
import { marked, type Token, type Tokens } from 'marked';
import { MAX_BLOCK_CHARS, renderTrajectoryText } from '../../../src/core/render/renderTrajectoryText';
import type { Trajectory } from '../../../src/core/model';
import { trajectory } from '../analysis/steps';
import { failingTrajectory, runSummary } from './trajectoryFixture';

// The document is checked the way a Markdown reader sees it: parsed by a CommonMark parser, not by string matching alone.

function tokens(markdown: string): Token[] {
  return marked.lexer(markdown);
}

function headings(markdown: string): string[] {
  return tokens(markdown)
    .filter((t): t is Tokens.Heading => t.type === 'heading')
    .map((t) => `${'#'.repeat(t.depth)} ${t.text}`);
}

/** Every fenced block in the document, including those inside block quotes. */
function codeBlocks(markdown: string): Tokens.Code[] {
  const found: Tokens.Code[] = [];
  const walk = (list: Token[]): void => {
    for (const t of list) {
      if (t.type === 'code') found.push(t as Tokens.Code);
      if ('tokens' in t && Array.isArray(t.tokens)) walk(t.tokens);
    }
  };
  walk(tokens(markdown));
  return found;
}

function quotedCodeBlocks(markdown: string): string[] {
  return tokens(markdown)
    .filter((t): t is Tokens.Blockquote => t.type === 'blockquote')
    .flatMap((q) => q.tokens.filter((t): t is Tokens.Code => t.type === 'code').map((c) => c.text));
}

describe('renderTrajectoryText', () => {
  const doc = renderTrajectoryText(failingTrajectory());

  it('opens with the scenario, language, run and verdict, then the failure family and reason', () => {
    expect(headings(doc)[0]).toBe('# fail · `scn_email_budget` · `jpn` · run 1');
    expect(doc).toContain('- **Failure family:** `tool_count`');
    expect(doc).toContain('- **Language:** `jpn` (labelled `ja`)');
    expect(doc).toContain('- **Path:** `jpn/run_1/execution/scn_email_budget`');
    expect(codeBlocks(doc).map((c) => c.text)).toContain(
      'Tool count mismatch: agent={}, oracle={EmailClientV2__send_email: 1}',
    );
  });

  it('shows the task, then every step in order with user, assistant, read and write marks', () => {
    expect(headings(doc)).toEqual([
      '# fail · `scn_email_budget` · `jpn` · run 1',
      '## Task',
      '## Steps (4)',
      '### 1 · user',
      '### 2 · read `Contacts.search_contacts`',
      '### 3 · read `EmailClientV2.get_email_by_id`',
      '### 4 · assistant',
      '## Final answer',
      '## Oracle events (1)',
      '### Oracle 1 · `EmailClientV2.send_email` · not matched',
      '## Checks (1)',
      '## Reader diagnostics (1)',
    ]);
    expect(codeBlocks(doc)[1]?.text).toBe('張偉さんに、予算レビューが木曜日に移動したとメールで伝えてください。');
  });

  it('pretty-prints tool arguments as JSON and shows results and errors', () => {
    const json = codeBlocks(doc).filter((c) => c.lang === 'json');
    expect(json[0]?.text).toBe('{\n  "query": "張偉"\n}');
    expect(json.map((c) => JSON.parse(c.text) as unknown)).toContainEqual([]);
    expect(doc).toMatch(/\*\*Error\*\*\n\n```text\nKeyError: email missing not found\n```/);
  });

  it('puts reasoning in a block quote before the message or call it led to', () => {
    expect(quotedCodeBlocks(doc)).toEqual(['まず連絡先を検索します。', '連絡先が見つからないので、ユーザーに伝えます。']);
  });

  it('marks write calls and calls made by the simulated user', () => {
    const base = failingTrajectory();
    const trajectory: Trajectory = {
      ...base,
      steps: [
        {
          kind: 'tool_call',
          tool: 'EmailClientV2__send_email',
          app: 'EmailClientV2',
          fn: 'send_email',
          args: { recipients: ['zhang.wei@corp.example'] },
          result: 'email_42',
          error: null,
          write: true,
          requestor: 'user',
          reasoning: null,
          time: null,
          callId: null,
        },
      ],
    };
    const text = renderTrajectoryText(trajectory);
    expect(headings(text)).toContain('### 1 · write `EmailClientV2.send_email` · by the user');
    expect(text).toContain('- **Steps:** 1 (1 write)');
    expect(codeBlocks(text).map((c) => c.text)).toContain('email_42');
  });

  it('lists each oracle event with its arguments and the judge record: matched mark, check and rationale', () => {
    const oracle = doc.slice(doc.indexOf('### Oracle 1'), doc.indexOf('## Checks'));
    expect(oracle).toContain('id `oracle_send_email` · turn 1');
    expect(oracle).toContain('**Judge:** not matched · check `tool_count` · verifier · turn 1');
    expect(codeBlocks(oracle).map((c) => c.text)).toEqual([
      '{\n  "recipients": [\n    "zhang.wei@corp.example"\n  ],\n  "subject": "予算レビュー"\n}',
      'Tool count mismatch: agent={}, oracle={EmailClientV2__send_email: 1}',
    ]);
  });

  it('shows an LLM judge rationale that accepted the action, and judge records without an oracle event', () => {
    const base = failingTrajectory();
    const text = renderTrajectoryText({
      ...base,
      judge: [
        { ...base.judge[0]!, matched: true, check: 'email_checker', llm: true, rationale: '- Reasoning: same content\n- Evaluation: [[Success]]' },
        { oracleId: null, tool: null, matched: false, check: 'causality', rationale: 'causality violation', llm: false, turn: 2, agentArgs: { a: 1 } },
      ],
    });
    expect(headings(text)).toContain('### Oracle 1 · `EmailClientV2.send_email` · matched');
    expect(text).toContain('**Judge:** matched · check `email_checker` · LLM judge · turn 1');
    expect(codeBlocks(text).map((c) => c.text)).toContain('- Reasoning: same content\n- Evaluation: [[Success]]');
    expect(headings(text)).toContain('## Other judge records (1)');
    expect(text).toContain('**Judge:** not matched · check `causality` · verifier · turn 2');
  });

  it('lists the verifier checks and the reader diagnostics with file and line', () => {
    expect(doc).toContain('**failed: `tool_count`**');
    expect(doc).toContain('- warning `jpn/run_1/execution/scn_email_budget/trace.jsonl:7` `truncated JSON line`');
  });

  it('writes its own marks in characters every editor font has (ASCII, · and …), never emoji or symbols', () => {
    const withEveryMark = renderTrajectoryText({
      ...failingTrajectory(),
      steps: [
        { kind: 'message', role: 'system', text: 's', reasoning: 'r', time: null },
        { kind: 'message', role: 'user', text: 'u', reasoning: null, time: null },
        { kind: 'message', role: 'assistant', text: 'a', reasoning: null, time: null },
        { kind: 'tool_call', tool: 'A.w', app: 'A', fn: 'w', args: {}, result: 'ok', error: 'e', write: true, requestor: 'user', reasoning: null, time: null, callId: null },
      ],
      checks: [
        { name: 'c1', passed: true, detail: '' },
        { name: 'c2', passed: false, detail: '' },
        { name: 'c3', passed: null, detail: '' },
      ],
    });
    // Run text is in code (fenced or spans): what is left is the document's own wording.
    const ownText = withEveryMark.replace(/^(`{3,})[^\n]*\n[\s\S]*?\n\1$/gm, '').replace(/(`+)[^`\n]*?\1/g, '');
    expect([...new Set(ownText.replace(/[\x20-\x7e\n·…]/g, ''))]).toEqual([]);
  });

  it('says so when a run recorded nothing (an infrastructure crash)', () => {
    const text = renderTrajectoryText(trajectory([], { run: runSummary({ outcome: 'infra', failureFamily: 'infra', failureReason: null }) }));
    expect(headings(text)[0]).toBe('# infra · `scn_email_budget` · `jpn` · run 1');
    expect(text).toContain('_No task was recorded._');
    expect(text).toContain('_No steps were recorded._');
    expect(text).toContain('_The agent gave no final answer._');
    expect(text).toContain('_No oracle events were recorded._');
    expect(headings(text)).not.toContain('## Checks (0)');
  });
});

describe('renderTrajectoryText with hostile run text', () => {
  const breakout = 'ok\n```\n# Injected heading\n<script>alert(1)</script>\n````\n~~~\n- [x] list';
  const base = failingTrajectory();
  const hostile: Trajectory = {
    ...base,
    run: runSummary({ scenarioId: 'scn`\n# id heading', failureReason: breakout }),
    task: breakout,
    steps: [
      { kind: 'message', role: 'assistant', text: breakout, reasoning: breakout, time: null },
      {
        kind: 'tool_call',
        tool: 'Files__read',
        app: 'Files',
        fn: 'read',
        args: { path: '```\n# arg heading' },
        result: breakout,
        error: breakout,
        write: false,
        requestor: 'assistant',
        reasoning: null,
        time: null,
        callId: null,
      },
    ],
    finalAnswer: breakout,
    judge: [{ ...base.judge[0]!, rationale: breakout, check: 'x`y' }],
    checks: [{ name: 'c', passed: false, detail: breakout }],
  };
  const text = renderTrajectoryText(hostile);

  it('keeps the document structure: no heading, list or HTML from run text escapes its fence', () => {
    expect(headings(text)).toEqual([
      '# fail · ``scn` ⏎ # id heading`` · `jpn` · run 1',
      '## Task',
      '## Steps (2)',
      '### 1 · assistant',
      '### 2 · read `Files.read`',
      '## Final answer',
      '## Oracle events (1)',
      '### Oracle 1 · `EmailClientV2.send_email` · not matched',
      '## Checks (1)',
      '## Reader diagnostics (1)',
    ]);
    expect(tokens(text).some((t) => t.type === 'html')).toBe(false);
  });

  it('shows the run text exactly, inside its fences', () => {
    const texts = codeBlocks(text).map((c) => c.text);
    // failure reason, task, message, reasoning, tool result, tool error, final answer, judge rationale, check detail
    expect(texts.filter((t) => t === breakout)).toHaveLength(9);
    expect(texts).toContain('{\n  "path": "```\\n# arg heading"\n}');
  });

  it('shows control characters and unifies line breaks', () => {
    const t = renderTrajectoryText({ ...base, task: 'a\r\nb\u0000c\u001bd' });
    expect(codeBlocks(t).map((c) => c.text)).toContain('a\nb\\x00c\\x1bd');
  });

  it('cuts a huge tool result and says how much was left out', () => {
    const t = renderTrajectoryText({ ...base, finalAnswer: 'x'.repeat(MAX_BLOCK_CHARS + 5) });
    expect(t).toContain('_… 5 more characters not shown._');
    expect(codeBlocks(t).some((c) => c.text.length === MAX_BLOCK_CHARS)).toBe(true);
  });
});
