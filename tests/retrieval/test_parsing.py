"""Instructions, queries and text normalisation (pure functions, no browser)."""

from __future__ import annotations

import pytest

from waypost.retrieval import Step, parse_instruction, parse_query
from waypost.retrieval.instructions import direction_name, key_name
from waypost.retrieval.text import field_words, token_match, words


@pytest.mark.parametrize(
    ("instruction", "steps"),
    [
        ("click the login button", [Step("click", "login button")]),
        ("klicke auf Anmelden", [Step("click", "Anmelden")]),
        ('Close the dialog box by clicking the "x".', [Step("click", "x", exact="x")]),
        ("To log in, click Sign in.", [Step("click", "Sign in")]),
        ("Pick a day by choosing Monday", [Step("choose", "Monday", verb="choose")]),
        (
            'Click on a "checkbox" widget.',
            [Step("click", "checkbox widget", exact="checkbox", quantity="any")],
        ),
        ("click the checkbox", [Step("click", "checkbox")]),
        ("Politik", [Step("click", "Politik", exact="Politik")]),
        (
            "type Bob into the name field and click Submit",
            [Step("type", "name field", "Bob"), Step("click", "Submit")],
        ),
        ("gib Bob in das Namensfeld ein", [Step("type", "Namensfeld", "Bob")]),
        (
            "tippe 'rock and roll' in die Suche und drücke Enter",
            [Step("type", "Suche", "rock and roll"), Step("press", text="Enter")],
        ),
        ("select Sport from Topic", [Step("select", "Topic", "Sport")]),
        ("wähle Technisches Problem aus Thema", [Step("select", "Thema", "Technisches Problem")]),
        ("uncheck the newsletter box", [Step("check", "newsletter box", checked=False)]),
        ("hake Angemeldet bleiben an", [Step("check", "Angemeldet bleiben")]),
        ("drücke die Eingabetaste", [Step("press", text="Enter")]),
        ("press the login button", [Step("click", "login button")]),
        ("scrolle nach unten", [Step("scroll", text="down")]),
        ("scroll to the bottom", [Step("scroll", text="bottom")]),
        ("search for climate", [Step("type", "search", "climate", submit=True)]),
        ("suche nach Klima", [Step("type", "search", "Klima", submit=True)]),
        ("Cookie-Banner schließen", [Step("dismiss_overlays")]),
        ("dismiss the cookie banner", [Step("dismiss_overlays")]),
        ("fill the email field with a@b.de", [Step("type", "email field", "a@b.de")]),
        ("type Hauptstr. 2 into street", [Step("type", "street", "Hauptstr. 2")]),
        (
            "klicke auf „Jetzt kaufen“ und dann auf Weiter",
            [
                Step("click", "Jetzt kaufen", exact="Jetzt kaufen"),
                Step("click", "Weiter", exact="auf Weiter"),
            ],
        ),
        ("submit the form", [Step("click", "submit", verb="submit")]),
        ("read the weather section", [Step("extract", "weather section")]),
        ("", []),
    ],
)
def test_parse_instruction(instruction: str, steps: list[Step]) -> None:
    assert parse_instruction(instruction) == steps


def test_key_and_direction_names() -> None:
    assert key_name("esc") == "Escape"
    assert key_name("ctrl+a") == "Control+A"
    assert key_name("Pfeil nach unten") == "ArrowDown"
    assert key_name("the login button") is None
    assert direction_name("nach oben") == "up"
    assert direction_name("sideways") is None


def test_parse_query_splits_head_context_roles_and_ordinal() -> None:
    q = parse_query("the second Delete button for Bob", "click")
    assert q.head == ("delete",)
    assert q.context == ("bob",)
    assert q.role_hints == {"button"}
    assert q.ordinal == 2
    assert q.key == "click:delete|bob|button#2"
    assert parse_query("Löschen in der Zeile von Bob").context == ("bob",)
    assert parse_query("the link").head == ("link",)


def test_words_join_phrases_read_symbols_and_map_concepts() -> None:
    assert words("Sign in with your E-Mail") == ("signin", "with", "your", "email")
    assert words("×") == ("close",)
    assert words("+") == ("add",)
    assert words("C++") == ("c",)
    assert token_match("login", field_words("Anmelden")) == 1.0
    assert token_match("name", field_words("Namensfeld")) == 0.8
    assert token_match("cart", field_words("Warenkorb")) == 1.0
    assert token_match("delete", field_words("Bearbeiten")) == 0.0


def test_quoted_names_and_quoted_kinds() -> None:
    """A quoted stop word is a name; a quoted kind word is a kind."""
    q = parse_query("link in", "click", exact="in")
    assert q.head == ("in",) and not q.kind_only and "link" in q.role_hints
    q = parse_query("checkbox widget", "click", exact="checkbox")
    assert q.kind_only and q.exact == "" and "checkbox" in q.kinds
    q = parse_query("text widget", "click", exact="text")
    assert q.kind_only and q.kinds == frozenset({"textline"})
