"""`act` round 23: a control's job said in another language, and content links named without
their kind (our own pages in ``pages/ext27``).

'masquer les jalons', 'usuń etap', 'Änderungen speichern', '保存更改': the verb of a control's job
said in another language than English is read as that verb (a filter's box is set off by 'hide',
on by 'show', and a second 'hide' changes nothing); 'open the seed swap post' is the link "Seed
swap on Saturday", but 'open the tomato post' with two tomato posts, and 'delete the seed swap
post' where the list has no delete, do nothing.
"""

from __future__ import annotations

import pytest
from playwright.async_api import Page

from tests.retrieval.site import PageServer, act_on, noted
from waypost.retrieval import Actor, ActReport
from waypost.retrieval.instructions import foreign_job, parse_instruction

_browser = pytest.mark.asyncio(loop_scope="session")


async def _act(
    page: Page, pages: PageServer, quiet: Actor, file: str, instruction: str, done: bool
) -> ActReport:
    return await act_on(page, pages, quiet, f"ext27/{file}", instruction, done)


@pytest.mark.parametrize(
    ("instruction", "verb"),
    [
        ("Änderungen speichern", "save"),
        ("masquer les jalons", "hide"),
        ("usuń etap", "delete"),
        ("保存更改", "save"),
        ("CSV でダウンロード", "download"),
        ("открыть приоритеты", "open"),
        ("pokaż zapytanie SQL", "show"),
        ("mostrar la columna Modificado", "show"),
    ],
)
def test_a_job_said_in_another_language_is_its_verb(instruction: str, verb: str) -> None:
    (step,) = parse_instruction(instruction)
    assert (step.action, step.verb, step.exact) == ("click", verb, "")


@pytest.mark.parametrize(
    "instruction",
    ["nouveau ticket", "Neues Ticket", "保存して編集を続ける", "Speichern", "Notiz „zahlt bar“ hinzufügen"],
)
def test_names_and_whole_phrases_keep_no_foreign_verb(instruction: str) -> None:
    (step,) = parse_instruction(instruction)
    assert foreign_job(instruction) == "" or step.exact
    assert step.verb in ("", "add") and step.verb != "save"


@pytest.mark.parametrize(
    ("file", "instruction", "box", "checked"),
    [
        ("filtres.html", "masquer les jalons", "#milestone", False),
        ("filtres.html", "afficher les tickets ouverts", "#ticket", True),
        ("filtres.html?lang=pl", "ukryj zmiany wiki", "#wiki", False),
        ("filtres.html?lang=ru", "скрыть изменения вики", "#wiki", False),
        ("filtres.html?lang=ru", "показать открытые тикеты", "#ticket", True),
    ],
)
@_browser
async def test_a_filter_box_is_set_by_hide_and_show_in_any_language(
    page: Page, pages: PageServer, quiet: Actor, file: str, instruction: str, box: str, checked: bool
) -> None:
    await _act(page, pages, quiet, file, instruction, True)
    assert await page.is_checked(box) is checked
    await quiet.act(page, instruction)  # a second time: already so, nothing undone
    assert await page.is_checked(box) is checked


@pytest.mark.parametrize(
    ("file", "instruction"),
    [
        ("filtres.html?lang=pl", "usuń etap"),
        ("filtres.html?lang=ru", "удалить этап"),
        ("filtres.html", "supprimer le jalon"),
    ],
)
@_browser
async def test_a_delete_said_in_the_pages_language(
    page: Page, pages: PageServer, quiet: Actor, file: str, instruction: str
) -> None:
    await _act(page, pages, quiet, file, instruction, True)
    assert await noted(page, "sent") == "delete;"


@_browser
async def test_a_kind_the_page_names_otherwise_stays_unsure(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    # 'milestone' is "jalon" on this page: no vocabulary says so, and "Modifier le jalon" carries
    # only the verb of 'edit this milestone'
    await _act(page, pages, quiet, "filtres.html", "edit this milestone", False)
    assert await noted(page, "sent") == ""


@pytest.mark.parametrize(
    ("instruction", "target"),
    [
        ("open the seed swap post", "seed-swap.html"),
        ("ouvrir l'article sur le mildiou", "le-mildiou.html"),
        ("open the Seed swap article", "seed-swap.html"),
    ],
)
@_browser
async def test_a_post_is_its_titled_link(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, target: str
) -> None:
    await _act(page, pages, quiet, "posts.html", instruction, True)
    assert page.url.endswith(f"/ext27/{target}")


@pytest.mark.parametrize(
    "instruction", ["open the tomato post", "delete the seed swap post", "edit the seed swap post"]
)
@_browser
async def test_posts_two_titles_share_or_no_control_does_stay_undone(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await _act(page, pages, quiet, "posts.html", instruction, False)
    assert page.url.endswith("/ext27/posts.html")


@pytest.mark.parametrize(
    "instruction",
    ["open the last ticket", "open the first ticket", "das erste Ticket öffnen", "open the 2nd ticket"],
)
@_browser
async def test_an_ordinal_counts_rows_never_a_header_or_a_new_record_link(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await page.goto(pages.url_for("ext27/tickets.html"))
    await quiet.act(page, instruction)
    assert "order=" not in page.url and "newticket" not in page.url


@pytest.mark.parametrize(
    ("instruction", "language"),
    [
        ("read this in German", "German"),
        ("auf Französisch lesen", "Französisch"),
        ("version espagnole", "Spanish"),
        ("la version anglaise", "English"),
        ("Spanish version of this page", "Spanish"),
        ("leer esta página en español", "español"),
    ],
)
def test_reading_it_in_a_language_is_a_language_switch(instruction: str, language: str) -> None:
    (step,) = parse_instruction(instruction)
    assert (step.action, step.target, step.text) == ("type", "language", language)


@pytest.mark.parametrize("instruction", ["read the docs", "read the German article"])
def test_reading_something_is_no_language_switch(instruction: str) -> None:
    (step,) = parse_instruction(instruction)
    assert step.target != "language"


@pytest.mark.parametrize(
    ("instruction", "target"),
    [
        ("read this in German", "leek-de.html"),
        ("auf Französisch lesen", "leek-fr.html"),
        ("version espagnole", "leek-es.html"),
        ("switch to French", "leek-fr.html"),
    ],
)
@_browser
async def test_a_translation_link_showing_its_code_is_that_language(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, target: str
) -> None:
    await _act(page, pages, quiet, "article.html", instruction, True)
    assert page.url.endswith(f"/ext27/{target}")


@_browser
async def test_reading_it_in_the_pages_own_language_is_already_so(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    report = await _act(page, pages, quiet, "article.html", "read it in English", False)
    assert report.steps[0].status == "already"
    assert page.url.endswith("/ext27/article.html")


@pytest.mark.parametrize(
    ("instruction", "text"),
    [
        ("add a comment saying 'Fixed in r42, please retest'", "Fixed in r42, please retest"),
        ("leave a comment that says works for me", "works for me"),
        ("add a comment: Seen on 1.3", "Seen on 1.3"),
        ("Kommentar hinzufügen: Kann ich bestätigen.", "Kann ich bestätigen."),
    ],
)
@_browser
async def test_a_comment_said_with_its_text_is_typed_into_the_comment_field(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, text: str
) -> None:
    await _act(page, pages, quiet, "ticket.html", instruction, True)
    assert await page.input_value("#comment") == text
    assert await page.input_value("#q") == ""


@pytest.mark.parametrize("instruction", ["leave a note saying call back", "add a review saying great"])
@_browser
async def test_a_field_the_page_does_not_have_gets_no_text(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await _act(page, pages, quiet, "ticket.html", instruction, False)
    assert await page.input_value("#comment") == "" and await page.input_value("#q") == ""


@pytest.mark.parametrize(
    ("instruction", "sent"),
    [
        ("preview my comment", "preview;"),
        ("attach a file to the page", "attachfilebutton;"),
        ("rename the page", "rename;"),
    ],
)
@_browser
async def test_words_of_the_section_or_the_page_itself_need_not_be_on_the_button(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, sent: str
) -> None:
    await _act(page, pages, quiet, "ticket.html", instruction, True)
    assert await noted(page, "sent") == sent


@pytest.mark.parametrize("instruction", ["delete the page", "preview the description", "attach a screenshot"])
@_browser
async def test_a_button_carrying_only_some_of_the_words_is_not_pressed(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await _act(page, pages, quiet, "ticket.html", instruction, False)
    assert await noted(page, "sent") == ""


@pytest.mark.parametrize(
    ("file", "instruction"),
    [
        ("components.html", "select every component"),
        ("components.html", "tick all components"),
        ("components.html", "select all rows"),
    ],
)
@_browser
async def test_select_all_ticks_the_rows_and_never_a_radio(
    page: Page, pages: PageServer, quiet: Actor, file: str, instruction: str
) -> None:
    await _act(page, pages, quiet, file, instruction, True)
    assert await page.eval_on_selector_all("input[name=sel]", "bs => bs.every((b) => b.checked)")
    assert await page.eval_on_selector("input[name=default]:checked", "r => r.value") == "billing"


@pytest.mark.parametrize(
    ("instruction", "value"),
    [("25 per page", "25"), ("10 items per page", "10"), ("maximal 50 Einträge pro Seite", "50")],
)
def test_rows_per_page_is_a_fields_value(instruction: str, value: str) -> None:
    (step,) = parse_instruction(instruction)
    assert (step.action, step.text) == ("set", value)
    assert "page" in step.target.casefold() or "seite" in step.target.casefold()


@pytest.mark.parametrize(("instruction", "value"), [("25 per page", "25"), ("10 items per page", "10")])
@_browser
async def test_rows_per_page_goes_into_the_field_so_labelled(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, value: str
) -> None:
    await _act(page, pages, quiet, "tickets.html", instruction, True)
    assert await page.input_value("#max") == value


@pytest.mark.parametrize(
    "instruction", ["Priorität auf major setzen", "set the priority to major", "Zusammenfassung: RSS feed"]
)
@_browser
async def test_a_value_a_closed_fold_already_holds_opens_nothing(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await page.goto(pages.url_for("ext26/ticket_fold.html"))
    report = await quiet.act(page, instruction)
    assert report.steps[0].status == "already", report.text
    assert await noted(page, "opened") == ""


@_browser
async def test_the_post_by_an_author_is_no_authors_link(page: Page, pages: PageServer, quiet: Actor) -> None:
    await _act(page, pages, quiet, "posts.html", "open the post by Mei Lin", False)
    assert page.url.endswith("/ext27/posts.html")


@pytest.mark.parametrize("instruction", ["save the search", "сохранить поиск"])
@_browser
async def test_saving_a_search_is_no_search_button(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await _act(page, pages, quiet, "ticket.html", instruction, False)
    assert await noted(page, "sent") == ""


@pytest.mark.parametrize("instruction", ["ajouter marek au groupe admins", "add marek to the admins group"])
@_browser
async def test_an_add_with_what_it_adds_is_no_lone_add_button(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await _act(page, pages, quiet, "components.html", instruction, False)
    assert await noted(page, "sent") == ""


@pytest.mark.parametrize(
    ("instruction", "words"),
    [
        ("chercher amira", "amira"),
        ("search for brochure among the documents", "brochure"),
        ("chercher brochure dans les documents", "brochure"),
        ("chercher un document : brochure", "brochure"),
        ("search for bikes in Berlin", "bikes in Berlin"),
    ],
)
@_browser
async def test_a_lists_own_search_in_its_header_inside_main(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, words: str
) -> None:
    await _act(page, pages, quiet, "documents.html", instruction, True)
    assert await page.input_value("#id_q") == words
    assert await page.input_value("#menu-search-q") == ""


@pytest.mark.parametrize("instruction", ["set the slug to blithe-spirit", "ustaw slug na blithe-spirit"])
@_browser
async def test_a_fields_data_pointing_at_another_field_does_not_name_it(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await _act(page, pages, quiet, "show_form.html", instruction, True)
    assert await page.input_value("#id_slug") == "blithe-spirit"
    assert await page.input_value("#id_title") == ""


@pytest.mark.parametrize("instruction", ["duplicate Main House", "archive Studio"])
@_browser
async def test_a_change_to_a_record_never_opens_it_by_its_name(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await page.goto(pages.url_for("ext27/venues.html"))
    await quiet.act(page, instruction)
    assert "edit.html" not in page.url


@pytest.mark.parametrize(
    ("instruction", "target"),
    [
        ("Abschnitt Python API", "#python-api"),
        ("la sección Python API", "#python-api"),
        ("Seite zur Installation", "install.html"),
        ("die Seite Usage", "usage.html"),
    ],
)
@_browser
async def test_a_kind_of_place_said_in_another_language_is_no_part_of_the_name(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, target: str
) -> None:
    await _act(page, pages, quiet, "docs.html", instruction, True)
    assert page.url.endswith(target)


@pytest.mark.parametrize("instruction", ["Abschnitt Beispiele", "la sección Examples"])
@_browser
async def test_a_section_the_page_does_not_have_is_not_found(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await _act(page, pages, quiet, "docs.html", instruction, False)
    assert page.url.endswith("/ext27/docs.html")
