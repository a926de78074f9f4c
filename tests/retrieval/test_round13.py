"""`act` round 13: pages that scroll smoothly, next/previous and modes asked for in other
languages ('page suivante', 'tmavý režim', 'ダークモードにして'), Japanese verbs after their object,
ordinals of other languages and scripts ('drugi', '第三个', '3番目の'), and a link to the page shown
against the form's button of the same name ('sign out' on the sign-out page).
Each test checks what happened on the page (our own pages in ``pages/ext17``).
"""

from __future__ import annotations

import pytest
from playwright.async_api import Page

from tests.retrieval.site import PageServer
from waypost.retrieval import Actor, parse_instruction
from waypost.retrieval.query import parse_query

_browser = pytest.mark.asyncio(loop_scope="session")


async def _clicked(page: Page) -> str:
    return str(await page.evaluate("document.body.dataset.clicked"))


@pytest.mark.parametrize(
    ("instruction", "href"),
    [
        ("the next page", "config.html"),  # far below, on a page that scrolls smoothly
        ("page suivante", "config.html"),
        ("vorherige Seite", "index.html"),
        ("przejdź do następnej strony", "config.html"),
        ("vuelve a la página anterior", "index.html"),
        ("previous", "index.html"),
    ],
)
@_browser
async def test_next_and_previous_in_any_language_below_the_fold(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, href: str
) -> None:
    await page.goto(pages.url_for("ext17/docs.html"))
    report = await quiet.act(page, instruction)
    assert report.ok, (instruction, report.text)
    assert await _clicked(page) == f"{href};"


@pytest.mark.parametrize(
    "instruction",
    [
        "mode sombre",
        "passe en mode sombre",
        "přepni na tmavý režim",
        "cambia al modo oscuro",
        "ダークモードにして",
    ],
)
@_browser
async def test_a_mode_asked_for_in_another_language_is_its_toggle(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await page.goto(pages.url_for("ext17/docs.html"))
    report = await quiet.act(page, instruction)
    assert report.ok, (instruction, report.text)
    assert await _clicked(page) == "theme;"


@pytest.mark.parametrize("instruction", ["sign out", "me déconnecter", "ログアウトする"])
@_browser
async def test_the_form_button_wins_over_a_link_to_the_page_that_holds_it(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await page.goto(pages.url_for("ext17/signout.html"))
    report = await quiet.act(page, instruction)
    assert report.ok, (instruction, report.text)
    assert await page.evaluate("document.body.dataset.sent") == "logout;"
    assert await _clicked(page) == ""


@pytest.mark.parametrize(
    ("instruction", "value"),
    [
        ("选择第三个地址", "lovelace@example.net"),
        ("wybierz drugi adres", "ada.work@example.com"),
        ("choose the last address", "lovelace@example.net"),
    ],
)
@_browser
async def test_ordinals_of_other_languages_count_the_choices(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, value: str
) -> None:
    await page.goto(pages.url_for("ext17/emails_zh.html"))
    report = await quiet.act(page, instruction)
    assert report.ok, (instruction, report.text)
    assert await page.evaluate("document.querySelector('input[name=email]:checked').value") == value


@_browser
async def test_a_second_of_a_kind_the_page_has_once_is_left_alone(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    # one field says "地址" (address); the radios say nothing of the kind: the one field is no
    # "second address"
    await page.goto(pages.url_for("ext17/emails_zh.html"))
    report = await quiet.act(page, "type x@example.org into the second address field")
    assert not report.ok, report.text
    assert await page.input_value("#id_email") == ""


@pytest.mark.parametrize(
    ("target", "ordinal", "head"),
    [
        ("第三个地址", 3, ("地址",)),
        ("3番目のタブ", 3, ("タブ",)),
        ("最初の質問", 1, ("質問",)),
        ("最后一个问题", -1, ("问题",)),
        ("poslední otázka", -1, ("otázka",)),
        ("ostatnia zakładka", -1, ("zakładka",)),
        ("третий адрес", 3, ("адрес",)),
    ],
)
def test_ordinals_of_other_languages_and_scripts_are_read(
    target: str, ordinal: int, head: tuple[str, ...]
) -> None:
    q = parse_query(target, "click")
    assert (q.ordinal, q.head) == (ordinal, head)


@pytest.mark.parametrize(
    ("instruction", "target", "verb"),
    [
        ("クイックスタートを開いて", "クイックスタート", "open"),
        ("最初の質問を展開して", "最初の質問", "expand"),
        ("ダークモードにして", "ダークモード", ""),
        ("ログアウトする", "ログアウト", ""),
        ("設定に移動", "設定", ""),
    ],
)
def test_japanese_verbs_after_their_object(instruction: str, target: str, verb: str) -> None:
    (step,) = parse_instruction(instruction)
    assert (step.action, step.target, step.verb) == ("click", target, verb)


@pytest.mark.parametrize(
    ("page_name", "instruction", "selector"),
    [
        ("signout.html", "the button", "button"),
        ("reset.html", "the email box", "#id_email"),
        ("password.html", "the username field", "#id_username"),
    ],
)
@_browser
async def test_a_kind_named_alone_without_a_verb_is_the_one_of_that_kind(
    page: Page, pages: PageServer, quiet: Actor, page_name: str, instruction: str, selector: str
) -> None:
    await page.goto(pages.url_for(f"ext17/{page_name}"))
    report = await quiet.act(page, instruction)
    assert report.ok, (instruction, report.text)
    assert await page.evaluate(f"document.querySelector({selector!r}) === document.activeElement") or (
        await page.evaluate("document.body.dataset.sent") != ""
    )


@_browser
async def test_a_field_named_then_its_value_types_the_value(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext17/password.html"))
    for instruction in (
        "current password is x1y2-secret-pass",
        "new password Blue-Harbor-88",
        "confirm the new password: Blue-Harbor-88",
        "username grace",
    ):
        report = await quiet.act(page, instruction)
        assert report.ok, (instruction, report.text)
    values = [
        await page.input_value(f"#id_{n}") for n in ("oldpassword", "password1", "password2", "username")
    ]
    assert values == ["x1y2-secret-pass", "Blue-Harbor-88", "Blue-Harbor-88", "grace"]
    assert await page.evaluate("document.body.dataset.sent") == ""


@_browser
async def test_a_value_for_both_new_password_fields(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext17/password.html"))
    report = await quiet.act(page, "new password Sea-Lane-4, twice")
    assert report.ok, report.text
    values = [await page.input_value(f"#id_{n}") for n in ("oldpassword", "password1", "password2")]
    assert values == ["", "Sea-Lane-4", "Sea-Lane-4"]


@pytest.mark.parametrize(
    ("instruction", "expected"),
    [
        ("password reset", ("click", "password reset", None)),  # a plain word goes in no password
        ("login page", ("click", "login page", None)),
        ("username grace", ("type", "username", "grace")),
        ("E-Mail jo@example.org", ("type", "E-Mail", "jo@example.org")),
        ("Old password forgotten?", ("click", "Old password forgotten?", None)),  # a question: no value
        ("heslo Zlaty-Klic-8", ("type", "heslo", "Zlaty-Klic-8")),
    ],
)
def test_which_words_name_a_field_before_its_value(
    instruction: str, expected: tuple[str, str, str | None]
) -> None:
    (step,) = parse_instruction(instruction)
    assert (step.action, step.target, step.text) == expected


@pytest.mark.parametrize(
    ("page_name", "instruction", "sent"),
    [
        ("reset.html", "reset the password for ada@example.org", "reset:ada@example.org;"),
        ("../ext16/emails.html", "add grace@example.org", "action_add:grace@example.org;"),
        ("../ext16/emails.html", "ajoute l'adresse grace@example.fr", "action_add:grace@example.fr;"),
        ("../ext16/emails.html", "neue E-Mail hopper@example.de hinzufügen", "action_add:hopper@example.de;"),
    ],
)
@_browser
async def test_a_value_and_the_words_of_its_forms_button(
    page: Page, pages: PageServer, quiet: Actor, page_name: str, instruction: str, sent: str
) -> None:
    await page.goto(pages.url_for(f"ext17/{page_name}"))
    report = await quiet.act(page, instruction)
    assert report.ok, (instruction, report.text)
    assert await page.evaluate("document.body.dataset.sent") == sent


@pytest.mark.parametrize(
    "instruction", ["delete my account ada@example.org", "subscribe grace@example.org to the newsletter"]
)
@_browser
async def test_a_value_with_words_no_form_says_is_left_alone(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await page.goto(pages.url_for("ext16/emails.html"))
    report = await quiet.act(page, instruction)
    assert not report.ok, (instruction, report.text)
    assert await page.evaluate("document.body.dataset.sent") == ""
    assert await page.input_value("#id_email") == ""


@pytest.mark.parametrize(
    ("instruction", "opened"),
    [
        ("open the windows question", [2]),  # a question is what 'question' asks for
        ("the Redis question", [0]),
        ("the second question", [1]),
        ("la dernière question", [2]),
        ("open the first and the last question", [0, 2]),
        ("ouvre la première et la dernière question", [0, 2]),
        ("die erste und die zweite Frage öffnen", [0, 1]),
        ("最初の質問を開いて", [0]),
    ],
)
@_browser
async def test_questions_by_their_words_or_their_place(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, opened: list[int]
) -> None:
    await page.goto(pages.url_for("ext17/faq.html"))
    report = await quiet.act(page, instruction)
    assert report.ok, (instruction, report.text)
    assert (
        await page.evaluate("[...document.querySelectorAll('details')].flatMap((d, i) => d.open ? [i] : [])")
        == opened
    )
    assert await _clicked(page) == ""


@pytest.mark.parametrize("instruction", ["the fourth question", "open the Linux question"])
@_browser
async def test_questions_the_page_does_not_have_are_left_alone(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await page.goto(pages.url_for("ext17/faq.html"))
    report = await quiet.act(page, instruction)
    assert not report.ok, (instruction, report.text)
    assert await page.evaluate("[...document.querySelectorAll('details')].some((d) => d.open)") is False
    assert await _clicked(page) == ""


@_browser
async def test_the_field_under_another_and_the_link_next_to_one(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext17/password.html"))
    report = await quiet.act(page, "the field under New Password")  # not the one named so
    assert report.ok, report.text
    assert await page.evaluate("document.activeElement.id") == "id_password2"
    await page.goto(pages.url_for("ext16/signin.html"))
    report = await quiet.act(page, "the link next to the password box")
    assert report.ok, report.text
    assert await page.evaluate("document.body.dataset.sent") == "link:/accounts/password/reset/;"


@_browser
async def test_a_label_run_on_into_more_words_is_no_label_and_value(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    # "ログイン" is a field's label; 'ログイン状態を保持する' (keep me signed in) goes on with words
    await page.goto(pages.url_for("ext17/login_ja.html"))
    report = await quiet.act(page, "ログイン状態を保持する")
    assert await page.input_value("#id_login") == "", report.text
    assert not await page.is_checked("#id_remember")


@pytest.mark.parametrize("instruction", ["remember me", "keep me signed in"])
@_browser
async def test_remember_me_in_other_words(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await page.goto(pages.url_for("ext17/login_ja.html"))  # the box says "Angemeldet bleiben"
    report = await quiet.act(page, instruction)
    assert report.ok, (instruction, report.text)
    assert await page.is_checked("#id_remember")


@pytest.mark.parametrize(
    "instruction", ["search for retries", "search the docs for retries", "hledej retries"]
)
@_browser
async def test_a_search_box_behind_its_button_is_opened_then_filled(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await page.goto(pages.url_for("ext17/search_modal.html"))
    report = await quiet.act(page, instruction)
    assert report.ok, (instruction, report.text)
    assert await page.evaluate("document.body.dataset.sent") == "q=retries;"


@pytest.mark.parametrize("instruction", ["go to the home page", "home page", "go home"])
@_browser
async def test_the_brand_link_is_the_home_page(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await page.goto(pages.url_for("ext17/brand.html"))
    report = await quiet.act(page, instruction)  # never "View this page"
    assert report.ok, (instruction, report.text)
    assert await _clicked(page) == "/;"


@pytest.mark.parametrize(
    ("page_name", "instruction", "sent"),
    [
        ("password.html", "save the new password", "action;"),  # the form whose fields say so
        ("password.html", "update the username", "save;"),
        ("reset.html", "send the reset link", "reset:;"),
    ],
)
@_browser
async def test_a_sending_verb_presses_the_button_of_the_form_its_words_name(
    page: Page, pages: PageServer, quiet: Actor, page_name: str, instruction: str, sent: str
) -> None:
    await page.goto(pages.url_for(f"ext17/{page_name}"))
    report = await quiet.act(page, instruction)
    assert report.ok, (instruction, report.text)
    assert await page.evaluate("document.body.dataset.sent") == sent


@_browser
async def test_a_sending_verb_for_a_form_no_words_name_does_nothing(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext17/password.html"))
    report = await quiet.act(page, "save the newsletter settings")
    assert not report.ok, report.text
    assert await page.evaluate("document.body.dataset.sent") == ""


def test_an_ordinal_at_the_end_says_when_not_which() -> None:
    q = parse_query("sign up first", "click")
    assert (q.ordinal, q.head) == (None, ("signup",))


@_browser
async def test_a_search_button_beside_fields_is_never_pressed_to_find_a_box(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    # the button sends the fields beside it: pressing it "to open the search box" would send them
    await page.goto(pages.url_for("ext17/search_form.html"))
    report = await quiet.act(page, "search for retries")
    assert not report.ok, report.text
    assert await page.evaluate("document.body.dataset.sent") == ""


@pytest.mark.parametrize(
    "instruction",
    [
        "go to the Gardener Instance",
        "switch to the HTML form",
        "subscribe to the newsletter",
        "open the second plant",
    ],
)
@_browser
async def test_bootstrap_marks_of_the_page_and_tab_shown_and_a_ticked_box_are_already_so(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await page.goto(pages.url_for("ext17/api.html"))
    report = await quiet.act(page, instruction)
    assert not report.ok, (instruction, report.text)
    assert await _clicked(page) == ""
    assert await page.is_checked("#newsletter")
    assert await page.evaluate("document.querySelector('.nav-tabs li.active a').name") == "html-tab"


@_browser
async def test_values_said_in_other_ways(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext17/api.html"))
    for instruction in (
        "bio : Allotment since 2011. Keeps bees.",  # a value of two sentences keeps its full stop
        "sown date should be 2025-03-12",
        "email INES@EXAMPLE.ORG but lowercase it",
    ):
        report = await quiet.act(page, instruction)
        assert report.ok, (instruction, report.text)
    assert await page.input_value("#bio") == "Allotment since 2011. Keeps bees."
    assert await page.input_value("#sown") == "2025-03-12"
    assert await page.input_value("#email") == "ines@example.org"
    await page.fill("#email", "")
    report = await quiet.act(page, "email her")  # a pronoun is no value
    assert not report.ok, report.text
    assert await page.input_value("#email") == ""


@pytest.mark.parametrize("instruction", ["expand both", "rozbal oba", "beide aufklappen"])
@_browser
async def test_expanding_both_sections_named_by_nothing_else(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await page.goto(pages.url_for("ext17/api.html"))
    report = await quiet.act(page, instruction)
    assert report.ok, (instruction, report.text)
    assert await page.evaluate("[...document.querySelectorAll('details')].every((d) => d.open)")
