"""Checks for LOC-07_de_product_manual (example task; see grade())."""
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
