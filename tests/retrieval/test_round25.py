"""`act` round 25: pages named by their place, not their name (our own pages in ``pages/ext29``).

'next page please', 'vorherige Seite', '次のページへ進む' on a documentation page with no numbered
pager: the page the document itself declares next or previous (``<link rel="next">``), by a shown
link to it. 'the third entry in the left menu', 'サイドバーの最後のリンク': the page's one side menu,
counted by its top-level entries; when entries and links count differently, or the menu is not
one, nothing is done.
"""

from __future__ import annotations

import pytest
from playwright.async_api import Page

from tests.retrieval.site import PageServer, act_on
from waypost.retrieval import Actor
from waypost.retrieval.instructions import parse_instruction
from waypost.retrieval.pager import pager_wish
from waypost.retrieval.side_menu import SideWish, side_wish

_browser = pytest.mark.asyncio(loop_scope="session")


@pytest.mark.parametrize(
    ("instruction", "place"),
    [
        ("next page please", "next"),
        ("weiter zur nächsten Seite", "next"),
        ("dalej, następna strona", "next"),
        ("次のページへ進む", "next"),
        ("pagina successiva", "next"),
        ("vorherige Seite", "previous"),
    ],
)
def test_a_page_asked_for_by_its_place(instruction: str, place: str) -> None:
    wish = pager_wish(instruction)
    assert wish is not None and wish.place == place


@pytest.mark.parametrize(
    ("instruction", "goes_to"),
    [
        ("next page please", "tides.html"),
        ("weiter zur nächsten Seite", "tides.html"),
        ("次のページへ進む", "tides.html"),
        ("vorherige Seite", "index.html"),
        ("página anterior", "index.html"),
    ],
)
@_browser
async def test_the_page_the_document_calls_next_or_previous(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, goes_to: str
) -> None:
    await act_on(page, pages, quiet, "ext29/berths.html", instruction, True)
    assert page.url.endswith(f"/ext29/{goes_to}")


@pytest.mark.parametrize("file", ["contact.html", "hidden_next.html"])
@_browser
async def test_no_next_page_declared_or_shown_does_nothing(
    page: Page, pages: PageServer, quiet: Actor, file: str
) -> None:
    await act_on(page, pages, quiet, f"ext29/{file}", "next page", False)
    assert page.url.endswith(f"/ext29/{file}")


@pytest.mark.parametrize(
    ("instruction", "wish"),
    [
        ("third entry in the left menu", SideWish(3, "entry", True)),
        ("der dritte Eintrag im linken Menü", SideWish(3, "entry", True)),
        ("l'ultimo link della barra laterale", SideWish(-1, "link", False)),
        ("la troisième entrée du menu de gauche", SideWish(3, "entry", True)),
        ("třetí položka v levém menu", SideWish(3, "entry", True)),
        ("третий пункт в левом меню", SideWish(3, "entry", True)),
        ("サイドバーの最後のリンク", SideWish(-1, "link", False)),
        ("左メニューの3番目", SideWish(3, "entry", True)),
        ("the second sidebar", None),
        ("the last link in the right sidebar", None),
        ("the third link in the footer", None),
        ("the last entry about fees in the sidebar", None),
    ],
)
def test_a_side_menu_entry_named_by_its_place(instruction: str, wish: SideWish | None) -> None:
    assert side_wish(instruction) == wish


@pytest.mark.parametrize(
    ("file", "instruction", "goes_to"),
    [
        ("berths.html", "third entry in the left menu", "tides.html"),
        ("berths.html", "the last link in the sidebar", "contact.html"),
        ("tides.html", "der zweite Eintrag im linken Menü", "berths.html"),
        ("tides.html", "左メニューの2番目", "berths.html"),
    ],
)
@_browser
async def test_a_side_menu_entry_by_its_place(
    page: Page, pages: PageServer, quiet: Actor, file: str, instruction: str, goes_to: str
) -> None:
    await act_on(page, pages, quiet, f"ext29/{file}", instruction, True)
    assert page.url.endswith(f"/ext29/{goes_to}")


@pytest.mark.parametrize(
    ("file", "instruction"),
    [
        # the sections open under "Berths" make the third link another than the third entry
        ("berths.html", "the third link in the sidebar"),
        ("tides.html", "the sixth entry in the left menu"),
        ("tides.html", "the second sidebar"),
        ("tides.html", "the last link in the right sidebar"),
    ],
)
@_browser
async def test_a_side_menu_place_that_is_not_one_does_nothing(
    page: Page, pages: PageServer, quiet: Actor, file: str, instruction: str
) -> None:
    await act_on(page, pages, quiet, f"ext29/{file}", instruction, False)
    assert page.url.endswith(f"/ext29/{file}")


@_browser
async def test_a_word_of_place_is_matched_by_where_the_control_is(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    # "|||" titled "Toggle sidebar" sits at the top left: 'the left sidebar' is its sidebar
    await act_on(page, pages, quiet, "ext29/panels.html", "collapse the left sidebar", True)
    assert await page.is_hidden("#side")


@_browser
async def test_a_word_of_place_the_control_is_not_at_is_missing(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await act_on(page, pages, quiet, "ext29/panels.html", "collapse the right sidebar", False)
    assert await page.is_visible("#side")


@pytest.mark.parametrize(
    ("instruction", "value"),
    [("filter the index on the left by conf", "conf"), ('filter the index by "moor"', "moor")],
)
@_browser
async def test_a_filter_field_takes_what_it_filters_by(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, value: str
) -> None:
    await act_on(page, pages, quiet, "ext29/panels.html", instruction, True)
    assert await page.input_value("#filter") == value


@_browser
async def test_filtering_by_a_name_on_the_page_and_a_field_is_unsure(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await act_on(page, pages, quiet, "ext29/panels.html", "filter by Tides", False)
    assert (await page.input_value("#filter"), page.url.endswith("panels.html")) == ("", True)


@pytest.mark.parametrize("instruction", ["volver a la portada", "zpět na úvod"])
@_browser
async def test_home_said_in_other_languages(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await act_on(page, pages, quiet, "ext29/panels.html", instruction, True)
    assert page.url.endswith("/ext29/index.html")


@pytest.mark.parametrize(
    ("instruction", "color"), [("choose purple", "purple"), ("I'd prefer green", "green")]
)
@_browser
async def test_a_choice_waiting_in_a_closed_menu_is_chosen(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, color: str
) -> None:
    await act_on(page, pages, quiet, "ext29/theme_menu.html", instruction, True)
    assert await page.get_attribute("body", "data-color") == color


@_browser
async def test_a_choice_no_menu_holds_opens_nothing(page: Page, pages: PageServer, quiet: Actor) -> None:
    await act_on(page, pages, quiet, "ext29/theme_menu.html", "choose mauve", False)
    assert await page.get_attribute("#color", "aria-expanded") == "false"


@pytest.mark.parametrize(
    ("instruction", "target"),
    [
        ("where's the licence?", "licence"),
        ("gdzie jest repozytorium kodu?", "repozytorium kodu"),
        ("wo ist die Lizenz?", "Lizenz"),
        ("what is the total?", "what is the total?"),  # a value asked for: no thing to open
    ],
)
def test_a_thing_asked_for_by_where_it_is(instruction: str, target: str) -> None:
    (step,) = parse_instruction(instruction)
    assert (step.action, step.target) == ("click", target)


@_browser
async def test_where_the_licence_is_opens_it(page: Page, pages: PageServer, quiet: Actor) -> None:
    await act_on(page, pages, quiet, "ext29/theme_menu.html", "where's the licence?", True)
    assert page.url.endswith("/ext29/licence.html")


@pytest.mark.parametrize(
    ("instruction", "target"),
    [
        ("take me to the mailing list", "mailing list"),
        ("bring me back to the start page", "start page"),
        ("head over to the FAQ", "FAQ"),
        ("ich möchte mich abmelden", "abmelden"),
        ("je veux signaler un bug", "signaler un bug"),
        ("chci se odhlásit", "odhlásit"),
        ("chcę się wylogować", "wylogować"),
        ("хочу сообщить об ошибке", "сообщить об ошибке"),
    ],
)
def test_ways_of_asking_to_go_or_to_do(instruction: str, target: str) -> None:
    (step,) = parse_instruction(instruction)
    assert (step.action, step.target, step.verb) == ("click", target, "")


@_browser
async def test_take_me_to_a_link(page: Page, pages: PageServer, quiet: Actor) -> None:
    await act_on(page, pages, quiet, "ext29/theme_menu.html", "take me to the licence", True)
    assert page.url.endswith("/ext29/licence.html")


@pytest.mark.parametrize(
    ("instruction", "section"),
    [
        # a scroll-spy marks the entry of the section in view "active": no mark of the page shown
        ("the open method of Harbour", "#Harbour.open"),
        # written with the page's own address and a section of it: a jump, not the page again
        ("Berth's inspect method", "#Berth.inspect"),
    ],
)
@_browser
async def test_a_contents_entry_jumps_to_its_section(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, section: str
) -> None:
    await act_on(page, pages, quiet, "ext29/reference.html", instruction, True)
    assert page.url.endswith(f"/ext29/reference.html{section}")


@_browser
async def test_the_page_s_own_heading_entry_is_the_page_shown(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    report = await act_on(page, pages, quiet, "ext29/reference.html", "API reference", False)
    assert report.steps[0].status == "already", report.text


@pytest.mark.parametrize(
    ("instruction", "steps"),
    [
        ("tape queen dans la recherche et lance-la", [("type", "queen"), ("press", "Enter")]),
        ("look up oxalic and start the search", [("type", "oxalic"), ("press", "Enter")]),
        ("oxalic eingeben und Suche starten", [("type", "oxalic"), ("press", "Enter")]),
        ("napiš queen do hledání a potvrď tlačítkem", [("type", "queen"), ("press", "Enter")]),
        ("type oxalic into the search box and submit it", [("type", "oxalic"), ("press", "Enter")]),
        ("検索欄に queen と入れて検索ボタンを押す", [("type", "queen"), ("click", None)]),
        ("„queen“ ins Suchfeld und dann auf Suchen", [("type", "queen"), ("click", None)]),
    ],
)
def test_a_search_typed_then_sent_in_many_words(
    instruction: str, steps: list[tuple[str, str | None]]
) -> None:
    assert [(s.action, s.text) for s in parse_instruction(instruction)] == steps


@pytest.mark.parametrize(
    "instruction",
    [
        "tape queen dans la recherche et lance-la",
        "look up queen and start the search",
        "queen eingeben und Suche starten",
        "napiš queen do hledání a potvrď tlačítkem",
        "検索欄に queen と入れて検索ボタンを押す",
    ],
)
@_browser
async def test_a_search_typed_then_sent(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await act_on(page, pages, quiet, "ext29/search.html", instruction, True)
    assert page.url.endswith("/ext29/search.html?q=queen")


@pytest.mark.parametrize("instruction", ["valide", "start the search"])
def test_sending_alone_is_no_enter_key(instruction: str) -> None:
    assert all(step.action != "press" for step in parse_instruction(instruction))


@pytest.mark.parametrize(
    ("instruction", "who"),
    [
        ("assign this to oskar", "oskar"),
        ("affecter l'anomalie à leila", "leila"),
        ("asignar a oskar", "oskar"),
        ("assegna il ticket a oskar", "oskar"),
        ("分配给 oskar", "oskar"),
        ("przypisz do oskar", "oskar"),
    ],
)
def test_assigning_chooses_the_person(instruction: str, who: str) -> None:
    (step,) = parse_instruction(instruction)
    assert (step.action, step.target) == ("choose", who)


@pytest.mark.parametrize(
    ("instruction", "field", "value"),
    [
        ("assign this to ines", "assignedto", "ines"),
        ("affecter à mira", "assignedto", "mira"),
        ("priority bug", "priority", "bug"),  # a list's label, then one of its options
    ],
)
@_browser
async def test_a_person_or_option_is_chosen_in_its_list(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, field: str, value: str
) -> None:
    await act_on(page, pages, quiet, "ext29/ticket.html", instruction, True)
    assert (
        await page.eval_on_selector(f"select[name={field}]", "(s) => s.options[s.selectedIndex].text")
        == value
    )


@pytest.mark.parametrize("instruction", ["assign it to tomas", "assign to nobody", "sort ascending"])
@_browser
async def test_what_a_list_already_shows_or_cannot_do_is_not_done(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    # ('sort ascending' is no click on "Sort on:": the list offers fields, not an order)
    await page.goto(pages.url_for("ext29/ticket.html"))
    await page.evaluate(
        "() => { window.clicks = 0; document.addEventListener('click', () => window.clicks++, true); }"
    )
    report = await quiet.act(page, instruction)
    assert not report.ok, report.text
    assert await page.evaluate("() => window.clicks") == 0
    assert await page.eval_on_selector("select[name=assignedto]", "(s) => s.value") == "tomas"


@_browser
async def test_the_form_s_button_over_the_menu_link_of_its_name(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await act_on(page, pages, quiet, "ext29/join.html", "register", True)
    assert "go=Register" in page.url


@pytest.mark.parametrize(
    "instruction",
    [
        "change my password to Kn0ts&Tides",
        "new password Kn0ts&Tides",
        "password Kn0ts&Tides, confirm it",
        "contraseña Kn0ts&Tides y repítela",
        "nuova password Kn0ts&Tides, confermala",
        "パスワードKn0ts&Tides(確認も)",
    ],
)
@_browser
async def test_a_new_password_is_confirmed_where_the_form_asks_again(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await act_on(page, pages, quiet, "ext29/account.html", instruction, True)
    assert await page.input_value("#password") == "Kn0ts&Tides"
    assert await page.input_value("#confirm_password") == "Kn0ts&Tides"


@_browser
async def test_a_password_alone_in_its_form_is_typed_alone(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await act_on(page, pages, quiet, "ext29/signin.html", "password Kn0ts&Tides, confirm it", True)
    assert await page.input_value("#pw") == "Kn0ts&Tides"


@pytest.mark.parametrize(
    "instruction",
    ["search all text for timeout", "rechercher timeout dans tout le texte", "cerca timeout nel testo"],
)
@_browser
async def test_a_search_in_all_text_is_the_search_page_s_own_field(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    # the header's quick search is named "search-text" by its id only; the page's field is labelled
    await act_on(page, pages, quiet, "ext29/find.html", instruction, True)
    assert "fulltext=timeout" in page.url
    assert "q=timeout" not in page.url


@_browser
async def test_a_quick_search_button_is_not_taken_for_the_menu_link_of_its_name(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    # the header's "Search" button sends its quick search: it is never preferred as the form's
    # own button over the menu's "Search" link (the link, or not sure)
    await page.goto(pages.url_for("ext29/join.html"))
    await quiet.act(page, "go to the search page")
    assert "q=" not in page.url


@_browser
async def test_a_new_password_beside_a_log_in_box(page: Page, pages: PageServer, quiet: Actor) -> None:
    await act_on(page, pages, quiet, "ext29/join.html", "password Kelp&Salt3, confirm it", True)
    assert await page.input_value("#password") == await page.input_value("#password-confirm") == "Kelp&Salt3"
    assert await page.input_value("#pw") == ""
