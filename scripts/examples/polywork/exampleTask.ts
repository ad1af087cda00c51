// The one PolyWorkBench task of examples/polywork: instruction in German, sources in English and Japanese, deliverable
// in German — a localisation task whose runs show language drift (a run answering in English) and glossary misses.

export const TASK_ID = 'LOC-07_de_product_manual';

export const TASK_TOML = `id = "${TASK_ID}"
name = "Localise a product quick-start guide into German with a Japanese glossary"
category = "multilingual-localization"
collection = "baseline"
difficulty = 3
estimated_steps = 6
timeout_sec = 1200
tags = [
  "de-instruction",
  "en-source",
  "ja-source",
  "de-output",
  "localization",
  "json",
]

[environment]
path = "environment"
inputs = "environment/inputs"

[outputs]
answer = "answer.json"

[scoring]
entrypoint = "tests/test.sh"
schema = "tests/expected_output_schema.json"
rubric = "tests/rubric.md"
`;

export const INSTRUCTION = `# Kurzanleitung lokalisieren

Übersetze die englische Kurzanleitung \`inputs/manual_en.md\` ins Deutsche.

- Verwende für Fachbegriffe ausschließlich das japanisch-deutsche Glossar \`inputs/glossary_ja.csv\`
  (Spalte \`de\`), auch wenn die englische Vorlage andere Wörter nahelegt.
- Die Ausgabe muss vollständig auf Deutsch sein.
- Schreibe das Ergebnis nach \`/workspace/answer.json\`:
  \`{"title": str, "sections": [{"heading": str, "text": str}], "glossary_terms_used": [str]}\`.
`;

export const MANUAL_EN = `# Quick-start guide

## Switching on
Press and hold the power button for three seconds.

## Charging
Connect the charging cable to the port on the left side.

## Factory reset
Hold the power button and the volume key together for ten seconds to perform a factory reset.
`;

export const GLOSSARY_JA = `ja,de,en
電源ボタン,Netzschalter,power button
充電ケーブル,Ladekabel,charging cable
初期化,Zurücksetzen,factory reset
`;

export const RUBRIC = `# Rubric

Rate each dimension from 0 to 10.

- accuracy: the German text says what the English guide says.
- fluency: natural German, no English left over.
- terminology: the glossary's German terms are used.
- format: answer.json follows the schema.
`;

export const TEST_OUTPUTS_PY = `"""Checks for ${TASK_ID} (example task; see grade())."""
import json
from pathlib import Path

ANSWER = Path("/workspace/answer.json")
TERMS = ["Netzschalter", "Ladekabel", "Zurücksetzen"]


def _answer():
    return json.loads(ANSWER.read_text(encoding="utf-8"))


def test_answer_exists():
    assert ANSWER.exists()


def test_schema():
    answer = _answer()
    assert isinstance(answer.get("title"), str) and isinstance(answer.get("sections"), list)


def test_glossary_terms():
    text = ANSWER.read_text(encoding="utf-8")
    missing = [t for t in TERMS if t not in text]
    assert not missing, f"missing {', '.join(missing)}"


def test_output_language():
    text = " ".join(s["text"] for s in _answer()["sections"])
    assert any(w in text for w in (" der ", " die ", " und ")), "output is not German"


def test_sections_complete():
    assert len(_answer()["sections"]) == 3
`;

export const EXPECTED_SCHEMA = {
  type: 'object',
  required: ['title', 'sections', 'glossary_terms_used'],
  properties: {
    title: { type: 'string' },
    sections: { type: 'array', items: { type: 'object', required: ['heading', 'text'] } },
    glossary_terms_used: { type: 'array', items: { type: 'string' } },
  },
};

export const SYSTEM_PREFIX =
  'You are an expert agent in a restricted, non-interactive environment. Solve the task efficiently before the timeout (1200s). ' +
  'Run all processes in the foreground. Provide a complete solution with no placeholders. Your output must be written to /workspace/answer.json.\n\n';
