// Writes examples/inspect/logs/<time>_price-check_<id>.eval: an Inspect AI eval log (log format version 2) with the
// entries Inspect writes — header.json, summaries.json, reductions.json, samples/<id>_epoch_<n>.json and the journal —
// zipped with deflate. Deterministic: fixed ids, times and zip timestamps.

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SAMPLES, SYSTEM_PROMPT, type SampleStory } from './priceCheckSamples';
import { zipArchive } from './zipWriter';

const MODEL = 'openai/gpt-4o-mini';
const GRADER = 'openai/gpt-4o';
const CREATED = '2025-06-12T09:30:00+00:00';
const FILE = '2025-06-12T09-30-00+00-00_price-check_Xq3Lb7tRmQ2vJ8nW5kP4sD.eval';
/** Stands in for the murmur3 hash Inspect names an attachment by. */
const SYSTEM_ATTACHMENT = '5f0c2a9e8d7b41c3a6e9f1d2b3c4a5e6';

type Json = Record<string, unknown>;

const TOOLS = [
  { name: 'lookup_price', description: 'Price and currency of a catalog item.', parameters: { type: 'object', properties: { item: { type: 'string' } }, required: ['item'] } },
  {
    name: 'convert_currency',
    description: 'Convert an amount between currencies.',
    parameters: { type: 'object', properties: { amount: { type: 'number' }, from_currency: { type: 'string' }, to_currency: { type: 'string' } } },
  },
];

function json(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

function messagesOf(story: SampleStory, system: string): Json[] {
  const tag = `${story.id}-e${story.epoch}`;
  let n = 0;
  const id = (): string => `msg-${tag}-${++n}`;
  const out: Json[] = [
    { id: id(), role: 'system', content: system, source: 'input' },
    { id: id(), role: 'user', content: story.question, source: 'input' },
  ];
  story.turns.forEach((turn, t) => {
    const calls = turn.calls.map((call, c) => ({ id: `call_${tag}_${t + 1}_${c + 1}`, function: call.fn, arguments: call.args, type: 'function' }));
    const content: Json[] = [];
    if (turn.reasoning !== undefined) content.push({ type: 'reasoning', reasoning: turn.reasoning, redacted: false });
    content.push({ type: 'text', text: turn.text ?? '' });
    out.push({ id: id(), role: 'assistant', content, source: 'generate', tool_calls: calls, model: MODEL.split('/')[1] });
    turn.calls.forEach((call, c) => {
      const error = call.error === undefined ? {} : { error: { type: 'unknown', message: call.error } };
      out.push({ id: id(), role: 'tool', content: call.result, tool_call_id: calls[c]?.id, function: call.fn, ...error });
    });
  });
  return out;
}

function finalMessage(story: SampleStory): Json {
  return { id: `msg-${story.id}-e${story.epoch}-final`, role: 'assistant', content: [{ type: 'text', text: story.answer }], source: 'generate', model: MODEL.split('/')[1] };
}

function scoresOf(story: SampleStory): Json {
  return {
    match: { value: story.match, answer: story.answer },
    model_graded_qa: {
      value: story.graded.value,
      answer: story.answer,
      explanation: story.graded.explanation,
      metadata: { grading: [{ role: 'user', content: `Question: ${story.question}\nTarget: ${story.target}\nAnswer: ${story.answer}` }] },
    },
  };
}

/** Model events of a condensed sample: each call's input is a range of the pool; the last one's output is the answer. */
function pooledEvents(pool: Json[], story: SampleStory): Json[] {
  const events: Json[] = [{ event: 'sample_init', timestamp: CREATED, sample: { input: story.question, target: story.target, id: story.id } }];
  for (let i = 2; i <= pool.length; i++) {
    const reply = pool[i];
    if (reply !== undefined && reply.role !== 'assistant') continue;
    events.push({
      event: 'model',
      timestamp: CREATED,
      model: MODEL,
      input: [],
      input_refs: [[0, i]],
      tools: TOOLS,
      output: { model: MODEL, choices: [{ message: reply ?? finalMessage(story), stop_reason: reply === undefined ? 'stop' : 'tool_calls' }] },
    });
  }
  return events;
}

const USAGE = { input_tokens: 412, output_tokens: 58, total_tokens: 470 };

/** What a sample and its summary both open with. */
function sampleHead(story: SampleStory): Json {
  return { id: story.id, epoch: story.epoch, input: story.question, target: story.target, metadata: { language: story.language }, scores: scoresOf(story) };
}

/** What a sample and its summary both carry after the sample's output: usage, times and uuid. */
function sampleTail(story: SampleStory): Json {
  return { model_usage: { [MODEL]: USAGE }, total_time: 3.2, working_time: 2.9, uuid: `smp-${story.id}-e${story.epoch}` };
}

function sampleOf(story: SampleStory): Json {
  const final = finalMessage(story);
  const base: Json = {
    ...sampleHead(story),
    output: { model: MODEL, choices: [{ message: final, stop_reason: 'stop' }], completion: story.answer, usage: USAGE },
    store: {},
    ...sampleTail(story),
  };
  if (!story.pooled) {
    return { ...base, messages: [...messagesOf(story, SYSTEM_PROMPT), final], events: [{ event: 'sample_init', timestamp: CREATED }], attachments: {} };
  }
  const pool = messagesOf(story, `attachment://${SYSTEM_ATTACHMENT}`);
  return { ...base, messages: [], events: pooledEvents(pool, story), message_pool: pool, attachments: { [SYSTEM_ATTACHMENT]: SYSTEM_PROMPT } };
}

function summaryOf(story: SampleStory): Json {
  const messages = 2 + story.turns.reduce((n, t) => n + 1 + t.calls.length, 0) + 1;
  return { ...sampleHead(story), ...sampleTail(story), completed: true, message_count: messages };
}

const SPEC = {
  eval_id: 'Hb4sT8wPq2LmN6vX9cZ1dF',
  run_id: 'Rk7jW3nQ5pS8tV2yB6mC4x',
  created: CREATED,
  task: 'price_check',
  task_id: 'Tn5vB8cX2mK9qL4wR7pZ3s',
  task_version: 0,
  task_file: 'price_check.py',
  task_attribs: {},
  task_args: {},
  dataset: { name: 'price_check_multilingual', samples: 4, sample_ids: ['q1-eng', 'q1-jpn', 'q2-eng', 'q2-jpn'], shuffled: false },
  model: MODEL,
  model_args: {},
  config: { epochs: 2, epochs_reducer: ['mean'] },
  packages: { inspect_ai: '0.3.99' },
  scorers: [
    { name: 'match', options: { location: 'end' }, metrics: [{ name: 'inspect_ai/accuracy' }] },
    { name: 'model_graded_qa', options: { model: GRADER }, metrics: [{ name: 'inspect_ai/accuracy' }] },
  ],
};

const PLAN = { name: 'plan', steps: [{ solver: 'use_tools', params: {} }, { solver: 'generate', params: {} }], config: {} };

function accuracy(values: string[]): number {
  const credit: Record<string, number> = { C: 1, P: 0.5, I: 0 };
  return Math.round((values.reduce((sum, v) => sum + (credit[v] ?? 0), 0) / values.length) * 1000) / 1000;
}

export function writeInspectExample(root: string): string {
  rmSync(root, { recursive: true, force: true });
  const matchValues = SAMPLES.map((s) => s.match);
  const gradedValues = SAMPLES.map((s) => s.graded.value);
  const results = {
    total_samples: SAMPLES.length,
    completed_samples: SAMPLES.length,
    scores: [
      { name: 'match', scorer: 'match', reducer: 'mean', params: {}, metrics: { accuracy: { name: 'accuracy', value: accuracy(matchValues), params: {} } } },
      { name: 'model_graded_qa', scorer: 'model_graded_qa', reducer: 'mean', params: {}, metrics: { accuracy: { name: 'accuracy', value: accuracy(gradedValues), params: {} } } },
    ],
  };
  const stats = { started_at: CREATED, completed_at: '2025-06-12T09:31:04+00:00', model_usage: { [MODEL]: { input_tokens: 3296, output_tokens: 464, total_tokens: 3760 } } };
  const summaries = SAMPLES.map(summaryOf);
  const reductions = ['match', 'model_graded_qa'].map((scorer) => ({
    scorer,
    reducer: 'mean',
    samples: ['q1-eng', 'q1-jpn', 'q2-eng', 'q2-jpn'].map((id) => {
      const values = SAMPLES.filter((s) => s.id === id).map((s) => (scorer === 'match' ? s.match : s.graded.value));
      return { value: accuracy(values), sample_id: id };
    }),
  }));
  const entries = [
    { name: '_journal/start.json', text: json({ version: 2, eval: SPEC, plan: PLAN }) },
    ...SAMPLES.map((s) => ({ name: `samples/${s.id}_epoch_${s.epoch}.json`, text: json(sampleOf(s)) })),
    { name: '_journal/summaries/1.json', text: json(summaries) },
    { name: 'summaries.json', text: json(summaries) },
    { name: 'reductions.json', text: json(reductions) },
    { name: 'header.json', text: json({ version: 2, status: 'success', eval: SPEC, plan: PLAN, results, stats }) },
  ];
  mkdirSync(join(root, 'logs'), { recursive: true });
  writeFileSync(join(root, 'logs', FILE), zipArchive(entries));
  writeFileSync(join(root, 'README.md'), README);
  return `examples/inspect: ${SAMPLES.length} samples (${new Set(SAMPLES.map((s) => s.id)).size} items × 2 epochs) in logs/${FILE}`;
}

const README = `# Inspect AI example

\`logs/${FILE}\` is an Inspect eval log (.eval, log format version 2) of a small tool-using task, \`price_check\`:
two questions asked in English and Japanese (\`q1-eng\` / \`q1-jpn\`, \`q2-eng\` / \`q2-jpn\`, language in each sample's
metadata), two epochs each. Each sample is a run (epoch = run number); the language token is left out of the sample id,
so \`q1-eng\` and \`q1-jpn\` pair as scenario \`q1\`.

- English passes on both epochs.
- \`q1-jpn\` epoch 1 looks the kettle up by its Japanese name, gets a tool error, and retries in English (passes);
  epoch 2 gives up after the error (fails). This sample is stored condensed: an empty \`messages\` list, its
  conversation in model events whose \`input_refs\` point into the sample's \`message_pool\`, the system prompt as an
  attachment.
- \`q2-jpn\` epoch 2 compares 45.5 USD with 4990 JPY without converting (fails; the model-graded scorer gives partial
  credit, P, with its explanation).

Scores: \`match\` (primary: decides pass/fail) and \`model_graded_qa\` (explanations shown as LLM judge rationales).
Regenerate with \`npx tsx scripts/generate-examples.ts\`.
`;
