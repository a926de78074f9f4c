"""`act` round 4: categories met on third-party task suites, each on a page of our own.

Pop-ups that the instruction's own steps bring up, a login form whose one button is not named
"login", and forms described by meaning. Each test checks what happened on the page.
"""

from __future__ import annotations

import pytest
from playwright.async_api import Page

from tests.retrieval.site import PageServer
from waypost.retrieval import Actor, RetrievalSettings, act, parse_instruction

pytestmark = pytest.mark.asyncio(loop_scope="session")

_LOGIN = 'Enter the username "ada" and the password "s3cr3t" into the text fields and press login.'


async def _state(page: Page) -> str:
    return await page.inner_text("#state")


@pytest.mark.parametrize("mode", ["user", "pw"])
async def test_a_popup_the_steps_bring_up_is_answered_with_cancel(
    page: Page, pages: PageServer, mode: str
) -> None:
    await page.goto(pages.url_for(f"ext6/popup_login.html?popup={mode}"))
    report = await act(page, _LOGIN)
    assert report.ok, report.text
    assert await _state(page) == "sent ada/s3cr3t"
    assert 'pressed "Cancel"' in report.text
    assert await page.locator(".note").count() == 0


async def test_a_popup_without_a_button_that_changes_nothing_stops_the_instruction(
    page: Page, pages: PageServer
) -> None:
    await page.goto(pages.url_for("ext6/popup_login.html?popup=pw&buttons=Leave,Continue"))
    report = await act(page, _LOGIN)
    assert not report.ok
    assert "pop-up appeared" in report.text and "time out" in report.text
    assert await _state(page) == ""  # neither Leave nor the login button was pressed


async def test_agents_get_the_popup_reported_not_answered(page: Page, pages: PageServer) -> None:
    await page.goto(pages.url_for("ext6/popup_login.html?popup=pw"))
    actor = Actor(RetrievalSettings(memory=False, telemetry=False, settle_timeout=0.3))
    report = await actor.act(page, _LOGIN)
    assert not report.ok
    assert "pop-up appeared" in report.text
    assert await page.locator(".note").count() == 1


async def test_a_popup_that_was_there_before_is_not_the_instructions_to_answer(
    page: Page, pages: PageServer
) -> None:
    await page.goto(pages.url_for("ext6/popup_login.html?popup=pw"))
    await page.focus("#pw")  # the notice is up before the instruction starts
    report = await act(page, _LOGIN)
    assert not report.ok
    assert await page.locator(".note").count() == 1
    assert await _state(page) == ""


async def test_press_login_means_the_login_forms_one_button(page: Page, pages: PageServer) -> None:
    await page.goto(pages.url_for("ext6/popup_login.html?popup=none"))
    report = await act(page, 'Type "ada" as the username, "pw1" as the password and press login.')
    assert report.ok, report.text
    assert await _state(page) == "sent ada/pw1"


@pytest.mark.parametrize("layout", ["1", "2", "3", "4"])
async def test_a_described_search_fills_the_form_by_its_labels(
    page: Page, pages: PageServer, layout: str
) -> None:
    await page.goto(pages.url_for(f"ext6/search_form.html?layout={layout}"))
    report = await act(page, "Search for poetry books written by Szymborska from year 1996.")
    assert report.ok, report.text
    assert await _state(page) == "author=Szymborska;cat=poetry;year=1996"


@pytest.mark.parametrize(
    "instruction",
    [
        # a word that no field takes (the language): nothing is guessed
        "Search for poetry books written by Szymborska in Polish from year 1996.",
        # two values and no field word for either
        "Search for Szymborska 1996.",
    ],
)
async def test_a_description_that_does_not_fit_the_form_is_not_done(
    page: Page, pages: PageServer, instruction: str
) -> None:
    await page.goto(pages.url_for("ext6/search_form.html?layout=1"))
    report = await act(page, instruction)
    assert not report.ok
    assert await _state(page) == ""
    assert await page.locator("input").evaluate_all("els => els.map((e) => e.value).join('')") == ""


async def test_a_quoted_name_deep_in_a_collapsed_tree_is_opened_level_by_level(
    page: Page, pages: PageServer
) -> None:
    await page.goto(pages.url_for("ext6/tree.html"))
    report = await act(page, 'Find and click on the folder or file named "install.md".')
    assert report.ok, report.text
    assert await _state(page) == "install.md"
    assert "Opened the toggle of docs, then the toggle of guides" in report.text


async def test_a_quoted_name_in_two_branches_is_not_guessed(page: Page, pages: PageServer) -> None:
    await page.goto(pages.url_for("ext6/tree.html"))
    report = await act(page, 'Find and click on the file named "notes.txt".')
    assert not report.ok
    assert await _state(page) == ""


async def test_wait_n_seconds_between_two_steps(page: Page, pages: PageServer) -> None:
    await page.goto(pages.url_for("ext6/delay.html"))
    report = await act(page, "Click button ONE, wait 1 seconds, then click button TWO.")
    assert report.ok, report.text
    assert [r.action for r in report.steps] == ["click", "wait", "click"]
    assert await _state(page) == "ok"


async def test_names_that_are_stop_words_are_still_names(page: Page, pages: PageServer) -> None:
    await page.goto(pages.url_for("ext6/stopword_boxes.html"))
    report = await act(page, "Select Es, Zb, Mit and click Submit.")
    assert report.ok, report.text
    assert await _state(page) == "c1,c3,c4"


async def test_both_password_fields_are_the_two_of_that_type_whatever_the_labels(
    page: Page, pages: PageServer
) -> None:
    await page.goto(pages.url_for("ext6/hesla_cs.html"))
    report = await act(page, "enter tajne123 into both password fields")
    assert report.ok, report.text
    values = await page.locator("input").evaluate_all("els => els.map((e) => e.value)")
    assert values == ["tajne123", "tajne123", ""]


async def test_the_password_with_two_password_fields_is_not_guessed(page: Page, pages: PageServer) -> None:
    await page.goto(pages.url_for("ext6/hesla_cs.html"))
    # "Heslo" is the Czech word for password and "Heslo znovu" its repetition: as with
    # "Password" / "Password again", the field named exactly so is meant.
    report = await act(page, "type tajne123 into the password")
    assert report.ok, report.text
    assert await page.input_value("#h1") == "tajne123"
    assert await page.input_value("#h2") == ""
    # Two password fields named otherwise ('PIN', 'PIN znovu'): which one is not guessed.
    await page.goto(pages.url_for("ext6/hesla_cs.html"))
    await page.evaluate(
        "() => { for (const l of document.querySelectorAll('label')) "
        "l.textContent = l.textContent.replace('Heslo', 'PIN'); }"
    )
    report = await act(page, "type tajne123 into the password")
    assert not report.ok
    assert await page.locator("input").evaluate_all("els => els.map((e) => e.value).join('')") == ""


async def test_a_slider_without_aria_is_stepped_by_the_number_shown_beside_it(
    page: Page, pages: PageServer
) -> None:
    await page.goto(pages.url_for("ext6/jq_slider.html"))
    two = await act(page, "Select 62 with the slider and click Submit.")
    assert not two.ok and "Not sure" in two.text  # two sliders on the page: which one?
    await page.evaluate("() => document.querySelector('.row2').remove()")
    report = await act(page, "Select 62 with the slider and click Submit.")
    assert report.ok, report.text
    assert await _state(page) == "62"
    assert await page.input_value("#amount") == "$62"


async def test_a_slider_that_shows_no_value_is_left_alone(page: Page, pages: PageServer) -> None:
    await page.goto(pages.url_for("ext6/jq_slider.html"))
    await page.evaluate("() => document.querySelector('.row').remove()")  # only the mute one is left
    report = await act(page, "Select 70 with the slider.")
    assert not report.ok
    assert "does not say its value" in report.text
    assert await page.get_attribute("#mute", "data-value") == "50"


@pytest.mark.parametrize(
    ("instruction", "target"),
    [
        # the full stop stays out of the target when the record is moved behind it
        ('For the user @nieves, click on the "Mute" button.', "Mute button for the user @nieves"),
        # finding the record is not a step of its own; the purpose at the end is not the target
        (
            "Find the email by Melesa and click the trash icon to delete it.",
            "trash icon of the email by Melesa",
        ),
        ("Find the post by @tom and click the star icon.", "star icon of the post by @tom"),
    ],
)
async def test_a_record_named_before_the_click_goes_with_the_target(instruction: str, target: str) -> None:
    (step,) = parse_instruction(instruction)
    assert (step.action, step.target) == ("click", target)
