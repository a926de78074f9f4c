"""The shared text helpers (``waypost.page.text``) used by the instruction parser and the planner."""

from __future__ import annotations

from waypost.page.text import ORDINALS, Slots, compare_form, contains_text, fold, shorten, squash, unquote


def test_fold_and_compare_form() -> None:
    assert fold("  Straße\u00a0 ZU ") == "strasse zu"
    assert compare_form("„Hallo“ – Welt") == '"hallo" - welt'
    assert contains_text("“Price: 5 €”", 'The "price: 5 €" today')
    assert not contains_text(" . ", "anything")


def test_squash_shorten_unquote() -> None:
    assert squash(" a \n b ") == "a b"
    assert shorten("x" * 10, 5) == "xxxx…"
    assert unquote(' "Bob". ') == "Bob"
    assert unquote("Bob") == "Bob"


def test_slots_keep_quotes_whole_and_restore_nested() -> None:
    s = Slots()
    masked = s.mask_quoted('type "a, b" and ‘c’')
    assert "," not in masked and s.spans == ["a, b", "c"]
    assert s.restore(masked) == "type a, b and c"
    marks = Slots()
    outer = marks.keep(marks.mask_quoted('say "hi"', with_marks=True))
    assert marks.restore(outer) == 'say "hi"'
    assert marks.slot_indices(outer) == [1]


def test_ordinals_are_shared_words() -> None:
    assert ORDINALS["second"] == 2 and ORDINALS["dritten"] == 3 and "last" not in ORDINALS
