"""Instructions in Hungarian, Turkish and Greek, in real Chromium.

One profile page per language (``pages/lang3/form_<code>.html``): a search field, two tabs, a menu
button, named text fields, a number field, a list, three checkboxes, a switch, buttons, three
'Details' buttons in a list, and a table of people with an 'active' switch, an edit and a delete
button per row. Every rule of the tables in ``languages`` (verb families, verb first and last,
case endings, kind words, ordinals, items joined by 'and', steps split at 'then' and 'and', value
forms) has a test here that checks what happened on the page; each language also has instructions
that must end in doing nothing (ambiguous or absent targets).
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.async_api import Page

from tests.retrieval.site import PageServer
from waypost.retrieval import Actor
from waypost.retrieval.instructions import parse_instruction

pytestmark = pytest.mark.asyncio(loop_scope="session")

# What an instruction must leave on the page: 'done' ids clicked (and no other id of 'only' clicked),
# 'value' of fields, 'option' selected in a list, 'checked' states, 'on' for switches (aria-checked).
Expect = dict[str, Any]

_CASES: list[tuple[str, str, Expect]] = [
    # --- Hungarian: verb first or last, endings on the target ---
    ("hu", "kattints a Régebbi gombra", {"done": ["older"]}),
    ("hu", "a Küldés gombra kattints", {"done": ["send"], "not": ["cancel"]}),
    ("hu", "nyomd meg a Mégse gombot", {"done": ["cancel"], "not": ["send"]}),
    ("hu", "válts az Értesítések fülre", {"done": ["tab-2"]}),
    ("hu", "a Tárgy mezőbe írd be: Ajánlatkérés", {"value": {"subject": "Ajánlatkérés"}}),
    ("hu", "írd be a Név mezőbe: Kovács Kati", {"value": {"name": "Kovács Kati"}}),
    ("hu", 'írd be "kati@pelda.hu" az E-mail cím mezőbe', {"value": {"email": "kati@pelda.hu"}}),
    ("hu", "a Tárgy legyen Ajánlat", {"value": {"subject": "Ajánlat"}}),
    ("hu", "töltsd ki a Tárgy mezőt: Ajánlat", {"value": {"subject": "Ajánlat"}}),
    ("hu", "válaszd ki a Város listából: Debrecen", {"option": {"city": "Debrecen"}}),
    ("hu", "pipáld ki a Hírlevél jelölőnégyzetet", {"checked": {"news": True, "agree": False}}),
    ("hu", "a feltételeket jelöld be", {"checked": {"agree": True, "news": False}}),
    ("hu", "vedd ki a pipát az Emlékezz rám elől", {"checked": {"remember": False}}),
    ("hu", "kapcsold be az Értesítések küldését", {"on": {"sw": True}}),
    ("hu", "fogadd el a feltételeket", {"checked": {"agree": True}}),
    ("hu", "kattints a második Részletek gombra", {"done": ["det-2"], "not": ["det-1", "det-3"]}),
    ("hu", "kattints a 3. Részletek gombra", {"done": ["det-3"], "not": ["det-1", "det-2"]}),
    (
        "hu",
        "pipáld ki a Hírlevél jelölőnégyzetet és a feltételeket",
        {"checked": {"news": True, "agree": True}},
    ),
    (
        "hu",
        "írd be a Név mezőbe: Kati, aztán kattints a Küldés gombra",
        {"value": {"name": "Kati"}, "done": ["send"], "not": ["cancel"]},
    ),
    (
        "hu",
        "a Tárgy legyen Ajánlat, és nyomd meg a Küldés gombot",
        {"value": {"subject": "Ajánlat"}, "done": ["send"]},
    ),
    ("hu", "keress rá: pogácsa", {"value": {"q": "pogácsa"}, "submitted": True}),
    (
        "hu",
        "nyisd meg a Továbbiak menüt és válaszd az Exportálás lehetőséget",
        {"done": ["more", "mi-export"]},
    ),
    ("hu", "töröld Nagy Péter sorát", {"done": ["del-2"], "not": ["del-1", "del-3"]}),
    # --- Turkish: verb last, endings after an apostrophe or on the word ---
    ("tr", "Daha eski düğmesine tıkla", {"done": ["older"]}),
    ("tr", "Gönder'e tıkla", {"done": ["send"], "not": ["cancel"]}),
    ("tr", "Vazgeç düğmesine basın", {"done": ["cancel"], "not": ["send"]}),
    ("tr", "Bildirimler sekmesine geç", {"done": ["tab-2"]}),
    ("tr", "Ad alanına Elif yaz", {"value": {"name": "Elif"}}),
    ("tr", "E-posta alanına elif@ornek.com yazın", {"value": {"email": "elif@ornek.com"}}),
    ("tr", '"Yıllık teklif" değerini Konu alanına yaz', {"value": {"subject": "Yıllık teklif"}}),
    ("tr", "Adet alanını 3 olarak ayarla", {"value": {"qty": "3"}}),
    ("tr", "Konu alanını Teklif ile doldur", {"value": {"subject": "Teklif"}}),
    ("tr", "Şehir listesinden İzmir'i seç", {"option": {"city": "İzmir"}}),
    ("tr", "şehir olarak Ankara'yı seç", {"option": {"city": "Ankara"}}),
    ("tr", "Bülten'i işaretle", {"checked": {"news": True, "agree": False}}),
    ("tr", "Beni hatırla seçeneğinin işaretini kaldır", {"checked": {"remember": False}}),
    ("tr", "Bildirim gönder'i etkinleştir", {"on": {"sw": True}}),
    ("tr", "Koşulları kabul et", {"checked": {"agree": True}}),
    ("tr", "ikinci Detaylar düğmesine tıkla", {"done": ["det-2"], "not": ["det-1", "det-3"]}),
    ("tr", "Emre Çelik'i sil", {"done": ["del-2"], "not": ["del-1", "del-3"]}),
    (
        "tr",
        "Elif Şahin satırındaki Düzenle düğmesine tıkla",
        {"done": ["edit-3"], "not": ["edit-1", "edit-2"]},
    ),
    ("tr", "Elif Şahin'i pasif yap", {"checked": {"act-3": False, "act-1": True}}),
    ("tr", "Bülten'i ve Koşulları işaretle", {"checked": {"news": True, "agree": True}}),
    (
        "tr",
        "Koşulları kabul et ve Gönder'e tıkla",
        {"checked": {"agree": True}, "done": ["send"], "not": ["cancel"]},
    ),
    ("tr", "kitap ara", {"value": {"q": "kitap"}, "submitted": True}),
    ("tr", "Diğer işlemler menüsünü aç ve Dışa aktar'a tıkla", {"done": ["more", "mi-export"]}),
    # --- Greek: verb first, accents and case endings ---
    ("el", "πάτα Παλαιότερα", {"done": ["older"]}),
    ("el", "κάνε κλικ στο κουμπί Αποστολή", {"done": ["send"], "not": ["cancel"]}),
    ("el", "πάτησε Ακύρωση", {"done": ["cancel"], "not": ["send"]}),
    ("el", "ΠΑΤΑ ΑΠΟΣΤΟΛΗ", {"done": ["send"], "not": ["cancel"]}),
    ("el", "άνοιξε την καρτέλα Ειδοποιήσεις", {"done": ["tab-2"]}),
    ("el", "γράψε Νίκος στο πεδίο Όνομα", {"value": {"name": "Νίκος"}}),
    ("el", "συμπλήρωσε το πεδίο Θέμα με Προσφορά", {"value": {"subject": "Προσφορά"}}),
    ("el", "όρισε την Ποσότητα σε 3", {"value": {"qty": "3"}}),
    ("el", "επίλεξε Θεσσαλονίκη από τη λίστα Πόλη", {"option": {"city": "Θεσσαλονίκη"}}),
    ("el", "τσέκαρε το Ενημερωτικό δελτίο", {"checked": {"news": True, "agree": False}}),
    ("el", "ξετσεκάρισε το Να με θυμάσαι", {"checked": {"remember": False}}),
    ("el", "ενεργοποίησε τους ήχους ειδοποιήσεων", {"on": {"sw": True}}),
    ("el", "πάτα το δεύτερο κουμπί Λεπτομέρειες", {"done": ["det-2"], "not": ["det-1", "det-3"]}),
    (
        "el",
        "τσέκαρε το Ενημερωτικό δελτίο και τους όρους",
        {"checked": {"news": True, "agree": True}},
    ),
    (
        "el",
        "γράψε Νίκος στο πεδίο Όνομα και πάτα Αποστολή",
        {"value": {"name": "Νίκος"}, "done": ["send"], "not": ["cancel"]},
    ),
    (
        "el",
        "τσέκαρε τους όρους και μετά πάτα Αποστολή",
        {"checked": {"agree": True}, "done": ["send"]},
    ),
    ("el", "ψάξε για παπούτσια", {"value": {"q": "παπούτσια"}, "submitted": True}),
]

# Instructions that must end with nothing done: several elements fit, or none does.
_NOTHING: list[tuple[str, str]] = [
    ("hu", "kattints a Részletek gombra"),  # three of them
    ("hu", "kattints a Profil törlése gombra"),  # no such button
    ("hu", "töröld Kiss Gábor sorát"),  # no such row
    ("tr", "Detaylar düğmesine tıkla"),
    ("tr", "Facebook ile bağlan'a tıkla"),
    ("tr", "Mehmet Demir'i sil"),
    ("el", "πάτα Λεπτομέρειες"),
    ("el", "πάτα το κουμπί Εκτύπωση"),
    ("el", "ξετσεκάρισε το Ενημερωτικό δελτίο"),  # not checked: nothing to do
]

_IDS = [
    "older",
    "send",
    "cancel",
    "tab-2",
    "more",
    "mi-export",
    "det-1",
    "det-2",
    "det-3",
    "edit-1",
    "edit-2",
    "edit-3",
    "del-1",
    "del-2",
    "del-3",
    "help",
]


async def _state(page: Page) -> dict[str, Any]:
    return await page.evaluate(
        """ids => ({
            done: ids.filter(id => document.getElementById(id).dataset.done === '1'),
            values: Object.fromEntries(['q', 'name', 'email', 'subject', 'qty']
                .map(id => [id, document.getElementById(id).value])),
            city: document.getElementById('city').selectedOptions[0].text,
            checked: Object.fromEntries(['news', 'agree', 'remember', 'act-1', 'act-2', 'act-3']
                .map(id => [id, document.getElementById(id).checked])),
            sw: document.getElementById('sw').getAttribute('aria-checked'),
            submitted: document.getElementById('q').dataset.submitted === '1',
        })""",
        _IDS,
    )


@pytest.mark.parametrize(("code", "instruction", "expect"), _CASES, ids=[c[1] for c in _CASES])
async def test_instruction_does_what_it_says(
    page: Page, pages: PageServer, quiet: Actor, code: str, instruction: str, expect: Expect
) -> None:
    await page.goto(pages.url_for(f"lang3/form_{code}.html"))
    report = await quiet.act(page, instruction)
    assert report.ok, report.text
    assert all(s.lang == code for s in parse_instruction(instruction))
    state = await _state(page)
    for element_id in expect.get("done", []):
        assert element_id in state["done"], (element_id, report.text)
    for element_id in expect.get("not", []):
        assert element_id not in state["done"], (element_id, report.text)
    for element_id, value in expect.get("value", {}).items():
        assert state["values"][element_id] == value
    for _, option in expect.get("option", {}).items():
        assert state["city"] == option
    for element_id, checked in expect.get("checked", {}).items():
        assert state["checked"][element_id] is checked, element_id
    for _, on in expect.get("on", {}).items():
        assert state["sw"] == ("true" if on else "false")
    if "submitted" in expect:
        assert state["submitted"] is expect["submitted"]


@pytest.mark.parametrize(("code", "instruction"), _NOTHING, ids=[c[1] for c in _NOTHING])
async def test_nothing_is_done_when_no_one_element_fits(
    page: Page, pages: PageServer, quiet: Actor, code: str, instruction: str
) -> None:
    await page.goto(pages.url_for(f"lang3/form_{code}.html"))
    before = await _state(page)
    report = await quiet.act(page, instruction)
    assert parse_instruction(instruction)[0].lang == code
    assert await _state(page) == before, report.text
    if report.ok:  # only 'already so' may be ok, with nothing done
        assert "already" in report.text, report.text
