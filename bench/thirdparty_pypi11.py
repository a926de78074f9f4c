"""starlette-admin's pages and a Sphinx site with the shibuya theme, rendered from PyPI, for held-out 19.

Two further real applications after Django's admin (held-out 9), Flask-Admin (held-out 10),
Datasette and Material for MkDocs (held-out 11), Sphinx with furo and django-allauth
(held-out 12), Django REST framework and pydata-sphinx-theme (held-out 13), Grappelli and
sphinx-rtd-theme (held-out 14), Jazzmin and sphinx-book-theme (held-out 15), Unfold and MkDocs'
own theme (held-out 16), MkDocs' readthedocs theme and SQLAdmin (held-out 17), Flask-AppBuilder
and alabaster (held-out 18), both from hash-pinned wheels installed with ``pip install
--require-hashes --no-deps --target`` into the same cache as ``bench/thirdparty_pypi.py``
(``cache_dir()`` there):

* starlette-admin 1.0.3 (Starlette, SQLAlchemy 2.1, Jinja2 and Babel; its Tabler templates,
  jQuery, select2 and flatpickr, its own list, actions and filter-builder scripts): an admin of our
  own models (a community bike-repair workshop's repair jobs, members, bikes and parts, in-memory
  SQLite) behind its built-in username/password log-in, driven with Starlette's ``TestClient`` to
  save its pages in English, German, French, Russian, Chinese and Portuguese (starlette-admin's own
  catalogues, chosen with its ``language`` cookie; the workshop's labels, menu entries, choices
  and action come from a small catalogue of our own, merged into starlette-admin's as its
  ``register_translation_catalog`` does): the log-in page, the repair jobs' list (server-rendered
  in 1.0.3: the search field, the "Filters" builder drop-down, the "Columns" drop-down with check
  boxes, "Export", "Import" and its dialog, sortable headers, check boxes with "select all", the
  "With selected" drop-down with a custom action and its confirmation dialog and "Delete",
  view/edit/delete icons per row, the page-size select and pagination), its second page, the add
  and edit forms (select2 boxes for the bike and the parts, a native select for the status,
  flatpickr date-time and date fields, a switch, a number field with a hint, a text area, Cancel
  and three save buttons), the details page (its Edit/Delete buttons), the members' list and edit
  form; the side menu with its "Workshop" drop-down, the language menu and the user menu. The
  relation boxes ask the app's lookup for their items: its answers are saved beside the pages (each
  item with its text, so that select2 names the option it adds after it) and the forms point
  there; the edit form's current bike and parts are put in its selects as the form script puts them
  (it asks the lookup for them by key). The Inter web font (loaded from rsms.me) is left out; the
  static files are copied next to the pages and loaded from the bench's server.
* Sphinx 9.0.4 with the shibuya theme 2026.7.12: a small documentation site of our own text (a
  made-up harbour tide and mooring planner, "Tidekeeper") built with ``language`` set to English,
  German, French, Spanish, Japanese, Simplified Chinese, Czech and Polish, so the theme's words come
  from shibuya's and Sphinx's catalogues where they have them. The pages have the header's brand
  link, nav links with a drop-down, search box and translations menu (links to the same page in
  the other languages of the site), the colour-mode switch, the side bar's navigation with toctree
  captions, the "On this page" table of contents, "Edit this page", the "Copy page" button and its
  menu, the previous/next links, "Back to top", admonitions, tables, code blocks, a glossary, the
  search page with its own field and the general index with its letter links (the text of the
  pages stays English). Google Fonts' Inter (loaded by the theme's web-font partial) is turned off
  by an empty partial; the theme's ``iconify-icon`` glyphs (fetched from api.iconify.design) stay
  blank offline, so the translations button and the GitHub links show no icon.

Nothing of it is committed. A case of ``bench/retrieval_pypi11.jsonl`` names its page as
``pypi/<site>@<version>/<lang>/<page>``, served from the cache root by ``bench/retrieval.py`` (the
same root as held-out 9 to 18). Links lead to pages of the static server and forms post to it
(which refuses the POST): only what happens on the page before a navigation counts.

Tried and left out: the search page's results (they depend on the search index loading in
time; the cases only type into its field); starlette-admin's DataTables list of earlier
releases (1.0.3 renders its list on the server, so no saved API answer is needed for the rows).
The wheels are all pure Python except charset-normalizer, greenlet, MarkupSafe and SQLAlchemy,
pinned for CPython 3.11 on x86-64 Linux (the bench's interpreter).

    .venv/bin/python bench/thirdparty_pypi11.py        # fill the cache, print where it is
"""

# ruff: noqa: E501 -- the render scripts below are scripts of their own, laid out for reading as such.
from __future__ import annotations

import hashlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.thirdparty_pypi import ensure_site, fill_and_say, render_app, render_sphinx

SA = "1.0.3"
SHIBUYA = "2026.7.12"
# Exact versions with the sha256 of their wheels (as `pip download` gives them), one set for both
# applications (the same Sphinx as held-out 18's).
REQUIREMENTS = f"""\
alabaster==1.0.0 --hash=sha256:fc6786402dc3fcb2de3cabd5fe455a2db534b371124f1f21de8731783dec828b
anyio==4.16.0 --hash=sha256:c66ae634e0b8228396b801741beb3294326d4b6102f7bba4041c0dfb58c29026
babel==2.19.0 --hash=sha256:6d49734aed1d595b2c065d012174df8c83964692f26fc461702281634dd7555b
certifi==2026.10.19.post1 --hash=sha256:1324c476b4811eff41a8bc2122cd0bbd4d9c7234c725446d99ab1612b3a7fdd2
charset-normalizer==3.5.3 --hash=sha256:2a6f937e0b70133d1f826d0a253331b6fe1a4c874808cc12e16f2fb8177042f4
docutils==0.22.4 --hash=sha256:d0013f540772d1420576855455d050a2180186c91c15779301ac2ccb3eeb68de
greenlet==3.5.6 --hash=sha256:1c20ea32a73d17b9b60e3371240e17b0068120c98a5ec01a224a7dd8c89733ba
h11==0.16.0 --hash=sha256:63cf8bbe7522de3bf65932fda1d9c2772064ffb3dae62d55932da54b31cb6c86
httpcore==1.0.9 --hash=sha256:2d400746a40668fc9dec9810239072b40b4484b640a8c38fd654a024c7a1bf55
httpx==0.28.1 --hash=sha256:d909fcccc110f8c7faf814ca82a9a4d816bc5a6dbfea25d6591d6985b8ba59ad
idna==3.20 --hash=sha256:ab7ae7122974553370f0bdb919e1a960b2cd1bc1ef0276416d896db81c14582c
imagesize==2.0.1 --hash=sha256:ea0c9a0384df69ed86a943a15cde37d0360b82491b3910dc2215e202e62b5b02
itsdangerous==2.2.0 --hash=sha256:c6242fc49e35958c8b15141343aa660db5fc54d4f13a1db01a3f5891b98700ef
jinja2==3.1.6 --hash=sha256:85ece4451f492d0c13c5dd7c13a64681a86afae63a5f347908daf103ce6d2f67
markupsafe==3.0.4 --hash=sha256:6da83a088f8ef93b2d483a8232a4dbf4d69d3d8496b568a03c56becac43e1808
packaging==26.4 --hash=sha256:81383611a09c1bc0b08b76e0fd5829d7c6824c65b27a6aee339da133f4233ea2
pygments==2.21.0 --hash=sha256:2363c69b61c4a97c838da3b130dcd6468f4848992b21a82f2a63ec34377137d9
pygments-styles==0.3.0 --hash=sha256:c6c45e9939eb7590345bc9084113bac46c45f12b009d13422be02e80e84a034c
python-multipart==0.0.34 --hash=sha256:ebacd224bd686eee2f9aa1066a657affe07435a185834e05e5235e2e59173e91
requests==2.34.2 --hash=sha256:2a0d60c172f83ac6ab31e4554906c0f3b3588d37b5cb939b1c061f4907e278e0
roman-numerals==4.1.0 --hash=sha256:647ba99caddc2cc1e55a51e4360689115551bf4476d90e8162cf8c345fe233c7
shibuya=={SHIBUYA} --hash=sha256:0a2c0c109e7cc47fc650b01feb671d267c0ffe2e39c98f3529e32d723a9c9d9b
snowballstemmer==3.1.1 --hash=sha256:7e207fa178741da09cdee59d3ecec3827ad5f92b1fc5c9ff3755b639f71f5752
sphinx==9.0.4 --hash=sha256:5bebc595a5e943ea248b99c13814c1c5e10b3ece718976824ffa7959ff95fffb
sphinxcontrib-applehelp==2.0.0 --hash=sha256:4cd3f0ec4ac5dd9c17ec65e9ab272c9b867ea77425228e68ecf08d6b28ddbdb5
sphinxcontrib-devhelp==2.0.0 --hash=sha256:aefb8b83854e4b0998877524d1029fd3e6879210422ee3780459e28a1f03a8a2
sphinxcontrib-htmlhelp==2.1.0 --hash=sha256:166759820b47002d22914d64a075ce08f4c46818e17cfc9470a9786b759b19f8
sphinxcontrib-jsmath==2.0.0 --hash=sha256:15ca92fe0eec82f0baf91a7efcc51ffacdb605924be6327683a52ebdacb6744c
sphinxcontrib-qthelp==2.0.0 --hash=sha256:b18a828cdba941ccd6ee8445dbe72ffa3ef8cbe7505d8cd1fa0d42d3f2d5f3eb
sphinxcontrib-serializinghtml==2.0.0 --hash=sha256:6e2cb0eef194e10c27ec0023bfeb25badbbb5868244cf5bc5bdc04e4464bf331
sqlalchemy==2.1.9 --hash=sha256:3a24b459e52b3ac138f6a05e99a4bd0589443a1ae18041a59c1cfdee12134a2b
starlette==1.10.0 --hash=sha256:478c0ab3b4ced6e82719849c118fa406f0278a3499c1a898cd15cd31bdc38ce4
starlette-admin=={SA} --hash=sha256:c240c333afed8e6844e3a889dda177818043619d95aeb526052908671aadf7aa
typing-extensions==4.16.0 --hash=sha256:481caa481374e813c1b176ada14e97f1f67a4539ce9cfeb3f350d78d6370c2e8
urllib3==2.8.0 --hash=sha256:0cf3cae568d36aa9576b28dfb35f11328f1cb974ca7647d9475ebb86c75ac6e3
"""
SA_SITE = f"starlette-admin@{SA}"
SX_SITE = f"shibuya@{SHIBUYA}"
SITES = (SA_SITE, SX_SITE)
# starlette-admin's catalogues used (it also ships Turkish and Traditional Chinese).
SA_LANGS = ("en", "de", "fr", "ru", "zh", "pt")
# Sphinx's languages; the page directory is named by the language (zh_CN as is).
SX_LANGS = ("en", "de", "fr", "es", "ja", "zh_CN", "cs", "pl")
# Bumped when the pages rendered below change, so that an old cache is rendered again.
RENDER_VERSION = "1"

_FRESH = "<script>try { localStorage.clear(); sessionStorage.clear(); } catch (e) {}</script>"

_SA = r"""
import datetime, json, re, shutil, sys
from html import escape
from io import BytesIO
from pathlib import Path

out = Path(sys.argv[1])
langs = sys.argv[2].split(",")
static_url = sys.argv[3]
FRESH = sys.argv[4]
site_url = static_url.removesuffix("static/")

import logging
logging.disable(logging.CRITICAL)
import warnings
warnings.simplefilter("ignore")

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.support import Translations
from sqlalchemy import Boolean, Column, Date, DateTime, ForeignKey, Integer, Numeric, String, Table, Text, create_engine
from sqlalchemy.orm import Session, declarative_base, relationship
from sqlalchemy.pool import StaticPool
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.sessions import SessionMiddleware
from starlette.testclient import TestClient
import starlette_admin
from starlette_admin import (BooleanField, DateField, DateTimeField, DecimalField, DropDown, EmailField, EnumField,
                             HasMany, HasOne, I18nConfig, IntegerField, PhoneField, StringField, TextAreaField, action)
from starlette_admin import i18n
from starlette_admin.auth import AdminUser
from starlette_admin.auth.password import AuthProvider
from starlette_admin.contrib.sqla import Admin, ModelView
from starlette_admin.exceptions import LoginFailed

_ = i18n.lazy_gettext

# The workshop's own catalogue (as an app ships one for its labels), merged into starlette-admin's
# the way its register_translation_catalog merges a package's compiled catalogues.
WORDS = {
    "Repair jobs": {"de": "Reparaturaufträge", "fr": "Réparations", "ru": "Ремонты", "zh": "维修单", "pt": "Reparações"},
    "Repair job": {"de": "Reparaturauftrag", "fr": "Réparation", "ru": "Ремонт", "zh": "维修单", "pt": "Reparação"},
    "Members": {"de": "Mitglieder", "fr": "Membres", "ru": "Участники", "zh": "会员", "pt": "Membros"},
    "Member": {"de": "Mitglied", "fr": "Membre", "ru": "Участник", "zh": "会员", "pt": "Membro"},
    "Workshop": {"de": "Werkstatt", "fr": "Atelier", "ru": "Мастерская", "zh": "车间", "pt": "Oficina"},
    "Bikes": {"de": "Fahrräder", "fr": "Vélos", "ru": "Велосипеды", "zh": "自行车", "pt": "Bicicletas"},
    "Bike": {"de": "Fahrrad", "fr": "Vélo", "ru": "Велосипед", "zh": "自行车", "pt": "Bicicleta"},
    "Parts": {"de": "Ersatzteile", "fr": "Pièces", "ru": "Запчасти", "zh": "零件", "pt": "Peças"},
    "Part": {"de": "Ersatzteil", "fr": "Pièce", "ru": "Запчасть", "zh": "零件", "pt": "Peça"},
    "Title": {"de": "Titel", "fr": "Titre", "ru": "Название", "zh": "标题", "pt": "Título"},
    "Status": {"de": "Status", "fr": "Statut", "ru": "Статус", "zh": "状态", "pt": "Estado"},
    "Booked for": {"de": "Termin", "fr": "Rendez-vous", "ru": "Запись на", "zh": "预约时间", "pt": "Marcado para"},
    "Finished on": {"de": "Fertig am", "fr": "Terminé le", "ru": "Завершён", "zh": "完成日期", "pt": "Concluído em"},
    "Estimate (€)": {"de": "Kostenvoranschlag (€)", "fr": "Devis (€)", "ru": "Смета (€)", "zh": "估价 (€)", "pt": "Orçamento (€)"},
    "Paid": {"de": "Bezahlt", "fr": "Payé", "ru": "Оплачен", "zh": "已付款", "pt": "Pago"},
    "Description": {"de": "Beschreibung", "fr": "Description", "ru": "Описание", "zh": "描述", "pt": "Descrição"},
    "Name": {"de": "Name", "fr": "Nom", "ru": "Имя", "zh": "姓名", "pt": "Nome"},
    "Email": {"de": "E-Mail", "fr": "E-mail", "ru": "Эл. почта", "zh": "电子邮件", "pt": "E-mail"},
    "Phone": {"de": "Telefon", "fr": "Téléphone", "ru": "Телефон", "zh": "电话", "pt": "Telefone"},
    "Joined on": {"de": "Mitglied seit", "fr": "Adhésion le", "ru": "Дата вступления", "zh": "入会日期", "pt": "Membro desde"},
    "Volunteer": {"de": "Ehrenamtlich", "fr": "Bénévole", "ru": "Волонтёр", "zh": "志愿者", "pt": "Voluntário"},
    "Notes": {"de": "Notizen", "fr": "Notes", "ru": "Заметки", "zh": "备注", "pt": "Notas"},
    "Make and model": {"de": "Marke und Modell", "fr": "Marque et modèle", "ru": "Марка и модель", "zh": "品牌型号", "pt": "Marca e modelo"},
    "Kind": {"de": "Art", "fr": "Type", "ru": "Тип", "zh": "类型", "pt": "Tipo"},
    "Frame size (cm)": {"de": "Rahmenhöhe (cm)", "fr": "Taille du cadre (cm)", "ru": "Размер рамы (см)", "zh": "车架尺寸 (cm)", "pt": "Tamanho do quadro (cm)"},
    "Colour": {"de": "Farbe", "fr": "Couleur", "ru": "Цвет", "zh": "颜色", "pt": "Cor"},
    "Owner": {"de": "Besitzer", "fr": "Propriétaire", "ru": "Владелец", "zh": "车主", "pt": "Dono"},
    "In stock": {"de": "Auf Lager", "fr": "En stock", "ru": "На складе", "zh": "库存", "pt": "Em stock"},
    "Price (€)": {"de": "Preis (€)", "fr": "Prix (€)", "ru": "Цена (€)", "zh": "价格 (€)", "pt": "Preço (€)"},
    "Shelf": {"de": "Regal", "fr": "Étagère", "ru": "Полка", "zh": "货架", "pt": "Prateleira"},
    "Open": {"de": "Offen", "fr": "Ouvert", "ru": "Открыт", "zh": "待处理", "pt": "Aberto"},
    "Waiting for parts": {"de": "Wartet auf Teile", "fr": "En attente de pièces", "ru": "Ждёт запчастей", "zh": "等待零件", "pt": "À espera de peças"},
    "In progress": {"de": "In Arbeit", "fr": "En cours", "ru": "В работе", "zh": "进行中", "pt": "Em curso"},
    "Done": {"de": "Erledigt", "fr": "Terminé", "ru": "Готово", "zh": "已完成", "pt": "Concluído"},
    "Road bike": {"de": "Rennrad", "fr": "Vélo de route", "ru": "Шоссейный", "zh": "公路车", "pt": "Bicicleta de estrada"},
    "City bike": {"de": "Stadtrad", "fr": "Vélo de ville", "ru": "Городской", "zh": "城市车", "pt": "Bicicleta urbana"},
    "Mountain bike": {"de": "Mountainbike", "fr": "VTT", "ru": "Горный", "zh": "山地车", "pt": "Bicicleta de montanha"},
    "Cargo bike": {"de": "Lastenrad", "fr": "Vélo cargo", "ru": "Грузовой", "zh": "货运自行车", "pt": "Bicicleta de carga"},
    "Folding bike": {"de": "Faltrad", "fr": "Vélo pliant", "ru": "Складной", "zh": "折叠车", "pt": "Bicicleta dobrável"},
    "Mark as done": {"de": "Als erledigt markieren", "fr": "Marquer comme terminé", "ru": "Отметить как готовые", "zh": "标记为已完成", "pt": "Marcar como concluído"},
    "Mark the selected jobs as done?": {"de": "Die ausgewählten Aufträge als erledigt markieren?", "fr": "Marquer les réparations sélectionnées comme terminées ?", "ru": "Отметить выбранные ремонты как готовые?", "zh": "将所选维修单标记为已完成？", "pt": "Marcar as reparações selecionadas como concluídas?"},
    "Yes, mark them": {"de": "Ja, markieren", "fr": "Oui, marquer", "ru": "Да, отметить", "zh": "是，标记", "pt": "Sim, marcar"},
    "Labour only; parts are added at the counter.": {"de": "Nur Arbeitszeit; Teile kommen an der Theke dazu.", "fr": "Main-d'œuvre seule ; les pièces sont ajoutées au comptoir.", "ru": "Только работа; запчасти добавляются на кассе.", "zh": "仅含工时；零件在柜台另计。", "pt": "Só mão de obra; as peças são somadas no balcão."},
}
for loc in ("de", "fr", "ru", "zh", "pt"):
    cat = Catalog(locale=loc, domain="admin")
    for msg, tr in WORDS.items():
        cat.add(msg, tr[loc])
    buf = BytesIO()
    write_mo(buf, cat)
    buf.seek(0)
    i18n.translations[loc].merge(Translations(fp=buf, domain="admin"))

Base = declarative_base()
STATUSES = [("open", "Open"), ("waiting", "Waiting for parts"), ("working", "In progress"), ("done", "Done")]
KINDS = [("road", "Road bike"), ("city", "City bike"), ("mountain", "Mountain bike"), ("cargo", "Cargo bike"),
         ("folding", "Folding bike")]

job_parts = Table("job_parts", Base.metadata, Column("job_id", ForeignKey("job.id"), primary_key=True),
                  Column("part_id", ForeignKey("part.id"), primary_key=True))


class Member(Base):
    __tablename__ = "member"
    id = Column(Integer, primary_key=True)
    name = Column(String(80), nullable=False)
    email = Column(String(120))
    phone = Column(String(30))
    joined = Column(Date)
    volunteer = Column(Boolean, default=False)
    notes = Column(Text)
    bikes = relationship("Bike", back_populates="owner")

    async def __admin_repr__(self, request):
        return self.name


class Bike(Base):
    __tablename__ = "bike"
    id = Column(Integer, primary_key=True)
    owner_id = Column(Integer, ForeignKey("member.id"))
    owner = relationship("Member", back_populates="bikes")
    make = Column(String(60), nullable=False)
    kind = Column(String(20), default="city")
    frame_size = Column(Integer)
    colour = Column(String(30))
    jobs = relationship("Job", back_populates="bike")

    async def __admin_repr__(self, request):
        return f"{self.make} ({self.colour})"


class Part(Base):
    __tablename__ = "part"
    id = Column(Integer, primary_key=True)
    name = Column(String(80), nullable=False)
    in_stock = Column(Integer, default=0)
    price = Column(Numeric(8, 2))
    shelf = Column(String(10))

    async def __admin_repr__(self, request):
        return self.name


class Job(Base):
    __tablename__ = "job"
    id = Column(Integer, primary_key=True)
    title = Column(String(120), nullable=False)
    bike_id = Column(Integer, ForeignKey("bike.id"))
    bike = relationship("Bike", back_populates="jobs")
    status = Column(String(20), default="open")
    booked_for = Column(DateTime)
    finished_on = Column(Date)
    estimate = Column(Numeric(8, 2))
    paid = Column(Boolean, default=False)
    description = Column(Text)
    parts = relationship("Part", secondary=job_parts)

    async def __admin_repr__(self, request):
        return self.title


engine = create_engine("sqlite://", connect_args={"check_same_thread": False}, poolclass=StaticPool)
Base.metadata.create_all(engine)


class Keys(AuthProvider):
    async def login(self, username, password, remember_me, request):
        if username == "mechanic" and password == "chain-lube":
            request.session["user"] = username
            return None
        raise LoginFailed("Invalid username or password")

    async def logout(self, request):
        request.session.clear()

    async def authenticate(self, request):
        if request.session.get("user"):
            return AdminUser(username="Noor Haddad")
        return None


def choices(pairs):
    return [(v, _(label)) for v, label in pairs]


class JobView(ModelView):
    menu_label = _("Repair jobs")
    display_name = _("Repair job")
    fields = [
        "id",
        StringField("title", label=_("Title"), required=True),
        HasOne("bike", key="bike", label=_("Bike")),
        EnumField("status", choices=choices(STATUSES), label=_("Status")),
        DateTimeField("booked_for", label=_("Booked for")),
        DateField("finished_on", label=_("Finished on")),
        DecimalField("estimate", label=_("Estimate (€)"), help_text=_("Labour only; parts are added at the counter.")),
        BooleanField("paid", label=_("Paid")),
        HasMany("parts", key="part", label=_("Parts")),
        TextAreaField("description", label=_("Description")),
    ]
    exclude_fields_from_list = ["description", "parts", "finished_on"]
    searchable_fields = ["title"]
    sortable_fields = ["id", "title", "status", "booked_for", "estimate"]
    page_size = 10
    actions = ["mark_done", "delete"]

    @action(name="mark_done", text=_("Mark as done"), confirmation=_("Mark the selected jobs as done?"),
            submit_btn_text=_("Yes, mark them"))
    async def mark_done(self, request, pks):
        return "done"


class MemberView(ModelView):
    menu_label = _("Members")
    display_name = _("Member")
    fields = [
        "id",
        StringField("name", label=_("Name"), required=True),
        EmailField("email", label=_("Email")),
        PhoneField("phone", label=_("Phone")),
        DateField("joined", label=_("Joined on")),
        BooleanField("volunteer", label=_("Volunteer")),
        TextAreaField("notes", label=_("Notes")),
    ]
    exclude_fields_from_list = ["notes", "phone"]
    searchable_fields = ["name", "email"]
    sortable_fields = ["name", "joined"]


class BikeView(ModelView):
    menu_label = _("Bikes")
    display_name = _("Bike")
    fields = ["id", StringField("make", label=_("Make and model")), EnumField("kind", choices=choices(KINDS), label=_("Kind")),
              IntegerField("frame_size", label=_("Frame size (cm)")), StringField("colour", label=_("Colour")),
              HasOne("owner", key="member", label=_("Owner"))]


class PartView(ModelView):
    menu_label = _("Parts")
    display_name = _("Part")
    fields = ["id", StringField("name", label=_("Name")), IntegerField("in_stock", label=_("In stock")),
              DecimalField("price", label=_("Price (€)")), StringField("shelf", label=_("Shelf"))]


admin = Admin(engine, title="Spoke & Wrench Workshop", base_url="/admin", auth_provider=Keys(),
              middlewares=[Middleware(SessionMiddleware, secret_key="bench-only")],
              i18n_config=I18nConfig(default_locale="en", language_switcher=langs))
admin.add_view(JobView(Job, icon="fa fa-screwdriver-wrench"))
admin.add_view(MemberView(Member, icon="fa fa-users"))
admin.add_view(DropDown(_("Workshop"), icon="fa fa-warehouse",
                        views=[BikeView(Bike, icon="fa fa-bicycle"), PartView(Part, icon="fa fa-gear")]))
app = Starlette()
admin.mount_to(app)

with Session(engine) as s:
    names = ["Amara Osei", "Bruno Keller", "Chloé Martin", "Dmitri Volkov", "Elif Demir", "Fatima Zahra",
             "Gareth Lloyd", "Hiroshi Sato", "Ingrid Berg", "Jonas Weber", "Kasia Nowak", "Liam O'Brien"]
    members = [Member(name=n, email=f"{n.split()[0].lower().replace('é', 'e')}@example.org", phone=f"+44 20 7946 0{100 + i}",
                      joined=datetime.date(2021 + i % 5, 1 + (i * 5) % 12, 2 + i), volunteer=i % 3 == 0,
                      notes="Runs the Saturday kids' session." if i == 2 else "")
               for i, n in enumerate(names)]
    s.add_all(members)
    bikes = [Bike(owner=members[i], make=m, kind=k, frame_size=f, colour=c) for i, (m, k, f, c) in enumerate([
        ("Dawes Galaxy", "road", 56, "green"), ("Brompton M6L", "folding", 50, "red"),
        ("Surly Long Haul", "road", 58, "black"), ("Gazelle Tour", "city", 53, "cream"),
        ("Trek Marlin", "mountain", 48, "blue"), ("Urban Arrow", "cargo", 50, "grey"),
        ("Raleigh Chopper", "city", 40, "orange"), ("Peugeot PX10", "road", 57, "white"),
        ("Giant Escape", "city", 54, "silver")])]
    s.add_all(bikes)
    parts = [Part(name=n, in_stock=q, price=p, shelf=sh) for n, q, p, sh in [
        ("Inner tube 700x28", 24, 6.5, "A1"), ("Brake pads (V-brake)", 18, 4.0, "A2"), ("Chain 8-speed", 7, 14.0, "B1"),
        ("Bottom bracket", 3, 22.0, "B2"), ("Spoke 292 mm", 60, 0.8, "C1"), ("Bar tape", 5, 9.5, "C2"),
        ("Cable set", 11, 8.0, "C3"), ("Tyre 26x2.1", 4, 19.0, "D1")]]
    s.add_all(parts)
    titles = ["Fix rear puncture", "Replace chain", "True front wheel", "Adjust gears", "New brake pads",
              "Service hub gears", "Replace bottom bracket", "Re-wrap handlebars", "Fit mudguards",
              "Replace spokes", "Bleed disc brakes", "Fit child seat", "Safety check"]
    for i, t in enumerate(titles):
        s.add(Job(title=t, bike=bikes[i % len(bikes)], status=STATUSES[i % 4][0],
                  booked_for=datetime.datetime(2026, 5, 4 + i, 9 + i % 8, 30 if i % 2 else 0),
                  finished_on=datetime.date(2026, 5, 6 + i) if i % 4 == 3 else None,
                  estimate=round(12 + i * 4.5, 2), paid=i % 4 == 3,
                  description="Customer says the wheel rubs on the frame." if i == 2 else "",
                  parts=[parts[i % len(parts)]] if i % 2 == 0 else []))
    s.commit()

OUTSIDE = ("https://fonts.", "//cdn.", "https://unpkg", "https://cdnjs", "googleapis", "jsdelivr", "rsms.me")


def initial_options(client, html):
    # The options the form script adds for a relation's current value (it asks the app's lookup by
    # primary key), put in the page so that it shows them without the live app.

    def one(m):
        pks = json.loads(m.group(3).replace("&#34;", '"'))
        items = client.get(m.group(2) + "?" + "&".join(f"pks={pk}" for pk in pks)).json()["items"]
        opts = "".join('<option value="%s" selected>%s</option>' % (it["id"], escape(it["_meta"]["select2"]["selection"]))
                       for it in items)
        return f"<select{m.group(1)}{m.group(4)}>{opts}</select>"

    return re.sub(r'<select((?:(?!</select>).)*?data-url="([^"]+)"(?:(?!</select>).)*?)\s*data-initial="([^"]+)"((?:(?!</select>).)*?)>\s*</select>',
                  one, html, flags=re.S)


def save(client, path, name, lang):
    resp = client.get(path, follow_redirects=False)
    assert resp.status_code == 200, (path, resp.status_code, resp.text[:300])
    html = initial_options(client, resp.text).replace("http://testserver/admin/static/", static_url)
    html = html.replace("http://testserver/", "/")
    api = out / lang / "api"
    for key in sorted(set(re.findall(r'data-url="/admin/_api/(\w+)/relation-lookup"', html))):
        api.mkdir(parents=True, exist_ok=True)
        found = client.get(f"/admin/_api/{key}/relation-lookup?skip=0&limit=20").json()
        for item in found["items"]:  # select2 names the option it adds after the item's text
            item["text"] = item["_meta"]["repr"]
            item["_meta"]["detailUrl"] = item["_meta"]["detailUrl"].replace("http://testserver/", "/")
        (api / f"{key}.json").write_text(json.dumps(found, ensure_ascii=False), encoding="utf-8")
        html = html.replace(f'data-url="/admin/_api/{key}/relation-lookup"', f'data-url="{site_url}{lang}/api/{key}.json"')
    html = html.replace("@import url('https://rsms.me/inter/inter.css');", "")
    html = html.replace("<head>", "<head>" + FRESH, 1)
    for outside in OUTSIDE:
        if outside in html:
            raise RuntimeError(f"{name} would load {outside}")
    (out / lang).mkdir(parents=True, exist_ok=True)
    (out / lang / name).write_text(html, encoding="utf-8")


for lang in langs:
    anon = TestClient(app, cookies={"language": lang})
    save(anon, "/admin/login", "login.html", lang)
    c = TestClient(app, cookies={"language": lang})
    token = re.search(r'name="csrftoken" value="([^"]+)"', c.get("/admin/login").text).group(1)
    r = c.post("/admin/login", data={"username": "mechanic", "password": "chain-lube", "csrftoken": token},
               follow_redirects=False)
    assert r.status_code in (302, 303), r.status_code
    save(c, "/admin/job/list", "job_list.html", lang)
    save(c, "/admin/job/list?page=2", "job_list_page2.html", lang)
    save(c, "/admin/job/create", "job_create.html", lang)
    save(c, "/admin/job/edit?pk=3", "job_edit.html", lang)
    save(c, "/admin/job/detail?pk=3", "job_detail.html", lang)
    save(c, "/admin/member/list", "member_list.html", lang)
    save(c, "/admin/member/edit?pk=3", "member_edit.html", lang)

shutil.copytree(Path(starlette_admin.__file__).parent / "static", out / "static", dirs_exist_ok=True)
print("rendered")
"""

# The made-up tide planner's documentation (our own text, reStructuredText), and an empty web-font
# partial in place of shibuya's (which loads Inter from Google Fonts).
_DOCS = {
    "_templates/partials/webfonts.html": "",
    "index.rst": """Tidekeeper
==========

Tidekeeper plans when a boat can leave or enter a drying harbour. It reads the
tide tables of your port, knows the draught of every boat on your moorings and
warns you before a mooring dries out.

.. note::

   Tidekeeper 3.2 can import tide tables from the harbour office's CSV export.

What it does
------------

* Works out the window in which each boat can pass the harbour sill.
* Keeps a register of moorings, their depth and their owners.
* Sends a reminder the evening before a spring tide.

.. toctree::
   :maxdepth: 2
   :caption: Getting started

   install
   guide/moorings

.. toctree::
   :maxdepth: 2
   :caption: Reference

   reference/settings
   faq

Indices
-------

* :ref:`genindex`
* :ref:`search`
""",
    "install.rst": """Installation
============

.. index:: installation, pip, tide tables

With pip
--------

Tidekeeper needs Python 3.11 or later::

   pip install tidekeeper

Tide tables
-----------

Download the tables of your port once a year:

.. code-block:: console

   $ tidekeeper tables fetch --port "St Ives" --year 2027

.. warning::

   The tables of the harbour office are the only legal source. Never plan
   a passage with last year's tables.

First run
---------

Run ``tidekeeper check``; it prints the next high water and the moorings
that dry at the next low water.
""",
    "guide/moorings.rst": """Moorings and boats
==================

.. index:: mooring, draught, sill

Every mooring has a number, a depth at chart datum and, usually, a boat.

Adding a mooring
----------------

.. code-block:: console

   $ tidekeeper mooring add B12 --depth 0.8 --owner "Ana Lobo"

Tidekeeper keeps one line per mooring:

.. list-table:: Moorings on pontoon B
   :header-rows: 1

   * - Mooring
     - Depth (m)
     - Boat
     - Draught (m)
   * - B10
     - 1.4
     - Curlew
     - 1.1
   * - B11
     - 0.6
     - Little Auk
     - 0.4
   * - B12
     - 0.8
     - Morwenna
     - 1.2

.. tip::

   A boat whose draught is deeper than its mooring sits on the mud at low
   water; Tidekeeper marks it in red.

Passing the sill
----------------

The sill keeps water in the harbour at low tide. A boat can pass it only
while the tide is higher than the sill plus the boat's draught and a
safety margin.

.. important::

   The default safety margin is 0.3 m. Raise it in strong onshore winds.

.. seealso::

   :doc:`../reference/settings` for the margin and the reminder times.
""",
    "reference/settings.rst": """Settings
========

.. index:: settings, safety margin, reminders

Tidekeeper reads ``tidekeeper.toml`` in your home folder.

.. option:: --margin METRES

   Safety margin added to a boat's draught (default 0.3).

.. option:: --remind-at TIME

   When to send the spring-tide reminder (default 18:00).

.. option:: --port NAME

   The port whose tables are used.

=================  ========  ===============================
Setting            Default   Meaning
=================  ========  ===============================
``margin``         0.3       Metres of water under the keel
``remind_at``      18:00     Time of the evening reminder
``units``          metric    ``metric`` or ``imperial``
=================  ========  ===============================

Glossary
--------

.. glossary::

   Chart datum
      The level from which the depths of a chart and the heights of a tide
      table are measured.

   Sill
      A low wall across the harbour mouth that keeps water in at low tide.

   Spring tide
      A tide with a large range, shortly after a new or full moon.
""",
    "faq.rst": """Questions and answers
=====================

Does Tidekeeper need a network?
-------------------------------

Only to fetch the tide tables once a year.

Can I use feet instead of metres?
---------------------------------

Yes: set ``units = "imperial"``.

Does it predict the weather?
----------------------------

No. Check the marine forecast before every passage.

.. caution::

   Tidekeeper does not know about storm surges.
""",
}

# Every page's translations menu leads to the same page in the site's other languages.
_LANGUAGE_NAMES = {
    "en": "English",
    "de": "Deutsch",
    "fr": "Français",
    "es": "Español",
    "ja": "日本語",
    "zh_CN": "简体中文",
    "cs": "Čeština",
    "pl": "Polski",
}
_LANGUAGES = [(_LANGUAGE_NAMES[lang], f"/{SX_SITE}/{lang}/%s.html") for lang in SX_LANGS]

_CONF = (
    """
project = "Tidekeeper"
author = "The Tidekeeper crew"
copyright = "2026, The Tidekeeper crew"
release = "3.2"
version = "3.2"
language = {lang!r}
html_theme = "shibuya"
templates_path = ["_templates"]
html_static_path = []
html_theme_options = {{
    "accent_color": "teal",
    "nav_links": [
        {{"title": "Guide", "url": "guide/moorings"}},
        {{"title": "Harbours", "children": [
            {{"title": "St Ives", "url": "https://harbours.example.org/st-ives", "summary": "Drying harbour with a sill"}},
            {{"title": "Mousehole", "url": "https://harbours.example.org/mousehole"}},
        ]}},
        {{"title": "Forum", "url": "https://forum.example.org/tidekeeper", "external": True}},
    ],
    "github_url": "https://github.com/example/tidekeeper",
    "open_in_perplexity": False,
}}
html_context = {{
    "source_type": "github",
    "source_user": "example",
    "source_repo": "tidekeeper",
    "source_docs_path": "/docs/",
    "languages": """
    + repr(_LANGUAGES).replace("{", "{{").replace("}", "}}")
    + """,
}}
"""
)


def _render_sx(site: Path, dest: Path) -> None:
    render_sphinx(site, dest, SX_LANGS, _DOCS, _CONF, _FRESH, RENDER_VERSION)


def _render_sa(site: Path, dest: Path) -> None:
    render_app(site, dest, _SA, [",".join(SA_LANGS), f"/{SA_SITE}/static/", _FRESH], RENDER_VERSION)


def ensure_all() -> Path:
    """Fill the cache (install, render) when needed; the directory the bench serves as ``pypi/``."""
    pins = hashlib.sha256(REQUIREMENTS.encode()).hexdigest()[:10]
    renders = ((SA_SITE, _render_sa), (SX_SITE, _render_sx))
    installed = ("starlette_admin/__init__.py", "sphinx/__init__.py", "shibuya/__init__.py")
    return ensure_site(f"site-pypi11-{pins}", REQUIREMENTS, installed, renders, RENDER_VERSION)


def main() -> None:
    fill_and_say(
        ensure_all,
        lambda where: (
            f"starlette-admin {SA} pages in {where / SA_SITE} ({', '.join(SA_LANGS)}) and "
            f"Sphinx shibuya {SHIBUYA} pages in {where / SX_SITE} ({', '.join(SX_LANGS)})"
        ),
    )


if __name__ == "__main__":
    main()
