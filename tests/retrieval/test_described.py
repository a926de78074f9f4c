"""Spreading a described search over a form's fields by their labels (no browser needed)."""

from __future__ import annotations

import pytest

from waypost.retrieval.described import assign, label_words

_MOVIES = "mystery movies directed by Lambert from year 1999"


@pytest.mark.parametrize(
    "labels",
    [
        ["Genre:", "Director:", "Year:"],
        ["Year", "Genre", "Director Name"],
        ["Movie Genre", "Director Name", "Released Date"],
    ],
)
def test_each_field_takes_the_words_its_label_points_at(labels: list[str]) -> None:
    values = assign(_MOVIES, labels)
    assert values is not None
    by_label = {label_words(labels[i])[0]: v for i, v in values.items()}
    assert sorted(by_label.values()) == ["1999", "Lambert", "mystery"]
    assert by_label[label_words(next(x for x in labels if "Dir" in x))[0]] == "Lambert"


def test_prepositions_that_are_labels() -> None:
    assert assign("flights from Berlin to Paris", ["From", "To"]) == {0: "Berlin", 1: "Paris"}


@pytest.mark.parametrize(
    ("description", "labels"),
    [
        ("flights from Berlin to Paris on 12 May", ["From", "To", "Date"]),  # the date has no field word
        ("Lambert 1999", ["Director", "Year"]),  # no label is mentioned
        (_MOVIES, ["Name", "Email"]),
        (_MOVIES + " in French", ["Genre", "Director", "Year"]),  # a word no field takes
        ("movies by Lambert", ["Director"]),  # one field: not a form to spread over
        ("year 1999 or year 2000", ["Year", "Genre"]),  # the label mentioned twice
    ],
)
def test_anything_left_unplaced_means_no_answer(description: str, labels: list[str]) -> None:
    assert assign(description, labels) is None
