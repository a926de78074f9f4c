"""Flask-AppBuilder's pages and a Sphinx site with its default alabaster theme, rendered from PyPI, for held-out 18.

Two further real applications after Django's admin (held-out 9), Flask-Admin (held-out 10),
Datasette and Material for MkDocs (held-out 11), Sphinx with furo and django-allauth
(held-out 12), Django REST framework and pydata-sphinx-theme (held-out 13), Grappelli and
sphinx-rtd-theme (held-out 14), Jazzmin and sphinx-book-theme (held-out 15), Unfold and MkDocs'
own theme (held-out 16), MkDocs' readthedocs theme and SQLAdmin (held-out 17), both from
hash-pinned wheels installed with ``pip install --require-hashes --no-deps --target`` into the same
cache as ``bench/thirdparty_pypi.py`` (``cache_dir()`` there):

* Flask-AppBuilder 5.3.0 (Flask, Flask-SQLAlchemy, Flask-Login, Flask-Babel and WTForms; its
  Bootstrap 3 templates, select2 4, bootstrap-datepicker, its own filter and actions scripts): an
  application of our own models (a community choir's voice parts, singers and concerts, in-memory
  SQLite, database authentication) driven with Flask's test client, logged in, to save its pages
  in English, German, French, Japanese and Chinese (Flask-AppBuilder's own catalogues, chosen
  through its ``/lang/<locale>`` view; our model and column labels stay English, as an app that
  ships no catalogue of its own shows them): the log-in page, the welcome page, the singers' list
  (the search form with its "Add Filter" menu, sortable headers, the page-size menu, pagination,
  check boxes with "select all", the actions menu with a custom action and its confirmation,
  show/edit/delete buttons per row), its second page, the same list filtered (two filter rows
  built by the filter script), the add and edit forms (a select2 box for the voice part, a
  bootstrap-datepicker date field, check boxes, a text area, Save and Back), the show page, the
  concerts' list (no actions, so no check boxes; too short for the page-size menu), add and edit
  forms (a date-time field), and the user's own profile page with two collapsible panels; the
  navbar's menus (the "Security" menu of the stock security views, "Choir", "Season"), the
  language menu with flags and the user menu. The static files are copied next to the pages and
  loaded from the bench's server.
* Sphinx 9.0.4 with its default theme alabaster 1.0.0: a small documentation site of our own text
  (a made-up beekeeping log, "Hivenote") built with ``language`` set to English, German, French,
  Spanish, Japanese, Simplified Chinese and Czech, so the theme's words come from Sphinx's own
  catalogues where it has them ("Navigation", "Quick search", "Go", "This Page", "Show Source",
  the search page and the general index; alabaster's own "Related Topics", "Documentation
  overview", "Previous" and "Next" have no entry there and stay English). The pages have the
  side bar's about box, its navigation with toctree captions (section links of the current page
  under the first two captions) and an extra link, the related-topics box with previous/next
  links, the quick-search box, "Show Source", the previous/next links under the text, the
  footer's "Page source", admonitions, tables, a glossary, the search page with its own field,
  and the general index with its letter links.

Nothing of it is committed. A case of ``bench/retrieval_pypi10.jsonl`` names its page as
``pypi/<site>@<version>/<lang>/<page>``, served from the cache root by ``bench/retrieval.py`` (the
same root as held-out 9 to 17). Links lead to pages of the static server and forms post to it
(which refuses the POST): only what happens on the page before a navigation counts.

Tried and left out: the search page's results (they depend on the search index loading in
time; the cases only type into its field), Flask-AppBuilder's AJAX-loaded related selects (its
views here use plain select2 boxes over native selects) and its REST API pages (Swagger UI).
The wheels are all pure Python except MarkupSafe, PyYAML, SQLAlchemy, charset-normalizer,
rpds-py and wrapt, pinned for CPython 3.11 on x86-64 Linux (the bench's interpreter).

    .venv/bin/python bench/thirdparty_pypi10.py        # fill the cache, print where it is
"""

# ruff: noqa: E501 -- the render scripts below are scripts of their own, laid out for reading as such.
from __future__ import annotations

import hashlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.thirdparty_pypi import ensure_site, fill_and_say, render_app, render_sphinx

FAB = "5.3.0"
ALABASTER = "1.0.0"
# Exact versions with the sha256 of their wheels (as `pip download` gives them), one set for both
# applications (the same Sphinx as held-out 14's and 15's).
REQUIREMENTS = f"""\
alabaster=={ALABASTER} --hash=sha256:fc6786402dc3fcb2de3cabd5fe455a2db534b371124f1f21de8731783dec828b
apispec==6.10.1 --hash=sha256:3fd9a4b624dfabf3a9d25610c0fcb743ac8e66495037d914ee3977ec4bf0386b
attrs==26.1.0 --hash=sha256:c647aa4a12dfbad9333ca4e71fe62ddc36f4e63b2d260a37a8b83d2f043ac309
babel==2.19.0 --hash=sha256:6d49734aed1d595b2c065d012174df8c83964692f26fc461702281634dd7555b
blinker==1.9.0 --hash=sha256:ba0efaa9080b619ff2f3459d1d500c57bddea4a6b424b60a91141db6fd2f08bc
certifi==2026.10.19.post1 --hash=sha256:1324c476b4811eff41a8bc2122cd0bbd4d9c7234c725446d99ab1612b3a7fdd2
charset-normalizer==3.5.3 --hash=sha256:2a6f937e0b70133d1f826d0a253331b6fe1a4c874808cc12e16f2fb8177042f4
click==8.5.1 --hash=sha256:8bb5376d2006950386f8c6427613334a2acadc5f559cb80e638d00b4df957e37
colorama==0.4.6 --hash=sha256:4f1d9991f5acc0ca119f9d443620b77f9d6b33703e51011c16baf57afb285fc6
deprecated==1.3.1 --hash=sha256:597bfef186b6f60181535a29fbe44865ce137a5079f295b479886c82729d5f3f
dnspython==2.9.2 --hash=sha256:af15f7d385a6ae2fb35a796fde2138004c8c42c7389090e2addc83e3b3340fd8
docutils==0.22.4 --hash=sha256:d0013f540772d1420576855455d050a2180186c91c15779301ac2ccb3eeb68de
email-validator==2.4.0 --hash=sha256:4454e41c4e1c6b6caee34a1dc71d5e736791562be8fd179b02e298f796522684
flask-appbuilder=={FAB} --hash=sha256:85d7c9520402848d864ac91672e19c921ca518ddc9b840d631ed6c04306b89ed
flask-babel==4.0.0 --hash=sha256:638194cf91f8b301380f36d70e2034c77ee25b98cb5d80a1626820df9a6d4625
flask-jwt-extended==4.7.4 --hash=sha256:daad1981117f4972d63c363d013f290de307aad781a935921b603b714817393c
flask-limiter==4.1.1 --hash=sha256:e1ae13e06e6b3e39a4902e7d240b901586b25932c2add7bd5f5eeb4bdc11111b
flask-login==0.6.3 --hash=sha256:849b25b82a436bf830a054e74214074af59097171562ab10bfa999e6b78aae5d
flask-sqlalchemy==3.1.1 --hash=sha256:4ba4be7f419dc72f4efd8802d69974803c37259dd42f3913b0dcf75c9447e0a0
flask-wtf==1.3.0 --hash=sha256:dc5e3a4ce97f75c47bf6c1c72ad2c3b7bdf579a2ed13aebcc5d3d81fe2571160
flask==3.1.3 --hash=sha256:f4bcbefc124291925f1a26446da31a5178f9483862233b23c0c96a20701f670c
idna==3.20 --hash=sha256:ab7ae7122974553370f0bdb919e1a960b2cd1bc1ef0276416d896db81c14582c
imagesize==2.0.1 --hash=sha256:ea0c9a0384df69ed86a943a15cde37d0360b82491b3910dc2215e202e62b5b02
itsdangerous==2.2.0 --hash=sha256:c6242fc49e35958c8b15141343aa660db5fc54d4f13a1db01a3f5891b98700ef
jinja2==3.1.6 --hash=sha256:85ece4451f492d0c13c5dd7c13a64681a86afae63a5f347908daf103ce6d2f67
jsonschema-specifications==2025.9.1 --hash=sha256:98802fee3a11ee76ecaca44429fda8a41bff98b00a0f2838151b113f210cc6fe
jsonschema==4.26.0 --hash=sha256:d489f15263b8d200f8387e64b4c3a75f06629559fb73deb8fdfb525f2dab50ce
limits==5.8.0 --hash=sha256:ae1b008a43eb43073c3c579398bd4eb4c795de60952532dc24720ab45e1ac6b8
markupsafe==3.0.4 --hash=sha256:6da83a088f8ef93b2d483a8232a4dbf4d69d3d8496b568a03c56becac43e1808
marshmallow-sqlalchemy==1.6.0 --hash=sha256:09ce8cddb9f8f2cf415261ea939542527f722943488b70a5ad69106486d259ea
marshmallow==4.4.0 --hash=sha256:03a882ff2eabb9a4e24b433c2949f359ef4d172a12fdc14cde10375fd55328b4
ordered-set==4.1.0 --hash=sha256:046e1132c71fcf3330438a539928932caf51ddbc582496833e23de611de14562
packaging==26.4 --hash=sha256:81383611a09c1bc0b08b76e0fd5829d7c6824c65b27a6aee339da133f4233ea2
prison==0.2.1 --hash=sha256:f90bab63fca497aa0819a852f64fb21a4e181ed9f6114deaa5dc04001a7555c5
pygments==2.21.0 --hash=sha256:2363c69b61c4a97c838da3b130dcd6468f4848992b21a82f2a63ec34377137d9
pyjwt==2.15.1 --hash=sha256:42d59d631f7768a1028a64c7ff581a9bf7519804daf91fc5b6c56e30eec5e193
python-dateutil==2.9.0.post0 --hash=sha256:a8b2bc7bffae282281c8140a97d3aa9c14da0b136dfe83f850eea9a5f7470427
pytz==2026.6 --hash=sha256:7fed3fee8fd6bd4a2b7b75a8d56021d0624127bf69bd5691f115db929ac570b3
pyyaml==6.0.4 --hash=sha256:622aa875fa6533f25fedcffe23079357d65a690d462200afed5d8e9d0e01ebee
referencing==0.37.0 --hash=sha256:381329a9f99628c9069361716891d34ad94af76e461dcb0335825aecc7692231
requests==2.34.2 --hash=sha256:2a0d60c172f83ac6ab31e4554906c0f3b3588d37b5cb939b1c061f4907e278e0
roman-numerals==4.1.0 --hash=sha256:647ba99caddc2cc1e55a51e4360689115551bf4476d90e8162cf8c345fe233c7
rpds-py==2026.9.1 --hash=sha256:136a1c3fe4402b7008bc81cb62ee538481795b61a7e83df88dff3b3f02b726ff
six==1.17.0 --hash=sha256:4721f391ed90541fddacab5acf947aa0d3dc7d27b2e1e8eda2be8970586c3274
snowballstemmer==3.1.1 --hash=sha256:7e207fa178741da09cdee59d3ecec3827ad5f92b1fc5c9ff3755b639f71f5752
sphinx==9.0.4 --hash=sha256:5bebc595a5e943ea248b99c13814c1c5e10b3ece718976824ffa7959ff95fffb
sphinxcontrib-applehelp==2.0.0 --hash=sha256:4cd3f0ec4ac5dd9c17ec65e9ab272c9b867ea77425228e68ecf08d6b28ddbdb5
sphinxcontrib-devhelp==2.0.0 --hash=sha256:aefb8b83854e4b0998877524d1029fd3e6879210422ee3780459e28a1f03a8a2
sphinxcontrib-htmlhelp==2.1.0 --hash=sha256:166759820b47002d22914d64a075ce08f4c46818e17cfc9470a9786b759b19f8
sphinxcontrib-jsmath==2.0.0 --hash=sha256:15ca92fe0eec82f0baf91a7efcc51ffacdb605924be6327683a52ebdacb6744c
sphinxcontrib-qthelp==2.0.0 --hash=sha256:b18a828cdba941ccd6ee8445dbe72ffa3ef8cbe7505d8cd1fa0d42d3f2d5f3eb
sphinxcontrib-serializinghtml==2.0.0 --hash=sha256:6e2cb0eef194e10c27ec0023bfeb25badbbb5868244cf5bc5bdc04e4464bf331
sqlalchemy-utils==0.43.0 --hash=sha256:b1a4739bea23a02a4cb7da9437d3e79645bac66cddec07051597149357191c09
sqlalchemy==2.1.9 --hash=sha256:3a24b459e52b3ac138f6a05e99a4bd0589443a1ae18041a59c1cfdee12134a2b
typing-extensions==4.16.0 --hash=sha256:481caa481374e813c1b176ada14e97f1f67a4539ce9cfeb3f350d78d6370c2e8
urllib3==2.8.0 --hash=sha256:0cf3cae568d36aa9576b28dfb35f11328f1cb974ca7647d9475ebb86c75ac6e3
werkzeug==3.1.9 --hash=sha256:6392e50c78460ba618e5b21f08a71f59c99ce99cdc6cf6e3dd7e6ccca8754fab
wrapt==2.5.2 --hash=sha256:0743950d3dda9940e56f81f5334ba051c4fe2e1421e4e4a4ef8eb8fb86a90894
wtforms==3.3.2 --hash=sha256:2fac992f39102d6268b06e05cdbdf37a7e9b9a4e103916d2dff1d09a080b531d
"""
FAB_SITE = f"flask-appbuilder@{FAB}"
SX_SITE = f"alabaster@{ALABASTER}"
SITES = (FAB_SITE, SX_SITE)
# Flask-AppBuilder's catalogues used (the page directory is named by the short code: ja is its
# ja_JP, zh its zh).
FAB_LANGS = ("en", "de", "fr", "ja", "zh")
# Sphinx's languages; the page directory is named by the language (zh_CN as is).
SX_LANGS = ("en", "de", "fr", "es", "ja", "zh_CN", "cs")
# Bumped when the pages rendered below change, so that an old cache is rendered again.
RENDER_VERSION = "2"

_FRESH = "<script>try { localStorage.clear(); sessionStorage.clear(); } catch (e) {}</script>"

_FAB = r"""
import datetime, re, shutil, sys
from pathlib import Path

out = Path(sys.argv[1])
langs = sys.argv[2].split(",")
static_url = sys.argv[3]
FRESH = sys.argv[4]

import logging
logging.disable(logging.CRITICAL)

from flask import Flask
from flask_appbuilder import AppBuilder, Model, ModelView, action
from flask_appbuilder.models.sqla.interface import SQLAInterface
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import Boolean, Column, Date, DateTime, ForeignKey, Integer, Numeric, String, Text
from sqlalchemy.orm import relationship
import flask_appbuilder

# LANGUAGES keys are FAB's catalogue names; the page directory gets the short code.
CATALOGUE = {"en": "en", "de": "de", "fr": "fr", "ja": "ja_JP", "zh": "zh", "es": "es", "pl": "pl"}
FLAGS = {"en": ("gb", "English"), "de": ("de", "Deutsch"), "fr": ("fr", "Français"), "ja": ("jp", "日本語"),
         "zh": ("cn", "中文"), "es": ("es", "Español"), "pl": ("pl", "Polski")}

app = Flask("choir")
app.config.update(
    SECRET_KEY="bench-only",
    SQLALCHEMY_DATABASE_URI="sqlite://",
    WTF_CSRF_ENABLED=False,
    APP_NAME="Harbour Choir",
    AUTH_TYPE=1,
    LANGUAGES={CATALOGUE[l]: {"flag": FLAGS[l][0], "name": FLAGS[l][1]} for l in langs},
    BABEL_DEFAULT_LOCALE="en",
    FAB_ADD_SECURITY_VIEWS=True,
    SERVER_NAME="localhost",
)
db = SQLAlchemy()


class Section(Model):
    __tablename__ = "section"
    id = Column(Integer, primary_key=True)
    name = Column(String(40), unique=True, nullable=False)
    leader = Column(String(80))

    def __repr__(self):
        return self.name


class Singer(Model):
    __tablename__ = "singer"
    id = Column(Integer, primary_key=True)
    name = Column(String(80), nullable=False)
    email = Column(String(120))
    phone = Column(String(30))
    section_id = Column(Integer, ForeignKey("section.id"), nullable=False)
    section = relationship("Section")
    joined = Column(Date)
    active = Column(Boolean, default=True)
    reads_music = Column(Boolean, default=False)
    notes = Column(Text)

    def __repr__(self):
        return self.name


class Concert(Model):
    __tablename__ = "concert"
    id = Column(Integer, primary_key=True)
    title = Column(String(120), nullable=False)
    venue = Column(String(120))
    starts_at = Column(DateTime)
    ticket_price = Column(Numeric(6, 2))
    sold_out = Column(Boolean, default=False)
    programme = Column(Text)

    def __repr__(self):
        return self.title


with app.app_context():
    db.init_app(app)
    appbuilder = AppBuilder()
    appbuilder.init_app(app, db.session)


class SingerView(ModelView):
    datamodel = SQLAInterface(Singer)
    list_title = "Singers"
    show_title = "Singer"
    add_title = "Add singer"
    edit_title = "Edit singer"
    label_columns = {"name": "Name", "email": "Email", "phone": "Phone", "section": "Voice part",
                     "joined": "Joined on", "active": "Active", "reads_music": "Reads music", "notes": "Notes"}
    list_columns = ["name", "section", "email", "joined", "active"]
    search_columns = ["name", "email", "section", "joined", "active"]
    add_columns = ["name", "email", "phone", "section", "joined", "active", "reads_music", "notes"]
    edit_columns = add_columns
    show_columns = add_columns
    order_columns = ["name", "joined"]
    page_size = 10
    base_order = ("name", "asc")

    @action("remind", "Send rehearsal reminder", "Send a reminder to the selected singers?", "fa-envelope")
    def remind(self, items):
        return None


class ConcertView(ModelView):
    datamodel = SQLAInterface(Concert)
    list_title = "Concerts"
    label_columns = {"title": "Title", "venue": "Venue", "starts_at": "Starts at", "ticket_price": "Ticket price",
                     "sold_out": "Sold out", "programme": "Programme"}
    list_columns = ["title", "venue", "starts_at", "ticket_price", "sold_out"]
    search_columns = ["title", "venue", "starts_at", "sold_out"]
    add_columns = ["title", "venue", "starts_at", "ticket_price", "sold_out", "programme"]
    edit_columns = add_columns
    show_columns = add_columns
    base_order = ("starts_at", "asc")


class SectionView(ModelView):
    datamodel = SQLAInterface(Section)
    list_title = "Voice parts"
    label_columns = {"name": "Name", "leader": "Section leader"}
    list_columns = ["name", "leader"]
    add_columns = ["name", "leader"]
    edit_columns = add_columns


with app.app_context():
    db.create_all()
    appbuilder.add_view(SingerView, "Singers", icon="fa-users", category="Choir")
    appbuilder.add_view(SectionView, "Voice parts", icon="fa-music", category="Choir")
    appbuilder.add_view(ConcertView, "Concerts", icon="fa-calendar", category="Season")
    sm = appbuilder.sm
    role = sm.find_role("Admin")
    sm.add_user("conductor", "Ruth", "Okafor", "ruth@example.org", role, password="secret-pass")
    s = db.session
    sections = [Section(name=n, leader=l) for n, l in [("Soprano", "Ines Park"), ("Alto", "Martha Quinn"),
                                                       ("Tenor", "Louis Ferreira"), ("Bass", "Tomasz Nowak")]]
    s.add_all(sections)
    singers = [
        ("Ines Park", 0, "2019-09-03", True, True), ("Martha Quinn", 1, "2018-01-15", True, True),
        ("Louis Ferreira", 2, "2020-02-20", True, True), ("Tomasz Nowak", 3, "2017-10-01", True, True),
        ("Aiko Tanaka", 0, "2023-04-11", True, False), ("Bella Romero", 1, "2022-09-06", False, False),
        ("Colm Byrne", 2, "2024-01-09", True, False), ("Dagny Holm", 0, "2021-05-25", True, True),
        ("Emeka Obi", 3, "2025-02-03", True, False), ("Freya Lindqvist", 1, "2024-09-17", True, True),
        ("Gustav Brandt", 3, "2016-03-08", False, True), ("Hana Kimura", 1, "2025-06-30", True, False),
        ("Ivo Petrov", 2, "2023-10-12", True, True),
    ]
    for n, sec, j, a, r in singers:
        first = n.split()[0].lower()
        s.add(Singer(name=n, email=f"{first}@example.org", phone=f"0161 555 0{100 + len(first)}",
                     section=sections[sec], joined=datetime.date.fromisoformat(j), active=a, reads_music=r,
                     notes="Also plays piano for rehearsals." if n == "Colm Byrne" else ""))
    concerts = [
        ("Advent by Candlelight", "St Mary's Church", "2026-12-05 19:30", "12.00", True),
        ("Spring Songs", "Town Hall", "2027-03-20 18:00", "10.00", False),
        ("Brahms Requiem", "Cathedral of St Anne", "2027-05-15 19:00", "18.00", False),
        ("Summer Serenade", "Harbour Park Bandstand", "2027-07-10 16:00", "0.00", False),
        ("Folk Songs of the Sea", "Maritime Museum", "2027-09-25 19:30", "8.00", False),
    ]
    for t, v, d, p, so in concerts:
        s.add(Concert(title=t, venue=v, starts_at=datetime.datetime.fromisoformat(d), ticket_price=p, sold_out=so,
                      programme="Brahms: Ein deutsches Requiem, Op. 45" if t == "Brahms Requiem" else ""))
    s.commit()

app.config["SERVER_NAME"] = None
stat = "/static/appbuilder/"


def save(client, path, name, lang):
    resp = client.get(path, follow_redirects=False)
    assert resp.status_code == 200, (path, resp.status_code, resp.text[:300])
    html = resp.get_data(as_text=True)
    html = html.replace(stat, static_url)
    html = html.replace("<head>", '<head><meta charset="utf-8">' + FRESH, 1)
    for outside in ("https://fonts.", "//cdn.", "https://unpkg", "https://cdnjs", "googleapis", "jsdelivr"):
        if outside in html:
            raise RuntimeError(f"{name} would load {outside}")
    (out / lang).mkdir(parents=True, exist_ok=True)
    (out / lang / name).write_text(html, encoding="utf-8")


for lang in langs:
    anon = app.test_client()
    anon.get(f"/lang/{CATALOGUE[lang]}")
    save(anon, "/login/", "login.html", lang)
    c = app.test_client()
    r = c.post("/login/", data={"username": "conductor", "password": "secret-pass"})
    assert r.status_code == 302, r.status_code
    c.get(f"/lang/{CATALOGUE[lang]}")
    save(c, "/", "index.html", lang)
    save(c, "/singerview/list/", "singer_list.html", lang)
    save(c, "/singerview/list/?page_SingerView=1", "singer_list_page2.html", lang)
    save(c, "/singerview/list/?_flt_0_section=2&_flt_0_active=y", "singer_list_filtered.html", lang)
    save(c, "/singerview/add", "singer_add.html", lang)
    save(c, "/singerview/edit/7", "singer_edit.html", lang)
    save(c, "/singerview/show/7", "singer_show.html", lang)
    save(c, "/concertview/list/", "concert_list.html", lang)
    save(c, "/concertview/add", "concert_add.html", lang)
    save(c, "/concertview/edit/3", "concert_edit.html", lang)
    save(c, "/users/userinfo/", "userinfo.html", lang)

shutil.copytree(Path(flask_appbuilder.__file__).parent / "static" / "appbuilder", out / "static", dirs_exist_ok=True)
print("rendered")
"""

# The made-up beekeeping log's documentation (our own text, reStructuredText).
_DOCS = {
    "index.rst": """Hivenote
========

Hivenote keeps a log of your hive inspections and reminds you when a colony
needs feeding, a new super or a varroa treatment.

.. note::

   Hivenote 2.4 can read the weight of a hive from a connected scale.

Features
--------

* Inspection notes with brood, queen and temper ratings.
* Reminders for feeding and treatments.
* A yearly honey harvest report.

.. toctree::
   :maxdepth: 2
   :caption: Getting started

   install
   first-inspection

.. toctree::
   :maxdepth: 2
   :caption: User guide

   guide/colonies
   guide/treatments

.. toctree::
   :maxdepth: 1
   :caption: Reference

   reference/commands
   faq
   changelog

Indices
-------

* :ref:`genindex`
* :ref:`search`
""",
    "install.rst": """Installing Hivenote
===================

.. index:: installation, pip

With pip
--------

Install the latest release::

   pip install hivenote

On a Raspberry Pi
-----------------

Install the scale driver first::

   sudo apt install hivenote-scale

.. warning::

   Hivenote needs Python 3.10 or later.

Checking the installation
-------------------------

Run ``hivenote --version``; it prints the version and the path of your log.
""",
    "first-inspection.rst": """Your first inspection
=====================

.. index:: inspection, colony

Name your apiary
----------------

Every log starts with an apiary::

   hivenote apiary add "Orchard corner"

Record an inspection
--------------------

.. code-block:: console

   $ hivenote inspect hive-3 --brood 4 --queen seen

One line is kept per inspection:

==========  ======  ======  ==========
Date        Hive    Brood   Queen
==========  ======  ======  ==========
2026-05-02  hive-1  5       seen
2026-05-02  hive-3  4       eggs only
2026-05-09  hive-1  6       seen
==========  ======  ======  ==========

.. tip::

   Add ``--temper calm`` to note how the bees behaved.

What next
---------

Read :doc:`guide/treatments` before the autumn.
""",
    "guide/colonies.rst": """Colonies
========

.. index:: colony, queen, swarm

A colony is one hive with its queen. Hivenote keeps each colony's history
even when it moves to another hive.

Queens
------

Mark the queen's year with the international colour code.

.. list-table:: Queen marking colours
   :header-rows: 1

   * - Year ending in
     - Colour
   * - 1 or 6
     - White
   * - 2 or 7
     - Yellow
   * - 3 or 8
     - Red

Swarms
------

Log a swarm as a new colony and link it to its mother colony.

.. seealso::

   :doc:`treatments` for the treatments of a new colony.
""",
    "guide/treatments.rst": """Treatments
==========

.. index:: varroa, treatment, oxalic acid

Hivenote reminds you when a treatment is due and how long it lasts.

Varroa counts
-------------

Count the mites on the tray for three days and enter the daily mean.

Oxalic acid in winter
---------------------

Treat when the colony has no brood, usually in December.

.. danger::

   Wear gloves and goggles when you handle oxalic acid.

Feeding
-------

Feed syrup in autumn until each colony weighs at least 18 kg.
""",
    "reference/commands.rst": """Commands
========

.. program:: hivenote

.. option:: --hive NAME

   The hive to act on.

.. option:: --brood FRAMES

   How many frames of brood were seen.

.. option:: --queen STATE

   ``seen``, ``eggs only`` or ``missing``.

Glossary
--------

.. glossary::

   Super
      A box added above the brood box for the honey.

   Nuc
      A small colony on a few frames, used to start a new hive.
""",
    "faq.rst": """Frequently asked questions
==========================

Can Hivenote work without a network?
------------------------------------

Yes. The log is a file on your computer.

Can two beekeepers share one log?
---------------------------------

Yes, put the log in a shared folder.

Does it work with top-bar hives?
--------------------------------

Yes, count bars instead of frames.
""",
    "changelog.rst": """Changelog
=========

2.4
---

* Hive scales.
* Queen colour reminder.

2.3
---

* Harvest report.
""",
}

_CONF = """
project = "Hivenote"
author = "The Hivenote keepers"
copyright = "2026, The Hivenote keepers"
release = "2.4"
version = "2.4"
language = {lang!r}
html_theme = "alabaster"
html_static_path = []
html_theme_options = {{
    "description": "A logbook for beekeepers",
    "github_button": False,
    "show_relbar_bottom": True,
    "show_related": True,
    "extra_nav_links": {{"Beekeepers' forum": "https://forum.example.org/hivenote"}},
}}
html_sidebars = {{"**": ["about.html", "navigation.html", "relations.html", "searchbox.html", "sourcelink.html"]}}
"""


def _render_sx(site: Path, dest: Path) -> None:
    render_sphinx(site, dest, SX_LANGS, _DOCS, _CONF, _FRESH, RENDER_VERSION)


def _render_fab(site: Path, dest: Path) -> None:
    render_app(site, dest, _FAB, [",".join(FAB_LANGS), f"/{FAB_SITE}/static/", _FRESH], RENDER_VERSION)


def ensure_all() -> Path:
    """Fill the cache (install, render) when needed; the directory the bench serves as ``pypi/``."""
    pins = hashlib.sha256(REQUIREMENTS.encode()).hexdigest()[:10]
    renders = ((FAB_SITE, _render_fab), (SX_SITE, _render_sx))
    installed = ("flask_appbuilder/__init__.py", "sphinx/__init__.py", "alabaster/__init__.py")
    return ensure_site(f"site-pypi10-{pins}", REQUIREMENTS, installed, renders, RENDER_VERSION)


def main() -> None:
    fill_and_say(
        ensure_all,
        lambda where: (
            f"Flask-AppBuilder {FAB} pages in {where / FAB_SITE} ({', '.join(FAB_LANGS)}) and "
            f"Sphinx alabaster {ALABASTER} pages in {where / SX_SITE} ({', '.join(SX_LANGS)})"
        ),
    )


if __name__ == "__main__":
    main()
