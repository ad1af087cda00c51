// The planted phenomena of the multilingual example: where each one is, what a correct tool shows for it, and the
// triage code a careful person would give it (DESIGN.md taxonomy, checked top-down), with the reason.

import { DROPPED_CONSTRAINT } from './scenarios/callScheduling';
import { NAME_IN_TASK, ZHANG_WEI } from './scenarios/emailBudget';
import type { Lang } from './scenarios/spec';
import { WRONG_REJECTION } from './scenarios/viewingReply';

/** Where a phenomenon shows in a run's events.jsonl: the n-th call of a tool, or a write that never happens. */
export type Locator = { tool: string; occurrence: number } | { missing: string };

export interface PhenomenonSpec {
  id: string;
  kind: string;
  summary: string;
  scenarioId: string;
  languages: Lang[];
  runs: number[];
  expectedFailureFamily: string | null;
  triage: { code: string; why: string; alternatives: string[] };
  locator: Locator | null;
  details?: Record<string, unknown>;
}

export const PHENOMENA: PhenomenonSpec[] = [
  {
    id: 'script-variant-entity',
    kind: 'script_variant_entity',
    summary: 'The task names the contact in Han/Kanji/Devanagari script; Contacts holds "Zhang Wei". The search returns [] and no email is sent.',
    scenarioId: 'scn_email_budget',
    languages: ['cmn', 'jpn', 'hin'],
    runs: [1, 2, 3],
    expectedFailureFamily: 'tool_count',
    triage: {
      code: 'T4',
      why: 'The translation rendered a Latin-script name that must cross-reference the app data into another script, so the task no longer points at the contact the universe holds. Checked top-down, this translation defect (cross-reference/transliteration breakage) comes before the agent-side reading: the agent searched exactly what the task said and found nobody. A2 (missing required action) is what oracle matching alone would say.',
      alternatives: ['A2'],
    },
    locator: { tool: 'Contacts__search_contacts', occurrence: 1 },
    details: {
      entity: { inData: 'Zhang Wei', contactId: ZHANG_WEI.id, email: ZHANG_WEI.email, formsInTask: NAME_IN_TASK },
      missingWrite: 'EmailClientV2__send_email',
      baselineWrite: 'EmailClientV2__send_email',
    },
  },
  {
    id: 'article-less-plural-reading',
    kind: 'plural_reading',
    summary: '"the yoga class on Saturday" becomes 土曜日のヨガのクラス (no number, no article); the agent deletes both Saturday yoga classes.',
    scenarioId: 'scn_yoga_cleanup',
    languages: ['jpn'],
    runs: [1, 2, 3],
    expectedFailureFamily: 'tool_count',
    triage: {
      code: 'T3',
      why: 'Japanese marks neither number nor definiteness, so the faithful-looking translation admits a plural reading that the English definite singular excludes: the task changed meaning in translation. If the translation is judged acceptable, the extra delete is A3 (extra action).',
      alternatives: ['A3'],
    },
    locator: { tool: 'Calendar__delete_calendar_event', occurrence: 2 },
    details: { source: 'the yoga class on Saturday', translation: '土曜日のヨガのクラス', intendedEvent: 'evt_7f21', alsoDeleted: 'evt_8c04' },
  },
  {
    id: 'harmless-self-correction',
    kind: 'self_correction',
    summary: 'The agent creates the event without Lukas Becker, deletes it and recreates it with both attendees: the right end state, but an extra add and a delete.',
    scenarioId: 'scn_offsite_planning',
    languages: ['fra'],
    runs: [1],
    expectedFailureFamily: 'tool_count',
    triage: {
      code: 'A3',
      why: 'Oracle matching sees extra writes (a second add and a delete), so the agent-side code is A3; the extra writes undo each other and the calendar ends as the oracle wants, which the triage must note as a harmless self-correction.',
      alternatives: [],
    },
    locator: { tool: 'Calendar__delete_calendar_event', occurrence: 1 },
    details: {
      selfCorrection: true,
      undoneWrite: { tool: 'Calendar__add_calendar_event', occurrence: 1 },
      undoneBy: { tool: 'Calendar__delete_calendar_event', occurrence: 1 },
      redoneBy: { tool: 'Calendar__add_calendar_event', occurrence: 2 },
      endStateMatchesOracle: true,
    },
  },
  {
    id: 'judge-rejects-correct-content',
    kind: 'judge_rejects_correct_content',
    summary: 'The Spanish reply says exactly what the oracle reply says; the email_checker judge claims the content differs.',
    scenarioId: 'scn_viewing_reply',
    languages: ['spa'],
    runs: [1, 2, 3],
    expectedFailureFamily: 'soft_check:email_checker',
    triage: {
      code: 'K1',
      why: 'A soft (LLM) checker rejected a write whose content matches the oracle (same email_id, confirms Saturday 11:00, asks about pets) while the equivalent English action passed: a verifier artefact, not an agent or translation fault.',
      alternatives: [],
    },
    locator: { tool: 'EmailClientV2__reply_to_email', occurrence: 1 },
    details: { checker: 'email_checker', judgeReasoning: WRONG_REJECTION },
  },
  {
    id: 'dropped-constraint',
    kind: 'dropped_constraint',
    summary: 'The Hindi task drops "weekday"; the agent books Saturday October 19 instead of Monday October 21.',
    scenarioId: 'scn_call_scheduling',
    languages: ['hin'],
    runs: [1, 2, 3],
    expectedFailureFamily: 'hard_check:datetime_checker',
    triage: {
      code: 'T3',
      why: 'The translation lost a constraint of the source task ("first weekday" became "first day"), changing its meaning; the agent did what the translated task asked.',
      alternatives: ['A1'],
    },
    locator: { tool: 'Calendar__add_calendar_event', occurrence: 1 },
    details: { constraint: DROPPED_CONSTRAINT, check: 'datetime_checker:start_datetime' },
  },
  {
    id: 'infrastructure-crash',
    kind: 'infra_crash',
    summary: 'The runner crashed (container killed): result.json has success null and an error; only an empty events.jsonl beside it.',
    scenarioId: 'scn_coffee_reorder',
    languages: ['cmn'],
    runs: [2],
    expectedFailureFamily: 'infra',
    triage: { code: 'I1', why: 'The run crashed; there is nothing to judge. Excluded from pass rates.', alternatives: [] },
    locator: null,
  },
  {
    id: 'infrastructure-timeout',
    kind: 'infra_timeout',
    summary: 'The agent loops on calendar reads until the runner gives up: success null, timed_out true, no judgment persisted.',
    scenarioId: 'scn_offsite_planning',
    languages: ['fra'],
    runs: [2],
    expectedFailureFamily: 'timeout',
    triage: { code: 'I2', why: 'No judgment was persisted (the daemon never saw a turn end). Excluded from pass rates.', alternatives: ['A7'] },
    locator: { tool: 'Calendar__get_calendar_events_from_to', occurrence: 10 },
  },
  {
    id: 'unreadable-verdict',
    kind: 'infra_unreadable_verdict',
    summary: 'result.json is empty (torn write); the other files are those of a passing run. The run is infrastructure, with a diagnostic.',
    scenarioId: 'scn_yoga_cleanup',
    languages: ['fra'],
    runs: [2],
    expectedFailureFamily: 'infra',
    triage: { code: 'I2', why: 'No readable verdict was persisted. Excluded from pass rates.', alternatives: [] },
    locator: null,
  },
  {
    id: 'stochastic-regression',
    kind: 'stochastic_regression',
    summary: 'French run 3 asks the right question, then puts the Ethiopian beans (itm_2290) in the cart instead of the Colombian ones (itm_4471); runs 1 and 2 pass like English.',
    scenarioId: 'scn_coffee_reorder',
    languages: ['fra'],
    runs: [3],
    expectedFailureFamily: 'hard_check:eq_checker',
    triage: {
      code: 'A1',
      why: 'Wrong argument (item_id) copied from the order list in one run of three, after the user named the right coffee: an agent error, stochastic. Judged turn 0 (the question) passes; turn 1 fails.',
      alternatives: [],
    },
    locator: { tool: 'Shopping__add_to_cart', occurrence: 1 },
  },
  {
    id: 'fails-in-every-language',
    kind: 'fails_in_both_languages',
    summary: 'Every language, English included, saves the cheapest flat without checking the pet policy: fail->fail at equal rates, not a regression.',
    scenarioId: 'scn_flat_search',
    languages: ['eng', 'cmn', 'jpn', 'hin', 'spa', 'fra'],
    runs: [1, 2, 3],
    expectedFailureFamily: 'hard_check:eq_checker',
    triage: { code: 'A1', why: 'Wrong argument (apt_2207 does not allow pets) in every language: an agent failure independent of translation.', alternatives: [] },
    locator: { tool: 'RentAFlat__save_apartment', occurrence: 1 },
  },
  {
    id: 'partial-to-fail',
    kind: 'partial_to_fail',
    summary: 'English passes 2 of 3 (run 2 keeps the emailed 20:30); Spanish never updates the calendar (0 of 3). Chinese is 2 of 3, the same rate as English: not a regression.',
    scenarioId: 'scn_group_dinner',
    languages: ['spa'],
    runs: [1, 2, 3],
    expectedFailureFamily: 'tool_count',
    triage: { code: 'A2', why: 'The required Calendar__edit_calendar_event is missing in every Spanish run; the task translation states it plainly.', alternatives: [] },
    locator: { missing: 'Calendar__edit_calendar_event' },
    details: { baselineFailingRun: { language: 'eng', runIndex: 2, failureFamily: 'hard_check:datetime_checker' } },
  },
];
