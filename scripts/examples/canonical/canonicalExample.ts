// Writes examples/canonical: a customer-support harness's runs in our canonical JSONL format, English and German, two
// scenarios, two runs each. Run 1 is in `support-bot.trajectory.jsonl` (canonical by name), run 2 in
// `support-bot-retry.jsonl` (canonical by its first line). Planted regression: asked for a refund "als Gutschrift auf
// meine Karte" (credited to my card), the German runs refund as a voucher.

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

type Lang = 'eng' | 'deu';
type Line = Record<string, unknown>;

const SCHEMA = 'trajectory-lens/v1';
const MODEL = 'support-bot-7b';
/** 2025-03-03 09:00:00 UTC. */
const START = 1740992400;

function header(id: string, scenarioId: string, lang: Lang, runIndex: number, fields: Line): Line {
  return { type: 'run', schema: SCHEMA, id, scenarioId, language: lang, runIndex, model: MODEL, setting: null, ...fields };
}

const user = (text: string, time: number): Line => ({ type: 'message', role: 'user', text, time });
const assistant = (text: string, time: number, reasoning: string | null = null): Line => ({ type: 'message', role: 'assistant', text, reasoning, time });

function call(tool: string, args: Line, result: unknown, time: number, extra: Line = {}): Line {
  return { type: 'tool_call', tool, args, result, error: null, write: false, requestor: 'assistant', time, callId: `call_${time - START}`, ...extra };
}

const ORDER = { order_id: 'A-1042', status: 'delivered', items: [{ sku: 'KET-200', name: 'Electric kettle', price: 39.9 }], paid_with: 'card' };

function refundRun(lang: Lang, runIndex: number): Line[] {
  const t = START + runIndex * 600 + (lang === 'deu' ? 3600 : 0);
  const failing = lang === 'deu';
  const method = failing ? 'voucher' : 'card';
  const id = `refund-${lang}-${runIndex}`;
  const reason = `Cannot match Orders__refund (o1): call_${t + 6 - START}: eq_checker:method (agent=voucher, oracle=card)`;
  const task = {
    eng: 'My order A-1042 arrived damaged. Please refund it to my card.',
    deu: 'Meine Bestellung A-1042 kam beschädigt an. Bitte erstatten Sie mir den Betrag als Gutschrift auf meine Karte.',
  }[lang];
  const reply = {
    eng: 'I have refunded 39.90 EUR for order A-1042 to your card. It will show within 3–5 business days.',
    deu: 'Ich habe Ihnen für die Bestellung A-1042 einen Gutschein über 39,90 EUR ausgestellt.',
  }[lang];
  return [
    header(id, 'refund_damaged_order', lang, runIndex, {
      outcome: failing ? 'fail' : 'pass',
      capability: 'refunds',
      failureReason: failing ? reason : null,
      score: failing ? 0 : 1,
      task,
    }),
    user(task, t),
    call('Orders__get_order', { order_id: 'A-1042' }, ORDER, t + 2, { reasoning: 'Look the order up first.' }),
    call('Orders__refund', { order_id: 'A-1042', method, reason: 'damaged' }, { refund_id: `rf_${lang}${runIndex}`, amount: 39.9 }, t + 6, {
      write: true,
      reasoning: failing ? '"Gutschrift" is a credit note, so I issue a voucher.' : 'Refund to the card it was paid with.',
    }),
    call('Chat__send_reply', { text: reply }, null, t + 8, { write: true }),
    assistant(reply, t + 8),
    { type: 'oracle', id: 'o1', tool: 'Orders__refund', args: { order_id: 'A-1042', method: 'card', reason: 'damaged' }, turn: 0 },
    { type: 'oracle', id: 'o2', tool: 'Chat__send_reply', args: { text: 'Confirms a 39.90 EUR refund to the card.' }, turn: 0 },
    failing
      ? { type: 'judge', oracleId: 'o1', tool: 'Orders__refund', matched: false, check: 'eq_checker:method', rationale: 'method differs (agent=voucher, oracle=card)', llm: false, turn: 0, agentArgs: { order_id: 'A-1042', method, reason: 'damaged' } }
      : { type: 'judge', oracleId: 'o1', tool: 'Orders__refund', matched: true, check: 'eq_checker:method', rationale: 'all arguments match', llm: false, turn: 0, agentArgs: null },
    {
      type: 'judge',
      oracleId: 'o2',
      tool: 'Chat__send_reply',
      matched: !failing,
      check: 'message_checker',
      rationale: failing ? '- Reasoning: the reply announces a voucher, not a card refund.\n- Evaluation: [[Failure]]' : '- Reasoning: the reply confirms the card refund and the amount.\n- Evaluation: [[Success]]',
      llm: true,
      turn: 0,
      agentArgs: { text: reply },
    },
    { type: 'check', name: 'db_state', passed: !failing, detail: failing ? 'order A-1042: voucher issued, card not refunded' : 'order A-1042 refunded to card' },
  ];
}

function trackingRun(lang: Lang, runIndex: number): Line[] {
  const t = START + 7200 + runIndex * 600 + (lang === 'deu' ? 3600 : 0);
  const id = `tracking-${lang}-${runIndex}`;
  const task = { eng: 'Where is my parcel for order B-2210?', deu: 'Wo ist mein Paket zur Bestellung B-2210?' }[lang];
  if (lang === 'deu' && runIndex === 2) {
    return [
      header(id, 'track_parcel', lang, runIndex, { outcome: 'infra', capability: 'tracking', failureReason: 'tool server timed out after 60 s', score: null, task }),
      user(task, t),
      { ...call('Shipping__track', { order_id: 'B-2210' }, null, t + 61), error: 'ReadTimeout: tool server timed out after 60 s' },
    ];
  }
  const reply = {
    eng: 'Your parcel for order B-2210 is at the Leipzig depot and will be delivered tomorrow.',
    deu: 'Ihr Paket zur Bestellung B-2210 liegt im Depot Leipzig und wird morgen zugestellt.',
  }[lang];
  return [
    header(id, 'track_parcel', lang, runIndex, { outcome: 'pass', capability: 'tracking', score: 1, task }),
    user(task, t),
    call('Shipping__track', { order_id: 'B-2210' }, { status: 'in_transit', location: 'Leipzig depot', eta: '2025-03-04' }, t + 3),
    assistant(reply, t + 5, 'The tracking says in transit, ETA tomorrow.'),
    { type: 'oracle', id: 'o1', tool: 'Shipping__track', args: { order_id: 'B-2210' }, turn: null },
    { type: 'judge', oracleId: 'o1', tool: 'Shipping__track', matched: true, check: 'eq_checker:order_id', rationale: 'all arguments match', llm: false, turn: null, agentArgs: null },
    { type: 'check', name: 'answer_mentions_eta', passed: true, detail: 'the reply names the delivery day' },
  ];
}

function jsonl(lines: readonly Line[]): string {
  return `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`;
}

const README = `# Canonical trajectory files (generated)

Regenerate with \`npx tsx scripts/generate-examples.ts\`. The format is described in \`docs/canonical-format.md\`.

- \`support-bot.trajectory.jsonl\` — run 1 of both scenarios in English and German (recognised by its name).
- \`support-bot-retry.jsonl\` — run 2 of the same (recognised by its first line, a \`trajectory-lens/v1\` run header).

Planted regression: \`refund_damaged_order\` passes in English and fails in German in both runs — asked for a refund
"als Gutschrift auf meine Karte" (credited to my card), the agent issues a voucher (\`hard_check:eq_checker\` on
\`method\`). \`track_parcel\` passes everywhere except German run 2, where the tool server timed out (infra).
`;

export function writeCanonicalExample(root: string): number {
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  const runsOf = (runIndex: number): Line[][] =>
    (['eng', 'deu'] as const).flatMap((lang) => [refundRun(lang, runIndex), trackingRun(lang, runIndex)]);
  writeFileSync(join(root, 'support-bot.trajectory.jsonl'), jsonl(runsOf(1).flat()));
  writeFileSync(join(root, 'support-bot-retry.jsonl'), jsonl(runsOf(2).flat()));
  writeFileSync(join(root, 'README.md'), README);
  return runsOf(1).length + runsOf(2).length;
}
