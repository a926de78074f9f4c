from __future__ import annotations

import pytest

from waypost.browser.session_ids import validate_session_id
from waypost.browser.storage import SessionStore
from waypost.errors import InvalidSessionId

HOSTILE = [
    "",
    ".",
    "..",
    "../etc",
    "..\\x",
    "a/b",
    "/abs",
    "a\x00b",
    "a b",
    "x" * 65,
    "naïve",
    "semi;colon",
    "$(rm -rf)",
    "~root",
    "*",
    "a\nb",
    "\u202e",
    "C:\\x",
    None,
    5,
    b"bytes",
    ["list"],
]


@pytest.mark.parametrize("bad", HOSTILE)
def test_hostile_ids_are_refused_with_a_clear_message(bad: object) -> None:
    with pytest.raises(InvalidSessionId, match="Invalid session_id"):
        validate_session_id(bad)


@pytest.mark.parametrize("good", ["default", "a", "research-1", "A.b_c-9", "x" * 64, "..a", "a.."])
def test_good_ids_pass(good: str) -> None:
    assert validate_session_id(good) == good


def test_hostile_id_touches_nothing_on_disk(tmp_path) -> None:
    store = SessionStore(tmp_path)
    for bad in ["../escape", "..", "a/b"]:
        with pytest.raises(InvalidSessionId):
            store.save_state(bad, {"cookies": [], "origins": []})
    assert list(tmp_path.rglob("*")) == []
