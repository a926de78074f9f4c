"""`act` is honest about what it did: each category on pages of our own, in several languages.

- A step whose state already holds (a selected radio, a checked box, a switch that is on, a
  selected tab, the option a list already shows) is not acted on: clicking would toggle it away.
  It answers ``already``, which is not ``ok`` alone; beside a step that did something it counts.
- A stated change of the value to type ('wielkimi literami', 'en majuscules', 'rückwärts') is
  applied exactly, or the step is refused when it cannot be done exactly ('title case', 大写 of
  a number).
- 'select all orders' in a grid with a 'Select all' box checks that box, not each row.

Each test reads what happened on the page (``window.__log`` of ``honest/log.js``): every trusted
click and every change.
"""

from __future__ import annotations

import pytest
from playwright.async_api import Page

from tests.retrieval.site import PageServer
from waypost.retrieval import Actor, RetrievalSettings, parse_instruction

pytestmark = pytest.mark.asyncio(loop_scope="session")


def _actor() -> Actor:
    return Actor(RetrievalSettings(memory=False, telemetry=False, settle_timeout=0.3))


async def _log(page: Page) -> list[str]:
    return list(await page.evaluate("window.__log"))


async def _open(page: Page, pages: PageServer, name: str) -> None:
    await page.goto(pages.url_for(f"honest/{name}"))
    await page.wait_for_function("Array.isArray(window.__log)")


# -- a state that already holds ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "instruction", "probe"),
    [
        ("einstellungen_de.html", "wähle Standardversand", "#v-standard:checked"),
        ("einstellungen_de.html", "aktiviere Benachrichtigungen", "#sw-push[aria-checked=true]"),
        ("einstellungen_de.html", "turn on Benachrichtigungen", "#sw-push[aria-checked=true]"),
        ("einstellungen_de.html", "markiere Newsletter abonnieren", "#newsletter:checked"),
        ("einstellungen_de.html", "wähle Deutschland aus Land", "#land"),
        ("einstellungen_de.html", "select the Übersicht tab", "#tab-uebersicht[aria-selected=true]"),
        ("einstellungen_de.html", "deaktiviere Dunkelmodus", "#sw-dunkel[aria-checked=false]"),
        ("reglages_fr.html", "sélectionnez À domicile", "#l-domicile:checked"),
        ("reglages_fr.html", "cochez Se souvenir de moi", "#souvenir:checked"),
        ("reglages_fr.html", "activez Notifications", "#sw-notif[aria-checked=true]"),
        ("zamowienie_pl.html", "wybierz Kurier", "#d-kurier:checked"),
        ("zamowienie_pl.html", "odznacz Chcę fakturę", "#faktura:not(:checked)"),
        ("dingdan_zh.html", "选择二等座", "#xb-2:checked"),
        ("dingdan_zh.html", "开启接收通知", "#sw-tz[aria-checked=true]"),
    ],
)
async def test_a_state_that_already_holds_is_not_acted_on(
    page: Page, pages: PageServer, name: str, instruction: str, probe: str
) -> None:
    await _open(page, pages, name)
    report = await _actor().act(page, instruction)
    assert [s.status for s in report.steps] == ["already"], report.text
    assert not report.ok and report.holds
    assert "already" in report.text and "nothing was done" in report.text
    assert await _log(page) == []
    assert await page.locator(probe).count() == 1  # still in the state asked for


@pytest.mark.parametrize(
    ("name", "instruction", "probe"),
    [
        ("einstellungen_de.html", "wähle Expressversand", "#v-express:checked"),
        ("einstellungen_de.html", "aktiviere Dunkelmodus", "#sw-dunkel[aria-checked=true]"),
        ("einstellungen_de.html", "turn off Benachrichtigungen", "#sw-push[aria-checked=false]"),
        ("einstellungen_de.html", "wähle Schweiz aus Land", "#land"),
        ("einstellungen_de.html", "select the Verlauf tab", "#tab-verlauf[aria-selected=true]"),
        ("reglages_fr.html", "décochez Se souvenir de moi", "#souvenir:not(:checked)"),
        ("zamowienie_pl.html", "zaznacz Chcę fakturę", "#faktura:checked"),
        ("dingdan_zh.html", "选择一等座", "#xb-1:checked"),
    ],
)
async def test_a_state_that_does_not_hold_yet_is_set(
    page: Page, pages: PageServer, name: str, instruction: str, probe: str
) -> None:
    await _open(page, pages, name)
    report = await _actor().act(page, instruction)
    assert report.ok, report.text
    assert await page.locator(probe).count() == 1
    assert await _log(page)  # something was clicked or changed


async def test_an_already_selected_option_is_not_chosen_again(page: Page, pages: PageServer) -> None:
    await _open(page, pages, "einstellungen_de.html")
    report = await _actor().act(page, "wähle Deutschland aus Land")
    assert report.steps[0].status == "already", report.text
    assert await page.eval_on_selector("#land", "el => el.value") == "Deutschland"
    report = await _actor().act(page, "wähle Schweiz aus Land")
    assert report.ok, report.text
    assert await page.eval_on_selector("#land", "el => el.value") == "Schweiz"


async def test_an_already_so_step_lets_the_next_steps_run(page: Page, pages: PageServer) -> None:
    await _open(page, pages, "einstellungen_de.html")
    report = await _actor().act(page, "markiere Newsletter abonnieren und klicke auf Speichern")
    assert [s.status for s in report.steps] == ["already", "done"], report.text
    assert report.ok and report.holds
    assert await _log(page) == ["click speichern"]
    assert await page.locator("#newsletter:checked").count() == 1


async def test_select_all_when_all_are_selected_is_already(page: Page, pages: PageServer) -> None:
    await _open(page, pages, "einstellungen_de.html")
    await page.evaluate("document.querySelectorAll('.row-box, .select-all').forEach((c) => c.checked = 1)")
    report = await _actor().act(page, "select all Bestellungen")
    assert [s.status for s in report.steps] == ["already"], report.text
    assert await _log(page) == []


# -- stated transformations ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "instruction", "field", "value"),
    [
        ("zamowienie_pl.html", "wpisz kod lato20 wielkimi literami w pole Kod rabatowy", "#kod", "LATO20"),
        ("zamowienie_pl.html", "wpisz JAN małymi literami w pole Imię", "#imie", "jan"),
        ("zamowienie_pl.html", "wpisz abc wspak w pole Imię", "#imie", "cba"),
        ("reglages_fr.html", "saisissez dupont en majuscules dans Nom", "#nom", "DUPONT"),
        ("reglages_fr.html", "saisissez Lyon à l'envers dans Ville", "#ville", "noyL"),
        ("einstellungen_de.html", "gib mueller in Großbuchstaben in das Feld Name ein", "#name", "MUELLER"),
        (
            "einstellungen_de.html",
            "type code sommer24 in capitals into Gutscheincode",
            "#gutschein",
            "SOMMER24",
        ),
        ("einstellungen_de.html", "type abc in capitals, backwards into Name", "#name", "CBA"),
        ("dingdan_zh.html", "在姓名中用大写输入wang", "#xm", "WANG"),
    ],
)
async def test_a_stated_transformation_is_applied_exactly(
    page: Page, pages: PageServer, name: str, instruction: str, field: str, value: str
) -> None:
    await _open(page, pages, name)
    report = await _actor().act(page, instruction)
    assert report.ok, report.text
    assert await page.eval_on_selector(field, "el => el.value") == value


@pytest.mark.parametrize(
    ("name", "instruction"),
    [
        ("einstellungen_de.html", "type mueller in title case into Name"),
        ("einstellungen_de.html", "gib mueller mit großem Anfangsbuchstaben in das Feld Name ein"),
        ("reglages_fr.html", "saisissez dupont traduit en anglais dans Nom"),
        ("zamowienie_pl.html", "wpisz 120 słownie w pole Kwota"),
        ("dingdan_zh.html", "在金额中用大写输入1234"),
    ],
)
async def test_a_transformation_that_cannot_be_done_exactly_is_refused(
    page: Page, pages: PageServer, name: str, instruction: str
) -> None:
    await _open(page, pages, name)
    report = await _actor().act(page, instruction)
    assert not report.ok
    assert report.steps[0].status == "unsure", report.text
    assert "cannot be done exactly" in report.text
    assert await _log(page) == []
    assert await page.evaluate("[...document.querySelectorAll('input:not([type])')].every(i => !i.value)")


async def test_words_like_a_transformation_inside_quotes_are_the_value() -> None:
    (step,) = parse_instruction('type "in capitals" into Name')
    assert (step.action, step.text) == ("type", "in capitals")
    (step,) = parse_instruction('type "in title case" into Name')
    assert (step.action, step.text) == ("type", "in title case")
    (step,) = parse_instruction("click Capitals")
    assert (step.action, step.target) == ("click", "Capitals")


async def test_a_value_named_by_its_kind_is_the_word_after_it_only_when_the_field_says_so() -> None:
    (step,) = parse_instruction("type the code sommer24 into Gutscheincode")
    assert step.text == "sommer24"
    (step,) = parse_instruction("type New York into New York")
    assert step.text == "New York"
    (step,) = parse_instruction("type code sommer24 into Name")
    assert step.text == "code sommer24"


# -- select all ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "instruction", "master", "rows"),
    [
        ("einstellungen_de.html", "select all Bestellungen", "#alle", ".row-box"),
        ("einstellungen_de.html", "wähle alle Bestellungen", "#alle", ".row-box"),
        ("reglages_fr.html", "select all commandes", "#tout", ".row-box"),
    ],
)
async def test_select_all_rows_uses_the_select_all_box(
    page: Page, pages: PageServer, name: str, instruction: str, master: str, rows: str
) -> None:
    await _open(page, pages, name)
    report = await _actor().act(page, instruction)
    assert report.ok, report.text
    assert await _log(page) == [f"click {master[1:]}", f"change {master[1:]} true"]
    assert await page.eval_on_selector_all(rows, "els => els.every(c => c.checked)")


# -- trees -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("instruction", "clicks", "selected"),
    [
        ("wähle 2024", ["click t-2024"], "#ti-2024"),
        ("2024を選択", ["click t-2024"], "#ti-2024"),
        ("click 2024", ["click t-2024"], "#ti-2024"),
        ("open Verträge", ["click t-belege", "click t-vertraege"], "#ti-vertraege"),
        ("öffne Rechnungen", ["click t-belege", "click t-rechnungen"], "#ti-rechnungen"),
        ("wähle Verträge", ["click t-belege", "click t-vertraege"], "#ti-vertraege"),
        ("Verträgeを選択", ["click t-belege", "click t-vertraege"], "#ti-vertraege"),
    ],
)
async def test_a_tree_item_is_chosen_on_its_label_and_its_branch_opened_first(
    page: Page, pages: PageServer, instruction: str, clicks: list[str], selected: str
) -> None:
    await _open(page, pages, "einstellungen_de.html")
    report = await _actor().act(page, instruction)
    assert report.ok, report.text
    assert await _log(page) == clicks  # never the middle of an open branch, nor the branch alone
    assert await page.get_attribute(selected, "aria-selected") == "true"


async def test_an_open_branchs_middle_is_not_clicked_for_the_branch(page: Page, pages: PageServer) -> None:
    await _open(page, pages, "einstellungen_de.html")
    report = await _actor().act(page, "click Bilder")
    assert report.ok, report.text
    assert await _log(page) == ["click t-bilder"]  # its label, not one of its children
    assert await page.get_attribute("#ti-bilder", "aria-expanded") == "false"


async def test_a_tree_item_already_selected_is_already(page: Page, pages: PageServer) -> None:
    await _open(page, pages, "einstellungen_de.html")
    report = await _actor().act(page, "wähle 2025")
    assert [s.status for s in report.steps] == ["already"], report.text
    assert await _log(page) == []


@pytest.mark.parametrize("instruction", ["select all Zaloguj", "wähle alle Zaloguj"])
async def test_select_all_never_clicks_things_that_are_not_set_on(
    page: Page, pages: PageServer, instruction: str
) -> None:
    await _open(page, pages, "zamowienie_pl.html")  # no 'select all' box; 'Zaloguj się' is a button
    report = await _actor().act(page, instruction)
    assert not report.ok, report.text
    assert await _log(page) == []
