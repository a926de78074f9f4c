"""Controls picked by their record, second round (issue 17), in real Chromium.

Pages under ``pages/rows2/``: a French feed whose Like and Reply controls are icons with a counter
(named only by ``aria-label`` or ``title``) and whose "Suivre" buttons have ids that carry the
person's name; a German inbox table with icon-only buttons and a checkbox per row; Czech order
cards built of plain ``div`` elements with an icon link; a Spanish recipe with share bars at the
top and the bottom, a profile link and per-recipe share links. The instructions have verbs the
parser does not know ('Aimer', 'Lösche', 'Zrušte', 'compartir') or none: the record-relative shape
(a word naming a repeated control and words naming exactly one record) is what acts. Each record
carries a ``data-r`` name; the tests record which record's control was clicked.
"""

from __future__ import annotations

import pytest
from playwright.async_api import Page

from tests.retrieval.site import PageServer, record_clicks
from waypost.retrieval import Actor

pytestmark = pytest.mark.asyncio(loop_scope="session")

_RECORD = record_clicks("button, a, [role=button], input")


async def _run(
    page: Page, pages: PageServer, actor: Actor, name: str, instruction: str
) -> tuple[str, list[str]]:
    await page.goto(pages.url_for(f"rows2/{name}"))
    await page.evaluate(_RECORD)
    report = await actor.act(page, instruction)
    status = ",".join(s.status for s in report.steps)
    return ("done" if report.ok else status), await page.evaluate("() => window.__clicks")


@pytest.mark.parametrize(
    ("name", "instruction", "clicked"),
    [
        # French: icons named by aria-label / title with a counter as their text, a verb the
        # parser does not know, a handle; ids that carry the person's name
        ("social_fr.html", "Aimer la publication de @hugob", "hugo:Aimer"),
        ("social_fr.html", "Répondre à la publication sur la tarte aux pommes", "hugo:Répondre"),
        ("social_fr.html", "Suivre Paul Martin", "paul:Suivre"),
        ("social_fr.html", "Partager la publication d'Inès Petit", "ines:Partager"),
        # German: another form of the control's name, icon-only buttons, the row's checkbox
        ("posteingang_de.html", "Lösche die Nachricht von Petra Schmidt", "petra:Löschen"),
        ("posteingang_de.html", "Archivieren Mail von Jonas Weber", "jonas:Archivieren"),
        ("posteingang_de.html", "markiere die Nachricht Rechnung 2025-88", "karl:Auswählen"),
        # Czech: cards of plain divs, an icon link, imperatives of the controls' names
        ("objednavky_cs.html", "Zrušte objednávku 4472", "o4472:Zrušit"),
        ("objednavky_cs.html", "Upravte objednávku č. 4473", "o4473:Upravit"),
        # Spanish: this page shared (the top bar of two copies), a profile followed
        ("receta_es.html", "compartir esta receta en Facebook", "arriba:Facebook"),
        ("receta_es.html", "comparte en Twitter", "arriba:Compartir en Twitter"),
        ("receta_es.html", "compartir por correo", "arriba:Correo electrónico"),
        ("receta_es.html", "seguir a Recetas de Ana en Instagram", "perfil:Instagram"),
    ],
)
async def test_control_in_its_record(
    page: Page, pages: PageServer, quiet: Actor, name: str, instruction: str, clicked: str
) -> None:
    status, clicks = await _run(page, pages, quiet, name, instruction)
    assert status == "done", instruction
    assert clicks == [clicked]


@pytest.mark.parametrize(
    ("name", "instruction", "status"),
    [
        # two records match: unsure
        ("social_fr.html", "Aimer la publication de @leam", "unsure"),  # two posts by @leam
        ("social_fr.html", "Suivre Marie", "unsure"),  # Marie Dubois and Marie Leroy
        ("posteingang_de.html", "Lösche die Nachricht von Schmidt", "unsure"),  # Petra and Karl
        ("objednavky_cs.html", "Zrušte objednávku Tomáš Novák", "unsure"),  # 4471 and 4473
        ("receta_es.html", "compartir en WhatsApp", "unsure"),  # the links of two other recipes
        # the record is not there: not found
        ("social_fr.html", "Suivre Jean Valjean", "not_found"),
        ("posteingang_de.html", "Lösche die Nachricht von Anna Berg", "not_found"),
        ("objednavky_cs.html", "Zrušte objednávku 9999", "not_found"),
        # a count of records names none of them
        ("social_fr.html", "Aimer 2 publications", "unsure"),
        ("posteingang_de.html", "lösche drei Nachrichten", "unsure"),
    ],
)
async def test_several_or_no_record(
    page: Page, pages: PageServer, quiet: Actor, name: str, instruction: str, status: str
) -> None:
    got, clicks = await _run(page, pages, quiet, name, instruction)
    assert got == status, instruction
    assert clicks == []


@pytest.mark.parametrize(
    ("name", "instruction"),
    [
        # verbs that name no control of the page stay unknown: nothing is done
        ("objednavky_cs.html", "pošlete formulář"),
        ("objednavky_cs.html", "pošlete objednávku 4471"),
        ("posteingang_de.html", "leite die Nachricht von Petra Schmidt weiter"),
        ("social_fr.html", "Bloquer Paul Martin"),
        ("receta_es.html", "publicar en Facebook"),
    ],
)
async def test_unknown_verb_does_nothing(
    page: Page, pages: PageServer, quiet: Actor, name: str, instruction: str
) -> None:
    got, clicks = await _run(page, pages, quiet, name, instruction)
    assert got != "done", instruction
    assert clicks == []
