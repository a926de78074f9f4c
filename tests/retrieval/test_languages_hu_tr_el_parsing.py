"""Hungarian, Turkish and Greek instructions, parsed (no browser): what the tables must not read
into a sentence — names that look like ordinals or quantity words, apostrophes that look like
quotes, values with commas, English sentences that end in a Turkish verb."""

from __future__ import annotations

import pytest

from waypost.retrieval.instructions import parse_instruction


@pytest.mark.parametrize(
    ("instruction", "targets"),
    [
        # 'Τετάρτη' (Wednesday) and 'Πέμπτη' are not ordinals; 'Összes' in a name is not 'all'
        ("ξετσεκάρισε την Τετάρτη και την Πέμπτη", ["Τετάρτη", "Πέμπτη"]),
        ("válaszd az Összes megjelölése olvasottként lehetőséget", ["Összes megjelölése olvasottként"]),
        # a Turkish apostrophe never opens a quoted span
        ("Elif'i ve Ayşe'yi işaretle", ["Elif", "Ayşe"]),
        # a value with a comma stays one value
        ("a Cím mezőbe írd be: Budapest, Fő utca 1", ["Cím field"]),
    ],
)
def test_parsing_keeps_names_whole(instruction: str, targets: list[str]) -> None:
    assert [s.target for s in parse_instruction(instruction)] == targets


def test_value_with_a_comma_is_typed_whole() -> None:
    (step,) = parse_instruction("a Cím mezőbe írd be: Budapest, Fő utca 1")
    assert (step.action, step.text) == ("type", "Budapest, Fő utca 1")


@pytest.mark.parametrize(
    "instruction",
    ["push the branch to git", "open the Aç menu", "type 'ara' into the search box", "click the Sil button"],
)
def test_english_is_not_read_as_turkish(instruction: str) -> None:
    assert all(s.lang in ("en", "") for s in parse_instruction(instruction))


@pytest.mark.parametrize(
    ("instruction", "target", "quantity"),
    [
        ("pipáld ki mindkét jelölőnégyzetet", "checkbox", "both"),
        ("her iki onay kutusunu işaretle", "checkbox", "both"),
        ("τσέκαρε και τα δύο κουτάκια", "checkbox", "both"),
        ("kattints az utolsó Részletek gombra", "last Részletek button", ""),
        ("son Detaylar düğmesine tıkla", "last Detaylar button", ""),
        ("πάτα το τελευταίο κουμπί Λεπτομέρειες", "last button Λεπτομέρειες", ""),
    ],
)
def test_quantities_and_ordinals_are_put_in_english(instruction: str, target: str, quantity: str) -> None:
    (step,) = parse_instruction(instruction)
    assert (step.target, step.quantity) == (target, quantity)


@pytest.mark.parametrize(
    ("instruction", "action", "target", "text"),
    [
        ("a Tárgy mezőbe írd be: Képek", "type", "Tárgy field", "Képek"),
        ("keress rá a blogon: pogácsa", "type", "search", "pogácsa"),
        ("rol filtresini Editör olarak ayarla", "type", "rol filtresini", "Editör"),
        ("şehir olarak İzmir'i seç", "select", "şehir", "İzmir"),
        ("kullanıcılarda kaya ara", "type", "search", "kaya"),
        ("όρισε την αναβολή υπενθύμισης σε 20 λεπτά", "type", "αναβολή υπενθύμισης", "20"),
        ("Emre Çelik satırındaki Düzenle düğmesine tıkla", "click", "Düzenle button for Emre Çelik", None),
        ("Zeynep Kaya'yı sil", "click", "sil for Zeynep Kaya", None),
        ("Bülten'den işareti kaldır", "check", "Bülten", None),
        # a number with its unit is set as the number, but typed as it is
        ("Süre alanını 20 dakika olarak ayarla", "type", "Süre field", "20"),
        ('Not alanına "3 gün" yaz', "type", "Not field", "3 gün"),
        ("a Késleltetés legyen 20 perc", "type", "Késleltetés", "20"),
    ],
)
def test_value_forms(instruction: str, action: str, target: str, text: str | None) -> None:
    (step,) = parse_instruction(instruction)
    assert (step.action, step.target, step.text) == (action, target, text)
