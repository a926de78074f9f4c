"""The loop detector on plain data."""

from __future__ import annotations

from waypost.agent.loop_detector import (
    Call,
    alternatives,
    decide,
    detect,
    give_up_text,
    intervention_note,
)

VIEW = """You are on: Politik – Portal (http://site.test/politik/)
Politik: Nachrichten.

Main content:
For Koalition einigt sich: /politik/haushalt.html
For Wahlrecht: /politik/wahlrecht.html
Sections:
For Startseite: /
For Sport: /sport/
For Politik: /politik/
Call research_navigate with one of these URLs."""


def nav(target: str, fp: str | None = None) -> Call:
    return Call("research_navigate", {"target": target, "session_id": "x"}, fp)


def test_same_call_three_times_is_a_repeat() -> None:
    assert detect([nav("/a"), nav("/a")]) is None
    found = detect([nav("/b"), nav("/a"), nav("/a"), nav("/a")])
    assert found is not None and found.kind == "repeat"
    assert found.what == "you called research_navigate(target='/a') 3 times in a row"
    # Different arguments are not a repeat; the session id does not count.
    assert detect([nav("/a"), nav("/a"), Call("research_navigate", {"target": "/a", "hint": "x"})]) is None
    assert detect([nav("/a"), Call("research_navigate", {"target": "/a", "session_id": "y"}), nav("/a")])


def test_ping_pong() -> None:
    found = detect([nav("/a"), nav("/b"), nav("/a"), nav("/b")])
    assert found is not None and found.kind == "pingpong"
    assert "between research_navigate(target='/a') and research_navigate(target='/b')" in found.what
    assert detect([nav("/a"), nav("/b"), nav("/a"), nav("/c")]) is None
    # Thinking back and forth is not worth a warning.
    think = [Call("think", {"thought": t}) for t in "abab"]
    assert detect(think) is None


def test_unchanged_fingerprint_for_five_steps() -> None:
    same = [Call("observe", {"query": str(i)}, "fp1") for i in range(5)]
    found = detect(same)
    assert found is not None and found.kind == "unchanged" and "5 steps" in found.what
    assert detect(same[:4]) is None
    assert detect([*same[:4], Call("click", {"target": "x"}, "fp2")]) is None
    assert detect([Call("observe", {"query": str(i)}, None) for i in range(5)]) is None


def test_a_finding_needs_new_evidence_after_an_intervention() -> None:
    loop = [nav("/a")] * 3
    assert detect(loop, since=3) is None
    assert detect([*loop, nav("/a")], since=3) is not None  # the note was ignored
    same = [Call("observe", {"query": str(i)}, "fp") for i in range(7)]
    assert detect(same, since=5) is None  # an unchanged page gets a few steps
    assert detect(same[:5] + same[5:] + [Call("think", {"thought": "x"}, "fp")], since=5) is not None


def test_decide_escalates() -> None:
    assert [decide(n) for n in (1, 2, 3, 4)] == ["note", "strategy", "stop", "stop"]
    assert decide(2, budget=2) == "stop"


def test_alternatives_come_from_the_view_and_avoid_the_loop() -> None:
    found = detect([nav("/politik/haushalt.html")] * 3)
    options = alternatives(VIEW, found, visited=["http://site.test/"], current="http://site.test/politik/")
    assert options == [("Wahlrecht", "/politik/wahlrecht.html"), ("Sport", "/sport/"), ("Startseite", "/")]
    assert alternatives([["A", "/a"], ["A again", "/a/"]], n=3) == [("A", "/a")]


def test_intervention_note_names_the_loop_and_two_or_three_alternatives() -> None:
    found = detect([nav("/x")] * 3)
    assert found is not None
    note = intervention_note(found, alternatives(VIEW, found))
    lines = note.splitlines()
    assert lines[0].startswith("Loop warning: you called research_navigate(target='/x') 3 times in a row")
    assert lines[1] == "1. research_navigate with target '/politik/haushalt.html' (Koalition einigt sich)"
    assert lines[2] == "2. research_navigate with target '/politik/wahlrecht.html' (Wahlrecht)"
    assert lines[3].startswith("3. if the information is not there, call final_answer")
    bare = intervention_note(found, [])
    assert "target 'back'" in bare and "observe" in bare


def test_give_up_text_is_honest() -> None:
    text = give_up_text("you called x 3 times", ["→ opened /a (A)"], "http://site.test/a")
    assert text.startswith("I could not finish the task: I kept going in circles (you called x 3 times)")
    assert "Last page: http://site.test/a." in text and "→ opened /a (A)" in text
