"""Small multilingual vocabulary: concepts, phrases, role words, stopwords.

Words of one concept share a concept token, so 'login' finds 'Anmelden' and 'Suche' finds
'search'; ``_MORE_WORDS`` gives the same concepts in the other languages the parser reads, so that
'open the shopping cart' finds "Warenkorb", "Panier" or "购物车" and "删除" is a delete button.
The lists are deliberately short: the words UI controls are named with, no general dictionary,
and no word that means something else in another language ('data', 'cap', 'plus').
"""

from __future__ import annotations

import re
import unicodedata

from waypost.retrieval.language_names import LANGUAGE_NAMES

_CONCEPT_GROUPS: dict[str, tuple[str, ...]] = {
    "login": ("login", "signin", "logon", "anmelden", "anmeldung", "einloggen", "anmelde"),
    "logout": ("logout", "signout", "abmelden", "ausloggen", "abmeldung"),
    "register": ("register", "signup", "registrieren", "registrierung", "konto erstellen", "create account"),
    "search": ("search", "find", "suche", "suchen", "suchbegriff", "finden", "query", "lookup"),
    "submit": ("submit", "send", "senden", "absenden", "abschicken", "go", "los", "ok", "publish"),
    "save": ("save", "speichern", "sichern", "store"),
    "cancel": ("cancel", "abbrechen", "abort"),
    "close": ("close", "schliessen", "dismiss", "×", "x", "zumachen"),
    "delete": ("delete", "remove", "löschen", "entfernen", "trash", "papierkorb", "bin"),
    "edit": ("edit", "bearbeiten", "ändern", "modify", "pencil", "stift"),
    "add": ("add", "hinzufügen", "plus", "new", "neu", "create", "anlegen", "erstellen"),
    "accept": ("accept", "akzeptieren", "agree", "zustimmen", "allow", "erlauben", "annehmen", "allen"),
    "reject": ("reject", "ablehnen", "decline", "deny", "verweigern", "necessary", "notwendige", "essential"),
    "next": (
        "next",
        "weiter",
        "nächste",
        "nächster",
        "continue",
        "fortfahren",
        "vor",
        "forward",
        "onward",
        "onwards",
    ),
    "previous": ("previous", "prev", "zurück", "back", "vorherige", "vorheriger"),
    "name": (
        "name",
        "namen",
        "fullname",
        "nom",
        "nombre",
        "nome",
        "naam",
        "名前",
        "姓名",
        "이름",
        "név",
        "isim",
        "όνομα",
        "namn",
    ),
    "firstname": ("firstname", "vorname", "given"),
    "lastname": ("lastname", "nachname", "surname", "familienname"),
    "username": ("username", "benutzername", "nutzername", "user", "benutzer", "login name"),
    "password": ("password", "passwort", "kennwort", "pass", "pwd"),
    "email": ("email", "mail", "emailadresse", "mailadresse"),
    "phone": ("phone", "telefon", "tel", "telephone", "mobile", "handy", "telefonnummer"),
    "address": ("address", "adresse", "adressen", "anschrift", "street", "strasse"),
    "city": ("city", "stadt", "ort", "town", "wohnort"),
    "zip": ("zip", "postcode", "postal", "plz", "postleitzahl"),
    "country": ("country", "land", "staat"),
    "message": ("message", "nachricht", "comment", "kommentar", "text", "mitteilung"),
    "subject": ("subject", "topic", "thema", "betreff", "anliegen"),
    "cart": ("cart", "basket", "warenkorb", "einkaufswagen", "bag"),
    "buy": ("buy", "kaufen", "purchase", "order", "bestellen", "checkout", "kasse"),
    "menu": ("menu", "menü", "hamburger", "navigation", "nav"),
    "home": ("home", "startseite", "start", "homepage", "house"),
    "help": ("help", "hilfe", "support", "faq"),
    "settings": ("settings", "einstellungen", "preferences", "options", "optionen", "gear", "zahnrad"),
    "account": ("account", "konto", "profile", "profil", "mein"),
    "contact": ("contact", "kontakt", "kontaktformular"),
    "privacy": ("privacy", "datenschutz", "datenschutzerklärung", "privatsphäre"),
    "terms": ("terms", "agb", "conditions", "nutzungsbedingungen"),
    "newsletter": ("newsletter", "subscribe", "abonnieren", "abo"),
    "remember": (
        "remember",
        "angemeldet",
        "merken",
        "stay",
        "bleiben",
        "eingeloggt",
        "souvenir",
        "recordarme",
        "recuérdame",
        "ricordami",
        "lembrar",
        "onthouden",
        "zapamiętaj",
        "zapamatovat",
        "запомнить",
        "记住",
        "記住",
        "ログイン状態を保持",
    ),
    "download": ("download", "herunterladen"),
    "upload": ("upload", "hochladen"),
    "share": ("share", "teilen"),
    "print": ("print", "drucken"),
    "filter": ("filter", "filtern"),
    "sort": ("sort", "sortieren", "sortierung"),
    "language": (
        "language",
        "sprache",
        "langue",
        "idioma",
        "lingua",
        "língua",
        "jazyk",
        "język",
        "язык",
        "语言",
        "言語",
    ),  # (not "English" or "Deutsch": one language is never another)
    "yes": ("yes", "ja"),
    "no": ("no", "nein"),
    "date": ("date", "datum", "geburtsdatum", "birthday"),
    "quantity": ("quantity", "menge", "anzahl", "qty"),
    "salutation": ("salutation", "anrede", "title"),
    "mr": ("mr", "herr"),
    "mrs": ("mrs", "ms", "frau"),
    "news": ("news", "nachrichten", "neuigkeiten"),
    "politics": ("politics", "politik"),
    "business": ("business", "economy", "wirtschaft"),
    "weather": ("weather", "wetter"),
    "sports": ("sports", "sport"),
    "science": ("science", "wissenschaft"),
    "culture": ("culture", "kultur"),
    "travel": ("travel", "reise", "reisen"),
    "health": ("health", "gesundheit"),
    "like": ("like", "heart", "favourite", "favorite", "wishlist", "wunschliste", "gefällt", "favorit"),
    "upvote": ("upvote", "daumen", "thumbs"),
    "play": ("play", "abspielen", "wiedergabe", "start"),
    "pause": ("pause", "anhalten"),
    "open": ("open", "öffnen", "öffne", "oeffnen", "aufrufen"),
    "select": ("select", "choose", "auswählen", "wählen", "wähle"),
    "more": ("more", "mehr", "weitere", "details", "expand", "ausklappen"),
    # ('more actions' for "その他の操作")
    "action": ("action", "actions", "aktion", "aktionen"),
    "price": ("price", "preis", "kosten"),
    "bold": ("bold", "fett"),
    "italic": ("italic", "kursiv"),
    "underline": ("underline", "unterstrichen", "unterstreichen"),
    "undo": ("undo", "rückgängig"),
    "redo": ("redo", "wiederholen", "wiederherstellen"),
    "notifications": ("notifications", "benachrichtigungen", "bell", "glocke", "alerts"),
    "dark": ("dark", "dunkel", "darkmode", "nachtmodus"),
}

# The concepts above in French, Spanish, Italian, Portuguese, Dutch, Polish, Czech, Russian,
# Chinese, Japanese, Korean, Hungarian, Turkish, Greek and Swedish. Words of scripts without spaces
# are also found inside longer runs ('上传文件'), so none of them is a single character.
_MORE_WORDS: dict[str, tuple[str, ...]] = {
    "login": (
        "connexion", "connecter", "entrar", "acceder", "accedi", "accesso", "inloggen", "zaloguj",
        "logowanie", "přihlásit", "přihlášení", "войти", "вход", "登录", "登入", "ログイン", "로그인",
        "bejelentkezés", "belépés", "giriş", "σύνδεση", "είσοδος",
        # (imperatives: 'usuario jonas y entra', 'connecte-toi', 'войди')
        "entra", "accede", "connecte", "connectez", "войди", "přihlas", "zaloguj",
    ),
    "logout": (
        "déconnexion", "déconnecter", "uitloggen", "afmelden", "wyloguj", "odhlásit", "odhlášení",
        "выйти", "выход", "退出", "退出登录", "登出", "注销", "ログアウト", "로그아웃", "kijelentkezés",
        "kilépés", "çıkış", "αποσύνδεση",
    ),
    "register": (
        "inscription", "inscrire", "registrarse", "registro", "regístrate", "registrati",
        "registrazione", "cadastrar", "cadastro", "registreren", "zarejestruj", "rejestracja",
        "registrace", "zaregistrovat", "регистрация", "зарегистрироваться", "注册", "会員登録",
        "회원가입", "regisztráció", "regisztrálok", "εγγραφή",
    ),
    "search": (
        "recherche", "rechercher", "chercher", "buscar", "búsqueda", "ricerca", "pesquisar",
        "pesquisa", "zoeken", "zoek", "szukaj", "wyszukaj", "hledat", "vyhledat", "hledání", "поиск",
        "найти", "искать", "搜索", "查找", "検索", "검색", "keresés", "arama", "ara", "αναζήτηση", "sök",
        # the magnifier a search button shows
        "magnifier", "lupa", "lupę", "lupe", "loupe", "лупа", "лупу", "放大镜", "虫眼鏡",
    ),
    "submit": (
        "envoyer", "valider", "soumettre", "enviar", "invia", "inviare", "verzenden", "versturen",
        "verstuur", "wyślij", "odeslat", "отправить", "提交", "发送", "送信", "제출", "전송", "보내기",
        "küldés", "elküld", "gönder", "υποβολή", "αποστολή", "skicka",
    ),
    "save": (
        "enregistrer", "sauvegarder", "guardar", "salva", "salvare", "salvar", "opslaan", "zapisz",
        "uložit", "сохранить", "保存", "저장", "mentés", "kaydet", "αποθήκευση", "spara",
    ),
    "cancel": (
        "annuler", "cancelar", "annulla", "annuleren", "anuluj", "zrušit", "отмена", "отменить",
        "取消", "キャンセル", "취소", "mégse", "iptal", "vazgeç", "ακύρωση", "avbryt",
    ),
    "close": (
        "fermer", "cerrar", "chiudi", "fechar", "sluiten", "zamknij", "zavřít", "закрыть", "关闭",
        "閉じる", "닫기", "bezárás", "kapat", "κλείσιμο", "stäng",
    ),
    "delete": (
        "supprimer", "effacer", "eliminar", "borrar", "elimina", "cancella", "excluir", "apagar",
        "verwijderen", "verwijder", "usuń", "smazat", "odstranit", "удалить", "删除", "削除", "삭제",
        "törlés", "töröl", "διαγραφή", "radera", "ta bort",
    ),
    "edit": (
        "modifier", "éditer", "editar", "modifica", "bewerken", "wijzigen", "edytuj", "upravit",
        "редактировать", "изменить", "编辑", "修改", "編集", "편집", "수정", "szerkesztés",
        "módosítás", "düzenle", "επεξεργασία", "redigera",
    ),
    "add": (
        "neue", "neuen", "neues", "ajouter", "ajoute", "ajoutez", "nouveau", "nouvelle", "créer",
        "añadir", "agregar", "nuevo", "nueva", "crear",
        "aggiungi", "nuovo", "nuova", "crea", "adicionar", "novo", "nova", "criar", "toevoegen",
        "nieuw", "nieuwe", "dodaj", "nowy", "nowa", "utwórz", "přidat", "nový", "nová", "vytvořit",
        "добавить", "новый", "создать", "添加", "新建", "创建", "新增", "追加", "新規", "作成", "추가",
        "만들기", "hozzáadás", "létrehozás", "ekle", "yeni", "oluştur", "προσθήκη", "νέο", "νέα",
        "lägg till",
    ),
    "accept": (
        "accepter", "accepte", "aceptar", "acepto", "accetta", "accetto", "aceitar", "aceito",
        "accepteren", "akkoord", "akceptuj", "zaakceptuj", "přijmout", "souhlasím", "принять",
        "согласен", "接受", "同意", "承諾", "동의", "수락", "elfogad", "elfogadom", "elfogadás", "kabul",
        "αποδοχή", "αποδέχομαι", "godkänn",
    ),
    "reject": (
        "refuser", "rejeter", "nécessaires", "rechazar", "necesarias", "rifiuta", "necessari",
        "rejeitar", "recusar", "weigeren", "afwijzen", "noodzakelijke", "odrzuć", "niezbędne",
        "odmítnout", "nezbytné", "отклонить", "拒绝", "拒否", "거부", "elutasít", "elutasítás",
        "szükséges", "reddet", "απόρριψη", "avvisa",
    ),
    "next": (
        "suivant", "suivante", "siguiente", "successivo", "avanti", "prossimo", "próximo", "seguinte",
        "volgende", "następny", "następna", "następnej", "następną", "następne", "dalej", "další",
        "následující", "далее", "следующая", "следующую", "следующий", "nächsten", "nächste", "nächstes",
        "次のページ", "次の章", "次章", "続ける", "続行", "继续", "繼續", "continuer", "continuar",
        "continua", "pokračovat", "kontynuuj", "продолжить",
        "вперёд", "下一页", "下一个", "下一篇", "下一章", "下一步", "次へ", "다음", "következő", "tovább",
        "sonraki", "ileri", "επόμενο", "επόμενη", "nästa",
    ),
    "previous": (
        "précédent", "précédente", "retour", "anterior", "volver", "atrás", "precedente", "indietro",
        "voltar", "vorige", "terug", "poprzedni", "poprzednia", "poprzedniej", "poprzednią", "wstecz",
        "předchozí", "zpět", "назад", "предыдущую", "vorherigen", "vorherige", "vorheriges", "前のページ",
        "前の章",
        "предыдущая", "предыдущий", "上一页", "上一个", "上一篇", "上一章", "返回", "前へ", "戻る",
        "이전", "뒤로",
        "előző", "vissza", "önceki", "geri", "προηγούμενο", "πίσω", "föregående",
    ),
    "cart": (
        "panier", "carrito", "cesta", "carrello", "carrinho", "winkelwagen", "winkelmandje", "koszyk",
        "košík", "корзина", "购物车", "カート", "장바구니", "kosár", "sepet", "καλάθι", "varukorg",
    ),
    "buy": (
        "acheter", "commander", "comprar", "acquista", "compra", "kopen", "bestellen", "kup",
        "koupit", "objednat", "купить", "购买", "購入", "구매", "vásárlás", "megveszem", "satın",
        "αγορά", "köp",
    ),
    "menu": ("menú", "меню", "菜单", "メニュー", "메뉴", "μενού", "meny"),
    "home": (
        "accueil", "inicio", "início", "portada", "startpagina", "domů", "úvod", "главная", "главную", "首页",
        "主页", "ホーム",
        "トップページ", "홈",
        "főoldal", "kezdőlap", "anasayfa", "αρχική",
    ),
    "help": (
        "aide", "ayuda", "aiuto", "ajuda", "hulp", "pomoc", "nápověda", "помощь", "справка", "帮助",
        "ヘルプ", "도움말", "súgó", "segítség", "yardım", "βοήθεια", "hjälp",
    ),
    "settings": (
        "paramètres", "réglages", "configuración", "ajustes", "impostazioni", "configurações",
        "definições", "instellingen", "ustawienia", "nastavení", "настройки", "设置", "設定", "설정",
        "beállítások", "ayarlar", "ρυθμίσεις", "inställningar",
    ),
    "account": (
        "compte", "cuenta", "conta", "konto", "účet", "аккаунт", "профиль", "账户", "账号",
        "アカウント", "マイページ", "계정", "fiók", "hesap", "hesabım", "λογαριασμός", "προφίλ",
    ),
    "contact": (
        "contactez", "contacto", "contatti", "contato", "kontakt", "контакты", "联系我们",
        "お問い合わせ", "kapcsolat", "iletişim", "επικοινωνία",
    ),
    "download": (
        "télécharger", "descargar", "scarica", "baixar", "downloaden", "pobierz", "stáhnout",
        "скачать", "下载", "ダウンロード", "다운로드", "letöltés", "indir", "λήψη", "ladda ner",
    ),
    "upload": (
        "téléverser", "subir", "carica", "carregar", "uploaden", "prześlij", "nahrát", "загрузить",
        "上传", "アップロード", "업로드", "feltöltés", "yükle", "μεταφόρτωση",
    ),
    "share": (
        "partager", "compartir", "condividi", "compartilhar", "partilhar", "delen", "udostępnij",
        "sdílet", "поделиться", "分享", "共有", "シェア", "공유", "megosztás", "paylaş",
        "κοινοποίηση",
    ),
    "print": (
        "imprimer", "imprimir", "stampa", "afdrukken", "drukuj", "vytisknout", "печать", "打印",
        "印刷", "인쇄", "nyomtatás", "yazdır", "εκτύπωση", "skriv ut",
    ),
    "filter": (
        "filtrer", "filtrar", "filtra", "filteren", "filtruj", "filtrovat", "фильтр", "筛选",
        "絞り込み", "フィルター", "필터", "szűrés", "szűrő", "filtrele", "φίλτρα",
    ),
    "sort": (
        "trier", "ordenar", "ordina", "sorteren", "sortuj", "seřadit", "řazení", "сортировка",
        "排序", "並び替え", "並べ替え", "정렬", "rendezés", "sırala", "ταξινόμηση", "sortera",
    ),
    "like": (
        "aimer", "gusta", "piace", "curtir", "lubię", "líbí", "нравится", "点赞", "喜欢", "いいね",
        "좋아요", "tetszik", "kedvel", "beğen", "favoris", "favoritos", "preferiti", "favorieten",
        "ulubione", "oblíbené", "избранное", "收藏", "お気に入り", "즐겨찾기", "kedvenc", "favori",
        "αγαπημένα",
    ),
    "notifications": (
        "notificaciones", "notifiche", "notificações", "meldingen", "powiadomienia", "oznámení",
        "уведомления", "通知", "알림", "értesítések", "bildirimler", "ειδοποιήσεις", "aviseringar",
    ),
    "action": (
        "acciones", "acción", "azioni", "ações", "akce", "akcje", "действия", "操作", "アクション", "动作",
    ),
    "more": (
        "más", "altro", "altri", "mais", "meer", "więcej", "více", "ещё", "еще", "больше", "更多",
        "もっと見る", "その他", "더보기", "továbbiak", "több", "περισσότερα",
    ),
    "open": (
        "ouvrir", "abrir", "apri", "openen", "otwórz", "otevřít", "открыть", "打开", "開く", "열기",
        "megnyitás", "άνοιγμα", "öppna",
    ),
    "play": (
        "reproducir", "riproduci", "reproduzir", "afspelen", "odtwórz", "přehrát",
        "воспроизвести", "播放", "再生", "재생", "lejátszás", "oynat", "αναπαραγωγή", "spela",
    ),
    "message": (
        "commentaire", "comentario", "commento", "comentário", "reactie", "komentarz", "komentář",
        "комментарий", "评论", "留言", "コメント", "댓글", "hozzászólás", "yorum", "σχόλιο",
        "mensaje", "messaggio", "mensagem", "bericht", "wiadomość", "zpráva", "сообщение", "消息",
        "メッセージ", "메시지", "üzenet", "mesaj", "μήνυμα", "meddelande", "kommentar",
    ),
    "password": (
        "motdepasse", "contraseña", "senha", "wachtwoord", "hasło", "heslo", "пароль", "密码",
        "パスワード", "비밀번호", "jelszó", "şifre", "κωδικός", "lösenord",
    ),
    "email": ("courriel", "correo", "eposta", "邮箱", "メールアドレス", "이메일", "epost"),
    "username": (
        "usuario", "utente", "usuário", "gebruikersnaam", "użytkownik", "uživatel", "用户名",
        "ユーザー名", "사용자", "felhasználónév", "kullanıcı",
    ),
    "firstname": ("prénom", "voornaam", "imię", "jméno", "имя", "keresztnév", "utónév", "förnamn"),
    "lastname": (
        "apellido", "apellidos", "cognome", "sobrenome", "achternaam", "nazwisko", "příjmení",
        "фамилия", "姓氏", "vezetéknév", "soyad", "soyadı", "επώνυμο", "efternamn",
    ),
    "phone": (
        "téléphone", "teléfono", "telefono", "telefone", "telefoon", "телефон", "电话", "手机", "電話",
        "전화", "telefonszám", "τηλέφωνο",
    ),
    "address": (
        "dirección", "indirizzo", "endereço", "adres", "adresa", "адрес", "地址", "住所", "주소",
        "διεύθυνση",
    ),
    "city": (
        "ville", "ciudad", "città", "cidade", "plaats", "miasto", "město", "город", "城市", "도시",
        "város", "şehir", "πόλη",
    ),
    "zip": (
        "codepostal", "códigopostal", "psč", "邮编", "郵便番号", "우편번호", "irányítószám", "postnummer",
    ),
    "country": (
        "pays", "país", "paese", "kraj", "země", "страна", "国家", "국가", "ország", "ülke", "χώρα",
    ),
    "date": ("fecha", "дата", "日期", "日付", "날짜", "dátum", "tarih", "ημερομηνία"),
    "quantity": (
        "quantité", "cantidad", "quantità", "quantidade", "aantal", "ilość", "množství", "počet",
        "количество", "数量", "수량", "mennyiség", "adet", "ποσότητα", "antal",
    ),
    "price": (
        "prix", "precio", "prezzo", "preço", "prijs", "cena", "цена", "价格", "価格", "가격", "fiyat",
        "τιμή",
    ),
    "subject": (
        "objet", "asunto", "oggetto", "assunto", "onderwerp", "temat", "předmět", "主题", "件名", "제목",
        "tárgy", "konu", "θέμα", "ämne",
    ),
    "newsletter": (
        "abonner", "suscribirse", "suscríbete", "inschrijven", "odebírat", "订阅", "購読", "구독",
        "feliratkozás", "abone",
    ),
    "dark": (
        "sombre", "oscuro", "scuro", "escuro", "donker", "ciemny", "tmavý", "тёмная", "темная", "dunkle",
        "dunkles", "dunklen", "tmavé", "tmavou", "ciemne", "ciemną", "тёмную", "темную", "тёмный", "темный",
        "深色", "ダーク", "다크", "sötét", "koyu", "σκοτεινό", "mörkt",
    ),
    "reply": (
        "reply", "antworten", "antwort", "répondre", "responder", "rispondi", "beantwoorden",
        "odpowiedz", "odpovědět", "ответить", "回复", "返信", "답글", "답장", "válasz", "yanıtla",
        "cevapla", "απάντηση", "svara",
    ),
    "follow": (
        "follow", "folgen", "suivre", "seguir", "segui", "volgen", "obserwuj", "sledovat", "关注",
        "フォロー", "팔로우", "követés", "takip", "ακολούθησε", "följ",
    ),
    "file": (
        "file", "files", "datei", "dateien", "fichier", "fichiers", "archivo", "archivos", "arquivo",
        "bestand", "plik", "soubor", "файл", "文件", "ファイル", "파일", "fájl", "dosya", "αρχείο",
    ),
    "folder": (
        "folder", "ordner", "dossier", "carpeta", "cartella", "složka", "папка", "文件夹", "フォルダ",
        "폴더", "mappa", "klasör", "φάκελος", "mapp",
    ),
    "bookmark": (
        "bookmark", "lesezeichen", "merkzettel", "signet", "marcador", "segnalibro", "bladwijzer",
        "zakładka", "záložka", "закладка", "书签", "ブックマーク", "북마크", "könyvjelző", "yer imi",
        "σελιδοδείκτης", "bokmärke",
    ),
    "reset": (
        "reset", "zurücksetzen", "réinitialiser", "restablecer", "reiniciar", "reimposta",
        "reimpostare", "redefinir", "resetten", "resetuj", "resetovat", "obnovit", "сбросить",
        "сброс", "重置", "リセット", "초기화", "visszaállítás", "sıfırla", "επαναφορά", "återställ",
    ),
    "book": (
        "book", "buchen", "réserver", "reservar", "prenota", "prenotare", "boeken", "reserveren",
        "zarezerwuj", "rezervovat", "rezervace", "забронировать", "бронировать", "预订", "预定",
        "予約", "예약", "foglalás", "lefoglal", "rezervasyon", "κράτηση", "boka",
    ),
    # (round 12) words of documentation sites, account pages and data browsers
    "copy": (
        "copy", "kopieren", "kopiere", "copier", "copie", "copiez", "copiar", "copia", "copiare",
        "kopiëren", "kopieer", "kopiuj", "skopiuj", "kopírovat", "zkopírovat", "zkopíruj",
        "zkopírujte", "копировать", "скопировать", "скопируйте", "复制", "拷贝", "コピー", "복사",
        "másolás", "kopyala", "αντιγραφή", "kopiera",
    ),
    "forgot": (
        "forgot", "forgotten", "vergessen", "oublié", "oubliée", "olvidado", "olvidaste",
        "olvidó", "dimenticato", "dimenticata", "esqueceu", "esqueci", "vergeten", "zapomniałeś",
        "zapomniane", "zapomenuté", "zapomněli", "zapomněl", "забыли", "забыл", "忘记", "忘れ",
        "お忘れ", "elfelejtett", "unuttum", "ξεχάσατε", "glömt",
    ),
    "primary": (
        "primary", "primär", "primäre", "hauptadresse", "principale", "principal", "primaria",
        "primario", "primária", "primaire", "primární", "główny", "główna", "podstawowy",
        "основной", "основным", "首选", "メイン", "기본",
    ),
    "verify": (
        "verify", "verification", "verifizieren", "verifizierung", "vérification", "vérifier",
        "verificación", "verificar", "verifica", "verificare", "verificação", "verifiëren",
        "verificatie", "weryfikacja", "zweryfikuj", "ověření", "ověřit", "подтверждение", "验证",
        "인증",
    ),
    "run": (
        "run", "execute", "ausführen", "exécuter", "lancer", "ejecutar", "esegui", "eseguire",
        "executar", "uitvoeren", "uruchom", "wykonaj", "spustit", "spusť", "spusťte",
        "выполнить", "запустить", "运行", "执行", "実行", "실행", "futtatás", "çalıştır", "εκτέλεση",
    ),
    "show": (
        "show", "view", "ansehen", "anschauen", "voir", "visualizza", "visualizar", "bekijk", "bekijken",
        "zobacz", "посмотреть", "просмотр", "查看", "閲覧", "詳細", "详情",
        "anzeigen", "zeige", "zeigen", "afficher", "affiche", "mostrar", "muestra",
        "mostra", "mostrare", "exibir", "tonen", "toon", "pokaż", "wyświetl", "zobrazit", "zobraz",
        "ukázat", "показать", "покажи", "显示", "表示", "보기", "megjelenítés", "göster", "εμφάνιση",
    ),
    "hide": (
        "hide", "ausblenden", "verbergen", "verstecken", "masquer", "cacher", "ocultar", "nascondi",
        "esconder", "ukryj", "schovat", "skrýt", "скрыть", "隐藏", "非表示", "숨기기",
    ),
    "collapse": (
        "collapse", "zuklappen", "einklappen", "replier", "réduire", "contraer", "comprimi",
        "recolher", "inklappen", "zwiń", "sbalit", "sbal", "свернуть", "收起", "折りたたむ", "접기",
    ),
    "table": (
        "table", "tabelle", "tableau", "tabla", "tabella", "tabel", "tabulka", "tabela", "таблица",
        "テーブル", "테이블",
    ),
    "category": (
        "category", "kategorie", "catégorie", "categoría", "categoria", "categorie", "kategoria",
        "категория", "类别", "分类", "カテゴリ", "カテゴリー", "카테고리",
    ),
    "priority": (
        "priority", "priorität", "priorité", "prioridad", "priorità", "prioridade", "prioriteit",
        "priorytet", "priorita", "приоритет", "优先级", "優先度", "우선순위",
    ),
    "status": ("status", "statut", "stato", "stav", "статус", "状态", "ステータス", "상태"),
    "install": (
        "install", "installation", "installieren", "installer", "instalar", "installare",
        "installeren", "zainstaluj", "instalace", "instalovat", "установить", "установка", "安装",
        "インストール", "설치",
    ),
    "uninstall": (
        "uninstall", "deinstallieren", "désinstaller", "desinstalar", "disinstallare",
        "odinstalovat", "odinstalace", "odinstaluj", "卸载", "アンインストール",
    ),
    "upgrade": (
        "upgrade", "aktualisieren", "aktualisierung", "actualizar", "aggiornare", "atualizar",
        "bijwerken", "aktualizuj", "aktualizace", "aktualizovat", "обновить", "обновление", "升级",
        "アップグレード",
    ),
    "history": (
        "history", "verlauf", "historique", "historial", "cronologia", "histórico", "geschiedenis",
        "historia", "история", "历史", "履歴",
    ),
    "result": (
        "result", "results", "ergebnis", "ergebnisse", "résultat", "résultats", "resultado",
        "resultados", "risultato", "risultati", "resultaat", "wynik", "wyniki", "výsledek",
        "výsledky", "результат", "结果", "結果",
    ),
    # the second field of a new password ("Password (again)", "Passwort (Wiederholung)")
    "again": (
        "again", "repeat", "confirm", "confirmation", "wiederholung", "erneut", "nochmal",
        "nochmals", "bestätigen", "bestätigung", "confirmer", "répéter", "encore", "repetir",
        "repita", "confirmar", "confirmación", "ripeti", "ripetere", "conferma", "confermare",
        "herhaal", "bevestig", "powtórz", "powtórzenie", "potwierdź", "zopakujte", "zopakovat",
        "znovu", "potvrďte", "potvrzení", "повторите", "повтор", "подтвердите", "再次", "确认",
        "再入力", "確認",
    ),
    "light": (
        "light", "hell", "helles", "hellen", "clair", "claro", "chiaro", "licht", "jasny",
        "světlý", "светлая", "浅色", "ライト", "라이트", "světlé", "světlou", "jasne", "jasną", "светлую",
        "светлый", "светлой",
    ),
    # the colours a theme, a label or a variant is offered in, as people say them
    "green": (
        "green", "grün", "grüne", "grünen", "grünes", "vert", "verte", "verde", "zelená", "zelený", "zelenou",
        "zielony", "zielona", "zieloną", "zielonym", "зелёный", "зеленый", "зелёным", "зеленым", "зелёная",
        "зелёную", "緑", "绿色",
    ),
    "purple": (
        "purple", "lila", "violett", "violet", "violette", "morado", "púrpura", "fialová", "fialovou",
        "fialový", "fioletowy", "fioletowa", "fioletową", "фиолетовый", "фиолетовым", "фиолетовая", "紫",
    ),
    "blue": (
        "blue", "blau", "blaue", "blauen", "bleu", "bleue", "azul", "blu", "modrá", "modrou", "modrý",
        "niebieski", "niebieska", "niebieską", "синий", "синим", "синяя", "голубой", "青", "蓝色",
    ),
    "red": (
        "red", "rot", "rote", "roten", "rouge", "rojo", "roja", "rosso", "rossa", "červená", "červenou",
        "červený", "czerwony", "czerwona", "czerwoną", "красный", "красным", "красная", "赤", "红色",
    ),
}  # fmt: skip
for _key, _extra in _MORE_WORDS.items():
    _CONCEPT_GROUPS[_key] = (*_CONCEPT_GROUPS.get(_key, ()), *_extra)

# The common fields of forms and columns of lists, named in the languages instructions come in:
# an admin's labels stay in English ("Weight (kg)") when its own words are translated, and people
# ask in theirs ('váha 12.3', 'Höhe 75').
_FIELD_WORDS: dict[str, tuple[str, ...]] = {
    "name": (
        "jméno", "jmeno", "imię", "imie", "имя", "кличка", "nome", "naam", "名前", "名字", "姓名",
    ),
    "height": (
        "height", "höhe", "hauteur", "altura", "altezza", "hoogte", "wysokość", "výška", "высота",
        "高度", "高さ",
    ),
    "weight": (
        "weight", "gewicht", "poids", "peso", "waga", "váha", "hmotnost", "вес", "重量", "体重",
    ),
    "width": (
        "width", "breite", "largeur", "ancho", "anchura", "larghezza", "breedte", "szerokość", "šířka",
        "ширина", "宽度",
    ),
    "length": (
        "length", "länge", "longueur", "longitud", "lunghezza", "lengte", "długość", "délka", "длина",
        "长度", "長さ",
    ),
    "size": (
        "size", "größe", "taille", "tamaño", "talla", "taglia", "grootte", "rozmiar", "velikost",
        "размер", "尺寸", "サイズ",
    ),
    "color": (
        "color", "colour", "farbe", "couleur", "colore", "cor", "kleur", "kolor", "barva", "цвет",
        "颜色", "色",
    ),
    "notes": (
        "notes", "note", "notizen", "notiz", "anmerkungen", "anmerkung", "bemerkungen", "bemerkung",
        "remarques", "notas", "nota", "notities", "notatki", "notatka", "poznámky", "poznámka",
        "заметки", "заметка", "примечание", "примечания", "备注", "メモ", "備考",
    ),
    # a page's source as documentation themes offer it ("Show Source", "Quellcode anzeigen",
    # "Mostrar el código", "Ukázat zdroj", "显示源代码"): the code of the page is its source
    "source": (
        "source", "sources", "quelltext", "quellcode", "fuente", "código", "sorgente", "codice", "broncode",
        "zdroj", "zdrojový", "kód", "źródło", "źródła", "исходник", "исходный", "源代码", "源码", "原始码",
        "ソース", "ソースコード", "소스",
    ),
    "description": (
        "description", "beschreibung", "descripción", "descrizione", "descrição", "beschrijving",
        "opis", "popis", "описание", "描述", "説明",
    ),
    "sex": (
        "sex", "gender", "geschlecht", "sexe", "sexo", "sesso", "geslacht", "płeć", "pohlaví", "пол",
        "性别", "性別",
    ),
    "owner": (
        "owner", "besitzer", "besitzerin", "eigentümer", "halter", "propriétaire", "dueño", "dueña",
        "propietario", "proprietario", "eigenaar", "właściciel", "majitel", "vlastník", "владелец",
        "хозяин", "主人", "所有者", "飼い主",
    ),
    "reason": (
        "reason", "grund", "raison", "motif", "motivo", "reden", "powód", "důvod", "причина", "原因",
        "理由",
    ),
    "age": (
        "age", "alter", "âge", "edad", "età", "idade", "leeftijd", "wiek", "věk", "возраст", "年龄", "年齢",
    ),
    "year": ("year", "jahr", "année", "año", "anno", "jaar", "rok", "год", "年份"),
    "time": (
        "time", "uhrzeit", "heure", "hora", "ora", "tijd", "czas", "godzina", "čas", "время",
        "时间", "時間", "時刻",
    ),
    "species": (
        "species", "tierart", "espèce", "especie", "specie", "gatunek", "druh", "вид", "物种",
    ),
    "breed": (
        "breed", "rasse", "race", "raza", "razza", "ras", "rasa", "plemeno", "порода", "品种", "品種",
    ),
    # ("title" is a salutation's field as often as a book's)
    "salutation": (
        "titel", "titre", "título", "titolo", "tytuł", "заголовок", "название", "标题", "タイトル",
    ),
    "type": ("type", "typ", "tipo", "тип", "类型", "タイプ"),
    "company": (
        "company", "firma", "société", "entreprise", "empresa", "azienda", "bedrijf", "společnost",
        "компания", "公司", "会社",
    ),
    "website": (
        "website", "webseite", "sitio", "sito", "web", "сайт", "网站", "ウェブサイト",
    ),
}  # fmt: skip
for _key, _extra in _FIELD_WORDS.items():
    _CONCEPT_GROUPS[_key] = (*_CONCEPT_GROUPS.get(_key, ()), *_extra)

# Multi-word or punctuated forms joined before tokenising.
PHRASES: dict[str, str] = {
    "sign in": "signin",
    "log in": "login",
    "log on": "logon",
    "sign up": "signup",
    "sign out": "signout",
    "log out": "logout",
    # the one asking inside the phrase ('log me out', 'sign me up')
    "iniciar sesión": "login",
    "inicia sesión": "login",
    "iniciar sesion": "login",
    "se connecter": "login",
    "sign me in": "signin",
    "log me in": "login",
    "sign me up": "signup",
    "sign me out": "signout",
    "log me out": "logout",
    "sign her up": "signup",
    "sign him up": "signup",
    "sign them up": "signup",
    "sign us up": "signup",
    "e-mail": "email",
    "e mail": "email",
    "e-mail-adresse": "emailadresse",
    "first name": "firstname",
    "last name": "lastname",
    "family name": "lastname",
    "full name": "fullname",
    "user name": "username",
    "zip code": "zip",
    "post code": "postcode",
    "postal code": "postal",
    "dark mode": "darkmode",
    "home page": "home",
    "start page": "home",
    "front page": "home",
    "main page": "home",
    "landing page": "home",
    "go home": "home",
    "go back home": "home",
    "keep editing": "continue editing",
    "keep me signed in": "remember",
    "keep me logged in": "remember",
    "stay signed in": "remember",
    "stay logged in": "remember",
    "add to cart": "add cart",
    "in den warenkorb": "warenkorb",
    "shopping cart": "cart",
    "shopping basket": "cart",
    "shopping bag": "cart",
    "mot de passe": "motdepasse",
    "code postal": "codepostal",
    "código postal": "códigopostal",
    "e-posta": "eposta",
    "e-post": "epost",
    "ta bort": "tabort",
    "lägg till": "läggtill",
    "ladda ner": "laddaner",
    "skriv ut": "skrivut",
    "yer imi": "yerimi",
}

# Symbols used as the only text of icon buttons, read as words.
SYMBOLS: dict[str, str] = {
    "×": "close",
    "✕": "close",
    "✖": "close",
    "☰": "menu",
    "≡": "menu",
    "🔍": "search",
    "🔎": "search",
    "⌕": "search",
    "›": "next",
    "»": "next",
    "→": "next",
    "‹": "previous",
    "«": "previous",
    # (Pelican's pager: "⟨" the page before, "⟪" the first, "⟩" and "⟫" after)
    "⟨": "previous",
    "〈": "previous",
    "⟩": "next",
    "〉": "next",
    "⟪": "first",
    "⟫": "last",
    "←": "back",
    "🗑": "delete",
    "✎": "edit",
    "✏": "edit",
    "⚙": "settings",
    "♥": "like",
    "❤": "like",
    "👍": "like",
    "🛒": "cart",
    "🔔": "notifications",
    "⋮": "more",
    "⋯": "more",
    "▶": "play",
    "⏸": "pause",
}

# Symbols that mean a word only when they are the whole text ('+' alone, not in 'C++').
LONE_SYMBOLS: dict[str, str] = {
    "+": "add",
    "＋": "add",
    "-": "remove",
    "−": "remove",
    "?": "help",
    "i": "info",
}

# Words that say which kind of element is meant, mapped to the roles they fit.
ROLE_WORDS: dict[str, tuple[str, ...]] = {
    "button": ("button",),
    "knopf": ("button",),
    "schaltfläche": ("button",),
    "btn": ("button",),
    "icon": ("button", "link"),
    "link": ("link",),
    "verweis": ("link",),
    "tab": ("tab",),
    "reiter": ("tab",),
    "field": ("textbox", "searchbox", "combobox", "spinbutton"),
    "feld": ("textbox", "searchbox", "combobox", "spinbutton"),
    "eingabefeld": ("textbox", "searchbox", "spinbutton"),
    "textfeld": ("textbox", "searchbox"),
    "input": ("textbox", "searchbox", "spinbutton", "combobox"),
    "textbox": ("textbox", "searchbox"),
    "box": ("textbox", "searchbox", "checkbox"),
    "textarea": ("textbox",),
    "checkbox": ("checkbox", "switch"),
    "kontrollkästchen": ("checkbox",),
    "häkchen": ("checkbox",),
    "haken": ("checkbox",),
    "toggle": ("switch", "checkbox", "button"),
    "switch": ("switch", "checkbox"),
    "schalter": ("switch", "checkbox"),
    "radio": ("radio",),
    "option": ("radio", "option"),
    "dropdown": ("combobox", "listbox"),
    "select": ("combobox", "listbox"),
    "auswahl": ("combobox", "listbox", "radio"),
    "auswahlliste": ("combobox", "listbox"),
    "liste": ("combobox", "listbox"),
    "combobox": ("combobox",),
    "slider": ("slider",),
    "regler": ("slider",),
    "menuitem": ("menuitem",),
}

STOPWORDS: frozenset[str] = frozenset(
    [
        "the",
        "a",
        "an",
        "this",
        "that",
        "these",
        "those",
        "on",
        "in",
        "into",
        "at",
        "to",
        "of",
        "for",
        "with",
        "from",
        "by",
        "my",
        "your",
        "our",
        "its",
        "please",
        "bitte",
        "der",
        "die",
        "das",
        "den",
        "dem",
        "des",
        "ein",
        "eine",
        "einen",
        "einem",
        "einer",
        "auf",
        "im",
        "ins",
        "in",
        "zu",
        "zum",
        "zur",
        "mit",
        "von",
        "vom",
        "für",
        "fuer",
        "und",
        "and",
        "or",
        "oder",
        "then",
        "dann",
        "it",
        "es",
        "sie",
        "mein",
        "meine",
        "meinen",
        "dein",
        "deine",
        "ihr",
        "ihre",
        "one",
        "which",
        "called",
        "named",
        "labelled",
        "labeled",
        "genannt",
        "namens",
        "von",
        "row",
        "rows",
        "zeile",
        "reihe",
        "entry",
        "eintrag",
        "click",
        "klicke",
        "klick",
        "tap",
        "press",
        # other languages' articles and prepositions that never name anything on their own
        *["les", "du", "des", "à", "au", "aux", "pour", "sur", "avec", "une"],
        *["los", "las", "del", "al", "por", "para", "con", "una"],
        *["della", "dello", "delle", "nel", "nella", "per"],
        *["ve", "ze", "pro", "dla"],
        *["для"],
        *["het", "een", "naar"],
    ]
)


def _fold(word: str) -> str:
    return unicodedata.normalize("NFC", word).casefold()


CONCEPTS: dict[str, str] = {}
for _key, _group in _CONCEPT_GROUPS.items():
    for _word in _group:
        CONCEPTS.setdefault(_fold(_word).replace(" ", ""), "§" + _key)
# Each language by any of its names ('Japanisch', '日本語', 'Japanese'): one concept per language,
# never one for all of them ('switch to English' is not "Deutsch").
for _name, _code in LANGUAGE_NAMES.items():
    CONCEPTS.setdefault(_name, "§lang-" + _code)
# English gerunds of the concepts' verbs, as documentation titles them ("Installing", "Saving"),
# after every word of the tables (a word that is its own concept keeps it)
for _key, _group in _CONCEPT_GROUPS.items():
    for _word in _group:
        if re.fullmatch(r"[a-z]{3,}", _word) and not _word.endswith("ing"):
            _stem = _word[:-1] if _word.endswith("e") and not _word.endswith("ee") else _word
            CONCEPTS.setdefault(f"{_stem}ing", "§" + _key)
PHRASES = {_fold(k): _fold(v) for k, v in PHRASES.items()}
ROLE_WORDS = {_fold(k): v for k, v in ROLE_WORDS.items()}
# 'this' in the other languages read here ('diese Seite', 'edytuj tę stronę', 'editar esta página')
_DEMONSTRATIVES = (
    "diese", "dieses", "diesen", "dieser", "diesem", "cette", "ce", "cet", "ces", "esta", "este",
    "estos", "estas", "questa", "questo", "questi", "queste", "essa", "esse", "isto", "tę", "tą",
    "tego", "tej", "tato", "tuto", "tento", "toto", "tohle", "tuhle", "této", "эту", "этот", "эта",
    "это", "этой", "deze", "dit",
    # and 'me' ('se souvenir de moi' for "Remember me")
    "moi", "mich", "mír", "mě", "mnie", "меня",
)  # fmt: skip
STOPWORDS = frozenset(_fold(w) for w in (*STOPWORDS, *_DEMONSTRATIVES))

# Concept words of scripts without spaces, found inside a longer run ('上传文件' holds '上传').
# A character of a script written without spaces between words (Japanese, Chinese, Korean).
UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
_UNSPACED_CONCEPTS = re.compile(
    "|".join(sorted((re.escape(w) for w in CONCEPTS if UNSPACED.search(w)), key=len, reverse=True))
)


def concept_words_inside(token: str) -> list[re.Match[str]]:
    """The concept words found inside ``token`` when it is written without spaces (not ``token`` itself)."""
    if not UNSPACED.search(token):
        return []
    return [m for m in _UNSPACED_CONCEPTS.finditer(token) if m.group(0) != token]


def unspaced_concepts(token: str) -> list[str]:
    """The concept tokens of the concept words inside ``token`` when it is written without spaces."""
    if not UNSPACED.search(token):
        return []
    return [CONCEPTS[m.group(0)] for m in _UNSPACED_CONCEPTS.finditer(token) if m.group(0) != token]
