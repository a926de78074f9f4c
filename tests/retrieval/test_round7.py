"""`act` round 7: values a widget's own list does not offer are refused before anything is typed,
times take the form their field shows, section verbs in other languages, ordinals within each tab
list, a quoted name as whole words, and a button named only by the instruction's verb.
Each test checks what happened on the page.
"""

from __future__ import annotations

import pytest
from playwright.async_api import Page

from tests.retrieval.site import PageServer
from waypost.retrieval import Actor, parse_instruction
from waypost.retrieval.values import NotATime, calendar_language, for_field, time_for_text_field

_browser = pytest.mark.asyncio(loop_scope="session")


@pytest.mark.parametrize(
    ("value", "shown", "typed"),
    [
        ("9:15 PM", "10:10", "21:15"),
        ("7 pm", "HH:mm", "19:00"),
        ("9:15 PM", "9:30 AM", "9:15 PM"),
        ("9:15 PM", "", "9:15 PM"),  # nothing says the field holds a time
        ("Paris", "10:10", "Paris"),
    ],
)
def test_a_time_takes_the_form_its_text_field_shows(value: str, shown: str, typed: str) -> None:
    assert time_for_text_field(value, shown) == typed


@pytest.mark.parametrize("value", ["25:10", "13:00 PM", "9:75"])
def test_an_impossible_time_is_refused_by_time_fields(value: str) -> None:
    with pytest.raises(NotATime):
        time_for_text_field(value, "10:10")
    with pytest.raises(NotATime):
        for_field(value, "time")


@_browser
async def test_clock_picker_fields_get_times_in_their_own_form(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext11/clocks.html"))
    for instruction, field, value in [
        ("set the start to 9:15 PM", "#start", "21:15"),
        ("set the lunch to 1:30 PM", "#lunch", "1:30 PM"),
        ("set the end time to 7 pm", "#end", "19:00"),
        ("set the alarm to 6:45 AM", "#alarm", "06:45"),
    ]:
        report = await quiet.act(page, instruction)
        assert report.ok, report.text
        assert await page.input_value(field) == value, instruction


@_browser
async def test_an_impossible_time_types_nothing(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext11/clocks.html"))
    for instruction in ["set the start to 25:10", "set the alarm to 25:10"]:
        report = await quiet.act(page, instruction)
        assert not report.ok and "not a time of day" in report.text, report.text
    assert await page.input_value("#start") == "09:30"
    assert await page.inner_text("#log") == ""


@pytest.mark.parametrize(
    ("instruction", "verb"),
    [("dépliez « Retours »", "expand"), ("repliez « Retours »", "collapse"), ("rozbalte Doprava", "expand")],
)
def test_section_verbs_of_other_languages_are_kept(instruction: str, verb: str) -> None:
    (step,) = parse_instruction(instruction)
    assert (step.action, step.verb) == ("click", verb)


@_browser
async def test_a_french_expand_leaves_an_open_section_open(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext11/sections_fr.html"))
    report = await quiet.act(page, "dépliez « Livraison et délais »")
    assert report.steps[0].status == "already", report.text
    report = await quiet.act(page, "dépliez « Retours et remboursements »")
    assert report.ok, report.text
    report = await quiet.act(page, "repliez « Livraison et délais »")
    assert report.ok, report.text
    assert await page.inner_text("#state") == "q2;q1;"
    assert await page.get_attribute("#q1", "aria-expanded") == "false"


@_browser
async def test_tab_ordinals_count_within_each_tab_list(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext11/two_tablists.html"))
    report = await quiet.act(page, "open the 3rd tab")
    assert report.steps[0].status == "unsure", report.text  # each list has a 3rd tab
    report = await quiet.act(page, "open the 4th tab")
    assert report.steps[0].status == "not_found", report.text  # not the tablet's first tab
    assert await page.inner_text("#state") == ""
    report = await quiet.act(page, "open the Specs tab of the tablet")
    assert report.ok, report.text
    assert await page.inner_text("#state") == "b2;"


@_browser
async def test_tab_ordinals_in_one_tab_list(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext11/one_tablist.html"))
    assert (await quiet.act(page, "open the 3rd tab")).ok
    assert (await quiet.act(page, "open the 4th tab")).steps[0].status == "not_found"
    assert await page.inner_text("#state") == "t3;"


@_browser
async def test_enable_a_person_sets_their_switch_not_their_row_box(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext11/members_zh.html"))
    report = await quiet.act(page, "启用刘洋")
    assert report.ok, report.text
    report = await quiet.act(page, "启用张伟")
    assert report.steps[0].status == "already", report.text
    checked = await page.evaluate(
        "() => [...document.querySelectorAll('input')].filter(i => i.checked).map(i => i.id)"
    )
    assert checked == ["s1", "s2"]


@_browser
async def test_a_quoted_name_is_whole_words(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext11/player.html"))
    report = await quiet.act(page, 'click on the item labeled "Play"')
    assert not report.ok, report.text  # "Playback" is another item
    assert await page.inner_text("#state") == ""
    report = await quiet.act(page, 'click "Playback"')
    assert report.ok, report.text
    assert await page.inner_text("#state") == "m1;"


@_browser
async def test_a_quoted_link_is_not_a_word_of_the_text_written_otherwise(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext11/player.html"))
    report = await quiet.act(page, 'click on the link "Id."')
    assert report.ok, report.text
    assert await page.inner_text("#state") == "idlink;"  # in the hidden tab, not the word "id"


@_browser
async def test_a_verb_alone_does_not_name_the_button(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext11/food.html"))
    report = await quiet.act(page, "Order one of each item: Cheese wheel, Caesar Salad")
    assert not report.ok, report.text
    assert await page.inner_text("#state") == ""
    assert (await quiet.act(page, "click Order")).ok
    assert await page.inner_text("#state") == "order;"


@_browser
async def test_a_list_widget_types_only_what_its_list_offers(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext11/listwidgets.html"))
    for instruction, why in [
        ("choose Madrid as the city", "offers no choice"),
        ("pick Skis in the gear field", "is disabled"),
        ("pick Python as the programming language", "offers no choice"),
    ]:
        report = await quiet.act(page, instruction)
        assert not report.ok and why in report.text, report.text
    assert await page.inner_text("#log") == ""  # nothing typed, not even for a moment
    assert [await page.input_value(s) for s in ("#city-ts", "#gear-ts", "#lang")] == ["", "", ""]
    for instruction in [
        "choose Porto as the city",
        "pick Rope in the gear field",
        "pick Java as the programming language",
    ]:
        report = await quiet.act(page, instruction)
        assert report.ok, report.text
    assert [await page.input_value(s) for s in ("#city-ts", "#gear-ts", "#lang")] == ["Porto", "Rope", "Java"]
    assert "chose Porto;" in await page.inner_text("#log")


@pytest.mark.parametrize(
    ("instruction", "target", "text"),
    [
        ("change 13:14 to 14:30", "13:14", "14:30"),
        ("update the city to Brno", "city", "Brno"),
        ('replace "Berlin" with "Hamburg"', "Berlin", "Hamburg"),
    ],
)
def test_change_and_replace_name_a_field_and_its_new_value(instruction: str, target: str, text: str) -> None:
    (step,) = parse_instruction(instruction)
    assert (step.action, step.target, step.text) == ("type", target, text)


@_browser
async def test_a_field_named_by_the_value_it_shows(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext11/clocks.html"))
    report = await quiet.act(page, "change 09:30 to 10:45")
    assert report.ok, report.text
    report = await quiet.act(page, "set the 12:15 PM field to 12:45 PM")
    assert report.ok, report.text
    assert [await page.input_value(s) for s in ("#start", "#lunch", "#end")] == ["10:45", "12:45 PM", ""]
    report = await quiet.act(page, "change 08:00 to 09:00")  # no field shows it
    assert not report.ok, report.text


@_browser
async def test_choose_an_option_a_closed_list_widget_keeps(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext11/listwidgets.html"))
    report = await quiet.act(page, "choose Faro")
    assert report.ok, report.text
    report = await quiet.act(page, "choose Skis")  # listed by the gear widget, but disabled
    assert not report.ok, report.text
    report = await quiet.act(page, "choose Madrid")  # listed by none
    assert not report.ok, report.text
    assert [await page.input_value(s) for s in ("#city-ts", "#gear-ts", "#lang")] == ["Faro", "", ""]


async def _values(page: Page, *fields: str) -> list[str]:
    return [await page.input_value(f) for f in fields]


@_browser
async def test_fields_named_by_their_labels_each_followed_by_its_value(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext11/anmeldung_de.html"))
    for instruction in ["Vorname Lena, Nachname Vogt", "Anreise am 22.12.2026", "Gutscheincode SOMMER10"]:
        report = await quiet.act(page, instruction)
        assert report.ok, report.text
    assert await _values(page, "#vn", "#nn", "#an", "#gc", "#q") == [
        "Lena",
        "Vogt",
        "2026-12-22",
        "SOMMER10",
        "",
    ]


@_browser
async def test_labelled_values_fill_nothing_unless_every_part_names_a_field(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext11/anmeldung_de.html"))
    for instruction in ["Vorname Lena, Lieblingsfarbe Blau", "Suche Ferienwohnung"]:
        report = await quiet.act(page, instruction)
        assert not report.ok, report.text
    assert await _values(page, "#vn", "#nn", "#q") == ["", "", ""]


@_browser
async def test_labelled_values_in_chinese(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext11/dingdan_zh.html"))
    report = await quiet.act(page, "收货人王芳，手机号13800138000")
    assert report.ok, report.text
    report = await quiet.act(page, "送达日期选2026年12月24日")
    assert report.ok, report.text
    assert await _values(page, "#shr", "#sjh", "#sdrq") == ["王芳", "13800138000", "2026-12-24"]


@_browser
async def test_a_typing_verb_before_label_and_value(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext11/signup_en.html"))
    for instruction in [
        "enter the name Olivia Brooks",
        "enter the promo code SUMMER10",
        "type the city Brno",
    ]:
        report = await quiet.act(page, instruction)
        assert report.ok, report.text
    assert await _values(page, "#fn", "#ln", "#city", "#promo") == ["Olivia", "Brooks", "Brno", "SUMMER10"]


@_browser
async def test_set_a_list_button_to_an_option(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext11/list_buttons.html"))
    report = await quiet.act(page, "switch the language to Deutsch")
    assert report.ok, report.text
    report = await quiet.act(page, "change the language to Klingon")
    assert not report.ok, report.text
    report = await quiet.act(page, "Passez au forfait Premium")  # the option's name before its price
    assert report.ok, report.text
    assert [await page.inner_text(s) for s in ("#lang-btn", "#plan-btn")] == [
        "Deutsch",
        "Premium – 20 €/mois",
    ]


@pytest.mark.parametrize(
    ("instruction", "targets"),
    [
        ("seleziona colazione e parcheggio", ["colazione", "parcheggio"]),
        ("cochez Newsletter et Conditions", ["Newsletter", "Conditions"]),
        ("markiere Brot und Butter", ["Brot", "Butter"]),
        ("отметьте подарочную упаковку и «не звонить»", ["подарочную упаковку", "не звонить"]),
        ("勾选早餐和停车", ["早餐", "停车"]),
        ("勾选和平饭店", ["和平饭店"]),
        ('check "Tofu and veg"', ["Tofu and veg"]),
    ],
)
def test_a_list_of_boxes_is_split_at_the_languages_and(instruction: str, targets: list[str]) -> None:
    assert [s.target for s in parse_instruction(instruction)] == targets


@_browser
async def test_an_italian_list_of_boxes(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext11/extras_it.html"))
    report = await quiet.act(page, "seleziona colazione e parcheggio")
    assert report.ok, report.text
    ticked = "els => els.filter((e) => e.checked).map((e) => e.id).join(' ')"
    assert await page.locator("input").evaluate_all(ticked) == "colazione parcheggio"


@_browser
async def test_a_date_no_calendar_has_is_typed_nowhere(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext11/anmeldung_de.html"))
    for instruction in ["Anreise am 30.02.2027", "set Anreise to 31/04/2027"]:
        report = await quiet.act(page, instruction)
        assert not report.ok and "no date of the calendar" in report.text, report.text
    assert await page.input_value("#an") == ""


@_browser
async def test_a_japanese_label_value_with_its_particles(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext11/dingdan_zh.html"))
    report = await quiet.act(page, "送达日期を2026年12月24日にする")
    assert report.ok, report.text
    assert await page.input_value("#sdrq") == "2026-12-24"


@pytest.mark.parametrize(
    ("instruction", "targets"),
    [
        ("delete my account and confirm", ["delete my account", "confirm"]),
        ("delete order 10235 and confirm with OK", ["delete order 10235", "OK"]),
        ("Review and confirm", ["Review and confirm"]),  # a button's name
    ],
)
def test_and_confirm_is_a_step_of_its_own(instruction: str, targets: list[str]) -> None:
    assert [s.target for s in parse_instruction(instruction)] == targets


@_browser
async def test_confirm_answers_the_dialog_the_step_opened(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext11/account_dialog.html"))
    report = await quiet.act(page, "confirm")  # no dialog open: nothing to confirm
    assert not report.ok, report.text
    report = await quiet.act(page, "delete my account and confirm")
    assert report.ok, report.text
    assert await page.inner_text("#state") == "asked;dlg-yes;"


@_browser
async def test_reset_is_a_concept_across_languages(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext11/dingdan_zh.html"))
    report = await quiet.act(page, "reset the form")
    assert report.ok, report.text
    assert await page.title() == "reset"


@_browser
async def test_a_tab_in_a_named_tab_list(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext11/two_tablists.html"))
    for instruction in [
        "click on the 3rd tab in the first list",
        "In the second tab list, open the 2nd tab",
        "go back to the first tab in the lower group",
        "open the last tab",
    ]:
        report = await quiet.act(page, instruction)
        assert report.ok, report.text
    report = await quiet.act(page, "open the 4th tab in the first list")
    assert not report.ok, report.text
    assert await page.inner_text("#state") == "a3;b2;b1;b3;"


@pytest.mark.parametrize(
    ("instruction", "action", "target"),
    [
        ("In the search box, type hello", "type", "search box"),
        ("return to the Overview tab", "click", "Overview tab"),
        ("switch back to the list view", "click", "list view"),
        ("switch the language to Deutsch", "type", "language"),
    ],
)
def test_places_and_return_verbs(instruction: str, action: str, target: str) -> None:
    (step,) = parse_instruction(instruction)
    assert (step.action, step.target) == (action, target)


@_browser
async def test_the_second_of_two_look_alike_buttons(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext11/rental.html"))
    report = await quiet.act(page, "click the second Book Now! button")
    assert report.ok, report.text
    assert await page.inner_text("#state") == "b2;"


@_browser
async def test_sort_by_a_column(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext11/rental.html"))
    report = await quiet.act(page, "sort by Seats")
    assert report.ok, report.text
    report = await quiet.act(page, "sort by Seats")  # sorted by it now: a click would reverse it
    assert report.steps[0].status == "already", report.text
    report = await quiet.act(page, "sort by Price")  # both tables have a Price column
    assert report.steps[0].status == "unsure", report.text
    assert await page.inner_text("#state") == "cars:Seats;"


@_browser
async def test_a_value_that_holds_another_fields_label_is_typed_nowhere(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext11/rental.html"))
    report = await quiet.act(page, "From 03/01/2027 to 03/15/2027")
    assert not report.ok, report.text
    assert await _values(page, "#from", "#to") == ["", ""]


@pytest.mark.parametrize(
    ("shown", "lang"),
    [("juillet 2026", "fr"), ("novembre 2026", "fr"), ("March 2027", "en"), ("Juli 2026", ""), ("2026", "")],
)
def test_a_calendars_language_from_its_month(shown: str, lang: str) -> None:
    assert calendar_language(shown) == lang


@_browser
async def test_a_date_typed_as_a_french_picker_reads_it(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext11/picker_fr.html"))
    report = await quiet.act(page, "set the date to 12/25/2026")
    assert report.ok, report.text
    assert await page.input_value("#arrivee") == "25/12/2026"


@_browser
async def test_ouvrez_leaves_an_open_section_open(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext11/sections_fr.html"))
    report = await quiet.act(page, "ouvrez « Livraison et délais »")
    assert report.steps[0].status == "already", report.text
    assert await page.inner_text("#state") == ""


@_browser
async def test_a_list_widget_already_holding_the_choice(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext11/listwidgets.html"))
    assert (await quiet.act(page, "choose Porto as the city")).ok
    report = await quiet.act(page, "choose Porto as the city")
    assert report.steps[0].status == "already", report.text
    assert (await page.inner_text("#log")).count("chose Porto") == 1


@_browser
async def test_sort_a_named_table_in_several_languages(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext11/rental.html"))
    for instruction in ["sort the second table by Price", "Sortiere die erste Tabelle nach Price"]:
        report = await quiet.act(page, instruction)
        assert report.ok, report.text
    report = await quiet.act(page, "sort the last table by Seats")  # the vans have no seats column
    assert not report.ok, report.text
    assert await page.inner_text("#state") == "vans:Price;cars:Price;"


@_browser
async def test_pick_a_date_into_the_one_date_field(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext11/picker_fr.html"))
    report = await quiet.act(page, "pick 3 March 2027")
    assert report.ok, report.text
    assert await page.input_value("#arrivee") == "03/03/2027"
    await page.goto(pages.url_for("ext11/rental.html"))
    report = await quiet.act(page, "pick 3 March 2027")  # two fields, From and to: which one?
    assert not report.ok, report.text


@_browser
async def test_a_read_only_picker_field_is_set_without_opening_its_calendar(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext11/picker_readonly.html"))
    report = await quiet.act(page, "Select 12/02/2016 as the date and hit submit.")
    assert report.ok, report.text
    assert await page.inner_text("#state") == "sent 12/02/2016"


@_browser
async def test_a_date_with_a_comma_before_its_year_is_one_value(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext11/picker_fr.html"))
    report = await quiet.act(page, "enter the date July 4th, 1976")
    assert report.ok, report.text
    assert await page.input_value("#arrivee") == "04/07/1976"  # the calendar is French


@_browser
async def test_words_after_a_label_that_are_no_value(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext11/signup_en.html"))
    for instruction in ["City the closest to you", "Promo code of the week"]:
        report = await quiet.act(page, instruction)
        assert not report.ok, report.text
    assert await _values(page, "#city", "#promo") == ["", ""]
