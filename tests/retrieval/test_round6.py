"""`act` round 6: verbs that name a control's job ('create a new ticket', 'share this page'),
UI words across languages (an English instruction on a French or Chinese page), ordinals that
count things rather than names, and options named through their control ('sort by oldest').
Each test checks what happened on the page.
"""

from __future__ import annotations

import pytest
from playwright.async_api import Page

from tests.retrieval.site import PageServer
from waypost.retrieval import Actor, parse_instruction
from waypost.retrieval.values import for_field

_browser = pytest.mark.asyncio(loop_scope="session")


@_browser
async def _state(page: Page) -> str:
    return await page.inner_text("#state")


@pytest.mark.parametrize(
    ("instruction", "target", "verb"),
    [
        ("create a new issue", "create new issue", "create"),
        ("share this product", "share this product", "share"),
        ("like Gábor's comment", "like Gábor's comment", "like"),
        ("export the table to Excel", "export table to Excel", "export"),
    ],
)
def test_a_verb_naming_a_controls_job_stays_in_the_target(instruction: str, target: str, verb: str) -> None:
    (step,) = parse_instruction(instruction)
    assert (step.action, step.target, step.verb, step.exact) == ("click", target, verb, "")


@pytest.mark.parametrize("instruction", ["Create account", "add to cart", "Sign up", "Warenkorb anzeigen"])
def test_a_verb_without_a_determiner_is_part_of_a_whole_name(instruction: str) -> None:
    (step,) = parse_instruction(instruction)
    assert step.action == "click" and step.target == instruction and step.exact in ("", instruction)


@_browser
async def test_create_a_new_ticket_clicks_the_new_ticket_link(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext10/tracker.html"))
    report = await quiet.act(page, "create a new ticket")
    assert report.ok, report.text
    assert await _state(page) == "new-ticket;"


@_browser
async def test_an_english_instruction_finds_french_controls(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext10/boutique_fr.html"))
    for instruction, state in [
        ("open the shopping cart", "panier;"),
        ("share this page", "partager;"),
        ("print this page", "imprimer;"),
        ("click save", "enregistrer;"),
    ]:
        await page.evaluate("() => { document.getElementById('state').textContent = ''; }")
        report = await quiet.act(page, instruction)
        assert report.ok, report.text
        assert await _state(page) == state, instruction
    report = await quiet.act(page, "set my city to Lyon")
    assert report.ok, report.text
    assert await page.input_value("#ville") == "Lyon"
    assert await page.input_value("#cp") == ""


@_browser
async def test_a_concept_word_inside_a_chinese_name(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext10/wangpan_zh.html"))
    report = await quiet.act(page, "upload a file")
    assert report.ok, report.text
    assert await _state(page) == "up;"


@_browser
async def test_the_last_file_is_not_a_folder_named_like_the_verb(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    # 'Downloads' carries the verb but is no file: it must not be taken as 'the last' one.
    await page.goto(pages.url_for("ext10/tracker.html"))
    report = await quiet.act(page, "download the last file in the list")
    assert "f-dl" not in await _state(page), report.text


@_browser
async def test_an_item_of_a_closed_menu_named_with_its_menus_job(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext10/tracker.html"))
    report = await quiet.act(page, "order by oldest")
    assert report.ok, report.text
    assert await _state(page) == "b-order Oldest;"
    assert "Opened" in report.text
    again = await quiet.act(page, "order by oldest")
    assert again.steps[0].status == "already", again.text


@_browser
async def test_an_option_of_a_list_named_with_its_lists_job(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext10/tracker.html"))
    report = await quiet.act(page, "sort the comments oldest first")
    assert report.ok, report.text
    assert await page.input_value("#c-order") == "Oldest"
    assert await _state(page) == "c-order Oldest;"


@_browser
async def test_two_lists_offering_the_same_option_are_not_guessed(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext10/two_sorts.html"))
    report = await quiet.act(page, "sort by oldest")
    assert not report.ok, report.text
    assert await _state(page) == ""
    report = await quiet.act(page, "sort the questions by oldest")
    assert report.ok, report.text
    assert await _state(page) == "q-sort Oldest;"


@_browser
async def test_an_option_word_alone_does_not_choose_from_a_list(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext10/tracker.html"))
    report = await quiet.act(page, "click Oldest")
    assert await page.input_value("#c-order") == "Top", report.text


@_browser
async def test_allowing_only_the_necessary_cookies_is_the_banners_refusal(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext10/boutique_fr.html"))
    report = await quiet.act(page, "only allow the necessary cookies")
    assert report.ok, report.text
    assert await _state(page) == "ck-min;"
    again = await quiet.act(page, "only allow the necessary cookies")
    assert not again.ok  # the banner is gone: nothing else is clicked
    assert await _state(page) == "ck-min;"


@_browser
async def test_the_next_page_of_results_is_the_next_link(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext10/boutique_fr.html"))
    report = await quiet.act(page, "go to the next page of results")
    assert report.ok, report.text
    assert await _state(page) == "suivant;"


@_browser
async def test_filter_by_two_facets_ticks_both(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext10/boutique_fr.html"))
    report = await quiet.act(page, "filter by Lune and Soleil")
    assert report.ok, report.text
    assert await page.is_checked("#m-lune") and await page.is_checked("#m-soleil")
    assert not await page.is_checked("#m-etoile")


@_browser
async def test_label_value_pairs_fill_fields_lists_and_radio_groups(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext10/cadastro_pt.html"))
    report = await quiet.act(page, "Nome: Ana, Sobrenome: Silva Souza")
    assert report.ok, report.text
    assert await page.input_value("#nome") == "Ana"
    assert await page.input_value("#sobrenome") == "Silva Souza"
    report = await quiet.act(page, "Estado: São Paulo")
    assert report.ok, report.text
    assert await page.input_value("#estado") == "São Paulo"
    # radios covered by their styled labels (each input lies under its own label)
    report = await quiet.act(page, "Gênero: Prefiro não dizer")
    assert report.ok, report.text
    assert await page.is_checked("#g-n")
    report = await quiet.act(page, "Plano: Básico")
    assert report.steps[0].status == "already", report.text


@_browser
async def test_a_label_value_pair_for_no_such_field_does_nothing(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext10/cadastro_pt.html"))
    report = await quiet.act(page, "Cor favorita: Azul")
    assert not report.ok, report.text
    values = await page.locator("input:not([type=radio])").evaluate_all(
        "els => els.map((e) => e.value).join('')"
    )
    assert values == ""
    assert await page.input_value("#estado") == "Escolha"


@_browser
async def test_a_read_only_text_box_is_scrolled_before_signing(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext10/agree.html"))
    report = await quiet.act(
        page, 'Scroll to the bottom of the textarea, enter the name "Tula" then press "Agree"'
    )
    assert report.ok, report.text
    assert await page.input_value("#who") == "Tula"
    assert await _state(page) == "agree read;"


@_browser
async def test_a_list_under_a_styled_arrow_is_still_chosen_from(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext10/agree.html"))
    report = await quiet.act(page, "Use the dropdown to select Large")
    assert report.ok, report.text
    assert await page.input_value("#size") == "Large"


@_browser
async def test_the_nth_search_result_is_a_result_link_not_the_search_button(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext10/results.html"))
    report = await quiet.act(page, "click the 2nd search result")
    assert not report.ok  # no results yet: the Search button is not one
    assert await _state(page) == ""
    report = await quiet.act(
        page, 'Use the textbox to enter "zeta" and press "Search", then find and click the 2nd search result.'
    )
    assert report.ok, report.text
    assert await page.input_value("#q") == "zeta"
    assert await _state(page) == "r1;"


@_browser
async def test_following_someone_already_followed_does_nothing(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext10/social.html"))
    report = await quiet.act(page, "follow Mara Lind")
    assert not report.ok, report.text
    assert await _state(page) == ""  # a click would have unfollowed her
    await page.evaluate("() => document.getElementById('f-olle').closest('li').remove()")
    report = await quiet.act(page, "follow Mara Lind")
    assert report.steps[0].status == "already", report.text
    assert await _state(page) == ""
    await page.goto(pages.url_for("ext10/social.html"))
    report = await quiet.act(page, "follow Olle Berg")
    assert report.ok, report.text
    assert await _state(page) == "f-olle;"


@_browser
async def test_filtering_by_links_is_not_done_by_following_them(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext10/social.html"))
    report = await quiet.act(page, "filter by jazz and folk")
    assert not report.ok, report.text
    assert await _state(page) == ""


@_browser
async def test_the_one_suggestion_holding_the_typed_words_is_chosen(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext10/insurer.html"))
    report = await quiet.act(page, "choose Harbor Health as the insurer")
    assert report.ok, report.text
    assert await page.input_value("#ins") == "Harbor Health (HH)"
    # two suggestions hold 'Harbor': none is picked, and the typed words are taken back
    await page.goto(pages.url_for("ext10/insurer.html"))
    report = await quiet.act(page, "choose Harbor as the insurer")
    assert not report.ok, report.text
    assert await page.input_value("#ins") == ""


@_browser
async def test_a_search_field_behind_its_toggle_is_opened_then_filled(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext10/news.html"))
    report = await quiet.act(page, "search the site for storm surge")
    assert report.ok, report.text
    assert await page.input_value("#q") == "storm surge"
    assert await _state(page) == "search storm surge;"
    assert "Opened" in report.text


@_browser
async def test_signing_up_for_a_named_letter_fills_its_own_form(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext10/news.html"))
    report = await quiet.act(page, "sign me up for Harbour Notes with mo@example.org")
    assert report.ok, report.text
    assert await page.input_value("#n-mail") == "mo@example.org"
    assert await page.input_value("#c-mail") == ""
    assert await _state(page) == "n-go;"


@_browser
async def test_a_comment_left_as_someone_fills_the_comment_form_and_posts_it(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext10/news.html"))
    report = await quiet.act(
        page, 'Leave a comment "Lovely tides." as Ida with the email ida@example.org and post it'
    )
    assert report.ok, report.text
    assert await page.input_value("#c-text") == "Lovely tides."
    assert await page.input_value("#c-who") == "Ida"
    assert await page.input_value("#c-mail") == "ida@example.org"
    assert await page.input_value("#n-mail") == ""
    assert await _state(page) == "c-send;"


@pytest.mark.parametrize(
    ("value", "hint", "lang", "typed"),
    [
        ("18 December 2026", "d. m. rrrr", "en", "18. 12. 2026"),
        ("3. ledna 2027", "d. m. rrrr", "cs", "3. 1. 2027"),
        ("3. ledna 2027", "dd.mm.rrrr", "cs", "03.01.2027"),
    ],
)
def test_a_placeholder_of_one_letter_parts_takes_the_date_without_leading_zeros(
    value: str, hint: str, lang: str, typed: str
) -> None:
    assert for_field(value, "text", hint, lang=lang) == typed


@_browser
async def test_the_first_or_last_n_rows_are_ticked_in_reading_order(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext10/orders.html"))
    report = await quiet.act(page, "select the first two rows")
    assert report.ok, report.text
    ticked = await page.locator("input[type=checkbox]").evaluate_all(
        "els => els.filter((e) => e.checked).map((e) => e.id).join(' ')"
    )
    assert ticked == "o1 a1 o2"  # the rows' boxes, not 'Select all', not the switches
    report = await quiet.act(page, "tick the last 3 orders")
    assert report.ok, report.text
    assert await page.is_checked("#o4") and await page.is_checked("#o3")
    report = await quiet.act(page, "select the first five rows")  # only four rows
    assert not report.ok, report.text


@_browser
async def test_a_selected_tab_an_open_section_and_a_shown_choice_are_already_so(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext10/widgets.html"))
    for instruction in ("open the Overview tab", "expand Shipping", "choose the Standard plan"):
        report = await quiet.act(page, instruction)
        assert report.steps[0].status == "already", (instruction, report.text)
    assert await _state(page) == ""  # a click would have closed the section or opened the list
    report = await quiet.act(page, "expand Returns")
    assert report.ok, report.text
    assert await _state(page) == "acc2;"


@_browser
async def test_a_date_picker_field_is_left_so_the_picker_reads_it(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext10/widgets.html"))
    report = await quiet.act(page, "set the arrival to 14 March 2015")
    assert report.ok, report.text
    assert await page.input_value("#when") == "Sat Mar 14 2015"


@_browser
async def test_the_last_page_is_never_the_next_arrow(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext10/widgets.html"))
    await quiet.act(page, "go to the last page")
    assert "pgn" not in await _state(page)


@_browser
async def test_a_list_widget_offering_no_such_choice_keeps_its_value(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext10/insurer.html"))
    report = await quiet.act(page, "choose Zenith Mutual as the insurer")
    assert not report.ok, report.text
    assert await page.input_value("#ins") == ""


@_browser
async def test_select_all_orders_uses_the_select_all_box_and_show_all_orders_ticks_nothing(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext10/orders.html"))
    report = await quiet.act(page, "show all orders")
    ticked = "els => els.filter((e) => e.checked).map((e) => e.id).join(' ')"
    assert await page.locator("input[type=checkbox]").evaluate_all(ticked) == "a1", report.text
    await page.evaluate(
        "() => { document.getElementById('all').setAttribute('aria-label', 'Select all orders'); }"
    )
    report = await quiet.act(page, "select all orders")
    assert report.ok, report.text
    assert await page.is_checked("#all")


def test_a_stated_change_applies_to_a_label_value_pair() -> None:
    (step,) = parse_instruction("E-Mail: LENA.VOGT@WEB.DE in Kleinbuchstaben")
    assert (step.action, step.target, step.text) == ("set", "E-Mail", "lena.vogt@web.de")


@pytest.mark.parametrize(
    "instruction",
    [
        "Enter the value of Color into the text field and press Submit.",
        "type the total of the order into Amount",
    ],
)
def test_a_value_named_by_what_holds_it_is_refused(instruction: str) -> None:
    assert parse_instruction(instruction)[0].action == "refuse"


def test_a_scroll_then_a_second_step_without_and() -> None:
    steps = parse_instruction("Scroll the textarea to the bottom of the text hit submit.")
    assert [(s.action, s.target, s.text) for s in steps] == [
        ("scroll", "textarea", "bottom"),
        ("click", "submit", None),
    ]
