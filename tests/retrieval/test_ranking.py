"""Index, features, re-ranker, selectors and overlays on hand-made screens (no browser)."""

from __future__ import annotations

from waypost.retrieval import (
    ElementDescriptor,
    OverlayEvidence,
    RerankModel,
    Screen,
    Selector,
    parse_query,
    rank,
)
from waypost.retrieval.options import best_option
from waypost.retrieval.overlays import active_overlay, choose_dismiss_button, cookie_banners
from waypost.retrieval.ranking import decide
from waypost.retrieval.selectors import InventoryCounts, looks_generated, synthesize


def el(index: int, tag: str, role: str, name: str = "", **kw: object) -> ElementDescriptor:
    return ElementDescriptor(index=index, tag=tag, role=role, name=name, **kw)  # type: ignore[arg-type]


LOGIN = Screen(
    url="http://site.test/login",
    title="Anmelden",
    elements=(
        el(0, "a", "link", "Anmelden", href="/login", text="Anmelden"),
        el(1, "input", "textbox", "Benutzername", id="username", name_attr="username", label="Benutzername"),
        el(2, "input", "textbox", "Passwort", type="password", id="password", label="Passwort"),
        el(3, "button", "button", "Anmelden", text="Anmelden", in_main=True, section="Anmelden"),
        el(4, "a", "link", "Hilfe beim Anmelden", href="/kontakt", text="Hilfe beim Anmelden"),
    ),
)


def test_english_words_find_german_elements_and_the_role_decides() -> None:
    r = rank(LOGIN, parse_query("the login button", "click"), RerankModel())
    assert r.decision == "confident"
    assert r.candidates[0].element.index == 3
    assert r.candidates[0].p > 0.5
    typed = rank(LOGIN, parse_query("username", "type"), RerankModel())
    assert typed.candidates[0].element.index == 1
    pw = rank(LOGIN, parse_query("password field", "type"), RerankModel())
    assert pw.candidates[0].element.index == 2


def test_probabilities_compete_and_leave_mass_for_none() -> None:
    p = RerankModel.probabilities([3.0, 3.0])
    assert abs(p[0] - p[1]) < 1e-9 and sum(p) < 1
    assert RerankModel.probabilities([-5.0])[0] < 0.01
    assert RerankModel.probabilities([]) == []


def test_identical_buttons_are_a_tie_unless_the_context_tells_them_apart() -> None:
    rows = tuple(
        el(i, "button", "button", "Delete", title="Delete", nearby=f"{who} {who.lower()}@example.org")
        for i, who in enumerate(("Alice", "Bob", "Carla"))
    )
    screen = Screen("http://site.test/users", "Users", rows)
    assert rank(screen, parse_query("delete", "click"), RerankModel()).decision == "tie"
    bob = rank(screen, parse_query("delete for Bob", "click"), RerankModel())
    assert bob.decision == "confident" and bob.candidates[0].element.index == 1
    second = rank(screen, parse_query("the second delete button", "click"), RerankModel())
    assert second.candidates[0].element.index == 1


def test_links_to_the_same_place_are_not_a_tie() -> None:
    screen = Screen(
        "http://site.test/",
        "Home",
        (el(0, "a", "link", "Politik", href="/politik/"), el(1, "a", "link", "Politik", href="/politik/")),
    )
    decision, confidence = decide(
        rank(screen, parse_query("Politik", "click"), RerankModel()).candidates, 0.5, 0.12
    )
    assert decision == "confident" and confidence > 0.5


def test_copies_in_two_landmarks_are_one_control_and_look_alikes_are_not() -> None:
    def screen(*elements: ElementDescriptor) -> Screen:
        return Screen("http://site.test/", "Home", elements)

    def decision(s: Screen, target: str) -> str:
        return rank(s, parse_query(target, "click"), RerankModel()).decision

    masthead = el(0, "button", "button", "Subscribe", region="header#0", nearby="World Business")
    footer = el(1, "button", "button", "Subscribe", region="footer#4", nearby="About us Jobs")
    assert decision(screen(masthead, footer), "Subscribe") == "confident"
    # Copies in two landmarks of the page's content (cards, rows) are records, not chrome.
    cards = (
        el(0, "button", "button", "Subscribe", region="main#1 aside#2", nearby="Weekly digest"),
        el(1, "button", "button", "Subscribe", region="main#1 aside#3", nearby="Daily alerts"),
    )
    assert decision(screen(*cards), "Subscribe") == "tie"
    # Another handler or another record id does something else, wherever it is.
    handlers = (
        el(0, "button", "button", "Delete", region="header#0", handler="remove('bob')"),
        el(1, "button", "button", "Delete", region="footer#4", handler="remove('ann')"),
    )
    assert decision(screen(*handlers), "Delete") == "tie"
    records = (
        el(0, "button", "button", "Delete", region="header#0", data={"data-id": "17"}),
        el(1, "button", "button", "Delete", region="footer#4", data={"data-id": "18"}),
    )
    assert decision(screen(*records), "Delete") == "tie"
    # Links to the same place but for a tracking parameter; links to two places stay apart.
    tracked = (
        el(0, "a", "link", "Tweet", href="https://x.test/share?u=a&utm_source=top"),
        el(1, "a", "link", "Tweet", href="https://x.test/share?u=a&utm_source=bottom"),
    )
    assert decision(screen(*tracked), "Tweet") == "confident"
    years = (el(0, "a", "link", "Report", href="/r/2024"), el(1, "a", "link", "Report", href="/r/2023"))
    assert decision(screen(*years), "Report") == "tie"


def test_the_copy_acted_on_is_the_visible_one_in_view() -> None:
    hidden = el(0, "a", "link", "Sign in", href="/login", visible=False, in_viewport=False)
    footer = el(1, "a", "link", "Sign in", href="/login", in_viewport=False, region="footer#3")
    header = el(2, "a", "link", "Sign in", href="/login", region="header#0")
    ranking = rank(
        Screen("http://site.test/", "Home", (hidden, footer, header)),
        parse_query("Sign in", "click"),
        RerankModel(),
    )
    assert ranking.decision == "confident"
    assert ranking.candidates[0].element.index == 2


def test_nothing_matching_means_none() -> None:
    assert rank(LOGIN, parse_query("checkout", "click"), RerankModel()).decision in ("none", "low")


def test_an_active_dialog_is_preferred_over_the_page_behind() -> None:
    dialog = OverlayEvidence(0, dialog=True, modal=True, z_index=100, fixed=True, coverage=1.0, on_top=True)
    screen = Screen(
        "http://site.test/files",
        "Files",
        (
            el(0, "button", "button", "Delete", in_main=True),
            el(1, "button", "button", "Delete", overlays=(0,)),
        ),
        overlays=(dialog,),
    )
    overlay = active_overlay(screen)
    assert overlay is not None and overlay.score > 0.9
    assert rank(screen, parse_query("delete", "click"), RerankModel()).candidates[0].element.index == 1


def test_cookie_banner_and_its_reject_button() -> None:
    banner = OverlayEvidence(
        0, fixed=True, z_index=9999, coverage=0.2, on_top=True, cookie_words=True, text="cookies"
    )
    buttons = (
        el(0, "button", "button", "Alle akzeptieren", overlays=(0,)),
        el(1, "button", "button", "Einstellungen", overlays=(0,)),
        el(2, "button", "button", "Nur notwendige", overlays=(0,)),
        el(3, "a", "link", "Datenschutz", href="/datenschutz", overlays=(0,)),
    )
    screen = Screen("http://site.test/", "Home", buttons, overlays=(banner,))
    assert cookie_banners(screen) == [banner]
    assert choose_dismiss_button(buttons, "reject") == buttons[2]
    assert choose_dismiss_button(buttons, "accept") == buttons[0]
    assert choose_dismiss_button(buttons[1:2]) is None


def test_selectors_prefer_test_ids_and_skip_generated_ids() -> None:
    e = el(0, "button", "button", "Save", id="btn-4f9a2c", data={"data-testid": "save"}, text="Save")
    sels = synthesize(e, InventoryCounts.of([e]))
    assert [s.kind for s in sels] == ["testid", "role", "text"]
    assert str(sels[0]) == 'css=[data-testid="save"]'
    assert looks_generated(":r1:") and looks_generated("ember123") and looks_generated("btn-4f9a2c")
    assert not looks_generated("username") and not looks_generated("login-form")
    radio = el(1, "input", "radio", "Frau", type="radio", name_attr="anrede", value="frau")
    twin = el(2, "input", "radio", "Herr", type="radio", name_attr="anrede", value="herr")
    assert (
        str(synthesize(radio, InventoryCounts.of([radio, twin]))[0])
        == 'css=input[name="anrede"][value="frau"]'
    )


def test_selector_strings_round_trip() -> None:
    for text in (
        "css=#username",
        'role=button[name="Say \\"hi\\""]',
        'label="E-Mail-Adresse *"',
        'frame=iframe#pay >> frame=iframe[name="inner"] >> placeholder="Card number"',
        'text="Politik"',
    ):
        sel = Selector.parse(text)
        assert sel is not None and str(sel) == text
        assert Selector.from_dict(sel.to_dict()) == sel
    assert Selector.parse("the login button") is None


def test_best_option_matches_words_synonyms_and_values() -> None:
    opts = [("Bitte wählen …", ""), ("Leserbrief", "leserbrief"), ("Technisches Problem", "technik")]
    assert best_option("technisches problem", opts) == 2
    assert best_option("technik", opts) == 2
    assert best_option("Leserbriefe", opts) == 1
    assert best_option("Sport", opts) is None
