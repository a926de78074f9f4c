"""Answering a page that asks: 'yes, delete it', 'confirm', 'no, take me back', '削除を確定'.

A confirmation page or dialog offers one button that says yes ("Yes, I'm sure", "Oui, je suis
sûr", "はい") and one way that says no ("No, take me back", "Nein, bitte abbrechen", "戻る").
Their names rarely hold the words people answer with, so the ranking is rightly unsure; this
module reads an answer from the instruction (:func:`answer_of`), and :data:`CONFIRM_JS` finds the
page's one yes and one no. An answer that names what to do ('yes, delete it') counts only when the
page asks about that (its words are on the page, in any language the concept tables know).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from waypost.retrieval.page_scripts import CSS_PATH_JS
from waypost.retrieval.synonyms import CONCEPTS

_YES = frozenset(
    {"yes", "yeah", "yep", "sure", "ok", "okay", "ja", "jawohl", "oui", "si", "sí", "ano", "jo", "tak",
     "да", "sì", "sim", "igen", "evet", "ναι"}
)  # fmt: skip
_CONFIRM = frozenset(
    {"confirm", "confirmed", "bestätigen", "bestätige", "confirmer", "confirme", "confirmez",
     "confirmar", "confirma", "conferma", "potvrdit", "potvrď", "potvrzuji", "potwierdź",
     "potwierdzam", "подтвердить", "подтверди", "подтверждаю", "proceed", "go ahead"}
)  # fmt: skip
_NO = frozenset({"no", "nope", "nein", "non", "ne", "nie", "нет", "não", "nem", "hayır", "όχι"})
_CANCEL = frozenset(
    {"cancel", "abort", "back", "go back", "take me back", "zurück", "abbrechen", "annuler",
     "retour", "cancelar", "volver", "atrás", "zrušit", "zpět", "anuluj", "wróć", "cofnij",
     "отмена", "отменить", "назад", "annulla", "indietro"}
)  # fmt: skip
# Words that say nothing about what is confirmed: 'yes, do it', 'yes please', 'ja, bitte'.
_FILLER = frozenset(
    {"it", "them", "this", "that", "all", "everything", "please", "do", "i", "i'm", "im", "am",
     "sure", "go", "ahead", "me", "take", "thanks", "thank", "you", "the", "le", "la", "les", "lo",
     "es", "das", "bitte", "sicher", "to", "je", "jsem", "si", "jist", "na", "pewno", "por", "favor",
     "s'il", "te", "plaît", "proszę", "пожалуйста", "don't", "not"}
)  # fmt: skip
# Words before an answer that change nothing ('actually, no', 'wait, don't delete it').
_HESITATION = frozenset({"actually", "wait", "oh", "hmm", "hm", "um", "sorry", "oops"})
# 'don't …', 'nicht …', 'ne … pas' (the verb after it is what is refused).
_DONT = frozenset({"don't", "dont", "don’t", "never", "nicht", "ne", "nie", "не", "no"})
_CJK_YES = re.compile(r"确定|確定|确认|確認|はい|是的|好的")
_CJK_NO = re.compile(r"取消|キャンセル|やめ|戻る|返回|いいえ|不要|算了")
_CJK_PARTICLES = re.compile(r"[をにはがのて的了吧吗，、。！!？?\s]|します|する|して")
_WORDS_OF: dict[str, list[str]] = {}  # a concept's words, folded as :func:`_fold` folds
_CONCEPT_OF: dict[str, str] = {}
_LATIN_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


for _word, _concept in CONCEPTS.items():
    _WORDS_OF.setdefault(_concept, []).append(_fold(_word))
    _CONCEPT_OF.setdefault(_fold(_word), _concept)


def concept_of(word: str) -> str | None:
    """The concept of ``word`` as the tables have it or inflected ('supprime' of "supprimer");
    ``None`` when none, or when its first five letters start words of two concepts."""
    w = _fold(word)
    return _CONCEPT_OF.get(w) or _inflected_concept(w)


def _inflected_concept(word: str) -> str | None:
    """The one concept with a word of the same first five letters ('supprime' of "supprimer")."""
    if len(word) < 5:
        return None
    found = {c for w, c in _CONCEPT_OF.items() if len(w) >= 5 and w[:5] == word[:5]}
    return found.pop() if len(found) == 1 else None


@dataclass(frozen=True)
class Answer:
    """``yes`` or ``no``, and the words that say what is answered ('delete' of 'yes, delete it')."""

    kind: str
    about: tuple[str, ...] = ()

    def fits(self, context: str) -> bool:
        """Whether every word of :attr:`about` is asked about in ``context`` (the page's text)."""
        if not self.about:
            return True
        folded = _fold(context)
        page_words = set(_LATIN_WORD.findall(folded))
        page_concepts = {_CONCEPT_OF[w] for w in page_words if w in _CONCEPT_OF}
        for word in self.about:
            w = _fold(word)
            if not _LATIN_WORD.fullmatch(w):  # Chinese, Japanese: the characters themselves
                if w not in folded:
                    return False
                continue
            stem = w[:4]
            if any(p.startswith(stem) for p in page_words):
                continue
            concept = _CONCEPT_OF.get(w) or _inflected_concept(w)
            if (
                concept is not None
                and (
                    concept in page_concepts
                    # the concept's word in the page's language, inflected ('usuń' for "usunąć")
                    or any(
                        p.startswith(k[:4])
                        for k in _WORDS_OF.get(concept, ())
                        if len(k) >= 4
                        for p in page_words
                    )
                )
            ):
                continue
            return False
        return True


def answer_of(target: str) -> Answer | None:
    """The answer ``target`` gives to a question the page asks, or ``None``.

    'yes', 'confirm', 'yes, delete it', 'sí, bórralo', 'potwierdź usunięcie', '确定删除' are yes;
    'no', 'cancel', 'go back', 'nein, zurück', 'やめて戻る' are no.
    """
    text = " ".join(target.split()).strip(" .!,;:")
    if not text:
        return None
    if not re.search(r"[a-zA-Z\u00c0-\u024f\u0370-\u04ff]", text):
        rest = _CJK_PARTICLES.sub("", _CJK_NO.sub("", _CJK_YES.sub("", text)))
        if _CJK_NO.search(text) and not _CJK_YES.search(text) and not rest:
            return Answer("no")
        if _CJK_YES.search(text) and not _CJK_NO.search(text) and len(rest) <= 4:
            return Answer("yes", (rest,) if rest else ())
        return None
    folded = text.casefold()
    tokens = [t.casefold() for t in re.findall(r"[\w'’-]+", text)]
    if not tokens or len(tokens) > 6:
        return None
    if folded in _CANCEL or folded in _NO:
        return Answer("no")
    while len(tokens) > 1 and tokens[0] in _HESITATION:
        tokens = tokens[1:]  # 'actually, don't delete it', 'wait, no'
    refused = 2 if tokens[:2] == ["do", "not"] else 1 if tokens[0] in _DONT else 0
    if (
        refused
        and 0 < len(tokens) - refused <= 3
        and _fold(tokens[refused]) in _WORDS_OF.get("§delete", ())
        and all(t in _FILLER for t in tokens[refused + 1 :])
    ):
        return Answer("no")  # 'don't delete it', 'do not remove them', 'nicht löschen': the page's no
    first = tokens[0]
    if first in _NO:
        rest = " ".join(tokens[1:])
        if all(t in _FILLER or t in _CANCEL for t in tokens[1:]) or rest in _CANCEL:
            return Answer("no")
        return None
    if first in _YES or first in _CONFIRM or (len(tokens) > 1 and " ".join(tokens[:2]) in _CONFIRM):
        skip = 2 if " ".join(tokens[:2]) in _CONFIRM else 1
        about = []
        for token in tokens[skip:]:
            for part in token.replace("’", "'").split("-"):
                if part and part not in _FILLER and part not in _YES and part not in _CONFIRM:
                    about.append(part)
        return Answer("yes", tuple(about)) if len(about) <= 2 else None
    return None


# The page's one button that says yes and one control that says no (a confirmation page or
# dialog; in the open dialog when there is one), as {yes, no, context}; null when the page does
# not ask (not exactly one of each).
CONFIRM_JS = (
    """() => {
  """
    + CSS_PATH_JS
    + r"""
  const shown = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const dialogs = [...document.querySelectorAll(
    'dialog[open], [role=dialog], [role=alertdialog], [aria-modal=true]')].filter(shown);
  const root = dialogs.length === 1 ? dialogs[0] : document.body;
  const END = '(?=[\\s,.!;:\u3001\uff0c]|$)';
  const YES = new RegExp('^(?:(?:yes|ja|oui|s[ií]|ano|tak|да|sì|sim|igen|evet|ok|okay)' + END
    + '|confirm|bestätig|potvrd|potwierd|подтверд|はい|是的|确定|確定|确认|確認)', 'i');
  const NO = new RegExp('^(?:(?:no|nein|non|ne|nie|нет|não|nem)' + END
    + '|cancel|abbrech|annul|zrušit|anuluj|отмен|いいえ|不|取消|キャンセル|戻る)', 'i');
  const label = (el) => ((el.tagName === 'INPUT' ? el.value : el.innerText || el.textContent)
    || el.getAttribute('aria-label') || '').trim();
  const all = [...root.querySelectorAll(
    'button, input[type=submit], input[type=button], a[href], [role=button]')]
    .filter((el) => shown(el) && !el.disabled && el.getAttribute('aria-disabled') !== 'true');
  const yes = all.filter((el) => YES.test(label(el)));
  const no = all.filter((el) => NO.test(label(el)));
  if (yes.length !== 1 || no.length !== 1 || yes[0] === no[0]) return null;
  const context = [document.title, (root.innerText || '').slice(0, 3000)].join('\n');
  return { yes: cssPath(yes[0]), no: cssPath(no[0]), context };
}"""
)
