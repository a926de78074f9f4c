"""Instructions in other languages: Czech, French, Spanish, Italian, Portuguese, Dutch, Polish,
Russian, Hungarian, Turkish, Greek, Chinese, Japanese and Korean.

English and German are read by :mod:`waypost.retrieval.instructions` itself; this module only
adds tables for the other languages, tried before the English rules. Each language gives its verbs
and the words around them ('klikněte na X', 'saisissez X dans Y', '在Y中输入X', 'YにXを入力', 'Y에
X를 입력'); a match names the action, the target and the text, still with quoted spans masked.
Kind words of a target are put in English ('tlačítko Odeslat' → 'button Odeslat', '登录按钮' →
'登录 button') so that the ranking's kind words apply. A sentence no table reads is left to the
English rules (and so to 'not found' or 'unsure', never to a guess).

Also here: the language of an instruction (:func:`language_of`), which decides how an ambiguous
date such as '10/11/2011' is read, and the split of a sentence into steps at the conjunctions of
these languages (:func:`split`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

Kind = str  # 'click', 'choose', 'type', 'type_any', 'select', 'check', 'uncheck', 'search'


@dataclass(frozen=True)
class Match:
    """What a language table read from one step.

    Attributes:
        kind: ``click``, ``choose`` (select/pick with no list named), ``type``, ``type_any`` (no
            field named), ``select``, ``check``, ``uncheck`` or ``search`` (type ``text`` into the
            search field and submit).
        target: The element in plain words, kind words in English; quoted spans still masked.
        text: The text to type or the option to select (masked); empty otherwise.
        lang: The language's code ('cs', 'fr', 'zh'...).
        verb: ``expand``, ``collapse``, ``open`` or ``close`` when a click's verb opens or closes
            a section ('dépliez', 'ouvrez', 'sbalte'), so that an open section is not closed
            again; empty otherwise.
    """

    kind: Kind
    target: str = ""
    text: str = ""
    lang: str = ""
    verb: str = ""


@dataclass(frozen=True)
class _Language:
    code: str
    rules: tuple[tuple[re.Pattern[str], Kind], ...]
    articles: re.Pattern[str] | None  # leading words of a target that only point at it
    trailing: re.Pattern[str] | None  # trailing particles ('ein', 'aan', 'をクリック' leftovers)
    kinds: tuple[tuple[re.Pattern[str], str], ...]  # kind words → English kind words
    steps: str  # verbs that may start a step (for splitting at 'and')
    then: str  # words that split steps ('then')
    verbs: tuple[str, str, str] = ("", "", "")  # verbs to type, to select, to fill (several values)
    into: str = ""  # 'into' of typing ('do', 'dans')
    as_: str = ""  # 'as' of choosing ('jako', 'comme')
    and_: str = ""  # 'and' between values ('i', 'et')
    tail: str = ""  # a particle that ends a step to type ('ein')


_Q = r"(?:\x00\d+\x00)"  # a masked quoted span


def _rx(*parts: str) -> re.Pattern[str]:
    return re.compile("".join(parts), re.IGNORECASE)


def _kinds(pairs: dict[str, str], *, words: bool = True) -> tuple[tuple[re.Pattern[str], str], ...]:
    """Kind words (regexes), longest first; ``words``: only whole words (not for scripts without
    spaces)."""
    out = []
    for src, dst in sorted(pairs.items(), key=lambda kv: -len(kv[0])):
        rx = rf"(?<![\w-])(?:{src})(?![\w-])" if words else f"(?:{src})"
        out.append((re.compile(rx, re.IGNORECASE), f" {dst} " if not words else dst))
    return tuple(out)


def _svo(
    code: str,
    *,
    click: str,
    type_verbs: str,
    into: str,
    select_verbs: str,
    from_: str,
    check: str,
    uncheck: str,
    fill: str = "",
    with_: str = "",
    type_tail: str = "",
    set_: str = "",
    to: str = "",
    as_: str = "",
    articles: str = "",
    trailing: str = "",
    kinds: dict[str, str],
    then: str,
    and_: str,
) -> _Language:
    """A language that puts the verb first ('klikněte na X', 'zadejte X do Y', 'vyberte X z Y').

    ``set_`` and ``to``: 'nastavte počet na 5' (the field first, then its value); ``as_``: the
    word for 'as' when choosing ('wybierz Kraków jako miasto': the value first, then the field);
    ``and_``: the word for 'and' between values of one clause ('Jan w pole Imię i Kowalski w
    pole Nazwisko').
    """
    tail = rf"(?:\s+(?:{type_tail}))?" if type_tail else ""
    rules: list[tuple[re.Pattern[str], Kind]] = [
        (_rx(rf"^(?:{uncheck})\s+(?P<target>.+)$"), "uncheck"),
        (_rx(rf"^(?:{check})\s+(?P<target>.+)$"), "check"),
    ]
    if as_:
        rules.append(
            (_rx(rf"^(?:{select_verbs})\s+(?P<text>.+?)\s+(?:{as_})\s+(?P<target>.+?){tail}$"), "select")
        )
    rules += [
        (
            _rx(rf"^(?:{select_verbs})\s+(?P<text>.+?)\s+(?:{from_})\s+(?P<target>.+)$"),
            "select",
        ),
        (_rx(rf"^(?:{select_verbs})\s+(?P<target>.+)$"), "choose"),
        (_rx(rf"^(?:{type_verbs})\s+(?P<text>.+?)\s+(?:{into})\s+(?P<target>.+?){tail}$"), "type"),
        (_rx(rf"^(?:{type_verbs})\s+(?P<text>{_Q}|[^\s\x00]+){tail}$"), "type_any"),
        (_rx(rf"^(?:{click})\s+(?P<target>.+)$"), "click"),
    ]
    at = len(rules) - 3  # before the rules for typing
    if fill:
        rules.insert(at, (_rx(rf"^(?:{fill})\s+(?P<target>.+?)\s+(?:{with_})\s+(?P<text>.+)$"), "type"))
    if set_:
        rules.insert(at, (_rx(rf"^(?:{set_})\s+(?P<target>.+?)\s+(?:{to})\s+(?P<text>.+?){tail}$"), "type"))
    return _Language(
        code=code,
        rules=tuple(rules),
        articles=_rx(rf"^(?:{articles})\s+") if articles else None,
        trailing=_rx(rf"\s+(?:{trailing})$") if trailing else None,
        kinds=_kinds(kinds),
        steps="|".join(v for v in (click, type_verbs, select_verbs, check, uncheck, fill, set_) if v),
        then=then,
        verbs=(type_verbs, select_verbs, fill),
        into=into,
        as_=as_,
        and_=and_,
        tail=tail,
    )


# Kind words: what each language calls a button, a text field, a checkbox, a list, a link.
_LANGUAGES: tuple[_Language, ...] = (
    _svo(
        "cs",
        # (the infinitive too, as instructions are often written: 'otevřít rejstřík')
        click=r"klikněte\s+na|klikni\s+na|kliknout\s+na|klikněte|klikni|kliknout|klepněte\s+na|klepni\s+na|"
        r"klepnout\s+na|stiskněte|stiskni|stisknout|otevřete|otevři|otevřít|přejděte\s+(?:na|do)|"
        r"přejdi\s+(?:na|do)|přejít\s+(?:na|do)|jdi\s+na|přepněte\s+na|přepni\s+na|zobrazte|zobraz|zobrazit|"
        r"rozbalte|rozbal|rozbalit|sbalte|sbal|sbalit",
        type_verbs=r"zadejte|zadej|zadat|napište|napiš|napsat|vložte|vlož|vložit|vyplňte|vyplň|vyplnit",
        into=r"do|v|ve|na|jako",
        select_verbs=r"vyberte|vyber|vybrat|zvolte|zvol|zvolit",
        from_=r"z|ze|v|ve",
        set_=r"nastavte|nastav|nastavit|změňte|změň|změnit",
        to=r"na",
        as_=r"jako",
        check=r"zaškrtněte|zaškrtni|zaškrtnout|označte|označ|označit",
        uncheck=r"zrušte\s+zaškrtnutí|odškrtněte|odškrtni|odškrtnout|odznačte|odznač|odznačit",
        articles=r"na|do|v|ve|z|ze",
        kinds={
            r"tlačítk[oaum]": "button",
            r"odkaz[uy]?": "link",
            r"textov[éého]+\s+pol[ei]": "text field",
            r"pol[ei]": "field",
            r"zaškrtávací\s+políčk[oa]": "checkbox",
            r"políčk[oa]": "checkbox",
            r"rozbalovací\s+seznam[u]?": "dropdown",
            r"seznam[u]?": "list",
            r"kart[auy]": "tab",
            r"přepínač[e]?": "radio",
        },
        then=r"a\s+potom|a\s+pak|potom|pak|poté",
        and_=r"a",
    ),
    # German in the polite form ('Klicken Sie auf', 'Geben Sie X in Y ein'); the familiar form
    # ('klicke auf', 'gib X in Y ein') is read by the rules of ``instructions``.
    _svo(
        "de",
        click=r"klicken\s+sie(?:\s+(?:auf|in))?|drücken\s+sie(?:\s+auf)?|tippen\s+sie\s+auf|"
        r"betätigen\s+sie|öffnen\s+sie",
        type_verbs=r"geben\s+sie|tragen\s+sie|tippen\s+sie|schreiben\s+sie",
        into=r"in|ins|im|bei|unter|als",
        type_tail=r"ein",
        select_verbs=r"wählen\s+sie",
        from_=r"aus|in|im|bei|unter|als|für",
        set_=r"setzen\s+sie|stellen\s+sie|ändern\s+sie",
        to=r"auf",
        as_=r"als",
        check=r"aktivieren\s+sie|markieren\s+sie|kreuzen\s+sie|haken\s+sie|"
        r"setzen\s+sie\s+(?:einen\s+|den\s+)?haken\s+(?:bei|an)",
        uncheck=r"deaktivieren\s+sie|entfernen\s+sie\s+(?:den\s+)?haken\s+(?:bei|von)",
        articles=r"auf|das|die|der|den|dem|ein|eine|einen",
        trailing=r"an|aus|ein",
        kinds={},
        then=r"und\s+dann|dann|danach|anschließend",
        and_=r"und",
    ),
    _svo(
        "fr",
        click=r"cliquez\s+sur|cliquer\s+sur|clique\s+sur|cliquez|cliquer|appuyez\s+sur|appuyer\s+sur|"
        r"appuie\s+sur|ouvrez|ouvrir|ouvre|touchez|toucher|touche|dépliez|déplier|déplie|développez|"
        r"développe|repliez|replier|replie|fermez|ferme|"
        r"va\s+(?:à|sur)|allez\s+(?:à|sur)|aller\s+(?:à|sur)|passe\s+en|passez\s+en|retourne\s+(?:à|sur)",
        type_verbs=r"saisissez|saisir|saisis|entrez|entrer|tapez|taper|tape|écrivez|écrire|écris|indiquez|"
        r"indiquer|indique",
        into=r"dans|en\s+tant\s+que|comme|sous|pour",
        fill=r"remplissez|remplir",
        with_=r"avec|par",
        select_verbs=r"sélectionnez|sélectionner|sélectionne|choisissez|choisir|choisis",
        from_=r"dans|de|depuis|parmi|sous|pour",
        set_=r"mettez|mets|mettre|réglez|règle|régler|définissez|définis|définir|fixez|fixe|fixer|"
        r"passez|passe|passer|changez|change|changer|modifiez|modifie|modifier",
        to=r"à|sur",
        as_=r"comme|en\s+tant\s+que",
        check=r"cochez|cocher|coche|activez|activer",
        uncheck=r"décochez|décocher|décoche|désactivez|désactiver",
        articles=r"le|la|les|l['’]|un|une|du|de\s+la|des|sur",
        kinds={
            r"bouton": "button",
            r"lien": "link",
            r"champ\s+de\s+texte|zone\s+de\s+texte": "text field",
            r"champ": "field",
            r"case\s+à\s+cocher|case": "checkbox",
            r"liste\s+déroulante|menu\s+déroulant": "dropdown",
            r"liste": "list",
            r"onglet": "tab",
            r"bouton\s+radio": "radio",
        },
        then=r"et\s+ensuite|puis|ensuite|et\s+puis",
        and_=r"et",
    ),
    _svo(
        "es",
        click=r"haga\s+clic\s+en|haz\s+clic\s+en|hacer\s+clic\s+en|haga\s+click\s+en|haz\s+click\s+en|"
        r"pulsa|pulsar|pulse|presione|presiona|presionar|abra|abre|abrir|toque|toca|despliegue|despliega|desplegar|contraiga|contrae|"
        r"(?:ir|ve|vaya|vuelve|vuelva|volver|cambia|cambie|cambiar|pasa|pase|pasar)\s+al?",
        type_verbs=r"escriba|escribe|escribir|introduzca|introduce|ingrese|ingresa|teclee|teclea",
        into=r"en|como",
        fill=r"rellene|rellena|complete|completa",
        with_=r"con",
        select_verbs=r"seleccione|selecciona|seleccionar|elija|elige|escoja|escoge",
        from_=r"en|de|desde",
        set_=r"pon|ponga|poner|establece|establezca|establecer|ajusta|ajuste|ajustar|fija|fije|fijar|"
        r"cambia|cambie|cambiar",
        to=r"en|a",
        as_=r"como",
        check=r"marque|marca|activa",
        uncheck=r"desmarque|desmarca|desactive|desactiva",
        articles=r"el|la|los|las|un|una|del|al|en",
        kinds={
            r"botón|boton": "button",
            r"enlace|vínculo": "link",
            r"campo\s+de\s+texto|cuadro\s+de\s+texto": "text field",
            r"campo": "field",
            r"casilla(?:\s+de\s+verificación)?": "checkbox",
            r"lista\s+desplegable|desplegable": "dropdown",
            r"lista": "list",
            r"pestaña": "tab",
        },
        then=r"y\s+luego|luego|después|y\s+después|y\s+a\s+continuación",
        and_=r"y|e",
    ),
    _svo(
        "it",
        click=r"(?:clicca|cliccare|clicchi|fai\s+clic|fare\s+clic)(?:\s+(?:su|sul|sulla|sullo|sull['’]))?|premi|premere|"
        r"apri|aprire|tocca",
        type_verbs=r"inserisci|inserire|inserisca|digita|digitare|scrivi|scrivere|immetti",
        into=r"in|nel|nella|nello|nell['’]|come|sul|sulla",
        fill=r"compila|compilare",
        with_=r"con",
        select_verbs=r"seleziona|selezionare|selezioni|scegli|scegliere",
        from_=r"da|dal|dalla|dallo|dall['’]|in|nel|nella|nell['’]",
        set_=r"imposta|impostare|imposti|metti|mettere|porta|portare|cambia|cambiare|regola|regolare",
        to=r"a|su|al|alla|sul|sulla",
        as_=r"come",
        check=r"spunta|spuntare|attiva|attivare",
        uncheck=r"deseleziona|deselezionare|togli\s+la\s+spunta\s+(?:a|da)|disattiva|disattivare",
        articles=r"il|lo|la|i|gli|le|l['’]|un|una|uno|sul|sulla|su",
        kinds={
            r"pulsante|bottone": "button",
            r"collegamento|link": "link",
            r"campo\s+di\s+testo|casella\s+di\s+testo": "text field",
            r"campo": "field",
            r"casella(?:\s+di\s+controllo)?": "checkbox",
            r"menu\s+a\s+tendina|elenco\s+a\s+discesa": "dropdown",
            r"elenco|lista": "list",
            r"scheda": "tab",
        },
        then=r"e\s+poi|poi|quindi|dopo",
        and_=r"e|ed",
    ),
    _svo(
        "pt",
        click=r"clique\s+em|clique\s+no|clique\s+na|clicar\s+em|carregue\s+em|pressione|toque\s+em|abra",
        type_verbs=r"digite|digitar|escreva|escrever|insira|inserir|introduza",
        into=r"em|no|na|nos|nas|como",
        fill=r"preencha|preencher",
        with_=r"com",
        select_verbs=r"selecione|selecionar|seleccione|escolha|escolher",
        from_=r"em|no|na|de|do|da",
        set_=r"defina|definir|define|coloque|colocar|ponha|ajuste|ajustar|altere|alterar|mude|mudar",
        to=r"para|em|como",
        as_=r"como",
        check=r"marque|marcar|ative|ativar",
        uncheck=r"desmarque|desmarcar|desative|desativar",
        articles=r"o|a|os|as|um|uma|no|na|em",
        kinds={
            r"botão|botao": "button",
            r"link|ligação": "link",
            r"campo\s+de\s+texto|caixa\s+de\s+texto": "text field",
            r"campo": "field",
            r"caixa\s+de\s+seleção|caixa\s+de\s+verificação|caixa": "checkbox",
            r"lista\s+suspensa|menu\s+suspenso": "dropdown",
            r"lista": "list",
            r"aba|guia": "tab",
        },
        then=r"e\s+depois|depois|em\s+seguida|e\s+então",
        and_=r"e",
    ),
    _svo(
        "nl",
        click=r"klik\s+op|klik|druk\s+op|tik\s+op",
        type_verbs=r"typ|tik|voer|schrijf|vul",
        into=r"in|bij|als",
        type_tail=r"in|aan",
        select_verbs=r"kies|selecteer|selecteren",
        from_=r"uit|in|bij|van",
        set_=r"zet|stel|wijzig|verander",
        to=r"(?:in\s+)?op|naar",
        as_=r"als",
        check=r"vink|aanvinken",
        uncheck=r"vink\s+uit|uitvinken",
        articles=r"de|het|een|op",
        trailing=r"aan|in|uit",
        kinds={
            r"knop": "button",
            r"link|koppeling": "link",
            r"tekstveld|invoerveld": "text field",
            r"veld": "field",
            r"selectievakje|vakje|aanvinkvakje": "checkbox",
            r"keuzelijst|vervolgkeuzelijst|dropdown": "dropdown",
            r"lijst": "list",
            r"tabblad": "tab",
        },
        then=r"en\s+dan|daarna|vervolgens|dan",
        and_=r"en",
    ),
    _svo(
        "pl",
        click=r"(?:kliknij|kliknąć)(?:\s+(?:w|na))?|naciśnij|wciśnij|otwórz|dotknij|rozwiń|zwiń|przejdź\s+(?:do|na)|"
        r"idź\s+do|przełącz\s+(?:na|się\s+na)",
        type_verbs=r"wpisz|wprowadź|wpisać|napisz|podaj",
        into=r"w|we|do|na|jako",
        fill=r"wypełnij",
        with_=r"wartością|tekstem",
        select_verbs=r"wybierz|wybrać",
        from_=r"z|ze|w|we",
        set_=r"ustaw|ustawić|zmień|zmienić",
        to=r"na",
        as_=r"jako",
        check=r"zaznacz|zaznaczyć|włącz",
        uncheck=r"odznacz|odznaczyć|wyłącz",
        articles=r"w|we|na|do|z|ze",
        kinds={
            r"przycisk[u]?": "button",
            r"link[u]?|odnośnik[u]?": "link",
            r"pol[eu]\s+tekstow[ey]m?": "text field",
            r"pol[eu]\s+wyboru": "checkbox",
            r"pol[eu]": "field",
            r"lista\s+rozwijan[aej]|listy\s+rozwijanej": "dropdown",
            r"list[aęy]|liście": "list",
            r"zakładk[aęi]": "tab",
            r"checkbox": "checkbox",
        },
        then=r"a\s+potem|potem|następnie|i\s+potem",
        and_=r"i|oraz",
    ),
    _svo(
        "ru",
        click=r"нажмите\s+на|нажмите|нажми\s+на|нажми|кликните\s+(?:по|на)|кликните|щёлкните\s+(?:по|на)|"
        r"щелкните\s+(?:по|на)|откройте|открой|перейдите\s+(?:к|на|в)|перейди\s+(?:к|на|в)|разверните|"
        r"раскройте|сверните",
        type_verbs=r"введите|введи|впишите|напишите|укажите",
        into=r"в|во|на|как",
        fill=r"заполните",
        with_=r"значением|текстом",
        select_verbs=r"выберите|выбери",
        from_=r"из|в|во",
        set_=r"установите|установи|поставьте|поставь|выставьте|выставь|измените|измени|задайте|задай",
        to=r"на|в\s+значение",
        as_=r"как|в\s+качестве",
        check=r"отметьте|отметь|поставьте\s+(?:флажок|галочку)\s+(?:в|на|у)|включите",
        uncheck=r"снимите\s+(?:флажок|галочку)\s+(?:с|у)|отключите|выключите",
        articles=r"на|в|во|по",
        kinds={
            r"кнопк[аеиуой]": "button",
            r"ссылк[аеиуой]": "link",
            r"текстов\w+\s+пол[еюя]": "text field",
            r"пол[еюя]": "field",
            r"флаж\w*|чекбокс\w*|галочк\w*": "checkbox",
            r"выпадающ\w+\s+спис\w*": "dropdown",
            r"спис\w*": "list",
            r"вкладк\w*": "tab",
        },
        then=r"а\s+затем|и\s+затем|затем|потом|после\s+этого",
        and_=r"и",
    ),
)

# Languages written without spaces: the verb sits before or after the target.
_CJK_KINDS_ZH = _kinds(
    {
        "按钮": "button",
        "按鈕": "button",
        "链接": "link",
        "連結": "link",
        "复选框": "checkbox",
        "勾选框": "checkbox",
        "下拉框": "dropdown",
        "下拉列表": "dropdown",
        "下拉菜单": "dropdown",
        "输入框": "text field",
        "文本框": "text field",
        "搜索框": "search box",
        "框": "box",
        "列表": "list",
        "单选按钮": "radio",
        "单选框": "radio",
        "选项卡": "tab",
        "标签页": "tab",
        "字段": "field",
    },
    words=False,
)
_CJK_KINDS_JA = _kinds(
    {
        "ボタン": "button",
        "リンク": "link",
        "チェックボックス": "checkbox",
        "テキストボックス": "text field",
        "テキストフィールド": "text field",
        "入力欄": "text field",
        "検索ボックス": "search box",
        "ドロップダウン": "dropdown",
        "プルダウン": "dropdown",
        "ラジオボタン": "radio",
        "リスト": "list",
        "一覧": "list",
        "タブ": "tab",
        "欄": "field",
        "フィールド": "field",
    },
    words=False,
)
_CJK_KINDS_KO = _kinds(
    {
        "버튼": "button",
        "링크": "link",
        "체크박스": "checkbox",
        "체크 박스": "checkbox",
        "확인란": "checkbox",
        "텍스트 필드": "text field",
        "텍스트 상자": "text field",
        "입력란": "text field",
        "입력 필드": "text field",
        "검색창": "search box",
        "드롭다운": "dropdown",
        "목록": "list",
        "라디오 버튼": "radio",
        "탭": "tab",
        "필드": "field",
    },
    words=False,
)

_ZH_IN = r"\s*(?:中|里|内)?$"
_ZH_TYPE = r"(?:输入|填写|填入|键入)(?!框|栏)"
_ZH_SET = r"(?:设为|设置为|设定为|设成|设置成|改为|改成|调为|调到|调整为|修改为)"
_JA_SELECT = r"を選(?:択(?:して(?:ください|下さい)?|する|します)?|んで(?:ください)?|ぶ|びます)$"
_JA_END = r"(?:して(?:ください|下さい)?|したい(?:です)?|する|します|しなさい|せよ)?"
_KO_END = r"\s*(?:하세요|하십시오|해\s*주세요|해요|해|합니다|하기|하고(?:\s*나서)?|한\s*(?:다음|후))?"
_KO_CLICK_END = r"(?:하세요|하십시오|해\s*주세요|해요|해|합니다|하기|하고|세요|십시오|주세요|고)?$"
_KO_OBJ = r"\s*(?:을|를)?\s*"
_KO_SET = rf"(?:설정|변경|지정){_KO_END}"

_CJK: tuple[_Language, ...] = (
    _Language(
        code="zh",
        rules=(
            (_rx(r"^(?:请)?(?:取消勾选|取消选中|取消选择)\s*(?P<target>.+)$"), "uncheck"),
            (_rx(r"^(?:请)?(?:勾选|选中|勾上|开启|启用)\s*(?P<target>.+)$"), "check"),
            (_rx(r"^(?:请)?(?:禁用|停用)\s*(?P<target>.+)$"), "uncheck"),
            (_rx(r"^(?:请)?(?:在|从)\s*(?P<target>.+?)\s*(?:中|里|内)\s*选择\s*(?P<text>.+)$"), "select"),
            (_rx(r"^(?:请)?(?:选择|选取|选)\s*(?P<text>.+?)\s*作为\s*(?P<target>.+)$"), "select"),
            (_rx(r"^(?:请)?(?:输入|填写|填入|键入)\s*(?P<text>.+?)\s*作为\s*(?P<target>.+)$"), "type"),
            (_rx(r"^(?:请)?(?:把|将)\s*(?P<target>.+?)\s*", _ZH_SET, r"\s*(?P<text>.+)$"), "type"),
            # '姓名改为 Chloé Bernard': the field first, without 把
            (_rx(r"^(?:请)?(?P<target>[^\s\x00把将]{1,12}?)\s*", _ZH_SET, r"\s*(?P<text>.+)$"), "type"),
            (_rx(r"^(?:请)?(?:设置|设定|调整)\s*(?P<target>.+?)\s*(?:为|成)\s*(?P<text>.+)$"), "type"),
            (_rx(r"^(?:请)?(?:选择|选取)\s*(?P<target>.+)$"), "choose"),
            (
                _rx(r"^(?:请)?在\s*(?P<target>.+?)\s*(?:中|里|内|上)?\s*", _ZH_TYPE, r"\s*(?P<text>.+)$"),
                "type",
            ),
            (
                _rx(r"^(?:请)?", _ZH_TYPE, r"\s*(?P<text>.+?)\s*(?:到|至|在|于)\s*(?P<target>.+?)", _ZH_IN),
                "type",
            ),
            (
                _rx(r"^(?:请)?(?:将|把)\s*(?P<text>.+?)\s*", _ZH_TYPE,
                    r"(?:到|至|在)\s*(?P<target>.+?)", _ZH_IN),
                "type",
            ),
            (_rx(rf"^(?:请)?(?:输入|键入)\s*(?P<text>{_Q}|[^\s\x00]+)$"), "type_any"),
            (_rx(r"^(?:请)?(?:点击|单击|点一下|点按|按下|打开)\s*(?P<target>.+)$"), "click"),
        ),
        articles=None,
        trailing=None,
        kinds=_CJK_KINDS_ZH,
        steps=r"点击|单击|输入|填写|选择|勾选|取消勾选|打开|请|在|从|将|把",
        then=r"然后|接着|之后|再",
    ),
    _Language(
        code="ja",
        rules=(
            (_rx(r"^(?P<target>.+?)の?チェックを(?:外|はず)(?:して(?:ください)?|す|します)$"), "uncheck"),
            # 'YをオンにＸ' / 'Yを有効にする': a switch or checkbox set on (off: オフ, 無効)
            (_rx(r"^(?P<target>.+?)を(?:オフ|無効)に", _JA_END, "$"), "uncheck"),
            (_rx(r"^(?P<target>.+?)を(?:オン|有効)に", _JA_END, "$"), "check"),
            (
                _rx(r"^(?P<target>.+?)(?:に|を)チェック",
                    r"(?:を入れ(?:て(?:ください)?|る|ます)?)?", _JA_END, "$"),
                "check",
            ),
            (_rx(r"^(?P<target>.+?)として\s*(?P<text>.+?)", _JA_SELECT), "select"),
            (_rx(r"^(?P<text>.+?)\s*を\s*(?P<target>.+?)として", _JA_SELECT.replace("を", "", 1)), "select"),
            (_rx(r"^(?P<target>.+?)(?:で|から)\s*(?P<text>.+?)", _JA_SELECT), "select"),
            (_rx(r"^(?P<target>.+?)", _JA_SELECT), "choose"),
            (_rx(rf"^(?P<target>.+?)に\s*(?P<text>.+?)\s*を(?:入力|記入){_JA_END}$"), "type"),
            (_rx(rf"^(?P<text>.+?)\s*を\s*(?P<target>.+?)に(?:入力|記入){_JA_END}$"), "type"),
            # 'YにXと入力': と quotes what is typed
            (_rx(rf"^(?P<target>.+?)に\s*(?P<text>.+?)\s*と(?:入力|記入){_JA_END}$"), "type"),
            (_rx(rf"^(?P<text>.+?)\s*と\s*(?P<target>.+?)に(?:入力|記入){_JA_END}$"), "type"),
            (_rx(rf"^(?P<target>.+?)として\s*(?P<text>.+?)\s*を(?:入力|記入){_JA_END}$"), "type"),
            (_rx(rf"^(?P<text>.+?)\s*を\s*(?P<target>.+?)として(?:入力|記入){_JA_END}$"), "type"),
            (_rx(rf"^(?P<target>.+?)を\s*(?P<text>.+?)\s*に(?:設定|変更|指定){_JA_END}$"), "type"),
            (_rx(rf"^(?P<text>{_Q}|[^\s\x00]+)\s*を入力{_JA_END}$"), "type_any"),
            (_rx(rf"^(?P<text>{_Q}|[^\s\x00]+)\s*と入力{_JA_END}$"), "type_any"),  # ('「水深」と入力して')
            (_rx(r"^(?P<target>.+?)を(?:クリック|タップ|押下)(?:して(?:ください)?|する|します)?$"), "click"),
            (_rx(r"^(?P<target>.+?)を押(?:して(?:ください)?|す|します)$"), "click"),
            # the verb last: 'クイックスタートを開いて', '最初の質問を展開', 'ダークモードにして'
            (
                _rx(r"^(?P<target>.+?)を(?P<verb>開|ひら|展開|閉じ|閉|折りたた)",
                    r"(?:いて|く|きます|けて|じて|じる|む|んで|み)?", _JA_END, r"(?:ください)?$"),
                "click",
            ),
            (
                _rx(r"^(?P<target>.+?)を(?:表示|見せ|見)", r"(?:して|せて|て|る|する|します)?(?:ください)?$"),
                "click",
            ),
            (
                _rx(r"^(?P<target>.+?)(?:に|へ)(?:移動|切り替え|切替|切り替|戻|行)",
                    r"(?:って|る|して|する|します|て|えて|く|きます)?(?:ください)?$"),
                "click",
            ),
            # ('ダークモードにして'; but 'AをBにする' sets A to B)
            (_rx(r"^(?P<target>[^を]+?)に(?:して|する|します)(?:ください)?$"), "click"),
            (_rx(r"^(?P<target>[^を\s]+?)(?:する|します|して(?:ください)?)$"), "click"),  # 'ログアウトする'
        ),
        articles=None,
        trailing=None,
        kinds=_CJK_KINDS_JA,
        steps="",
        then=r"その後|それから|次に",
    ),
    _Language(
        code="ko",
        rules=(
            (_rx(rf"^(?P<target>.+?){_KO_OBJ}(?:체크\s*해제|선택\s*해제){_KO_END}$"), "uncheck"),
            (
                _rx(rf"^(?P<target>.+?){_KO_OBJ}(?:비활성화{_KO_END}|끄(?:기|세요|십시오)|꺼\s*주세요|꺼)$"),
                "uncheck",
            ),
            (_rx(rf"^(?P<target>.+?){_KO_OBJ}(?:활성화{_KO_END}|켜(?:기|세요|십시오|\s*주세요)?)$"), "check"),
            (_rx(rf"^(?P<target>.+?)(?:에|을|를)?\s*체크{_KO_END}$"), "check"),
            (_rx(rf"^(?P<target>.+?)에서\s*(?P<text>.+?){_KO_OBJ}선택{_KO_END}$"), "select"),
            (_rx(rf"^(?P<text>.+?)(?:을|를)\s*(?P<target>.+?)(?:으로|로)\s*선택{_KO_END}$"), "select"),
            (_rx(rf"^(?P<target>.+?){_KO_OBJ}선택{_KO_END}$"), "choose"),
            (_rx(rf"^(?P<target>.+?)에\s*(?P<text>.+?){_KO_OBJ}입력{_KO_END}$"), "type"),
            (_rx(r"^(?P<target>.+?)(?:을|를)\s*(?P<text>.+?)(?:으로|로)\s*", _KO_SET, "$"), "type"),
            (_rx(rf"^(?P<text>{_Q}|[^\s\x00]+){_KO_OBJ}입력{_KO_END}$"), "type_any"),
            (_rx(rf"^(?P<target>.+?){_KO_OBJ}(?:클릭|누르|눌러|탭)", _KO_CLICK_END), "click"),
        ),
        articles=None,
        trailing=None,
        kinds=_CJK_KINDS_KO,
        steps="",
        then=r"그\s*다음|그리고\s*나서|그런\s*다음",
    ),
)  # fmt: skip

# Hungarian, Turkish and Greek. Hungarian and Turkish put case endings on the words of a target
# ('a Régebbi gombra', 'Üye Ol'a', 'Düzenle düğmesine') and often (Turkish always) put the verb
# last ('a Küldés gombra kattints', 'KVKK metnini kabul et'); Greek puts the verb first and has
# accents and case endings ('πάτα Αποθήκευση', 'απενεργοποίησε τους ήχους'). Endings written after
# an apostrophe or a hyphen ("Ol'a", 'PDF-et') are taken off here; endings on plain words are left
# to the matching (``text.token_match`` reads a page word as a stem of an instruction word).

_GR_VOWELS = {"α": "αά", "ε": "εέ", "η": "ηή", "ι": "ιίϊΐ", "ο": "οό", "υ": "υύϋΰ", "ω": "ωώ", "σ": "σς"}


def _gr(pattern: str) -> str:
    """A Greek regex written without accents, made to match with or without them (and final ς)."""
    return "".join(f"[{_GR_VOWELS[c]}]" if c in _GR_VOWELS else c for c in pattern)


# Turkish case endings after an apostrophe ("Kaya'yı", "Ol'a", "Ankara'daki"); Hungarian ones
# after a hyphen ('OTP-t', 'PDF-et', 'Wolt-ra').
_TR_SUFFIX = (
    r"(?:y?[aeıiuü]|n[aeıiuü]|[nd]?[dt][ae]n?|[dt][ae]ki|nd[ae]ki|nd[ae]n?|n?[ıiuü]n|y?l[ae]|ki|[dt][ıiuü]r)"
)
_TR_APOSTROPHE_AFTER = re.compile(rf"(?<=[\w\x00.])['’]{_TR_SUFFIX}(?![^\W\d_])")
_HU_SUFFIX = re.compile(
    r"(?<=\w)-(?:[aoeö]?t|[aoeö]?n|r[ae]|b[ae]n?|b[óő]l|r[óő]l|t[óő]l|h[oeö]z|n[ae]k|v[ae]l|n[áé]l|ig|ként|é)"
    r"(?![^\W\d_])"
)
_ORDINAL_WORDS: dict[str, tuple[tuple[str, str], ...]] = {
    "hu": (
        (r"els[őo]", "first"), (r"második", "second"), (r"harmadik", "third"), (r"negyedik", "fourth"),
        (r"ötödik", "fifth"), (r"utols[óo]", "last"),
    ),
    "tr": (
        (r"ilk|birinci", "first"), (r"ikinci", "second"), (r"üçüncü", "third"), (r"dördüncü", "fourth"),
        (r"beşinci", "fifth"), (r"son", "last"),
    ),
    "el": tuple(
        (_gr(src), dst)
        for src, dst in (
            (r"πρωτ(?:ο|η|οσ|ου|ησ|ον|ην)", "first"), (r"δευτερ(?:ο|η|οσ|ου|ησ|ον|ην)", "second"),
            (r"τριτ(?:ο|η|οσ|ου|ησ|ον|ην)", "third"), (r"τεταρτ(?:ο|η|οσ|ου|ησ|ον|ην)", "fourth"),
            (r"πεμπτ(?:ο|η|οσ|ου|ησ|ον|ην)", "fifth"), (r"τελευται(?:ο|α|οσ|ου|ασ|ον)", "last"),
        )
    ),
}  # fmt: skip
# Lower case and before a noun only: 'a második gomb', 'το δεύτερο κουμπί' — not 'Τετάρτη'
# (Wednesday) or a label 'Második'.
_ORDINAL_RX = {
    code: tuple((re.compile(rf"(?<![\w-])(?:{src})(?=\s+[^\W\d_])"), dst) for src, dst in pairs)
    for code, pairs in _ORDINAL_WORDS.items()
}
_NUMBERED = re.compile(r"(?<![\w.])([1-6])\.(?=\s+[^\W\d_])")
_NTH = {"1": "1st", "2": "2nd", "3": "3rd", "4": "4th", "5": "5th", "6": "6th"}
# Turkish 'X satırındaki Düzenle' / 'Şifre alanındaki göster': the element Y in X, read as 'Y for X'.
_TR_IN = re.compile(r"^(?P<ctx>.+?)\s+(?P<at>\S+?[dt][ae]ki)\s+(?P<head>.+)$", re.IGNORECASE)
_TR_PLACE = re.compile(r"^(?:satır|alan|bölüm|kısım|kart|pencere|kutu)", re.IGNORECASE)


def _prep_words(text: str, code: str) -> str:
    """Endings after an apostrophe or hyphen taken off, ordinals put in English ('második' →
    'second', '2.' → '2nd')."""
    if code == "tr":
        text = _TR_APOSTROPHE_AFTER.sub("", text)
    elif code == "hu":
        text = _HU_SUFFIX.sub("", text)
    for rx, word in _ORDINAL_RX.get(code, ()):
        text = rx.sub(word, text)
    return _NUMBERED.sub(lambda m: _NTH[m.group(1)], text)


def _prep_target(text: str, code: str) -> str:
    text = _prep_words(text, code)
    if code == "tr":
        m = _TR_IN.match(text)
        if m:
            ctx, at = m["ctx"], m["at"]
            if not _TR_PLACE.match(at):  # 'Ayarlar sayfasındaki': the place's name is context too
                ctx = f"{ctx} {re.sub(r'n?[dt][ae]ki$', '', at)}"
            text = f"{m['head']} for {ctx}"
    return text


def _prep_value(text: str, code: str) -> str:
    if code == "tr":
        return _TR_APOSTROPHE_AFTER.sub("", text)
    if code == "hu":
        return _HU_SUFFIX.sub("", text)
    return text


def _hte_target(target: str, kind: Kind, groups: dict[str, str | None], code: str) -> tuple[str, Kind]:
    """The target of a Hungarian, Turkish or Greek step, and its kind ('act' and 'state' read)."""
    act, state, noun = groups.get("act"), groups.get("state"), groups.get("noun")
    if noun:
        obj = re.sub(r"^(?:a|az|egy)\s+", "", target.strip(), flags=re.IGNORECASE)
        if "\x00" not in obj and not any(w[:1].isupper() for w in obj.split()):  # no name: not a record
            return "", "click"
        return f"{_HU_ACTS[noun.casefold()]} for {_prep_target(obj, code)}", "click"
    if kind == "search":
        # 'keress rá a blogon: X', 'kullanıcılarda X ara': the page's search field, wherever it is
        return "search", kind
    if act:
        if _TR_APOSTROPHE_AFTER.search(target):
            # "Zeynep Kaya'yı sil": the button 'Sil' of the record named so
            return f"{act} for {_prep_target(target, code)}", "click"
        # 'şifreyi göster', 'Şifre alanındaki şifreyi göster': a button named by the words
        return _prep_target(f"{target} {act}", code), "click"
    if state:
        # "Elif Şahin'i pasif yap": the switch 'Aktif' of that record, on or off
        on = {"pasif": "aktif", "kapalı": "açık"}.get(state.casefold(), state)
        return f"{on} for {_prep_target(target, code)}", kind
    return _prep_target(target, code), kind


# 'όρισε την αναβολή σε 20 λεπτά', 'a Késleltetés legyen 20 perc': a number with its unit, set (not
# typed as text), is set as the number.
_SETTING = re.compile(
    _gr(r"^(?:ορισε|οριστε|ρυθμισε|ρυθμιστε|αλλαξε|αλλαξτε)\s")
    + r"|\s(?:legyen|értéke\s+legyen)\s|^(?:állítsd|állítsa)\s"
    + r"|\solarak\s+(?:ayarla|ayarlayın|belirle|belirleyin)$",
    re.IGNORECASE,
)
_UNITS = re.compile(
    r"^(?P<n>\d+(?:[.,]\d+)?)\s*(?:%|"
    + _gr(r"λεπτ\w*|ωρ\w*|δευτερολεπτ\w*|ημερ\w*|τοισ\s+εκατο")
    + r"|perc\w*|ór[áa]\w*|másodperc\w*|nap\w*|százalék\w*|dakika\w*|saat\w*|saniye\w*|gün\w*|yüzde)$",
    re.IGNORECASE,
)


def _hte_value(text: str, kind: Kind, code: str, seg: str) -> str:
    text = _prep_value(text, code)
    if kind == "type" and _SETTING.search(seg):
        m = _UNITS.match(text.strip())
        if m:
            return m["n"]
    return text


_NOT_EN = r"(?!(?:please\s+)?(?:click|tap|press|hit|open|choose|pick|select|type|enter|write|fill|set|check|"
_NOT_EN += r"tick|uncheck|go|search|delete|remove|show|export|turn|switch|mark|star|like|share|post|find)\b)"

# Hungarian: verb first or last; 'a'/'az' are articles; 'rá' (onto it) may follow the verb.
_HU_CLICK = (
    r"kattints(?:on)?|klikkelj(?:en)?|koppints(?:on)?|bökj\s+rá|(?:nyomd|nyomja|nyisd|nyissa)\s+meg|"
    r"nyomj|nyomjon"
)
_HU_TYPE = r"(?:írd|írja|gépeld|gépelje|vidd|vigye)\s+be|(?:add|adja)\s+meg|(?:töltsd|töltse)\s+ki"
_HU_SELECT = r"(?:válaszd|válassza)(?:\s+ki)?|válassz|válasszon|(?:jelöld|jelölje)\s+ki"
_HU_CHECK = (
    r"(?:pipáld|pipálja|pipálj|jelöld|jelölje|kapcsold|kapcsolja)\s+be|(?:pipáld|pipálja)\s+ki|"
    r"engedélyezd|engedélyezze|tegyél\s+pipát|tegyen\s+pipát"
)
_HU_UNCHECK = (
    r"(?:vedd|vegye|töröld|törölje)\s+ki\s+a\s+(?:pipát|jelölést)|(?:szüntesd|szüntesse)\s+meg\s+a\s+"
    r"(?:pipát|jelölést)|(?:kapcsold|kapcsolja)\s+ki|(?:tiltsd|tiltsa)\s+le|(?:vedd|vegye)\s+ki"
)
_HU_ACCEPT = r"(?:fogadd|fogadja)\s+el"
_HU_GO = (
    r"(?:válts|váltson|váltás)(?:\s+át)?|(?:menj|menjen|ugorj|ugorjon)(?:\s+(?:át|vissza|tovább))?|"
    r"(?:mutasd|mutassa|jelenítsd|jelenítse)(?:\s+meg)?"
)
_HU_KIND = r"(?:gomb|mező|jelölőnégyzet|kapcsoló|link|hivatkozás|fül|elem|sor|level|doboz)"
_TR_KIND = r"(?:düğme|buton|kutu|alan|bağlantı|satır|anahtar|sekme|öğe)"
# Verbs whose control is named by their noun ('töröld X' → the 'Törlés' button of X), read so only
# when X names a record by a proper name ('töröld a Wolt levelét'; not 'mentsd el a receptet').
# Verbs of a toggled state (star, like) are not here: a second click would undo it.
_HU_ACTS: dict[str, str] = {
    "töröld": "törlés", "törölje": "törlés", "szerkeszd": "szerkesztés", "szerkessze": "szerkesztés",
    "archiváld": "archiválás", "archiválja": "archiválás", "mentsd": "mentés", "mentse": "mentés",
    "nyomtasd": "nyomtatás", "nyomtassa": "nyomtatás", "küldd": "küldés", "küldje": "küldés",
    "másold": "másolás", "másolja": "másolás", "oszd": "megosztás", "ossza": "megosztás",
    "válaszolj": "válasz", "válaszoljon": "válasz",
}  # fmt: skip
_HU_ACT = "|".join(_HU_ACTS)
_HU_OPTION = r"(?:\s+(?:lehetőséget|opciót|elemet|menüpontot|értéket))?"

_HU = _Language(
    code="hu",
    rules=(
        (_rx(rf"^(?:{_HU_UNCHECK})\s+(?P<target>.+)$"), "uncheck"),
        (_rx(rf"^(?P<target>.+?)\s+(?:{_HU_UNCHECK})$"), "uncheck"),
        (_rx(rf"^(?:{_HU_CHECK})\s+(?P<target>.+)$"), "check"),
        (_rx(rf"^(?P<target>.+?)\s+(?:{_HU_CHECK})$"), "check"),
        (_rx(rf"^(?:{_HU_ACCEPT})\s+(?P<target>.+)$"), "check"),
        (_rx(rf"^(?P<target>.+?)\s+(?:{_HU_ACCEPT})$"), "check"),
        # 'keress rá a blogon: pogácsa', 'keress rá erre: X'
        (
            _rx(
                r"^(?:keress|keressen|keresd\s+meg|keresse\s+meg)(?:\s+rá)?(?:\s+(?P<target>.+?))?(?:\s+erre)?"
                r"\s*:\s*(?P<text>.+)$"
            ),
            "search",
        ),
        (_rx(rf"^(?:keress|keressen)\s+rá\s+(?P<text>{_Q}|[^\s\x00:]+)$"), "search"),
        # 'a Város listából válaszd ki: Debrecen', 'válaszd ki a Város listából: Debrecen'
        (_rx(rf"^(?P<target>.+?)\s+(?:{_HU_SELECT})\s*:\s*(?P<text>.+)$"), "select"),
        (_rx(rf"^(?:{_HU_SELECT})\s+(?P<target>.+?)\s*:\s*(?P<text>.+)$"), "select"),
        (
            _rx(
                rf"^(?:{_HU_SELECT})\s+(?:(?:a|az)\s+)?(?P<text>{_Q}){_HU_OPTION}\s+(?P<target>.+?(?:ból|ből|ban|ben))$"
            ),
            "select",
        ),
        (_rx(rf"^(?:{_HU_SELECT})\s+(?P<target>.+?){_HU_OPTION}$"), "choose"),
        (_rx(rf"^(?P<target>.+?){_HU_OPTION}\s+(?:{_HU_SELECT})$"), "choose"),
        # 'a Címzett mezőbe írd be: X', 'írd be a Név mezőbe: X', 'írd be "X" a Név mezőbe'
        (_rx(rf"^(?P<target>.+?)\s+(?:{_HU_TYPE})\s*:?\s+(?P<text>.+)$"), "type"),
        (_rx(rf"^(?:{_HU_TYPE})\s+(?P<target>.+?)\s*:\s*(?P<text>.+)$"), "type"),
        (
            _rx(
                rf"^(?:{_HU_TYPE})\s+(?:(?:a|az)\s+)?(?P<text>{_Q}|[^\s\x00]+)"
                rf"(?:\s+(?:szöveget|értéket|címet|nevet|számot))?\s+(?P<target>(?:a|az)\s+.+?(?:ba|be))$"
            ),
            "type",
        ),
        (_rx(rf"^(?:{_HU_TYPE})\s*:?\s+(?P<text>{_Q}|[^\s\x00]+)$"), "type_any"),
        # 'a Tárgy legyen Képek', 'állítsd be a Mennyiség mezőt erre: 3'
        (_rx(r"^(?P<target>.+?)\s+(?:legyen|értéke\s+legyen)\s+(?P<text>.+)$"), "type"),
        (_rx(r"^(?:állítsd|állítsa)(?:\s+be)?\s+(?P<target>.+?)(?:\s+erre)?\s*:\s*(?P<text>.+)$"), "type"),
        (_rx(rf"^(?P<noun>{_HU_ACT})(?:\s+(?:el|ki|meg))?\s+(?P<target>.+)$"), "act"),
        (_rx(rf"^(?:{_HU_CLICK})(?:\s+rá)?\s+(?P<target>.+)$"), "click"),
        (_rx(rf"^(?P<target>.+?)\s+(?:{_HU_CLICK})$"), "click"),
        (_rx(rf"^(?:{_HU_GO})\s+(?P<target>.+)$"), "click"),
    ),
    articles=_rx(r"^(?:a|az|egy|rá|erre|arra)\s+"),
    trailing=_rx(r"\s+(?:elől|mellől|mellett|rá)$"),
    kinds=_kinds(
        {
            r"gomb\w*": "button",
            r"rádiógomb\w*|választógomb\w*": "radio",
            r"link\w*|hivatkozás\w*": "link",
            r"szövegmező\w*|beviteli\s+mező\w*": "text field",
            r"keresőmező\w*": "search box",
            r"mező\w*": "field",
            r"fül\w*": "tab",
            r"menü\w*": "menu button",
            r"jelölőnégyzet\w*": "checkbox",
            r"oldal\w*": "page",
            r"legördülő(?:\s+(?:listá|lista|menü)\w*)?": "dropdown",
            r"listá\w*|lista": "list",
            r"kapcsoló\w*": "switch",
            r"csúszká\w*|csúszka": "slider",
            r"mindkét|mindkettő\w*": "both",
            rf"(?:az\s+)?(?:összes|minden)(?=\s+\S*{_HU_KIND})": "all",
        }
    ),
    steps=rf"{_HU_CLICK}|{_HU_TYPE}|{_HU_SELECT}|{_HU_CHECK}|{_HU_UNCHECK}|{_HU_ACCEPT}|{_HU_GO}",
    then=r"aztán|majd|utána|ezután|azután|végül",
    and_=r"és",
)

# Turkish: the verb comes last; the target carries a case ending ('Düzenle düğmesine tıkla').
_TR_CLICK = r"tıkla|tıklayın|tıklayınız|tıklat|tıklatın|bas|basın|basınız|aç|açın|açınız|git|gidin|geç|geçin"
_TR_TYPE = r"yaz|yazın|yazınız|gir|girin|giriniz|doldur|doldurun|ekle"
_TR_SELECT = r"seç|seçin|seçiniz"
_TR_SET = r"ayarla|ayarlayın|ayarlayınız|belirle|belirleyin|yap|yapın|değiştir|değiştirin"
_TR_VALUE = r"(?:\d+(?:[.,]\d+)?\s+)?[^\s\x00]+"  # one word, or a number and its unit
_TR_FIELD = r"(?:alan|kutu|kısm|bölüm|satır|kutucuğ)\S*"
_TR_ACT = r"sil|düzenle|kaydet|indir|gönder|paylaş|kopyala|onayla|yazdır|arşivle|engelle|göster|gizle"

_TR = _Language(
    code="tr",
    rules=(
        (
            _rx(
                rf"^{_NOT_EN}(?P<target>.+?)\s+(?:işaretini|işareti|seçimini|onayını|tikini)\s+kaldır(?:ın|ınız)?$"
            ),
            "uncheck",
        ),
        (
            _rx(rf"^{_NOT_EN}(?P<target>.+?)\s+(?P<state>pasif|kapalı)\s+(?:yap|yapın|hale\s+getir)$"),
            "uncheck",
        ),
        (_rx(rf"^{_NOT_EN}(?P<target>.+?)\s+devre\s+dışı\s+(?:bırak|bırakın)$"), "uncheck"),
        (
            _rx(rf"^{_NOT_EN}(?P<target>.+?)\s+(?:işaretle|işaretleyin|işaretleyiniz|tikle|tikleyin)$"),
            "check",
        ),
        (_rx(rf"^{_NOT_EN}(?P<target>.+?)\s+(?P<state>aktif|açık)\s+(?:yap|yapın|hale\s+getir)$"), "check"),
        (
            _rx(rf"^{_NOT_EN}(?P<target>.+?)\s+(?:etkinleştir|etkinleştirin|aktifleştir|aktifleştirin)$"),
            "check",
        ),
        (_rx(rf"^{_NOT_EN}(?P<target>.+?)\s+kabul\s+(?:et|edin|ediniz)$"), "check"),
        # 'kullanıcılarda kaya ara', "Kaya'yı ara"
        (
            _rx(rf"^{_NOT_EN}(?:(?P<target>.+?)\s+)?(?P<text>{_Q}|[^\s\x00]+)\s+(?:ara|arayın|aratın)$"),
            "search",
        ),
        # 'şehir olarak İzmir'i seç', 'rol filtresini Editör olarak ayarla', 'Şehir listesinden İzmir'i seç'
        # (set: typed, which also picks the option of a list; choose: an option)
        (_rx(rf"^{_NOT_EN}(?P<target>.+?)\s+olarak\s+(?P<text>.+?)\s+(?:{_TR_SELECT})$"), "select"),
        (_rx(rf"^{_NOT_EN}(?P<target>.+?)\s+olarak\s+(?P<text>.+?)\s+(?:{_TR_SET})$"), "type"),
        (
            _rx(rf"^{_NOT_EN}(?P<target>.+?)\s+(?P<text>{_Q}|{_TR_VALUE})\s+olarak\s+(?:{_TR_SELECT})$"),
            "select",
        ),
        (_rx(rf"^{_NOT_EN}(?P<target>.+?)\s+(?P<text>{_Q}|{_TR_VALUE})\s+olarak\s+(?:{_TR_SET})$"), "type"),
        (_rx(rf"^{_NOT_EN}(?P<target>.+?(?:[dt][ae]n))\s+(?P<text>.+?)\s+(?:{_TR_SELECT})$"), "select"),
        (_rx(rf"^{_NOT_EN}(?P<target>.+?)\s+(?:{_TR_SELECT})$"), "choose"),
        # 'Ad alanını Elif ile doldur'
        (_rx(rf"^{_NOT_EN}(?P<target>.+?)\s+(?P<text>{_Q}|[^\s\x00]+)\s+ile\s+(?:doldur|doldurun)$"), "type"),
        # 'E-posta alanına ela@x.com yaz', 'Ad'a "Elif" yaz', '"Elif" değerini Ad alanına yaz'
        (_rx(rf"^{_NOT_EN}(?P<target>.+?\s{_TR_FIELD})\s+(?P<text>.+?)\s+(?:{_TR_TYPE})$"), "type"),
        (
            _rx(
                rf"^{_NOT_EN}(?P<text>{_Q})(?:['’]\S+|\s+(?:değerini|metnini|yazısını))?\s+(?P<target>.+?)\s+(?:{_TR_TYPE})$"
            ),
            "type",
        ),
        (_rx(rf"^{_NOT_EN}(?P<target>.+?)\s+(?P<text>{_Q}|[^\s\x00]+)\s+(?:{_TR_TYPE})$"), "type"),
        # "Zeynep Kaya'yı sil": the action's button for that record
        (_rx(rf"^{_NOT_EN}(?P<target>.+?(?:['’]\S+|\S{{2}}[ıiuü]))\s+(?P<act>{_TR_ACT})$"), "act"),
        (_rx(rf"^{_NOT_EN}(?P<target>.+?)\s+(?:{_TR_CLICK})$"), "click"),
    ),
    articles=_rx(r"^(?:bir|bu|şu)\s+"),
    trailing=None,
    kinds=_kinds(
        {
            r"düğme\w*|buton\w*": "button",
            r"radyo\s+düğme\w*": "radio",
            r"bağlantı\w*|link\w*": "link",
            r"metin\s+kutu\w*": "text field",
            r"arama\s+kutu\w*": "search box",
            r"onay\s+kutu\w*|kutucu\w*": "checkbox",
            r"açılır\s+(?:liste|menü)\w*": "dropdown",
            r"liste\w*": "list",
            r"sekme\w*": "tab",
            r"menü\w*": "menu button",
            r"alan\w*": "field",
            r"sayfa\w*": "page",
            r"anahtar\w*": "switch",
            r"kaydırıcı\w*": "slider",
            r"seçene\w*": "",
            r"her\s+iki": "both",
            rf"(?:tüm|bütün)(?=\s+\S*{_TR_KIND})": "all",
        }
    ),
    steps="",
    then=r"sonra|ardından|daha\s+sonra|sonrasında",
    and_=r"ve",
)

_EL = _svo(
    "el",
    click=_gr(
        r"κανε\s+κλικ|κανετε\s+κλικ|κλικ|πατα|πατησε|πατηστε|ανοιξε|ανοιξτε|πηγαινε|πηγαινετε|μεταβειτε"
    ),
    type_verbs=_gr(r"πληκτρολογησε|πληκτρολογηστε|γραψε|γραψτε|εισαγαγε|εισαγετε|εισηγαγε|βαλε|βαλτε"),
    into=_gr(r"σε|στο|στον|στην|στη|στα|στισ|στουσ|ωσ"),
    fill=_gr(r"συμπληρωσε|συμπληρωστε"),
    with_=_gr(r"με"),
    select_verbs=_gr(r"επιλεξε|επιλεξτε|διαλεξε|διαλεξτε"),
    from_=_gr(r"απο|στο|στη|στην|στα|στισ|σε"),
    set_=_gr(r"ορισε|οριστε|ρυθμισε|ρυθμιστε|αλλαξε|αλλαξτε"),
    to=_gr(r"σε|στο|στα|στη|στην|στισ|στουσ|στον"),
    as_=_gr(r"ωσ|σαν"),
    check=_gr(r"τσεκαρε|τσεκαρισε|τσεκαρετε|τσεκαριστε|σημειωσε|σημειωστε|ενεργοποιησε|ενεργοποιηστε"),
    uncheck=_gr(
        r"ξετσεκαρε|ξετσεκαρισε|ξετσεκαρετε|ξετσεκαριστε|απενεργοποιησε|απενεργοποιηστε|αποεπιλεξε|αποεπιλεξτε"
    ),
    articles=_gr(
        r"το|τον|την|τη|τα|τουσ|τισ|του|τησ|των|ο|η|οι|ενα|εναν|μια|σε|στο|στον|στην|στη|στα|στουσ|στισ"
    ),
    kinds={
        _gr(src): dst
        for src, dst in {
            r"κουμπ\w*": "button",
            r"συνδεσμ\w*": "link",
            r"πεδι\w*\s+κειμενου": "text field",
            r"πεδι\w*": "field",
            r"πλαισι\w*\s+ελεγχου|κουτακι\w*": "checkbox",
            r"καρτελ\w*": "tab",
            r"μενου": "menu button",
            r"σελιδ\w*": "page",
            r"αναπτυσσομεν\w*\s+λιστ\w*": "dropdown",
            r"λιστ\w*": "list",
            r"διακοπτ\w*": "switch",
            r"ρυθμιστικ\w*": "slider",
            r"κουμπι\w*\s+επιλογησ": "radio",
            r"(?:και\s+)?(?:τα|τουσ|τισ|στα|στουσ|στισ)\s+δυο": "both",
            r"(?:σε\s+)?ολ(?:α|εσ|ουσ)\s+(?:τα|τισ|τουσ)(?=\s+(?:κουμπ|πεδι|πλαισι|κουτακ|διακοπτ))": "all",
        }.items()
    },
    then=_gr(r"και\s+μετα|μετα|επειτα|και\s+επειτα|(?:και\s+)?στη\s+συνεχεια|κατοπιν"),
    and_=_gr(r"και"),
)
# 'αναζήτησε X', 'ψάξε για X': typed into the search field and sent
_EL = replace(
    _EL,
    rules=(
        (_rx(_gr(r"^(?:αναζητησε|αναζητηστε|ψαξε|ψαξτε)(?:\s+για)?\s+(?P<text>.+)$")), "search"),
        *_EL.rules,
    ),
)
_HTE: tuple[_Language, ...] = (_HU, _TR, _EL)
_HTE_CODES = frozenset(lang.code for lang in _HTE)

_ALL: tuple[_Language, ...] = _LANGUAGES + _CJK + _HTE
_BY_CODE = {lang.code: lang for lang in _ALL}

# Splitting a sentence into steps: at 'then' words, and at 'and'/commas before a step verb.
_AND = r"a|et|y|e|en|i|и|und"
_SPLIT = re.compile(
    r"\s*(?:,\s*|\s)(?:" + "|".join(lang.then for lang in _LANGUAGES) + r")\s+"
    r"|\s*(?:,|\s(?:" + _AND + r"))\s+(?=(?:" + "|".join(lang.steps for lang in _LANGUAGES) + r")\b)"
    r"|\s*[，、；。]\s*(?:" + "|".join(lang.then for lang in _CJK) + r")?\s*"
    r"|(?<=\S)\s*(?:然后|接着|之后)\s*"
    # '并' before a verb, '和' before a clause of its own ('…和在姓中输入王'); not in a name ('在线')
    r"|(?<=\S)\s*(?:并且|并)\s*(?=(?:点击|单击|输入|填写|选择|勾选|取消勾选))"
    r"|(?<=\S)\s*(?:并且|并|和|以及|及)\s*(?=(?:在|从|将|把)[^，。,；;]*?(?:输入|填写|填入|键入|选择|选取|设为|设置为|改为))"
    r"|(?<=て)\s*(?:[、,]\s*(?:その後|それから|次に)?|(?:その後|それから|次に))\s*"
    r"|(?<=(?<!と)して)\s+(?!ください|下さい)"
    r"|(?<=하고)\s+|(?<=한\s다음)\s+|(?<=한\s후)\s+|(?<=하고\s나서)\s+",
    re.IGNORECASE,
)
_FOREIGN_START = re.compile(r"^(?:" + "|".join(lang.steps for lang in _LANGUAGES) + r")\b", re.IGNORECASE)
_CJK_TEXT = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")


_HTE_THEN = "|".join(lang.then for lang in _HTE)
_HTE_AND = "|".join(lang.and_ for lang in _HTE)
# 'then' words always end a step; a comma or 'and' only between two clauses that each have a verb.
_HTE_SEP = re.compile(
    rf"(?P<then>\s*,?\s*(?:(?:{_HTE_AND})\s+)?(?:{_HTE_THEN})\s+)|(?P<and>\s*,\s*(?:(?:{_HTE_AND})\s+)?|\s+(?:{_HTE_AND})\s+)",
    re.IGNORECASE,
)


def _hte(part: str) -> bool:
    """Whether ``part`` reads as a step in Hungarian, Turkish or Greek (and in no other table)."""
    found = parse(part)
    return found is not None and found.lang in _HTE_CODES


def _split_hte(segment: str) -> list[str] | None:
    """A sentence in Hungarian, Turkish or Greek split into steps ('X gombra kattints, aztán Y',
    "KVKK metnini kabul et ve Üye Ol'a tıkla"); ``None`` when its first clause is not one of theirs.
    A part after a comma or 'and' that has no verb of its own stays with the part before ('pipáld
    ki a hagymát és a paradicsomot', 'írd be: Budapest, Fő utca 1'); after 'then' it is a step
    ('aztán Küldés')."""
    spans: list[tuple[int, int, bool]] = []  # start, end, after 'then'
    at, then = 0, False
    for m in _HTE_SEP.finditer(segment):
        spans.append((at, m.start(), then))
        at, then = m.end(), m.group("then") is not None
    spans.append((at, len(segment), then))
    if len(spans) < 2 or not _hte(segment[spans[0][0] : spans[0][1]]):
        return None
    merged: list[tuple[int, int]] = []
    for start, end, after_then in spans:
        part = segment[start:end]
        if not part.strip(" ,.") and merged:
            continue
        if merged and not after_then and not _hte(part):
            merged[-1] = (merged[-1][0], end)
        else:
            merged.append((start, end))
    return [segment[a:b] for a, b in merged]


def split(segment: str) -> list[str]:
    """One segment split at the conjunctions of the languages here ('a potom', 'puis', '然后', 'して');
    a segment in English or German is returned whole. Values of one verb listed with commas
    ('姓に山田、名に太郎を入力') stay one step."""
    hte = _split_hte(segment)
    if hte is not None:
        return hte
    if not (_FOREIGN_START.match(_PLEASE.sub("", segment.strip())) or _CJK_TEXT.search(segment)):
        return [segment]
    # Japanese 'して' and Korean '하고' end a step; the next one follows.
    # ('保存して編集を続ける', '保存してもう一つ追加' are the names of "Save and continue editing" and
    # "Save and add another", one button each)
    segment = re.sub(
        r"(?<=(?<!と)して)(?!ください|下さい|[^\s、,]{0,8}?(?:続け|続行|追加))(?=[^\s、,])", " ", segment
    )
    parts = [p for p in _SPLIT.split(segment) if p and p.strip()]
    out: list[str] = []
    i = 0
    while i < len(parts):
        if parse(parts[i]) is None:
            # a part without a verb may be the first value of a list the next part ends
            for j in range(i + 1, len(parts)):
                joined = "、".join(p.strip() for p in parts[i : j + 1])
                if several(joined):
                    out.append(joined)
                    i = j + 1
                    break
            else:
                out.append(parts[i])
                i += 1
            continue
        out.append(parts[i])
        i += 1
    return out


def _clean(text: str, lang: _Language) -> str:
    text = text.strip(" .,!。、！")
    for _ in range(3):
        if lang.articles is None:
            break
        stripped = lang.articles.sub("", text)
        if stripped == text:
            break
        text = stripped
    if lang.trailing is not None:
        text = lang.trailing.sub("", text)
    if " " in text.strip() or not text[:1].isupper():
        # One capitalised word ('Seznam', 'Lista') is a name, not a kind word.
        for rx, word in lang.kinds:
            text = rx.sub(word, text)
    return _unelide(" ".join(text.split()))


def _unelide(text: str) -> str:
    return re.sub(r"(?<=[^\W\d_])’ (?=[^\W\d_])", "'", text)


# The head noun of a field named in the accusative or genitive, as the verb or 'as' wants it
# ('wybierz X jako datę przyjazdu', 'выберите X в качестве даты', 'zvolte X jako měnu'), back in
# the nominative a label uses ('Data przyjazdu', 'Дата', 'Měna'): feminine endings only.
_NOMINATIVE: dict[str, tuple[tuple[re.Pattern[str], str], ...]] = {
    "pl": (
        (re.compile(r"(?<!m)(?<=[^\W\d_]{2})ię$"), "ia"),
        (re.compile(r"(?<=[^\W\d_]{2}[^iW\d_])ę$"), "a"),
    ),
    "ru": (
        (re.compile(r"(?<=\w{2})у$"), "а"),
        (re.compile(r"(?<=\w{2})ю$"), "я"),
        (re.compile(r"(?<=\w{2})ы$"), "а"),
    ),
    "cs": ((re.compile(r"(?<=\w{2})(?<!^men)u$"), "a"),),
}


def _nominative(target: str, code: str) -> str:
    """'datę przyjazdu' → 'data przyjazdu': the first word of a field's name in the nominative."""
    rules = _NOMINATIVE.get(code)
    head, sep, rest = target.partition(" ")
    if not rules or "\x00" in head:
        return target
    for rx, ending in rules:
        new = rx.sub(ending if head[-1:].islower() else ending.upper(), head)
        if new != head:
            return new + sep + rest
    return target


def _value(text: str) -> str:
    return _unelide(text.strip(" ,。、").removesuffix("」").strip())


_POLITE = (
    r"(?:prosím|veuillez|merci\s+de|s['’]\s*il\s+vous\s+plaît|por\s+favor|per\s+favore|alstublieft|proszę|"
    r"пожалуйста)"
)
_PLEASE = re.compile(rf"^{_POLITE}[,\s]+|[,\s]+{_POLITE}$", re.IGNORECASE)


def parse(segment: str) -> Match | None:
    """The action of one step written in a language of the tables here; ``None`` if none reads it.

    Args:
        segment: One step with its quoted spans masked (``Slots``), e.g. 'klikněte na \\x000\\x00'.
    """
    seg = segment.strip(" .!。！")
    seg = _PLEASE.sub("", seg)
    english = None
    for lang in _ALL:
        if lang.code in ("hu", "tr"):
            if english is None:  # 'push the branch to git' is English, not 'X git'
                english = bool(_ENGLISH.match(seg) or _GERMAN.search(seg))
            if english:
                continue
        for rx, kind in lang.rules:
            m = rx.match(seg)
            if not m:
                continue
            groups = m.groupdict()
            target, text = groups.get("target") or "", groups.get("text") or ""
            if lang.code in _HTE_CODES:
                target, kind = _hte_target(target, kind, groups, lang.code)
                text = _hte_value(text, kind, lang.code, seg)
            if lang.code in _HTE_CODES and kind in ("check", "uncheck", "choose"):
                # 'pipáld ki a hagymát és a paradicsomot': items listed with the language's 'and'
                parts = re.split(rf"\s*,\s*(?:(?:{lang.and_})\s+)?|\s+(?:{lang.and_})\s+", target, flags=re.I)
                target = ", ".join(_clean(p, lang) for p in parts)
            else:
                target = _clean(target, lang)
            text = _value(text)
            if kind in ("type", "select") and (not target or not text):
                continue
            if kind not in ("type_any", "search") and not target:
                continue
            if kind == "type_any":
                target = "text field"
            elif kind == "search":
                if not text:
                    continue
                target = target or "search"
            elif kind in ("type", "select"):
                target = _nominative(target, lang.code)
            verb = ""
            if kind == "click" and groups.get("verb"):
                verb = _SECTION_VERBS.get(groups["verb"], "")  # a verb after its object ('を開いて')
            elif kind == "click" and (lead := seg[: m.start("target")].split()):
                verb = _SECTION_VERBS.get(lead[0].casefold(), "")
            return Match(kind, target=target, text=text, lang=lang.code, verb=verb)
    return None


# Click verbs that open or close a section, a panel, a tree branch.
_SECTION_VERBS = {
    **dict.fromkeys(("dépliez", "déplier", "déplie", "développez", "despliegue", "despliega"), "expand"),
    **dict.fromkeys(("desplegar", "rozbalte", "rozbal", "rozwiń", "разверните", "раскройте"), "expand"),
    **dict.fromkeys(("zwiń", "сверните"), "collapse"),
    **dict.fromkeys(("repliez", "replier", "replie", "contraiga", "contrae", "sbalte", "sbal"), "collapse"),
    **dict.fromkeys(("ouvrez", "ouvre", "ouvrir", "abra", "abre", "otevřete", "otevři", "apri"), "open"),
    **dict.fromkeys(("fermez", "ferme", "fermer", "cierre", "cierra", "zavřete", "zavři", "chiudi"), "close"),
    **dict.fromkeys(("開", "ひら"), "open"),
    "展開": "expand",
    **dict.fromkeys(("閉じ", "閉"), "close"),
    "折りたた": "collapse",
}


def several(segment: str) -> list[Match] | None:
    """Several values for several fields under one verb, joined by the language's 'and' or commas:
    'Wpisz Jan w pole Imię i Kowalski w pole Nazwisko', 'saisissez Marie dans Prénom et Curie dans
    Nom', 'wybierz Kraków jako miasto i małopolskie jako województwo', '姓に山田、名に太郎を入力'.

    Every part must name its value and its field; otherwise ``None`` and the clause is read as
    one value ('Procter i Gamble w pole Firma', 'Jan w pole Imię i nazwisko'). Quoted values are
    masked, so an 'and' inside quotes never splits.
    """
    seg = _PLEASE.sub("", segment.strip(" .!。！"))
    for lang in (*_LANGUAGES, _EL):
        type_verbs, select_verbs, _ = lang.verbs
        into = "|".join(w for w in (lang.into, lang.as_) if w)
        for verbs, kind, link in ((type_verbs, "type", into), (select_verbs, "select", lang.as_)):
            if not (verbs and link and lang.and_):
                continue
            m = re.match(rf"^(?:{verbs})\s+(?P<rest>.+?){lang.tail}$", seg, re.IGNORECASE)
            if m is None:
                continue
            parts = re.split(
                rf"\s*,\s*(?:(?:{lang.and_})\s+)?|\s+(?:{lang.and_})\s+", m["rest"], flags=re.IGNORECASE
            )
            found = _pairs(parts, rf"^(?P<text>.+?)\s+(?:{link})\s+(?P<target>.+)$", kind, lang)
            if found:
                return found
    m = re.match(rf"^(?P<rest>.+?)\s*を(?:入力|記入){_JA_END}$", seg)
    if m:
        parts = re.split(r"\s*(?:を)?\s*(?:、|，|,|と)\s*", m["rest"])
        return _pairs(parts, r"^(?P<target>.+?)に\s*(?P<text>.+)$", "type", _BY_CODE["ja"])
    m = re.match(rf"^(?P<rest>.+?){_KO_OBJ}입력{_KO_END}$", seg)
    if m:
        parts = re.split(r"\s*(?:을|를)?\s*(?:,|，|、|그리고)\s*", m["rest"])
        return _pairs(parts, r"^(?P<target>.+?)에\s*(?P<text>.+)$", "type", _BY_CODE["ko"])
    return None


def _pairs(parts: list[str], pair: str, kind: Kind, lang: _Language) -> list[Match] | None:
    if len(parts) < 2:
        return None
    out: list[Match] = []
    for part in parts:
        pm = re.match(pair, part.strip(), re.IGNORECASE)
        if pm is None:
            return None
        raw_target, raw_text = pm["target"], pm["text"]
        if lang.code in _HTE_CODES:
            raw_target, raw_text = _prep_target(raw_target, lang.code), _prep_value(raw_text, lang.code)
        target, text = _nominative(_clean(raw_target, lang), lang.code), _value(raw_text)
        if not target or not text or len(target.split()) > 5:
            return None
        out.append(Match(kind, target=target, text=text, lang=lang.code))
    return out


# Stated transformations of a value to type, by what they do ('in capitals', 'wielkimi literami',
# 'en majuscules', '大写', '大文字で'), in every language read here and in English and German: only
# changes that can be done exactly. Each entry is one alternative of a regex; Latin and Cyrillic
# phrases are whole words, CJK ones are not (no spaces there).
TRANSFORM_WORDS: dict[str, tuple[str, ...]] = {
    "upper": (
        r"(?:(?:but|and)\s+)?upper[\s-]?case\s+it|upper[\s-]?cased",
        r"(?:in\s+)?(?:all\s+)?(?:upper[\s-]?case|block\s+capitals|capitals?|caps|capital\s+letters)"
        r"(?:\s+(?:letters|characters))?",
        r"(?:in\s+)?(?:Großbuchstaben|Grossbuchstaben|Versalien|Majuskeln)|großgeschrieben",
        r"(?:tout\s+)?en\s+(?:lettres\s+)?majuscules?",
        r"(?:todo\s+)?en\s+(?:letras\s+)?mayúsculas?",
        r"(?:tutto\s+)?in\s+(?:lettere\s+)?maiuscol[oae]",
        r"(?:tudo\s+)?em\s+(?:letras\s+)?maiúscul[oa]s?|em\s+caixa\s+alta",
        r"in\s+hoofdletters",
        r"(?:wielkimi|dużymi)\s+literami|wersalikami",
        r"velkými\s+písmeny|verzálkami",
        r"(?:заглавными|прописными|большими)\s+буквами|капсом",
    ),
    "lower": (
        r"(?:(?:but|and)\s+)?lower[\s-]?case\s+it|lower[\s-]?cased",
        r"(?:in\s+)?(?:all\s+)?(?:lower[\s-]?case|small)(?:\s+(?:letters|characters))?",
        r"(?:in\s+)?(?:Kleinbuchstaben|Minuskeln)|kleingeschrieben",
        r"(?:tout\s+)?en\s+(?:lettres\s+)?minuscules?",
        r"(?:todo\s+)?en\s+(?:letras\s+)?minúsculas?",
        r"(?:tutto\s+)?in\s+(?:lettere\s+)?minuscol[oae]",
        r"(?:tudo\s+)?em\s+(?:letras\s+)?minúscul[oa]s?|em\s+caixa\s+baixa",
        r"in\s+kleine\s+letters",
        r"małymi\s+literami",
        r"malými\s+písmeny",
        r"(?:строчными|маленькими)\s+буквами",
    ),
    "reverse": (
        r"reversed|backwards|in\s+reverse(?:\s+order)?",
        r"rückwärts|in\s+umgekehrter\s+Reihenfolge",
        r"à\s+l['’]\s*envers|(?:dans\s+l['’]\s*)?ordre\s+inverse",
        r"al\s+revés|en\s+orden\s+inverso",
        r"al\s+contrario|al\s+rovescio|in\s+ordine\s+inverso",
        r"de\s+trás\s+para\s+(?:a\s+)?frente|em\s+ordem\s+inversa",
        r"achterstevoren|in\s+omgekeerde\s+volgorde",
        r"od\s+tyłu|wspak|w\s+odwrotnej\s+kolejności",
        r"pozpátku|v\s+opačném\s+pořadí",
        r"задом\s+наперёд|задом\s+наперед|в\s+обратном\s+порядке",
    ),
}
TRANSFORM_CJK: dict[str, tuple[str, ...]] = {
    "upper": (r"(?:用|以)?(?:全部)?大写(?:字母)?", r"大文字(?:で|に(?:して)?)", r"대문자로"),
    "lower": (r"(?:用|以)?(?:全部)?小写(?:字母)?", r"小文字(?:で|に(?:して)?)", r"소문자로"),
    "reverse": (r"倒序|倒过来|反过来", r"逆(?:順|さま)?(?:に|で)|逆から", r"거꾸로|역순으로"),
}
# Changes of a value that cannot be done exactly (or whose meaning is not one string): title case,
# 'capitalised', a translation, numbers in words, formatting. A step that asks for one is refused
# (nothing typed), never typed with the words left in.
INEXACT_WORDS: tuple[str, ...] = (
    r"(?:in\s+)?(?:title|camel|snake)[\s-]?case|capitali[sz]ed|with\s+(?:an?\s+)?(?:initial\s+)?capital(?:\s+letter)?|camel[\s-]?case"
    r"|snake[\s-]?case|translated|in\s+morse(?:\s+code)?|(?:in\s+)?base[\s-]?64|encrypted|hashed|abbreviated"
    r"|spelled\s+out|in\s+(?:bold|italics?)",
    r"übersetzt|mit\s+großem\s+Anfangsbuchstaben|in\s+Worten|ausgeschrieben|fett(?:gedruckt)?|kursiv",
    r"tradu(?:it|ite|its)|en\s+toutes\s+lettres|en\s+gras|en\s+italique|avec\s+une\s+majuscule",
    r"traducid[oa]s?|en\s+negrita|en\s+cursiva|con\s+mayúscula\s+inicial",
    r"tradott[oaie]|in\s+grassetto|in\s+corsivo|con\s+l['’]\s*iniziale\s+maiuscola",
    r"traduzid[oa]s?|por\s+extenso|em\s+negrito|em\s+itálico",
    r"vertaald|voluit|vetgedrukt|cursief",
    r"przetłumaczon[aey]|słownie|pogrubion[aey]|kursywą|(?:z\s+)?wielk(?:ą|iej)\s+liter[ąy]",
    r"přeložen[ýéoá]|slovy|tučně|kurzívou|s\s+velkým\s+počátečním\s+písmenem",
    r"переведённ\w*|переведенн\w*|прописью|жирным|курсивом|с\s+заглавной\s+буквы",
)
INEXACT_CJK: tuple[str, ...] = (
    r"翻译成|首字母大写|加粗|粗体|斜体|金额大写|中文大写",
    r"翻訳して|太字|斜体|頭文字を大文字",
    r"번역|굵게|기울임",
)


# The language of a step in English or German (read by the rules of ``instructions``).
_GERMAN = re.compile(
    r"^(?:bitte\s+)?(?:tippe|tipp|gib|gebe|schreibe|schreib|trage|fülle|füll|wähle|wähl|klicke|klick|"
    r"drücke|drück|öffne|gehe|markiere|hake|kreuze|aktiviere|deaktiviere|setze|suche|scrolle)\b"
    r"|\s(?:eingeben|eintragen|eintippen|auswählen|wählen|klicken|anklicken|ankreuzen|ein|aus)$",
    re.IGNORECASE,
)
_ENGLISH = re.compile(
    r"^(?:please\s+)?(?:click|double[\s-]?click|tap|press|hit|push|open|choose|pick|select|type|enter|"
    r"input|write|fill|put|set|check|tick|uncheck|untick|focus|expand|collapse|toggle|insert|provide|"
    r"submit|search|go\s+to|visit)\b",
    re.IGNORECASE,
)


def language_of(segment: str) -> str:
    """The language a step is written in: a code of the tables here, ``de``, ``en``, or ``''`` when
    nothing tells (a name without a verb)."""
    found = parse(segment)
    if found is not None:
        return found.lang
    if _GERMAN.search(segment.strip(" .!")):
        return "de"
    if _ENGLISH.match(segment.strip()):
        return "en"
    if _CJK_TEXT.search(segment):
        hangul = re.search(r"[\uac00-\ud7af]", segment)
        kana = re.search(r"[\u3040-\u30ff]", segment)
        return "ko" if hangul else "ja" if kana else "zh"
    return ""


def normalize(instruction: str) -> str:
    """Quote marks of CJK text as plain quotes ('「太郎」' → '"太郎"'), and elided French and Italian
    articles outside double quotes kept apart from quotes ("l'onglet" does not open a quoted span)."""
    text = re.sub(r"[「『]([^」』]*)[」』]", r'"\1"', instruction)
    # wishes said as wishes: 'ログアウトしたい' (I want to log out) is 'ログアウトして'; '我想退出登录'
    text = re.sub(r"したい(?:です|んですが|のですが)?(?=$|[。！!、,，])", "して", text)
    text = re.sub(r"^(?:我想|我要|我希望)\s*", "", text)
    parts = re.split(r'("[^"]*"|“[^”]*”|„[^“”]*[“”]|«[^»]*»)', text)
    for i in range(0, len(parts), 2):
        parts[i] = _TR_ENDING.sub("’", _ELISION.sub("\\1’ ", parts[i]))
    return "".join(parts)


# Turkish case endings after an apostrophe ("Kaya'yı", "Üye Ol'a"), written with '’' so that the
# apostrophe never opens a quoted span.
_TR_ENDING = re.compile(rf"(?:(?<=[^\W\d_]{{2}})|(?<=[\"”»]))'(?={_TR_SUFFIX}(?![^\W\d_]))")
_ELISION = re.compile(r"(?<![\w'’])((?:[ld]|qu|dell|nell|all|dall|sull|un))'(?=[^\W\d_])", re.I)


def known(code: str) -> bool:
    """Whether ``code`` is a language of the tables here."""
    return code in _BY_CODE


__all__ = [
    "INEXACT_CJK",
    "INEXACT_WORDS",
    "TRANSFORM_CJK",
    "TRANSFORM_WORDS",
    "Match",
    "known",
    "language_of",
    "normalize",
    "parse",
    "several",
    "split",
]
