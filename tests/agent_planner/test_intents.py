"""Parsing tasks into goals: German and English direct instructions, and what is beyond the planner."""

from __future__ import annotations

import pytest

from waypost.models.planner.intents import (
    Ask,
    Click,
    Cookies,
    Download,
    FillForm,
    FormField,
    Headline,
    Login,
    Logout,
    NextPage,
    Open,
    OpenItem,
    OpenTab,
    Read,
    Search,
    Upload,
    parse_task,
    target_words,
)


@pytest.mark.parametrize(
    ("task", "goals"),
    [
        ("open the politics section and give me the first headline", (Open("politics"), Headline(1))),
        ("Finde die Rubrik Sport und nenne die Top-Schlagzeile", (Open("Sport"), Headline(1))),
        ("Gib mir die neueste Schlagzeile aus der Rubrik Kultur", (Headline(1, "Kultur"),)),
        ("search for Wahlrecht", (Search("Wahlrecht"),)),
        ("Suche nach Hansekiel und öffne den ersten Treffer", (Search("Hansekiel"), OpenItem(1))),
        ("Search the finance site for Kranich", (Open("finance"), Search("Kranich"))),
        ("log in as demo/demo", (Login("demo", "demo"),)),
        ("Melde dich als demo mit Passwort demo an", (Login("demo", "demo"),)),
        ("log in with username demo and password geheim", (Login("demo", "geheim"),)),
        ("Log in as demo/demo and then log out", (Login("demo", "demo"), Logout())),
        (
            "go to the finance site and tell me the price of Nordlicht Energie",
            (Open("finance"), Ask("go to the finance site and tell me the price of Nordlicht Energie")),
        ),
        (
            "Öffne die Finanzseite und nenne den Kurs von Auerhahn Software",
            (Open("Finanz"), Ask("Öffne die Finanzseite und nenne den Kurs von Auerhahn Software")),
        ),
        ("Open the English section and open the second article", (Open("English"), OpenItem(2))),
        ("open page 2 of the politics section", (Open("politics"), NextPage(1))),
        ("accept the cookies", (Cookies(accept=True),)),
        ("Cookie-Banner ablehnen", (Cookies(accept=False),)),
        ("click on Anmelden", (Click("Anmelden"),)),
        ("Open the Impressum", (Open("Impressum"),)),
    ],
)
def test_parse_task_should_find_the_goals_in_order(task: str, goals: tuple[object, ...]) -> None:
    plan = parse_task(task)
    assert plan.goals == goals
    assert not plan.refusal and not plan.unsupported


def test_parse_task_should_keep_a_form_field_list_whole() -> None:
    plan = parse_task("fill the contact form with name Bob, email bob@example.org, message Hallo and send it")
    assert plan.goals == (
        FillForm(
            "contact",
            (FormField("name", "Bob"), FormField("email", "bob@example.org"), FormField("message", "Hallo")),
            submit=True,
        ),
    )
    german = parse_task(
        "Fülle das Kontaktformular aus: Name Alice, E-Mail alice@example.org, Thema Leserbrief, "
        'Nachricht "Toller Artikel, danke!", Datenschutz akzeptieren und absenden'
    )
    form = german.goals[0]
    assert isinstance(form, FillForm) and form.form == "Kontakt" and form.submit
    assert form.fields == (
        FormField("Name", "Alice"),
        FormField("E-Mail", "alice@example.org"),
        FormField("Thema", "Leserbrief", "select"),
        FormField("Nachricht", "Toller Artikel, danke!"),  # the comma inside the quotes stays
        FormField("Datenschutz", "", "check"),
    )
    assert german.language == "de"


def test_parse_task_should_read_the_start_page_line() -> None:
    plan = parse_task("search for Wahlrecht\nStart page: http://127.0.0.1:8000/")
    assert plan.start_url == "http://127.0.0.1:8000/" and plan.goals == (Search("Wahlrecht"),)
    assert parse_task("open https://example.org/news and give me the top headline").start_url == (
        "https://example.org/news"
    )


@pytest.mark.parametrize(
    "task",
    [
        "Buy 10 shares of Nordlicht Energie",
        "Kaufe zehn Aktien von Nordlicht",
        "Which stock rose the most today?",
        "Compare the prices of all stocks",
        "Fasse den Artikel zusammen",
        "",
        "lorem ipsum",
    ],
)
def test_parse_task_should_refuse_what_is_beyond_it(task: str) -> None:
    plan = parse_task(task)
    assert plan.refusal and not plan.goals


def test_parse_task_should_keep_parts_it_cannot_do() -> None:
    plan = parse_task("open the politics section and sing a song")
    assert plan.goals == (Open("politics"),)
    assert plan.unsupported == ("sing a song",)


def test_parse_task_should_ask_for_credentials_it_was_not_given() -> None:
    assert parse_task("log in").goals == (Login("", ""),)


def test_target_words_should_drop_generic_words_and_compound_tails() -> None:
    assert target_words("die Rubrik Sport") == "Sport"
    assert target_words("the finance site") == "finance"
    assert target_words("Finanzseite") == "Finanz"
    assert target_words("Kontaktformular") == "Kontakt"


@pytest.mark.parametrize(
    ("task", "goals"),
    [
        (
            "download the annual report and tell me the revenue it states",
            (Download("annual report"), Read("revenue it states")),
        ),
        (
            "Lade den Geschäftsbericht herunter und nenne mir den Umsatz",
            (Download("Geschäftsbericht"), Read("Umsatz")),
        ),
        (
            "open the terms in the new tab and tell me the notice period",
            (OpenTab("terms"), Read("notice period")),
        ),
        (
            "öffne die Nutzungsbedingungen im neuen Tab und nenne die Kündigungsfrist",
            (OpenTab("Nutzungsbedingungen"), Read("Kündigungsfrist")),
        ),
        ("upload notes.txt to the feedback form", (Upload("notes.txt", "feedback"),)),
        ("lade /notes/cv.pdf in das Bewerbungsformular hoch", (Upload("/notes/cv.pdf", "Bewerbungs"),)),
    ],
)
def test_parse_task_should_understand_files_and_tabs(task: str, goals: tuple[object, ...]) -> None:
    assert parse_task(task).goals == goals
