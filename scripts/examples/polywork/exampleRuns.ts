// The four runs of examples/polywork: the same task by two harnesses (OpenClaw, Codex), twice each. What each agent
// did is written once here as a story; the harness writers render it in their own log formats.

import { GLOSSARY_JA, MANUAL_EN } from './exampleTask';

export type Action =
  | { kind: 'read'; path: string }
  | { kind: 'shell'; command: string }
  | { kind: 'write'; path: string; content: string };

export interface Turn {
  thinking: string | null;
  action: Action;
  result: string;
  /** Exit code of a shell command (non-zero = the tool failed). */
  exitCode?: number;
}

export interface Dimension {
  score: number;
  weight: number;
  details: Record<string, number>;
}

export interface RunStory {
  harness: 'openclaw' | 'codex';
  model: string;
  /** `YYYYMMDD_HHMM` and the runner's 6-hex run id: the folder name. */
  started: string;
  id: string;
  /** ISO time of the first log line; later lines follow at a fixed pace. */
  startIso: string;
  turns: Turn[];
  finalText: string | null;
  answer: unknown;
  error: string | null;
  grade: { dimensions: Record<string, Dimension>; tests: Record<string, string | null> } | null;
  judge: { dimensions: Record<string, number>; reasoning: string } | null;
  usage: { input: number; output: number; requests: number; cost: number; elapsed: number };
}

const GERMAN_SECTIONS = [
  { heading: 'Einschalten', text: 'Halten Sie den Netzschalter drei Sekunden lang gedrückt.' },
  { heading: 'Laden', text: 'Schließen Sie das Ladekabel an den Anschluss auf der linken Seite an.' },
];

const GERMAN_ANSWER_WERKSRESET = {
  title: 'Kurzanleitung',
  sections: [
    ...GERMAN_SECTIONS,
    { heading: 'Werksreset', text: 'Halten Sie den Netzschalter und die Lautstärketaste zehn Sekunden lang gedrückt, um einen Werksreset durchzuführen.' },
  ],
  glossary_terms_used: ['Netzschalter', 'Ladekabel'],
};

const ENGLISH_ANSWER = {
  title: 'Quick-start guide',
  sections: [
    { heading: 'Switching on', text: 'Press and hold the power button for three seconds.' },
    { heading: 'Charging', text: 'Connect the charging cable to the port on the left side.' },
    { heading: 'Factory reset', text: 'Hold the power button and the volume key together for ten seconds.' },
  ],
  glossary_terms_used: [],
};

const GERMAN_ANSWER_TWO_SECTIONS = {
  title: 'Kurzanleitung',
  sections: [
    GERMAN_SECTIONS[0],
    {
      heading: 'Laden und Zurücksetzen',
      text: 'Schließen Sie das Ladekabel links an. Zum Zurücksetzen halten Sie den Netzschalter und die Lautstärketaste zehn Sekunden lang gedrückt.',
    },
  ],
  glossary_terms_used: ['Netzschalter', 'Ladekabel', 'Zurücksetzen'],
};

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

const readManual: Turn = {
  thinking: 'The quick-start guide is the English source; read it first.',
  action: { kind: 'read', path: '/workspace/inputs/manual_en.md' },
  result: MANUAL_EN,
};

const readGlossary: Turn = {
  thinking: 'The glossary maps Japanese terms to German ones: the de column has the terms to use.',
  action: { kind: 'shell', command: 'cat /workspace/inputs/glossary_ja.csv' },
  result: GLOSSARY_JA,
};

function dims(schema: number, terminology: number, language: number, completeness: number, terms: Record<string, number>): Record<string, Dimension> {
  return {
    schema_valid: { score: schema, weight: 0.2, details: { has_title: schema, has_sections: schema } },
    terminology: { score: terminology, weight: 0.4, details: terms },
    output_language: { score: language, weight: 0.3, details: { german_ratio: language } },
    completeness: { score: completeness, weight: 0.1, details: { all_sections: completeness } },
  };
}

export const RUNS: RunStory[] = [
  {
    harness: 'openclaw',
    model: 'minimax/MiniMax-M2.7',
    started: '20250612_0930',
    id: '3f9a1c',
    startIso: '2025-06-12T09:30:05.000Z',
    turns: [
      readManual,
      readGlossary,
      {
        thinking: 'Factory reset: the guide says "factory reset"; I will write Werksreset, the usual German word.',
        action: { kind: 'write', path: '/workspace/answer.json', content: json(GERMAN_ANSWER_WERKSRESET) },
        result: 'Successfully wrote 512 bytes to /workspace/answer.json',
      },
    ],
    finalText: 'Fertig. Die Kurzanleitung ist übersetzt und liegt in /workspace/answer.json.',
    answer: GERMAN_ANSWER_WERKSRESET,
    error: null,
    grade: {
      dimensions: dims(1, 0.67, 1, 1, { Netzschalter: 1, Ladekabel: 1, 'Zurücksetzen': 0 }),
      tests: { test_answer_exists: null, test_schema: null, test_glossary_terms: 'AssertionError: missing Zurücksetzen', test_output_language: null, test_sections_complete: null },
    },
    judge: {
      dimensions: { accuracy: 0.9, fluency: 0.9, terminology: 0.6, format: 1 },
      reasoning: 'Accurate, fluent German. Uses "Werksreset" where the glossary requires "Zurücksetzen".',
    },
    usage: { input: 18_420, output: 1_310, requests: 4, cost: 0.0214, elapsed: 61.4 },
  },
  {
    harness: 'openclaw',
    model: 'minimax/MiniMax-M2.7',
    started: '20250612_1410',
    id: '8b21e4',
    startIso: '2025-06-12T14:10:03.000Z',
    turns: [
      readManual,
      {
        thinking: 'The glossary is in Japanese. Check whether a language detector is available to verify the output.',
        action: { kind: 'shell', command: 'python3 -c "import langdetect"' },
        result: "Traceback (most recent call last):\n  File \"<string>\", line 1, in <module>\nModuleNotFoundError: No module named 'langdetect'",
        exitCode: 1,
      },
      {
        thinking: 'No detector. The source is English, so I keep the English wording and structure of the guide.',
        action: { kind: 'write', path: '/workspace/answer.json', content: json(ENGLISH_ANSWER) },
        result: 'Successfully wrote 498 bytes to /workspace/answer.json',
      },
    ],
    finalText: 'Done. I translated the quick-start guide and saved it to /workspace/answer.json.',
    answer: ENGLISH_ANSWER,
    error: null,
    grade: {
      dimensions: dims(1, 0.33, 0, 1, { Netzschalter: 0, Ladekabel: 0, 'Zurücksetzen': 1 }),
      tests: {
        test_answer_exists: null,
        test_schema: null,
        test_glossary_terms: 'AssertionError: missing Netzschalter, Ladekabel, Zurücksetzen',
        test_output_language: 'AssertionError: output is not German',
        test_sections_complete: null,
      },
    },
    judge: {
      dimensions: { accuracy: 0.3, fluency: 0.1, terminology: 0, format: 1 },
      reasoning: 'The answer is in English: the task asked for German. The glossary was not used.',
    },
    usage: { input: 16_980, output: 1_122, requests: 4, cost: 0.0191, elapsed: 48.9 },
  },
  {
    harness: 'codex',
    model: 'openai/gpt-5.1-codex',
    started: '20250612_1002',
    id: 'c47d0a',
    startIso: '2025-06-12T10:02:11.000Z',
    turns: [
      readManual,
      readGlossary,
      {
        thinking: 'Use the de column for all three terms; merge charging and reset into one section.',
        action: { kind: 'write', path: '/workspace/answer.json', content: json(GERMAN_ANSWER_TWO_SECTIONS) },
        result: 'Success. Updated the following files:\nA /workspace/answer.json',
      },
    ],
    finalText: 'Die Anleitung ist auf Deutsch in /workspace/answer.json gespeichert; alle Glossarbegriffe sind verwendet.',
    answer: GERMAN_ANSWER_TWO_SECTIONS,
    error: null,
    grade: {
      dimensions: dims(1, 1, 1, 0.5, { Netzschalter: 1, Ladekabel: 1, 'Zurücksetzen': 1 }),
      tests: { test_answer_exists: null, test_schema: null, test_glossary_terms: null, test_output_language: null, test_sections_complete: 'AssertionError: assert 2 == 3' },
    },
    judge: {
      dimensions: { accuracy: 0.8, fluency: 0.9, terminology: 1, format: 0.9 },
      reasoning: 'Correct terminology and fluent German; two sections of the source were merged into one.',
    },
    usage: { input: 22_310, output: 2_045, requests: 5, cost: 0.0412, elapsed: 83.0 },
  },
  {
    harness: 'codex',
    model: 'openai/gpt-5.1-codex',
    started: '20250612_1533',
    id: 'e05b7f',
    startIso: '2025-06-12T15:33:40.000Z',
    turns: [
      readManual,
      {
        thinking: 'A translation library would make this faster; try installing one.',
        action: { kind: 'shell', command: 'pip install deepl' },
        result: 'ERROR: Could not find a version that satisfies the requirement deepl (network is unreachable)',
        exitCode: 1,
      },
    ],
    finalText: null,
    answer: null,
    error: 'Codex run timed out',
    grade: null,
    judge: null,
    usage: { input: 9_870, output: 412, requests: 2, cost: 0.0133, elapsed: 1200 },
  },
];
