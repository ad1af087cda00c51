// How an example scenario is described: its task in every language, its oracle events, and which behaviour
// (variant) the agent shows in each language and run. Variants are plain functions of the language and run.

import { SEND_MESSAGE_TO_USER } from '../apps';
import { hashSeed, type Rng } from '../random';
import type { Ending, HardChecker, LlmStep, OracleEventSpec, RunScript, SoftChecker, ToolCall } from '../runModel';

export const LANGUAGES = ['eng', 'cmn', 'jpn', 'hin', 'spa', 'fra'] as const;
export type Lang = (typeof LANGUAGES)[number];
export type PerLang<T> = Record<Lang, T>;

export type Split = 'execution' | 'search' | 'adaptability' | 'ambiguity';

export interface VariantContext {
  lang: Lang;
  run: number;
  rng: Rng;
}

export interface VariantRun {
  script: RunScript;
  ending?: Ending;
}

export interface ScenarioSpec {
  id: string;
  split: Split;
  /** Simulated time (epoch seconds) at which the user sends the task. */
  startTime: number;
  tools: string[];
  task: PerLang<string>;
  /** Oracle events per judged turn; free-text arguments are translated like the rest of the scenario. */
  oracle: (lang: Lang) => OracleEventSpec[][];
  /** The variant each run shows, per language, for run_1..run_3. */
  plan: PerLang<readonly [string, string, string]>;
  variants: Record<string, (ctx: VariantContext) => VariantRun>;
}

/** A run of one turn: the user's message, the agent's LLM calls until it hands back, and any judge overrides (`more`). */
export function singleTurn(user: string, steps: LlmStep[], more: Omit<RunScript, 'turns'> = {}): VariantRun {
  return { script: { turns: [{ user, steps }], ...more } };
}

/** Text a variant needs in a language; only the languages that show the variant have it. */
export function textFor<T>(table: Partial<PerLang<T>>, lang: Lang, what: string): T {
  const value = table[lang];
  if (value === undefined) throw new Error(`${what}: no text for ${lang}`);
  return value;
}

export function call(tool: string, args: Record<string, unknown>, ret: unknown): ToolCall {
  return { tool, args, ret };
}

export function step(reasoning: string | null, ...calls: ToolCall[]): LlmStep {
  return { reasoning, text: null, calls };
}

/** The agent's message to the user (its final answer or a question), as the last call of a turn. */
export function say(reasoning: string | null, content: string): LlmStep {
  return step(reasoning, call(SEND_MESSAGE_TO_USER, { content }, null));
}

/** Oracle event ids are fixed per scenario (the same DAG in every language). */
export function oracleId(scenarioId: string, index: number): string {
  return `Event-AGENT-${hashSeed(scenarioId, index).toString(16).padStart(8, '0')}`;
}

export function oracleEvent(
  id: string,
  tool: string,
  args: Record<string, unknown>,
  hard: ReadonlyArray<readonly [string, HardChecker]>,
  soft: [SoftChecker, string] | null,
): OracleEventSpec {
  return { id, tool, args, hard: hard.map(([arg, checker]) => ({ arg, checker })), soft: soft ? { checker: soft[0], reasoning: soft[1] } : null };
}

/** How a created calendar event is hard-checked: times as datetimes, attendees as a set; title and location are left to the soft check. */
export const ADD_EVENT_CHECKS: ReadonlyArray<readonly [string, HardChecker]> = [
  ['start_datetime', 'datetime_checker'],
  ['end_datetime', 'datetime_checker'],
  ['attendees', 'list_attendees_checker'],
];

/** The final message to the user, judged by the user_message_checker. */
export function oracleAnswer(id: string, content: string, reasoning: string): OracleEventSpec {
  return oracleEvent(id, SEND_MESSAGE_TO_USER, { content }, [], ['user_message_checker', reasoning]);
}

const CLOCK_REASONING: PerLang<string> = {
  eng: 'First check what day it is today.',
  cmn: '先确认一下今天的日期。',
  jpn: 'まず今日の日付を確認する。',
  hin: 'पहले देख लेता हूँ कि आज कौन-सी तारीख़ है।',
  spa: 'Primero compruebo qué día es hoy.',
  fra: "D'abord, vérifier la date du jour.",
};

/**
 * Some runs read the clock first: in an LLM call of its own, or in parallel with the first real call. The same
 * behaviour, a slightly different trajectory.
 */
export function withClockCheck(ctx: VariantContext, now: number, first: LlmStep): LlmStep[] {
  const iso = new Date(now * 1000).toISOString();
  const clock = call(
    'SystemApp__get_current_time',
    {},
    {
      current_timestamp: now,
      current_datetime: `${iso.slice(0, 10)} ${iso.slice(11, 19)}`,
      weekday: new Date(now * 1000).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' }),
    },
  );
  const roll = ctx.rng.int(0, 2);
  if (roll === 0) return [first];
  if (roll === 1) return [{ ...first, calls: [clock, ...first.calls] }];
  return [step(CLOCK_REASONING[ctx.lang], clock), first];
}
