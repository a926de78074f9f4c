"""The planner's sentences, in English and German, and small helpers to quote page text.

Everything quoted from a page is marked as a quote: it is data the user reads, never an instruction.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Literal

__all__ = ["Texts", "focus", "money", "quote", "required_labels"]

Language = Literal["de", "en"]

_ORDINAL_WORDS = {
    "en": {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"},
    "de": {1: "erste", 2: "zweite", 3: "dritte", 4: "vierte", 5: "fünfte"},
}

_EN = {
    "headline": "The {ordinal} headline on {page} is {title} ({url}).",
    "headline_extract": "The top story on {page} reads: {text}",
    "opened_item": "Opened the {ordinal} article: {title} ({url}).",
    "arrived": "Opened {page} ({url}).",
    "search_results": "Searched for {query}: {count}. First results: {results}.",
    "search_none": "Searched for {query}: the page reports no results ({url}).",
    "search_text": "Searched for {query} ({url}). The results page reads: {text}",
    "login_ok": "Logged in as {user}: the page shows {status} ({url}).",
    "login_failed": "The login as {user} failed: the page says {status}.",
    "login_unknown": (
        "I submitted the login form as {user}, but could not confirm that it worked; the page shows: {status}"
    ),
    "logout_ok": "Logged out ({url}).",
    "logout_unknown": "I clicked the logout control, but could not confirm the logout ({url}).",
    "form_sent": "Filled in {fields} and sent the form. The page confirms: {text}",
    "form_filled": "Filled in {fields} (not sent: the task did not ask to send it).",
    "form_not_sent": (
        "I filled in {fields} and clicked {button}, but the page did not change, so the form was most likely "
        "NOT sent. {missing}"
    ),
    "form_unconfirmed": (
        "I filled in {fields} and clicked {button}; the page changed to {page}, but it shows no "
        "confirmation, so I cannot tell whether the form was sent."
    ),
    "form_missing": "The form marks these fields as required and the task did not give them: {labels}.",
    "form_missing_unknown": "It probably needs more fields than the task gave.",
    "cookies_accepted": "Accepted the cookie banner ({detail}).",
    "cookies_closed": "Closed the cookie banner without consent ({detail}).",
    "clicked": "Clicked {target}: {detail}",
    "read": "On {page}: {text}",
    "read_value": "On {page}, the {what} is {value}. Page text: {text}",
    "skipped": "Not done (beyond the offline planner): {parts}.",
    "failed": "I could not finish the task: {step} did not work ({detail}).",
    "tool_said": "the tool answered {text}",
    "finding": "finding {words!r}",
    "ticking": "ticking {words!r}",
    "opening_item": "opening the {ordinal} article",
    "no_such_link": "no link on {page} matches it",
    "no_such_element": "nothing on {page} matches it",
    "too_few_items": "{page} lists {count} article link(s)",
    "done_so_far": "Done so far: {facts}",
    "refused": (
        "The offline planner cannot do this task ({why}). It carries out direct instructions only: open a "
        "section or page, read a headline or a value, search, log in or out, fill in and send a form. "
        "Use a language model (--model) for this task."
    ),
    "no_credentials": "I need a user name and a password to log in (e.g. 'log in as NAME/PASSWORD').",
    "no_start": "I need a start page: give a URL (e.g. --start https://example.org/).",
    "blocked": "The page {url} is a CAPTCHA or bot wall ({kind}); a person has to solve it.",
    "denied": "The action {step} was not approved, so I stopped. Done so far: {facts}",
    "nothing_done": "nothing yet",
    "downloading": "downloading {words!r}",
    "downloaded": "Downloaded {name} ({what}).",
    "read_file": "{name} (page {page}) says: {text}",
    "not_in_file": "{name} does not mention it on the pages read",
    "no_new_tab": "clicking it opened no new tab and no page",
    "opened_tab": "Opened {page} in a new tab ({url}).",
    "upload_set": "Put {name} into the file field (not sent: the task did not ask to send it).",
    "upload_sent": "Uploaded {name} and sent the form. The page confirms: {text}",
    "upload_unconfirmed": (
        "I put {name} into the file field and clicked send, but the page shows no confirmation."
    ),
    "shortened": "(read earlier on {page}; that part of the history has since been shortened)",
    "not_found": "Not found: {what} is not on the pages I read ({pages}).",
    "not_found_time": "Not found: the pages I read ({pages}) say nothing about {when}.",
    "found_value": "On {page}, the {what} is {value}. Page text: {text}",
    "found_weather": "{when} ({day}) in {place}: {value}. Page text: {text}",
    "page_author": "This {thing} was written by {value} (byline on {page}).",
    "page_date": "This {thing} was published on {value} ({page}).",
    "page_title": "The title of this {thing} is {value}.",
    "page_summary": "This {thing} is about: {value}",
    "page_paragraph": "The {ordinal} paragraph of this {thing} reads: {value}",
    "page_link": "The {ordinal} link in the body of this {thing} is {value}.",
}

_DE = {
    "headline": "Die {ordinal} Schlagzeile auf {page} lautet {title} ({url}).",
    "headline_extract": "Das Top-Thema auf {page}: {text}",
    "opened_item": "Den {ordinal}n Artikel geöffnet: {title} ({url}).",
    "arrived": "{page} geöffnet ({url}).",
    "search_results": "Suche nach {query}: {count}. Erste Treffer: {results}.",
    "search_none": "Suche nach {query}: die Seite meldet keine Treffer ({url}).",
    "search_text": "Suche nach {query} ({url}). Auf der Ergebnisseite steht: {text}",
    "login_ok": "Angemeldet als {user}: die Seite zeigt {status} ({url}).",
    "login_failed": "Die Anmeldung als {user} ist fehlgeschlagen: die Seite meldet {status}.",
    "login_unknown": (
        "Ich habe das Anmeldeformular als {user} abgeschickt, konnte die Anmeldung aber nicht bestätigen; "
        "die Seite zeigt: {status}"
    ),
    "logout_ok": "Abgemeldet ({url}).",
    "logout_unknown": "Ich habe auf Abmelden geklickt, konnte die Abmeldung aber nicht bestätigen ({url}).",
    "form_sent": "{fields} ausgefüllt und das Formular abgeschickt. Die Seite bestätigt: {text}",
    "form_filled": "{fields} ausgefüllt (nicht abgeschickt: das war nicht verlangt).",
    "form_not_sent": (
        "Ich habe {fields} ausgefüllt und auf {button} geklickt, aber die Seite hat sich nicht geändert: das "
        "Formular wurde sehr wahrscheinlich NICHT gesendet. {missing}"
    ),
    "form_unconfirmed": (
        "Ich habe {fields} ausgefüllt und auf {button} geklickt; die Seite wechselte zu {page}, zeigt aber "
        "keine Bestätigung: ob das Formular gesendet wurde, kann ich nicht sagen."
    ),
    "form_missing": "Das Formular verlangt diese Pflichtfelder, die in der Aufgabe fehlen: {labels}.",
    "form_missing_unknown": "Vermutlich fehlen Pflichtfelder, die die Aufgabe nicht nennt.",
    "cookies_accepted": "Cookie-Banner akzeptiert ({detail}).",
    "cookies_closed": "Cookie-Banner ohne Einwilligung geschlossen ({detail}).",
    "clicked": "{target} geklickt: {detail}",
    "read": "Auf {page}: {text}",
    "read_value": "Auf {page}: {what} {value}. Seitentext: {text}",
    "skipped": "Nicht erledigt (geht über den Offline-Planer hinaus): {parts}.",
    "failed": "Ich konnte die Aufgabe nicht abschließen: {step} hat nicht funktioniert ({detail}).",
    "tool_said": "das Werkzeug meldete {text}",
    "finding": "{words!r} finden",
    "ticking": "{words!r} ankreuzen",
    "opening_item": "den {ordinal}n Artikel öffnen",
    "no_such_link": "kein Link auf {page} passt dazu",
    "no_such_element": "nichts auf {page} passt dazu",
    "too_few_items": "{page} listet {count} Artikel-Link(s)",
    "done_so_far": "Bisher erledigt: {facts}",
    "refused": (
        "Diese Aufgabe kann der Offline-Planer nicht erledigen ({why}). Er führt nur direkte Anweisungen "
        "aus: eine Rubrik oder Seite öffnen, eine Schlagzeile oder einen Wert lesen, suchen, an- oder "
        "abmelden, ein Formular ausfüllen und senden. Nutzen Sie dafür ein Sprachmodell (--model)."
    ),
    "no_credentials": (
        "Zum Anmelden brauche ich Benutzername und Passwort (z. B. 'melde dich als NAME/PASSWORT an')."
    ),
    "no_start": "Ich brauche eine Startseite: geben Sie eine URL an (z. B. --start https://example.org/).",
    "blocked": "Die Seite {url} ist eine CAPTCHA- oder Bot-Sperre ({kind}); ein Mensch muss sie lösen.",
    "denied": (
        "Die Aktion {step} wurde nicht freigegeben, deshalb habe ich aufgehört. Bisher erledigt: {facts}"
    ),
    "nothing_done": "noch nichts",
    "downloading": "{words!r} herunterladen",
    "downloaded": "{name} heruntergeladen ({what}).",
    "read_file": "{name} (Seite {page}): {text}",
    "not_in_file": "{name} erwähnt es auf den gelesenen Seiten nicht",
    "no_new_tab": "der Klick öffnete weder einen neuen Tab noch eine Seite",
    "opened_tab": "{page} in einem neuen Tab geöffnet ({url}).",
    "upload_set": "{name} in das Dateifeld gelegt (nicht gesendet: das war nicht verlangt).",
    "upload_sent": "{name} hochgeladen und das Formular gesendet. Die Seite bestätigt: {text}",
    "upload_unconfirmed": "{name} liegt im Dateifeld und ich habe gesendet, aber die Seite bestätigt nichts.",
    "shortened": "(früher auf {page} gelesen; dieser Teil des Verlaufs wurde inzwischen gekürzt)",
    "not_found": "Nicht gefunden: {what} steht nicht auf den Seiten, die ich gelesen habe ({pages}).",
    "not_found_time": "Nicht gefunden: die gelesenen Seiten ({pages}) sagen nichts über {when}.",
    "found_value": "Auf {page}: {what} {value}. Seitentext: {text}",
    "found_weather": "{when} ({day}) in {place}: {value}. Seitentext: {text}",
    "page_author": "Dieser {thing} wurde von {value} geschrieben (Autorenzeile auf {page}).",
    "page_date": "Dieser {thing} wurde am {value} veröffentlicht ({page}).",
    "page_title": "Der Titel dieses {thing}s lautet {value}.",
    "page_summary": "Darum geht es in diesem {thing}: {value}",
    "page_paragraph": "Der {ordinal} Absatz dieses {thing}s lautet: {value}",
    "page_link": "Der {ordinal} Link im Text dieses {thing}s ist {value}.",
}


class Texts:
    """The planner's sentences in one language.

    Args:
        language: ``en`` or ``de``.
    """

    def __init__(self, language: Language) -> None:
        self.language = language
        self._table = _DE if language == "de" else _EN

    def __call__(self, key: str, **values: object) -> str:
        """The sentence ``key`` with ``values`` filled in."""
        return self._table[key].format(**values)

    def ordinal(self, n: int) -> str:
        """'first', 'zweite'... (a number with a dot past five)."""
        return _ORDINAL_WORDS[self.language].get(n, f"{n}.")

    def quote(self, text: str, limit: int = 300) -> str:
        """Page text as a quote in this language's quotation marks."""
        return quote(text, limit, self.language)

    def join(self, items: Sequence[str]) -> str:
        """'a, b and c' / 'a, b und c'."""
        items = [i for i in items if i]
        if len(items) <= 1:
            return "".join(items)
        word = " und " if self.language == "de" else " and "
        return ", ".join(items[:-1]) + word + items[-1]


def quote(text: str, limit: int = 300, language: Language = "en") -> str:
    """``text`` on one line, cut to ``limit`` characters, in quotation marks."""
    text = " ".join(text.split())
    if len(text) > limit:
        cut = text[: limit - 1]
        cut = cut[: cut.rfind(" ")] if " " in cut[limit // 2 :] else cut
        text = cut + "…"
    return f"„{text}“" if language == "de" else f"“{text}”"


def focus(text: str, query: str, width: int = 240) -> str:
    """The part of ``text`` around the most specific word of ``query`` it contains (or its start).

    Args:
        text: Section text from a page.
        query: What the user asked about.
        width: Characters to keep.
    """
    flat = " ".join(text.split())
    words = sorted({w for w in re.findall(r"[\wÄÖÜäöüß-]{3,}", query)}, key=len, reverse=True)
    lowered = flat.lower()
    for word in words:
        index = lowered.find(word.lower())
        if index > 0:
            start = flat.rfind(" ", 0, max(0, index - 20)) + 1
            return flat[start : start + width]
        if index == 0:
            break
    return flat[:width]


_MONEY = re.compile(
    r"(?:[-+]?\d{1,3}(?:[.\s]\d{3})*(?:,\d{1,2})?|\d+(?:,\d{1,2})?)\s?(?:€|EUR\b|Euro\b)|"
    r"(?:€|\$|£)\s?\d[\d,.]*\d|\d[\d,.]*\d?\s?(?:USD|\$|£)"
)


def money(text: str, after: str = "") -> str | None:
    """The first amount of money in ``text`` (after the words in ``after``, when found), e.g. ``42,18 €``."""
    start = 0
    if after:
        for word in sorted(re.findall(r"[\wÄÖÜäöüß-]{3,}", after), key=len, reverse=True):
            index = text.lower().find(word.lower())
            if index >= 0:
                start = index
                break
    match = _MONEY.search(text, start) or _MONEY.search(text)
    return match.group(0).strip() if match else None


_REQUIRED = re.compile(r"((?:[\wÄÖÜäöüß()-]+[.,]?\s){0,4}?[\wÄÖÜäöüß()-]+[.]?)\s\*(?=\s|$)")


def required_labels(form_text: str, filled: Sequence[str]) -> list[str]:
    """Labels a form marks as required (``Name *``) that none of ``filled`` names.

    Args:
        form_text: The form's text as ``extract`` returned it.
        filled: The element names the planner typed into, selected or ticked.
    """
    found: list[str] = []
    seen_filled = " ".join(filled).lower()
    for match in _REQUIRED.finditer(form_text):
        words = match.group(1).split()
        # Keep from the last capitalised word: "Ich habe die Datenschutzerklärung gelesen." → the noun on.
        start = max((i for i, w in enumerate(words) if w[:1].isupper()), default=len(words) - 1)
        label = " ".join(words[start:]).strip(" .,")
        low = label.lower()
        if not label or "pflichtfeld" in low or low in ("mit", "with", "marked", "markiert"):
            continue
        key = low.split()[0]
        if key in seen_filled or any(key in f.lower() for f in found):
            continue
        found.append(label)
    return found
