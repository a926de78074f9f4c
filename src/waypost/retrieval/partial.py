"""Honesty on partial names: an element that matches only part of what was asked is not acted on alone.

"Click the next post link" must not click "Post a comment", "click Edit this page" must not click a
lone "Edit", "share on LinkedIn" must not click "Share on Facebook". The re-ranker scores such an
element well (it shares a rare word with the target) and, when nothing better is on the page, it
wins confidently. This check looks at the winner's own words:

- it carries a name word the target does not ask for **and** a target word it does not carry
  ("Post a comment" for "next post": two different things that share one word), or
- (for clicks) a target word is found neither in the element (name, text, attributes, link
  target) nor around it (row, section, form) — "Edit" for "Edit this page", or
- no target word at all is in the element or around it (not even a shared stem): only its role and
  place speak for it ("type 你好 into the comment box" picking the search field, "Abmelden" for
  "Anmelden").

Two more kinds of near names are not acted on either:

- a number or code in the target must be the element's own ('Diff3' is not 'Diff1', 'A-1044' not
  'A-1043'): an element whose name carries other numbers is a near name; one whose name carries
  none must have the number in its row ('Edit' for 'order 5521'), and
- a click on a sentence ('Please sign in.': three words or more, ending with a full stop or
  starting with 'please', with words the target does not ask for) is not a click on the control
  the target names ('Sign in'); the sentence itself can still be asked for, and
- a name of parts joined by '・' or '／' in a script without spaces ('日本語・英語') is an option
  of its own, not any one of its parts ('英語').

With an ordinal, the winner must be one of the things counted: an element bearing only the verb or
some of the words ('Downloads' for 'download the last file', the Search button for 'the 2nd search
result') or a paging arrow for 'the last page' is not. A "Next" link is the next page, post or
recipe asked for, unless it names another kind ('Next Chapter'). And when the verb made the winner
while another candidate carries every word of the target ('follow Mara Lind': Olle's "Follow"
button against Mara's "Following" toggle), the decision is not confident either.

Any of these makes a confident decision ``low``: nothing is done without a chooser, and the candidates
are listed. An element named exactly as quoted wins anyway; an ordinal or a relative position is
handled by the ranking itself.
"""

from __future__ import annotations

import re
from dataclasses import replace

from waypost.retrieval.descriptor import ElementDescriptor
from waypost.retrieval.features import name_words, role_fit
from waypost.retrieval.index import context_text, naming_text
from waypost.retrieval.kinds import bootstrap_dropdown
from waypost.retrieval.overlays import ActiveOverlay
from waypost.retrieval.query import Query
from waypost.retrieval.ranking import Ranking, _equivalent, _prefer_exact, decide, lead_with_best_copy
from waypost.retrieval.synonyms import CONCEPTS, ROLE_WORDS, STOPWORDS, UNSPACED
from waypost.retrieval.text import (
    expand,
    field_words,
    split_identifier,
    token_match,
    words,
)
from waypost.retrieval.text import (
    fold as fold_word,
)

# What a menu is called, beside the control that opens it.
_MENU_NOUNS = frozenset({"menu", "menü", "menú", "nabídka", "nabídku", "меню", "メニュー", "菜单", "메뉴"})


def _opens_menu(e: ElementDescriptor) -> bool:
    """A control that opens a menu: ``aria-haspopup``, ``aria-expanded`` or Bootstrap's toggle."""
    return bootstrap_dropdown(e) or e.expanded is not None or e.popup not in ("", "false")


# Words that deny a box's name: the box is set off, it is no other box.
DENIALS = frozenset({"not", "no", "never", "non", "nicht", "kein", "keine", "pas", "nie", "ne", "не", "нет"})

# Words people add to a name that the element often leaves out ('ZIP code' for 'ZIP', 'the economy
# section' for 'Wirtschaft').
_GENERIC_NOUNS = frozenset(
    {
        "code",
        "address",
        "adresse",
        "number",
        "nummer",
        "no",
        "nr",
        "text",
        "area",
        "here",
        "details",
        "section",
        # what a data application's link leads to ('go to the teams table', 'the open tickets view')
        "table",
        "tables",
        "view",
        "database",
        "query",
        "tabelle",
        "tabla",
        "tabulka",
        "tabulku",
        "tabela",
        "tabelę",
        "tabella",
        "таблица",
        "таблицу",
        "datenbank",
        "databáze",
        "baza",
        "base",
        # what a documentation site's tabs and code blocks are called ('show the pipx
        # instructions' for the "pipx" tab, 'the upgrade command')
        *("instructions", "instruction", "guide", "steps", "tab", "tabs", "command", "anleitung"),
        *("docs", "documentation", "dokumentation", "dokumentace", "dokumentacja", "documentación"),
        *("reiter", "befehl", "onglet", "commande", "návod", "karta", "kartu", "příkaz", "zakładka"),
        *("zakładkę", "polecenie", "instrucciones", "pestaña", "comando", "вкладка", "вкладку"),
        *("команда", "команду"),
        # what an API's addresses are called ('show the plants endpoint')
        *("endpoint", "endpoints", "resource", "resources", "url"),
        # what an API reference's entries are ('the Chart class', 'the render function')
        *("class", "function", "method", "module", "attribute", "property", "exception", "klasse"),
        *("funktion", "methode", "modul", "classe", "fonction", "méthode", "clase", "función"),
        *("método", "třída", "funkce", "metoda", "klasa", "funkcja", "класс", "функция", "метод"),
        # the one asking ('remember me' for "Angemeldet bleiben")
        *("me", "mich", "mir", "moi", "mnie", "mě", "mi", "меня", "мне"),
        # a mode asked for by its name ('mode sombre', 'tmavý režim'): the toggle says "Dark"
        *("mode", "modus", "modo", "režim", "tryb", "trybu", "режим", "モード", "模式", "모드"),
    }
)
# Verbs whose effect lasts (deleting, paying, sending): never read as what a control named by the
# other words does ('delete the people table' is not the "people" link).
_LASTING = frozenset(
    {
        "delete", "remove", "erase", "destroy", "drop", "trash", "purge", "wipe", "cancel", "archive",
        "buy", "purchase", "pay", "order", "checkout", "send", "publish", "unsubscribe", "block", "ban",
        "löschen", "lösche", "entfernen", "entferne", "kaufen", "kaufe", "bezahlen", "senden", "sende",
        "supprimer", "supprime", "acheter", "payer", "envoyer", "borrar", "borra", "eliminar", "elimina",
        "comprar", "pagar", "enviar", "smazat", "smaž", "smažte", "odstranit", "odstraň", "koupit",
        "zaplatit", "odeslat", "usuń", "usunąć", "kup", "kupić", "zapłać", "wyślij", "удалить", "удали",
        "купить", "оплатить", "отправить", "削除", "购买", "删除", "支付", "发送", "購入", "送信",
    }
)  # fmt: skip
# 'next' and 'previous': with one of them asked and carried, the thing paged to need not be named.
_PAGING = frozenset({"§next", "§previous"})
_PAGING_NOUNS = frozenset(
    {
        "page", "pages", "result", "results", "post", "posts", "article", "story", "recipe", "entry",
        "item", "items", "slide", "photo", "picture", "image", "chapter", "episode", "question", "step",
        "one", "set", "batch", "week", "month", "day", "year", "comments", "reviews",
        "seite", "schritt", "artikel", "étape", "página", "paso", "pagina", "passo",
        "stránka", "stránku", "strana", "stranu", "krok", "strona", "stronę", "strony", "stronie",
        "страница", "страницу", "шаг", "ページ", "页", "页面", "페이지", "oldal", "sayfa", "σελίδα", "sida",
    }
)  # fmt: skip
_FOUND = 0.7
_STEM = 0.6
_DIGITS = re.compile(r"\d+")
# A sentence, not a control's name: several words and a full stop at the end ('Forgot your
# password?' is a control's name), or a polite request ('Please sign in to comment').
_SENTENCE_END = re.compile(r"(?<![.…])[.。]$")
_POLITE = frozenset({"please", "bitte", "veuillez", "prosím"})


def _numbers(text: str) -> frozenset[str]:
    """The numbers written in ``text`` ('Diff3' → 3, 'A-1042' → 1042), without leading zeros."""
    return frozenset(n.lstrip("0") or "0" for w in words(text) for n in _DIGITS.findall(w))


# What a question is called ('open the Windows question' for "Does it run on Windows?").
QUESTION_NOUNS = frozenset(
    {
        "question", "questions", "frage", "fragen", "otázka", "otázku", "otázky", "pytanie", "pytania",
        "pregunta", "preguntas", "domanda", "pergunta", "vraag", "вопрос", "質問", "问题", "問題", "질문",
        "faq",
    }
)  # fmt: skip


def is_question(e: ElementDescriptor) -> bool:
    """Whether ``e`` is named with a question ('Does it run on Windows?')."""
    return e.display_name.rstrip().endswith(("?", "？"))


def _page_unsaid(query: Query, e: ElementDescriptor) -> bool:
    """'the axes page', 'go to the login page': a link named with the other words leads to the
    page so called; but 'edit this page' is no lone "Edit", and 'Next Page' no "Next Chapter"."""
    name = set(name_words(e.display_name))
    return (
        e.role == "link"
        and "page" in query.head
        and bool(name)
        and name <= set(query.head)
        and not re.search(r"\b(?:this|current|same)\s+page\b", query.raw, re.I)
    )


def _content_kind_unsaid(
    query: Query, e: ElementDescriptor, head: tuple[str, ...], missing: list[str], verbs: list[str]
) -> bool:
    """'open the seed swap post', 'ouvrir l'article sur le mildiou', 'otwórz wynik TracReports': a
    link that leads somewhere, named with the other words, is the post, article or result so
    called; the kind word need not be in its title. Only to go there ('delete the post' is no
    "Delete" link), and not for this page ('edit this page')."""
    if e.role != "link" or not e.href or e.href.startswith(("#", "javascript:")) or not missing:
        return False
    if any(fold_word(w) not in _CONTENT_NOUNS for w in missing):
        return False
    if any(_as_verb(v) not in _GOING for v in verbs):
        return False
    if re.search(r"\b(?:this|current)\s+page\b", query.raw, re.I):
        return False
    if _AUTHORED.search(query.raw):
        return False  # 'the article by Mei Lin': her name is the author's link, not the article's
    if frozenset(expand(list(head))) & _PAGING:
        return False  # ('Next Page' is no "Next Chapter": the pager's rules say which)
    named = [w for w in head if w not in missing and _as_verb(w) not in _GOING and w not in STOPWORDS]
    return bool(named)


# Kinds of content a link leads to, in the languages read here: the link's own words name which.
_CONTENT_NOUNS = frozenset(
    {
        "post", "posts", "article", "articles", "entry", "story", "page", "result", "event", "item",
        "artikel", "beitrag", "eintrag", "seite", "ergebnis", "billet", "résultat", "entrée",
        "artículo", "entrada", "página", "resultado", "articolo", "pagina", "risultato", "artigo",
        "wpis", "artykuł", "strona", "stronę", "wynik", "článek", "příspěvek", "stránka", "stránku",
        "výsledek", "статья", "статью", "пост", "запись", "страница", "страницу", "результат",
        "記事", "ページ", "結果", "投稿", "文章", "页面", "结果", "帖子",
    }
)  # fmt: skip
# What controls do, as concepts: a control so named does that, whatever else the words say.
_DOING = frozenset(
    {"§search", "§submit", "§save", "§delete", "§edit", "§add", "§cancel", "§close", "§download", "§upload"}
    | {"§share", "§print", "§sort", "§filter", "§show", "§hide", "§copy", "§run", "§reset", "§login"}
    | {"§logout", "§register"}
)
# Verbs that change a record (in English, as the rules read them, or as concepts): a link named
# after the record only opens it.
_CHANGING = frozenset(
    {"duplicate", "copy", "delete", "remove", "archive", "unarchive", "publish", "unpublish", "move",
     "rename", "restore", "lock", "unlock", "approve", "reject", "cancel", "reset", "print", "export",
     "download", "upload", "attach", "send", "share", "save", "§copy", "§delete", "§save", "§cancel",
     "§reset", "§print", "§download", "§upload", "§share", "§reject"}
)  # fmt: skip
# What a page is called in the languages read here ('edit this page', 'Upravit tuto stránku').
PAGE_WORDS = frozenset(
    {"page", "pages", "seite", "pagina", "página", "strona", "stronę", "stránka", "stránku", "страница"}
    | {"страницу", "ページ", "页面"}
)
# Kinds of place said in the other languages read here ('Abschnitt Python API', 'la sección X',
# 'Seite zur Installation', 'zum Reiter Promoten'): what the named thing is, not its name.
# (English 'page' is not one of them: 'Next Page' is no "Next Chapter")
KINDS_ABROAD = frozenset(
    {"abschnitt", "sección", "seccion", "section", "sezione", "secção", "sekcja", "sekcję", "sekce", "oddíl",
     "раздел", "reiter", "registerkarte", "onglet", "pestaña", "scheda", "aba", "zakładka", "zakładkę",
     "karta", "kartu", "вкладка", "вкладку",
     # what a reference names a code object as ('Hive's inspect method', 'il metodo inspect di Hive')
     "method", "methode", "méthode", "método", "metodo", "metoda", "metodę", "метод", "function", "funktion",
     "fonction", "función", "funzione", "funkce", "funkci", "funkcja", "funkcję", "функция", "функцию",
     "attribute", "attribut", "atributo", "attributo", "atribut", "атрибут"}
) | (PAGE_WORDS - {"page", "pages"})  # fmt: skip

# Articles that may start a name ('Le Monde', 'El Paso'), so no stop words, but name nothing alone.
ARTICLES = frozenset({"el", "la", "le", "il", "lo", "l"})
# 'by' of an author ('the post by Mei Lin', 'l'article de Rosa', 'der Beitrag von Jan').
_AUTHORED = re.compile(r"\b(?:by|von|par|por|od|от|di|door|written\s+by)\s+\w", re.I)
_GOING = frozenset(
    {"open", "view", "read", "go", "visit", "§open", "§show", "öffne", "ouvre", "abre", "apri"}
)


def _edits_this_page(query: Query, e: ElementDescriptor) -> bool:
    """'edit this page' and a link that says edit and leads to an editor of a page's source
    ('…/edit/main/docs/faq.md', '?action=edit')."""
    return (
        e.role == "link"
        and re.search(r"\b(?:this|current|the)\s+page\b", query.raw, re.I) is not None
        and "§edit" in {CONCEPTS.get(w, w) for w in name_words(e.display_name)}
        and re.search(r"/edit/|/-/edit/|[?&]action=edit\b", e.href) is not None
    )


def unnamed_words(query: Query, e: ElementDescriptor) -> frozenset[str]:
    """Words of ``query``'s target that ``e`` need not carry: generic nouns ('mode' of 'mode
    sombre' for the "Dark" toggle), 'question' for a question, and, when next or previous is
    asked and ``e`` says so, the thing paged to ('page' of 'page suivante' for "Next")."""
    out = _GENERIC_NOUNS | QUESTION_NOUNS if is_question(e) else _GENERIC_NOUNS
    if _page_unsaid(query, e):
        out = out | {"page"}
    if frozenset(expand(list(query.head))) & _own_words(e) & _PAGING:
        return out | _PAGING_NOUNS
    return out


def _wrong_number(query: Query, e: ElementDescriptor) -> bool:
    """A number the target asks for is not the element's: its name has other numbers ('Diff1'
    for 'Diff3'), or it has none and the number is nowhere around it either ('Edit' in the row
    of order 5521 for 'order 5522')."""
    want = _numbers(" ".join(query.all_words))
    if not want:
        return False
    named = _numbers(f"{naming_text(e)} {e.text}")
    if named:
        return not want <= named
    around = _numbers(" ".join((context_text(e), e.href, e.id, e.name_attr, *e.data.values())))
    return not want <= around


def _sentence(query: Query, e: ElementDescriptor) -> bool:
    """A link or button whose name is a sentence ('Please sign in.') containing a clicked target
    ('Sign in') and more: the sentence is not the control the target names."""
    if query.intent not in ("click", "any") or e.tag in ("input", "select", "textarea"):
        return False
    if e.role in ("checkbox", "radio", "switch", "option", "menuitemcheckbox", "menuitemradio"):
        return False
    name = " ".join(e.display_name.split())
    said = words(name)
    if len(name.split()) < 3 or not (_SENTENCE_END.search(name) or (said[:1] and said[0] in _POLITE)):
        return False
    asked = frozenset(expand([*words(query.raw), *query.all_words, *words(query.verb)]))
    return any(_match(w, asked) < _STEM for w in said if not w.startswith("§"))


# Words of a control's name that its verb implies ("Copy to clipboard" for 'copy the X command').
_GOES_WITHOUT_SAYING = frozenset(
    {"clipboard", "zwischenablage", "presse-papiers", "portapapeles", "schránky", "schowka", "буфер"}
)
# What a control does to the thing it names ("Add pet", "Delete pet"): never what another verb asks.
# A record's code: letters and digits in one token ('A-2011', 'INV-0042', 'PR#318').
_CODE = re.compile(r"(?=[^\s]*[A-Za-z])(?=[^\s]*\d)[A-Za-z]{1,6}[-#_/]?\d[\w./-]*")
# Acts done where the control is, which a link never does without saying so.
_DONE_IN_PLACE = frozenset({"§copy", "§print", "§share"})
_ACTS = frozenset({"§add", "§delete", "§edit", "§save", "§cancel", "§reset", "§download", "§upload"})
_TICKING = frozenset(
    {"add", "include", "enable", "tick", "check", "select", "choose", "pick", "subscribe", "unsubscribe"}
    | {"show", "hide", "display", "exclude"}  # (a filter's box shows or hides what it names)
)


def _as_verb(word: str) -> str:
    return CONCEPTS.get(fold_word(word), fold_word(word))


_NUMERIC_NAME = re.compile(r"[\d\s:.,/–-]+(?:\s?(?:am|pm|h|uhr))?", re.I)
_OPEN_VERBS = frozenset({"open", "visit", "go", "view", "read", "öffne", "ouvre", "ouvrez", "abre", "apri"})


def _tickable(e: ElementDescriptor) -> bool:
    return e.role in ("checkbox", "switch", "radio") or e.type in ("checkbox", "radio")


_PAIR = re.compile(r"\s*[・／/、|｜]\s*")


def _one_of_pair(query: Query, e: ElementDescriptor) -> bool:
    """A name of scripts written without spaces made of parts joined by '・' or '／' ('日本語・英語',
    'フランス語／ドイツ語') is one option of its own: a target naming only some of its parts
    ('英語') is not that option."""
    name = " ".join(e.display_name.split())
    if not UNSPACED.search(name):
        return False
    parts = [p for p in _PAIR.split(name) if p]
    if len(parts) < 2:
        return False
    asked = " ".join(query.head)
    named = [p for p in parts if p in asked]
    return bool(named) and len(named) < len(parts)


def carries_words(query: Query, e: ElementDescriptor) -> bool:
    """Whether every word of ``query``'s target (kind and generic words aside) is on ``e`` or in
    its label, section or form: 'the comment' for a text area under the heading "Add Comment"."""
    said = [
        w
        for w in query.head
        if not w.isdigit() and w not in _GENERIC_NOUNS and w not in STOPWORDS and w not in ROLE_WORDS
    ]
    here = _own_words(e) | field_words(context_text(e))
    return bool(said) and all(_match(w, here) >= _STEM for w in said)


def _own_words(e: ElementDescriptor) -> frozenset[str]:
    parts = [
        naming_text(e),
        e.text,
        split_identifier(e.id),
        split_identifier(e.name_attr),
        *e.data.values(),
        e.classes,
        split_identifier(e.href.replace("/", " ")),
        e.popup,  # aria-haspopup=menu: it opens a menu
    ]
    return field_words(" ".join(p for p in parts if p))


def _match(word: str, field: frozenset[str]) -> float:
    """:func:`token_match`, plus containment for scripts written without spaces ('削除' in
    'アカウントを削除'), whose words are whole runs of characters; role words ('link', 'button')
    match only themselves."""
    if word not in field:
        # A kind word in a name ('Copy link') is no part of a brand that starts with it ('LinkedIn').
        field = frozenset(d for d in field if d not in ROLE_WORDS)
    score = token_match(word, field)
    if score < 1.0 and UNSPACED.search(word) and any(word in d for d in field if not d.startswith("§")):
        return 1.0
    if score < 1.0 and _SAME_DISCLOSURE.get(CONCEPTS.get(word, "")) in field:
        return 1.0  # 'hide the sidebar' for "Collapse Sidebar"
    return score


# A panel hidden is a panel collapsed; shown, expanded.
_SAME_DISCLOSURE = {"§hide": "§collapse", "§collapse": "§hide", "§show": "§more"}


def _not_of_kind(query: Query, e: ElementDescriptor) -> bool:
    """'download the last file', 'the 2nd search result': the ordinal counts things the words
    name; an element that bears only the verb or some of the words (a "Downloads" folder, the
    "Search" button) and not the others, neither itself nor around it, is not one of them."""
    verbs = set(expand(list(words(query.verb))))
    rest = [w for w in query.head if w not in verbs and not w.isdigit()]
    if not rest:
        return False
    if re.search(r"(?:^|[\s>])thead\b", e.path):
        return True  # 'open the last ticket': a column's header ("Ticket") is none of the rows counted
    acts = _ACTS | {"§copy"}
    asked_acts = frozenset(expand([*query.head, *words(query.verb)])) & acts
    if not asked_acts and frozenset(expand(list(name_words(e.display_name)))) & acts:
        # 'das erste Ticket öffnen' counts tickets, not the "Neues Ticket" control (but 'the last
        # of the save buttons' counts "Save and add another" among them)
        return True
    own = _own_words(e)
    paging = own & _PAGING and not frozenset(expand(list(query.head))) & _PAGING
    if paging and (any(w in _PAGING_NOUNS for w in rest) or not all(_match(w, own) >= _STEM for w in rest)):
        # 'the last page' is a page number, never the "›" arrow that ends the row (but 'the last
        # save button' may well be "Save and continue")
        return True
    around = field_words(" ".join((context_text(e), " ".join(query.context))))
    return any(_match(w, own) < _STEM and _match(w, around) < _STEM for w in rest)


# Words for the row an element is in ('tick the row of Bob', 'cochez la ligne X').
_ROW_NOUNS = frozenset(
    [
        "row",
        "line",
        "entry",
        "record",
        "ligne",
        "zeile",
        "reihe",
        "eintrag",
        "fila",
        "renglón",
        "riga",
        "wiersz",
        "řádek",
        "řádku",
        "řádky",
    ]
)
_IN_ROW = re.compile(r"(?:^|\s)(?:tr|li)(?::|\s|$)")


# Words of place, folded: where on the screen the thing said is.
_PLACE_WORDS = (
    ("left", "left links linken linke linker linkes gauche izquierda izquierdo sinistra vlevo levem "
     "levém levy levý lewym lewej lewo слева левой левом левая левый 左 左側 左侧"),
    ("right", "right rechts rechten rechte rechter droite derecha derecho destra vpravo pravem pravém pravy "
     "pravý prawym prawej prawo справа правой правом правая правый 右 右側 右侧"),
    ("top", "top oben oberen obere haut arriba nahore nahoře górze сверху верхней верхний 上"),
)  # fmt: skip
_PLACES: dict[str, str] = {word: place for place, said in _PLACE_WORDS for word in said.split()}


def _placed(word: str, e: ElementDescriptor, viewport: tuple[int, int]) -> bool:
    """Whether ``word`` is a word of place that ``e``'s box on the screen agrees with."""
    place = _PLACES.get(fold_word(word)) or _PLACES.get(word)
    x, y, w, h = e.box
    if place is None or w <= 0 or h <= 0 or not e.in_viewport:
        return False
    width, height = viewport
    if place == "left":
        return x + w / 2 < width / 3
    if place == "right":
        return x + w / 2 > width * 2 / 3
    return y + h / 2 < height / 5


def partial_match(
    query: Query,
    e: ElementDescriptor,
    overlay: ActiveOverlay | None = None,
    viewport: tuple[int, int] | None = None,
) -> bool:
    """Whether ``e`` matches only part of ``query``'s target words (see the module docstring);
    with the ``viewport``, a word of place ('the left sidebar', 'oben') is matched by where ``e`` is."""
    if query.ordinal and query.relation is None:
        return _not_of_kind(query, e)
    if query.ordinal or query.relation is not None:
        return False
    if query.exact and " ".join(e.display_name.split()).casefold() == query.exact.casefold():
        return False  # named exactly as quoted (or as the whole verbless instruction)
    if _wrong_number(query, e) or _sentence(query, e) or _one_of_pair(query, e):
        return True
    if _tickable(e) and set(words(query.verb)) & _OPEN_VERBS:
        return True  # 'open issue #4790' is not the tick box named "Select issue #4790"
    head = tuple(w for w in query.head if not w.isdigit())
    if _IN_ROW.search(e.path):
        head = tuple(w for w in head if w not in _ROW_NOUNS) or head  # 'la ligne Quiet Engines'
    kind = tuple(w for w in head if e.role and e.role in ROLE_WORDS.get(w, ()))
    if kind and len(kind) == len(head):
        # 'the checkbox of The Glass River': the role word is the element's; the words after 'of'
        # are what it must carry
        head = tuple(w for w in query.context if not w.isdigit())
    if not head:
        return False
    if _NUMERIC_NAME.fullmatch(" ".join(e.display_name.split())) and _numbers(e.display_name):
        # A time, date or number that is the element's whole name and the target's own ('the slot
        # at 10:30', 'page 2'): the other words only say what kind of thing it is.
        return False
    own = _own_words(e)
    # An instruction the parser took whole ('close the dialog', 'publish the post') starts with its
    # verb: the verb need not be in the element, and when it is (a 'Close' button), the other
    # words name what it acts on.
    verbs = list(words(query.verb))
    paging = frozenset(expand(list(head))) & own & _PAGING  # ('vorherige Seite': before its verb goes)
    whole = query.exact and query.exact.casefold() == query.raw.casefold()
    # a control named with the other words only ('Poetry' for 'filter by Poetry'): what it does is
    # the verb ("Change my password" is not 'show the password')
    # (a "generic" element is listed only for being clickable: Unfold's tabs are <a>s without href)
    control = e.role in ("link", "button", "menuitem", "tab", "option", "generic") and set(
        name_words(e.display_name)
    ) <= set(head[1:])
    if (
        control
        and verbs
        and {_as_verb(w) for w in name_words(e.display_name)} & _DOING - {_as_verb(verbs[0])}
    ):
        control = False  # 'сохранить поиск' (save the search) is no "Поиск" button: that one searches
    if control and verbs and e.role == "link" and _as_verb(verbs[0]) in _CHANGING:
        control = False  # 'duplicate Main House': its name's link opens it, and copies nothing
    lasting = bool(head) and fold_word(head[0]) in _LASTING
    # 'add beekeeping to her skills': a verb of ticking is what a box does, not its name
    # (the verb as said may be another language's: 'masquer les jalons' hides; and said last:
    # 'Änderungen speichern')
    last = (
        len(head) > 1
        and bool(verbs)
        and _as_verb(head[-1]) == _as_verb(verbs[0]) != _as_verb(head[0])
        and words(query.raw)[-1:] == head[-1:]
    )
    if last:
        head = (head[-1], *head[:-1])
    said_verb = bool(verbs) and bool(head) and _as_verb(head[0]) == _as_verb(verbs[0])
    ticking = _tickable(e) and said_verb and verbs[0] in _TICKING
    if (
        (whole or ticking or (control and said_verb))
        and (words(query.raw)[:1] == head[:1] or last)
        and (not lasting or ticking)  # (a box ticked off is ticked again)
    ):
        # (or a step that kept its verb in the words: 'filter by Poetry', 'follow Jane Doe')
        verbs.append(head[0])
        head = head[1:]
    verb_named = any(_match(v, own) >= _FOUND for v in verbs)
    if control and verbs and fold_word(verbs[0]) in _LASTING and not verb_named and e.role == "generic":
        return True  # 'delete Replace chain' is not the job's clickable name: the row's delete control is
    if not head:
        return False
    missing = [w for w in head if _match(w, own) < _STEM]
    if viewport is not None and len(missing) < len(head):
        missing = [w for w in missing if not _placed(w, e, viewport)]
    if own & PAGE_WORDS:
        missing = [w for w in missing if w not in PAGE_WORDS]  # ('edit this page': "Upravit tuto stránku")
    if _tickable(e):
        missing = [w for w in missing if w not in DENIALS]  # 'the pet is not insured': set off
    if (
        query.intent == "type"
        and (e.role == "searchbox" or e.type == "search" or "§search" in _shown_words(e))
        and "§search" not in frozenset(expand([*head, *verbs, *query.context]))
    ):
        return True  # 'switch the docs to version 2.2' types nothing into "Search docs"
    asked_acts = frozenset(expand([*head, *verbs])) & _ACTS
    takes_text = e.tag == "textarea" or e.role in ("textbox", "searchbox", "spinbutton")
    if frozenset(expand(list(name_words(e.display_name)))) & _ACTS - asked_acts and not takes_text:
        # 'open the pet' is no "Add pet": the element does something else to it (a field named
        # after its form's heading, "Add Comment", does nothing: it takes the text)
        return True
    if frozenset(expand(verbs)) & _DONE_IN_PLACE and not verb_named and e.role == "link":
        # 'copy the pip command' copies nothing by going to the section "With pip" (a link that
        # copies or prints says so)
        return True
    if is_question(e):
        missing = [w for w in missing if w not in QUESTION_NOUNS]  # 'the Windows question'
        if not missing:
            return False
    if (
        verb_named
        and missing
        and all(w in PAGE_WORDS for w in missing)
        and any(w not in missing and _as_verb(w) not in {_as_verb(v) for v in verbs} for w in head)
    ):
        return False  # 'attach a file to the page': "Attach file" (but 'edit this page' is no lone "Edit")
    if missing == ["page"] and _page_unsaid(query, e):
        return False  # 'the axes page' is the link "Axes" (but 'edit this page' is no lone "Edit")
    if missing == ["page"] and _edits_this_page(query, e):
        return False  # 'edit this page': "Edit on GitHub", whose address edits the page's source
    if _content_kind_unsaid(query, e, head, missing, verbs):
        return False  # 'open the seed swap post': the link "Seed swap on Saturday" is the post
    if len(missing) < len(head) and all(
        w in _GENERIC_NOUNS or w in KINDS_ABROAD or w in ARTICLES for w in missing
    ):
        return False  # 'mode sombre' for the "Dark" toggle: what is missing only says what kind it is
    if len(missing) < len(head) and all(fold_word(w) in _MENU_NOUNS for w in missing) and _opens_menu(e):
        return False  # 'the download menu': the "Download this page" button that opens it
    if paging and all(w in _PAGING_NOUNS for w in missing):
        # 'the next page of results', 'the next recipe': a link that says "Next" (and often the
        # next item's title) goes to the next thing of the page's kind, whatever it is called;
        # unless it names another kind of thing ('Next Chapter' for 'the next page').
        others = [w for w in name_words(e.display_name) if w in _PAGING_NOUNS and w not in head]
        if not others:
            return False
    if (
        len(missing) == 1
        and e.role == "link"
        and _CODE.fullmatch(shown := " ".join(e.display_name.split())) is not None
        and shown.casefold() in query.raw.casefold()
        and not frozenset(expand(missing)) & _ACTS
    ):
        return False  # 'otwórz wizytę A-2011': the code names the record, the other word its kind
    if not missing:
        return False
    context = [context_text(e), " ".join(query.context)]
    if overlay is not None and overlay.index in e.overlays:
        context.append(overlay.label)
        if overlay.cookie_banner:
            context.append("cookies consent")  # a consent banner's buttons answer about cookies
    around = field_words(" ".join(context))
    if len(missing) == len(head) and not verb_named and all(_match(w, around) < _STEM for w in head):
        return True  # nothing of the target is in the element or around it: only its role and place
    name = [w for w in name_words(e.display_name) if not w.startswith("§") and w not in _GOES_WITHOUT_SAYING]
    asked = frozenset(expand([*head, *verbs]))
    if any(_match(w, asked) < _STEM for w in name):
        return True
    if verb_named:
        # 'Order one of each item: Cheese wheel, Caesar Salad' is not the "Order!" button alone:
        # the verb names the button, but most of the other words are nowhere near it.
        absent = [w for w in missing if _match(w, around) < _STEM and w not in _GENERIC_NOUNS]
        if any(fold_word(v) in _LASTING for v in verbs):
            # 'delete my account' is not a "Remove" button of e-mail addresses: what a lasting
            # act is done to must be on the control, its row or its section's title, not only in
            # a sentence nearby ("… associated with your account")
            row = e.nearby if _IN_ROW.search(e.path) else ""
            narrow = own | field_words(f"{e.section} {row}")
            if any(_match(w, narrow) < _STEM and w not in _GENERIC_NOUNS for w in missing):
                return True
        if len(missing) >= 3 and len(missing) == len(head) - 1:
            # 'ajouter marek au groupe admins' is no lone "Dodaj" (add): three words and more that
            # say what is added, none of them on the button
            return True
        return len(absent) >= 2 and len(absent) * 2 > len(missing)
    if query.intent not in ("click", "any"):
        return False
    return any(_match(w, around) < _FOUND and w not in _GENERIC_NOUNS for w in missing)


def prefer_labelled(ranking: Ranking, confidence: float, tie_margin: float, min_p: float) -> Ranking:
    """A field with a ``<label>`` of the name asked for wins over fields named so only by what
    stands near them (a column's header over each row of a grid of fields): 'type Harvest into
    the title' is the form's "Title:" field, not the Title column of its chapters. An ordinal
    counts them all alike."""
    query = ranking.query
    cands = ranking.candidates
    if ranking.decision == "confident" or query.ordinal or query.relation is not None or len(cands) < 2:
        return ranking
    key = words(cands[0].element.display_name)
    alike = [c for c in cands if c.p >= 0.25 * cands[0].p and words(c.element.display_name) == key]
    labelled = [c for c in alike if c.element.has_label]
    implicit = [
        c
        for c in alike
        if not c.element.has_label and c.element.label and c.element.name in ("", c.element.label)
    ]
    if len(labelled) != 1 or len(labelled) + len(implicit) != len(alike) or not implicit:
        return ranking
    first = labelled[0]
    mass = sum(c.p for c in alike)
    ordered = [first, *(c for c in cands if c is not first)]
    out = [
        replace(c, id=i + 1, p=mass if c is first else 0.0 if c in alike else c.p)
        for i, c in enumerate(ordered)
    ]
    decision, conf = decide(out, confidence, tie_margin, min_p)
    return replace(ranking, candidates=out, decision=decision, confidence=conf)


def prefer_full_name(ranking: Ranking, confidence: float, tie_margin: float, min_p: float) -> Ranking:
    """An element named with the whole target as written wins over those matching part of it.

    The query drops role words ('Copy link' asks for 'copy' in a link), so a 'Copy' button can
    outscore the 'Copy link' button. When the target, as written, is an element's whole name
    (case aside) and only that element (or identical copies) carries it, it is preferred as if
    the name had been quoted. A one-word target does so only for clicks ('klicke auf Warenkorb':
    the link "Warenkorb", not "In den Warenkorb").
    """
    query = ranking.query
    target = " ".join(query.raw.split()).casefold()
    if query.exact or not target or not ranking.candidates:
        return ranking
    if len(target.split()) < 2 and query.intent != "click":
        return ranking  # 'search' for typing means the search field, whatever the button is called
    same = [
        c
        for c in ranking.candidates
        if " ".join(c.element.display_name.split()).casefold() == target
        and role_fit(c.element, query.intent) > 0  # 'tick Harbor Songs': never the link so named
    ]
    if not same or not all(_equivalent(same[0].element, c.element) for c in same):
        return ranking  # unquoted, 'eget' and 'Eget' are both what 'click Eget' may mean
    candidates = _prefer_exact(ranking.candidates, query.raw)
    if candidates is ranking.candidates:
        return ranking
    decision, conf = decide(candidates, confidence, tie_margin, min_p)
    if decision == "confident":
        candidates = lead_with_best_copy(candidates, ranking.overlay, query.head)
    return replace(ranking, candidates=candidates, decision=decision, confidence=conf)


def prefer_context_named(ranking: Ranking, confidence: float, tie_margin: float, min_p: float) -> Ranking:
    """'the date of the appointment': a field named with the words after 'of' too ("Appointment
    date") is the one meant, not a "Date" whose section or page says appointment. One such field
    wins; several leave the decision unsure."""
    query = ranking.query
    if not query.context or query.exact or not ranking.candidates or ranking.decision != "confident":
        return ranking
    said = [w for w in (*query.head, *query.context) if w not in STOPWORDS]
    top = ranking.candidates[0]

    def named_all(e: ElementDescriptor) -> bool:
        shown = _shown_words(e)
        return all(_match(w, shown) >= _STEM for w in said)

    if named_all(top.element):
        return ranking
    fits = [
        c
        for c in ranking.candidates
        if c.p >= 0.01 and role_fit(c.element, query.intent) > 0 and named_all(c.element)
    ]
    if not fits:
        return ranking
    if len(fits) > 1 and not all(_equivalent(fits[0].element, c.element) for c in fits):
        return replace(ranking, decision="low")
    candidates = [fits[0]] + [c for c in ranking.candidates if c is not fits[0]]
    return replace(ranking, candidates=candidates)


def _shown_words(e: ElementDescriptor) -> frozenset[str]:
    """The words a person sees on the element: its name, label and placeholder (not its title,
    which may hold anything, nor its address or classes)."""
    return field_words(f"{e.display_name} {e.label} {e.placeholder}")


def prefer_whole(ranking: Ranking, confidence: float, tie_margin: float, min_p: float) -> Ranking:
    """A tie between elements that carry part of the words and one that carries them all wins for
    the whole fit: 'show the conda command' is the tab "conda", not the link "Show Source", which
    holds only the verb."""
    if ranking.decision != "tie" or len(ranking.candidates) < 2:
        return ranking
    top = ranking.candidates[0].p
    close = [c for c in ranking.candidates[:4] if top - c.p < tie_margin]
    query = ranking.query
    verbs = frozenset(expand(list(words(query.verb)))) | frozenset(query.head[:1])
    named = [w for w in query.head if w not in verbs and w not in _GENERIC_NOUNS and not w.isdigit()]
    whole = [
        c
        for c in close
        if named
        and not partial_match(query, c.element, ranking.overlay)
        # (on the element itself, not only around it: its words are what tells it from the others)
        and all(_match(w, _shown_words(c.element)) >= _STEM for w in named)
    ]
    if (
        len(close) < 2
        or len(whole) != 1
        or any(_equivalent(whole[0].element, c.element) for c in close if c is not whole[0])
    ):
        return ranking
    # (the part fits made unlikely, the chances renormalised over all candidates)
    parts = {id(c) for c in close if c is not whole[0]}
    scaled = [c.p * 0.05 if id(c) in parts else c.p for c in ranking.candidates]
    total = sum(scaled) or 1.0
    candidates = sorted(
        (replace(c, p=p / total) for c, p in zip(ranking.candidates, scaled, strict=True)), key=lambda c: -c.p
    )
    candidates = [replace(c, id=n + 1) for n, c in enumerate(candidates)]
    decision, conf = decide(candidates, confidence, tie_margin, min_p)
    return replace(ranking, candidates=candidates, decision=decision, confidence=conf)


def _covers(query: Query, e: ElementDescriptor) -> bool:
    """Whether every word of the target is on ``e`` or around it (its row, section, form)."""
    field = _own_words(e) | field_words(context_text(e))
    return all(_match(w, field) >= _STEM for w in query.head if not w.isdigit())


def _better_fit(ranking: Ranking) -> bool:
    """'follow Mara Lind': the winner is a "Follow" button in Olle's row, while Mara's own toggle
    (named "Following") has every word of the target on it or around it. The verb made the winner;
    the words say another one."""
    query = ranking.query
    if not query.verb or len(query.head) < 2 or _covers(query, ranking.candidates[0].element):
        return False
    verbs = frozenset(expand(list(words(query.verb))))
    return any(
        c.p >= 0.05
        and _covers(query, c.element)
        and any(_match(v, _own_words(c.element)) >= _STEM for v in verbs)
        for c in ranking.candidates[1:6]
        if not _equivalent(ranking.candidates[0].element, c.element)
    )


def _another_of_the_kind(ranking: Ranking) -> bool:
    """'open the tomato post' where two posts' titles say tomato: the post's kind is on neither
    link, and the words that are fit another link as well; the ranking's lead decides nothing."""
    query = ranking.query
    top = ranking.candidates[0].element
    kinds = [w for w in query.head if fold_word(w) in _CONTENT_NOUNS]
    if not kinds or top.role != "link" or any(_match(w, _own_words(top)) >= _STEM for w in kinds):
        return False
    if frozenset(expand(list(query.head))) & _PAGING:
        return False  # ('vorherige Seite': the pager's rules say which)
    named = [
        w
        for w in query.head
        if w not in kinds and _as_verb(w) not in _GOING and w not in STOPWORDS and not w.startswith("§")
    ]
    return bool(named) and any(
        c.p >= 0.05
        and c.element.role == "link"
        and not _equivalent(top, c.element)
        and all(_match(w, _own_words(c.element)) >= _STEM for w in named)
        for c in ranking.candidates[1:6]
    )


def _named_elsewhere(ranking: Ranking) -> bool:
    """'save the new password': the winner is the "Save" button of another form, named by the
    verb; the other words are neither on it nor around it, but all around another control of its
    kind (the "Change Password" button of the form asking for the new password)."""
    query = ranking.query
    if not query.verb:
        return False
    top = ranking.candidates[0].element
    verbs = frozenset(expand(list(words(query.verb))))
    said = {_as_verb(v) for v in words(query.verb)}  # (and the verb as said: 'pokaż' for show)
    rest = [
        w
        for w in query.head
        if w not in verbs and _as_verb(w) not in said and not w.isdigit() and w not in _GENERIC_NOUNS
    ]
    if _opens_menu(top):
        rest = [w for w in rest if fold_word(w) not in _MENU_NOUNS]  # (what it opens is the menu)
    here = _own_words(top) | field_words(context_text(top))
    if any(w not in PAGE_WORDS for w in rest):
        rest = [w for w in rest if w not in PAGE_WORDS]  # ('attach a file to the page': it is this page)
    absent = [w for w in rest if _match(w, here) < _STEM and not (w in PAGE_WORDS and here & PAGE_WORDS)]
    if not absent:
        return False
    for c in ranking.candidates[1:8]:
        e = c.element
        if e.role != top.role or _equivalent(top, e):
            continue
        there = _own_words(e) | field_words(context_text(e))
        if all(_match(w, there) >= _STEM for w in absent):
            return True
    return False


def honest(ranking: Ranking, viewport: tuple[int, int] | None = None) -> Ranking:
    """``ranking`` with a confident decision turned ``low`` when its winner is a partial match, or
    when another candidate fits all the target's words where the winner fits only its verb."""
    if ranking.decision != "confident" or not ranking.candidates:
        return ranking
    if (
        partial_match(ranking.query, ranking.candidates[0].element, ranking.overlay, viewport)
        or _better_fit(ranking)
        or _named_elsewhere(ranking)
        or _another_of_the_kind(ranking)
    ):
        return replace(ranking, decision="low")
    return ranking
