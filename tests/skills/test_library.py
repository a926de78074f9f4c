"""The skill library without a browser: store, YAML, predefined skills, matching, confidence."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from waypost.skills import Skill, SkillError, SkillLibrary, predefined
from waypost.skills.matching import choose, keyword_hits, prompt_block, rank, words
from waypost.skills.model import INITIAL_CONFIDENCE, RETIRE_BELOW


@pytest.fixture
def library(tmp_path: Path):
    lib = SkillLibrary(tmp_path).open()
    yield lib
    lib.close()


def test_a_new_store_is_seeded_with_the_predefined_skills_and_is_private(library, tmp_path: Path) -> None:
    names = {s.name for s in library.list()}
    assert len(names) >= 10
    for wanted in (
        "cookie-banners",
        "login-stored-credentials",
        "search-box",
        "pagination",
        "infinite-scroll",
        "forms",
        "date-pickers",
        "error-recovery",
        "research-notes",
        "parallel-subtasks",
        "user-preferences",
    ):
        assert wanted in names
    assert stat.S_IMODE(os.stat(tmp_path / "skills.db").st_mode) == 0o600
    assert all(s.source == "predefined" and s.instructions for s in library.list())


def test_a_reopened_store_keeps_changes_and_is_not_reseeded(tmp_path: Path) -> None:
    lib = SkillLibrary(tmp_path).open()
    lib.retire("pagination")
    lib.close()
    again = SkillLibrary(tmp_path).open()
    assert "pagination" not in {s.name for s in again.list()}
    assert again.show("pagination").retired
    again.close()


def test_yaml_round_trip_and_clear_errors(library, tmp_path: Path) -> None:
    text = library.export_yaml(["search-box"])
    other = SkillLibrary(tmp_path / "other").open()
    other.store.delete("search-box")
    assert other.import_yaml(text) == ["search-box"]
    assert other.show("search-box").instructions == library.show("search-box").instructions
    other.close()
    for bad, message in (
        ("skills: [{name: 'Bad Name'}]", "Bad skill name"),
        ("skills: {oops", "Not valid YAML"),
        ("just text", "list of skills"),
        ("skills: [{name: ok-name, confidence: 7}]", "between 0 and 1"),
        ("skills: [{name: ok-name, macro: {steps: [{args: {}}]}}]", "'tool'"),
    ):
        with pytest.raises(SkillError, match=message):
            library.import_yaml(bad)
    with pytest.raises(SkillError, match="No skill named"):
        library.show("nope")


def test_keywords_match_first_and_tfidf_finds_related_wording(library) -> None:
    top = [m.skill.name for m in library.match("accept the cookies")]
    assert top[0] == "cookie-banners"
    login = library.match("Melde dich als demo mit Passwort demo an")
    assert login[0].skill.name == "login-stored-credentials"
    assert login[0].keywords >= 1
    # No trigger word, but the skill's text is about it: TF-IDF similarity alone.
    related = rank("choose the right calendar day for the appointment", library.list())
    assert related and related[0].skill.name == "date-pickers"
    assert library.match("") == []


def test_an_embedder_is_used_when_configured(tmp_path: Path) -> None:
    class TwoTopics:
        def embed(self, texts):
            return [[1.0, 0.0] if "zebra" in t.lower() else [0.0, 1.0] for t in texts]

    zebra = Skill(name="zebra-skill", description="About zebras", instructions="Zebra stuff.")
    other = Skill(name="other-skill", description="Something else", instructions="Other stuff.")
    found = rank("zebra", [zebra, other], embedder=TwoTopics())
    assert [m.skill.name for m in found] == ["zebra-skill"]


def test_at_most_three_skills_within_the_token_budget(library) -> None:
    matches = library.match("search, log in, fill the form, accept cookies, next page, scroll the feed")
    assert len(matches) > 3
    chosen = choose(matches)
    assert len(chosen) == 3
    assert [m.skill.name for m in chosen] == [m.skill.name for m in matches[:3]]
    tight = choose(matches, budget=60, count_tokens=lambda text: len(text.split()))
    assert sum(len(f"[{m.skill.name}] {m.skill.instructions}".split()) for m in tight) <= 60
    block = prompt_block([m.skill for m in chosen])
    assert block.count("\n- [") == 3


def test_retired_skills_are_not_matched(library) -> None:
    assert any(m.skill.name == "cookie-banners" for m in library.match("accept the cookies"))
    library.retire("cookie-banners")
    assert all(m.skill.name != "cookie-banners" for m in library.match("accept the cookies"))


def test_confidence_rises_with_success_falls_with_failure_and_retires_under_the_floor(library) -> None:
    library.add(Skill(name="learned-x", description="x", keywords=["x"], instructions="Do x."))
    assert library.show("learned-x").confidence == INITIAL_CONFIDENCE
    up = library.record_outcome("learned-x", True)
    assert up is not None and up.confidence > INITIAL_CONFIDENCE and up.successes == 1 and up.uses == 1
    down = library.record_outcome("learned-x", False)
    assert down is not None and down.confidence == pytest.approx(INITIAL_CONFIDENCE)
    assert not down.retired
    last = library.record_outcome("learned-x", False)
    assert last is not None and last.confidence < RETIRE_BELOW and last.retired
    assert library.record_outcome("missing", True) is None


def test_keyword_hits_take_compound_prefixes() -> None:
    skill = Skill(name="s-1", description="", keywords=["anmelden", "log in"])
    assert keyword_hits(skill, set(words("Bitte anmeldeformular öffnen"))) == 0
    assert keyword_hits(skill, set(words("anmelden bitte"))) == 1
    assert keyword_hits(skill, set(words("please log in now"))) == 1


def test_predefined_file_is_valid() -> None:
    skills = predefined()
    assert len({s.name for s in skills}) == len(skills) >= 10
    assert all(s.keywords and s.description for s in skills)


def test_a_learned_skill_from_a_german_task_gets_a_valid_name(library) -> None:
    actions = [
        {"tool": "type", "args": {"target": "Name", "text": "Jürgen"}, "ok": True, "url": "http://h/k"},
    ]
    name = library.propose("Fülle das Kontaktformular mit Name Jürgen aus", "http://h/", actions)
    assert name is not None and name.startswith("learned-fulle-") and name.isascii()
    assert library.show(name).macro is not None


def test_an_unreadable_row_does_not_hide_the_other_skills(library) -> None:
    bad = '{"name": "Bad Name"}'
    library.store._db.execute("INSERT INTO skills (name, data) VALUES ('Bad Name', ?)", (bad,))
    assert len(library.list()) >= 10
    with pytest.raises(SkillError):
        library.add(Skill(name="Bad Name", description="x"))


def test_a_predefined_skill_stops_at_the_floor_instead_of_retiring(library) -> None:
    for _ in range(6):
        skill = library.record_outcome("pagination", False)
    assert skill is not None and skill.confidence == RETIRE_BELOW and not skill.retired
