"""A site built with MkDocs' readthedocs theme and SQLAdmin's pages, rendered from PyPI, for held-out 17.

Two further real applications after Django's admin (held-out 9), Flask-Admin (held-out 10),
Datasette and Material for MkDocs (held-out 11), Sphinx with furo and django-allauth
(held-out 12), Django REST framework and pydata-sphinx-theme (held-out 13), Grappelli and
sphinx-rtd-theme (held-out 14), Jazzmin and sphinx-book-theme (held-out 15), Unfold and MkDocs'
own theme (held-out 16), both from hash-pinned wheels installed with ``pip install
--require-hashes --no-deps --target`` into the same cache as ``bench/thirdparty_pypi.py``
(``cache_dir()`` there):

* MkDocs 1.6.1 with its built-in ``readthedocs`` theme (not the sphinx-rtd-theme of held-out 14:
  MkDocs' own port of it, with its own templates and catalogues): a small documentation site of
  our own text (a made-up pottery-kiln logger, "Kilnlog") built with ``theme.locale`` set to
  English, German, French, Spanish, Japanese, Simplified Chinese and Polish, so the theme's words
  are translated by its own catalogues. The pages have the side bar's navigation with section
  captions and the current page's headings as a nested table of contents, the side bar's search
  box (a GET form to the search page), the search page with its own field (the search plugin's
  index, searched by a web worker), the breadcrumbs with the home icon and "Edit on GitHub", the
  previous/next buttons under the text and again in the fixed bar at the bottom with the GitHub
  link, admonitions, tables, ``<details>`` blocks and a definition list. highlight.js (loaded from
  a CDN by default) is turned off. The pages are served as ``pypi/mkdocs-readthedocs@1.6.1/``,
  beside held-out 16's ``pypi/mkdocs@1.6.1/``.
* SQLAdmin 0.32.0 (Starlette, SQLAlchemy 2.1 and WTForms; Tabler's Bootstrap skin, jQuery,
  flatpickr): an admin of our own models (a tool-lending library's members, tools and loans,
  in-memory SQLite) behind an authentication backend that lets every request in, driven with
  Starlette's ``TestClient`` to save its pages in English, German and Japanese (SQLAdmin's own
  catalogues, chosen with its ``?lang=`` parameter; our model and column labels stay English, as
  an app that ships no catalogue of its own shows them): the log-in page, the loans' list (search
  field and button, check boxes with "select all", the actions drop-down with a custom action and
  its confirmation dialog, the delete dialog, sortable column headers, the filter side bar,
  export and page-size drop-downs, pagination), its second page, the add and edit forms (native
  selects for the related member and tool, flatpickr date fields, a switch, a text area, the
  three save buttons), the details page, the tools' list and add form (enum selects, a number
  field), the members' list and edit form; the side menu with a folded "People" group and the
  language switcher. The static files are copied next to the pages and loaded from the bench's
  server.

Nothing of it is committed. A case of ``bench/retrieval_pypi9.jsonl`` names its page as
``pypi/<site>@<version>/<lang>/<page>``, served from the cache root by ``bench/retrieval.py`` (the
same root as held-out 9 to 16). Links lead to pages of the static server and forms post to it
(which refuses the POST): only what happens on the page before a navigation counts.

Tried and left out: the search page's results (they depend on the web worker's timing; the cases
only type into its field), and SQLAdmin's AJAX-loaded select2 boxes (a relation with
``form_ajax_refs`` needs the running app to answer; the forms use native selects).
The wheels are all pure Python except MarkupSafe, PyYAML, watchdog, SQLAlchemy and greenlet,
pinned for CPython 3.11 on x86-64 Linux (the bench's interpreter).

    .venv/bin/python bench/thirdparty_pypi9.py        # fill the cache, print where it is
"""

# ruff: noqa: E501 -- the render scripts below are scripts of their own, laid out for reading as such.
from __future__ import annotations

import hashlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.thirdparty_pypi import ensure_site, fill_and_say, render_app, render_mkdocs

MKDOCS = "1.6.1"
SQLADMIN = "0.32.0"
# Exact versions with the sha256 of their wheels (as `pip download --no-deps` gives them), one set
# for both applications (the same MkDocs as held-out 11's and 16's).
REQUIREMENTS = f"""\
anyio==4.16.0 --hash=sha256:c66ae634e0b8228396b801741beb3294326d4b6102f7bba4041c0dfb58c29026
babel==2.19.0 --hash=sha256:6d49734aed1d595b2c065d012174df8c83964692f26fc461702281634dd7555b
certifi==2026.10.19.post1 --hash=sha256:1324c476b4811eff41a8bc2122cd0bbd4d9c7234c725446d99ab1612b3a7fdd2
click==8.5.1 --hash=sha256:8bb5376d2006950386f8c6427613334a2acadc5f559cb80e638d00b4df957e37
greenlet==3.5.6 --hash=sha256:1c20ea32a73d17b9b60e3371240e17b0068120c98a5ec01a224a7dd8c89733ba
ghp-import==2.1.0 --hash=sha256:8337dd7b50877f163d4c0289bc1f1c7f127550241988d568c1db512c4324a619
h11==0.16.0 --hash=sha256:63cf8bbe7522de3bf65932fda1d9c2772064ffb3dae62d55932da54b31cb6c86
httpcore==1.0.9 --hash=sha256:2d400746a40668fc9dec9810239072b40b4484b640a8c38fd654a024c7a1bf55
httpx==0.28.1 --hash=sha256:d909fcccc110f8c7faf814ca82a9a4d816bc5a6dbfea25d6591d6985b8ba59ad
idna==3.20 --hash=sha256:ab7ae7122974553370f0bdb919e1a960b2cd1bc1ef0276416d896db81c14582c
itsdangerous==2.2.0 --hash=sha256:c6242fc49e35958c8b15141343aa660db5fc54d4f13a1db01a3f5891b98700ef
jinja2==3.1.6 --hash=sha256:85ece4451f492d0c13c5dd7c13a64681a86afae63a5f347908daf103ce6d2f67
markdown==3.11.3 --hash=sha256:e1a31a112232504d753e5c01bb8c2de90d3f0ba986b063e10770cf7695b09e73
markupsafe==3.0.4 --hash=sha256:6da83a088f8ef93b2d483a8232a4dbf4d69d3d8496b568a03c56becac43e1808
mergedeep==1.3.4 --hash=sha256:70775750742b25c0d8f36c55aed03d24c3384d17c951b3175d898bd778ef0307
mkdocs=={MKDOCS} --hash=sha256:db91759624d1647f3f34aa0c3f327dd2601beae39a366d6e064c03468d35c20e
mkdocs-get-deps==0.2.2 --hash=sha256:e7878cbeac04860b8b5e0ca31d3abad3df9411a75a32cde82f8e44b6c16ff650
packaging==26.4 --hash=sha256:81383611a09c1bc0b08b76e0fd5829d7c6824c65b27a6aee339da133f4233ea2
pathspec==1.1.1 --hash=sha256:a00ce642f577bf7f473932318056212bc4f8bfdf53128c78bbd5af0b9b20b189
platformdirs==4.14.8 --hash=sha256:1e34af590de4d978631b751eb2202f2fee4497537a17c1720b12fcf57b331392
python-dateutil==4.0.0 --hash=sha256:a5e246f79eb80475e691bf93862cead98decd8a498cf53ba0516fcdc0f50dc1c
python-multipart==0.0.34 --hash=sha256:ebacd224bd686eee2f9aa1066a657affe07435a185834e05e5235e2e59173e91
pyyaml==6.0.4 --hash=sha256:622aa875fa6533f25fedcffe23079357d65a690d462200afed5d8e9d0e01ebee
pyyaml-env-tag==1.1 --hash=sha256:17109e1a528561e32f026364712fee1264bc2ea6715120891174ed1b980d2e04
sqladmin=={SQLADMIN} --hash=sha256:4f5cff4ab8e5349a3dcad17f3a4d46a7867b54b92ac45e5626fdb96e465c127f
sqlalchemy==2.1.9 --hash=sha256:3a24b459e52b3ac138f6a05e99a4bd0589443a1ae18041a59c1cfdee12134a2b
starlette==1.10.0 --hash=sha256:478c0ab3b4ced6e82719849c118fa406f0278a3499c1a898cd15cd31bdc38ce4
typing-extensions==4.16.0 --hash=sha256:481caa481374e813c1b176ada14e97f1f67a4539ce9cfeb3f350d78d6370c2e8
watchdog==7.1.0 --hash=sha256:ad6d0b473cb8cde0721692b22b30fcbea8b52102430528874b3593549888bd81
wtforms==3.2.2 --hash=sha256:72b90d5d921bd3119252069cf0301e9c13915f9e52792652bc91c5dda4b79e56
"""
# MkDocs' own pages of held-out 16 are pypi/mkdocs@1.6.1/: this theme's go beside them.
RTD_SITE = f"mkdocs-readthedocs@{MKDOCS}"
SQ_SITE = f"sqladmin@{SQLADMIN}"
SITES = (RTD_SITE, SQ_SITE)
# The readthedocs theme's locales; the page directory is named by the locale (zh_CN as is).
RTD_LANGS = ("en", "de", "fr", "es", "ja", "zh_CN", "pl")
# SQLAdmin's catalogues (it ships English, German, Azerbaijani, Russian, Turkish and Japanese).
SQ_LANGS = ("en", "de", "ja")
# Bumped when the pages rendered below change, so that an old cache is rendered again.
RENDER_VERSION = "1"

_FRESH = "<script>try { localStorage.clear(); sessionStorage.clear(); } catch (e) {}</script>"

# The made-up kiln logger's documentation (our own text, Markdown).
_DOCS = {
    "index.md": """# Kilnlog

Kilnlog records every firing of your pottery kiln and tells you when the next glaze firing can start.

!!! tip
    Kilnlog 2.1 reads the thermocouple of most electric kilns over USB.

## Features

* A firing schedule editor with ramps and holds.
* A log of every firing with its peak temperature and cone.
* Reminders to replace elements after 150 firings.

## Getting help

Ask on the forum or read the [FAQ](faq.md).
""",
    "getting-started/install.md": """# Installing Kilnlog

## On Linux

    pipx install kilnlog

## On Windows

Download the installer and run it as an administrator.

## Connecting the kiln

Plug the controller's USB cable in and run `kilnlog probe`.

<details>
<summary>The controller is not found</summary>
<p>Add your user to the <code>dialout</code> group and log in again.</p>
</details>
""",
    "getting-started/first-firing.md": """# Your first firing

Pick a schedule:

    kilnlog schedule use bisque-04

Start the kiln and the log together:

    kilnlog fire --watch

## A bisque schedule

| Segment | Rate (°C/h) | Target (°C) | Hold (min) |
|---------|-------------|-------------|------------|
| 1       | 80          | 600         | 0          |
| 2       | 150         | 1000        | 10         |

## After the firing

Let the kiln cool below 100 °C before opening the lid.
""",
    "guide/schedules.md": """# Schedules

A schedule is a list of segments, each with a rate, a target and a hold.

## Writing a schedule

Schedules are TOML files in `~/.kilnlog/schedules/`.

## Built-in schedules

* `bisque-04`
* `glaze-6`
* `slow-cool`

!!! warning
    Never fire a glaze schedule with greenware in the kiln.
""",
    "guide/cones.md": """# Cones and temperatures

Kilnlog shows the Orton cone reached at the end of each firing.

| Cone | Temperature |
|------|-------------|
| 06   | 999 °C      |
| 04   | 1063 °C     |
| 6    | 1222 °C     |

<details>
<summary>Why do my witness cones disagree?</summary>
<p>Heat work depends on the rate as well as the peak temperature.</p>
</details>
""",
    "guide/maintenance.md": """# Maintenance

## Elements

Replace the elements when a firing to cone 6 takes more than two hours longer than it used to.

## Thermocouple

Check the thermocouple once a year against a witness cone.
""",
    "reference/commands.md": """# Commands

`kilnlog fire`
:   Start logging a firing.

`kilnlog history`
:   List past firings.

`kilnlog export --year 2026`
:   Write a year of firings to a CSV file.
""",
    "faq.md": """# FAQ

<details>
<summary>Does Kilnlog work with gas kilns?</summary>
<p>Only for logging; it cannot control a gas kiln.</p>
</details>

<details>
<summary>Can several kilns share one computer?</summary>
<p>Yes, give each controller its own name.</p>
</details>
""",
    "about/license.md": """# Licence

Kilnlog is free software under the MIT licence.
""",
    "about/release-notes.md": """# Release notes

## 2.1

* USB thermocouple reading.
* Cone shown in the log.

## 2.0

* Schedule editor.
""",
}

_MKDOCS_YML = """site_name: Kilnlog
site_url: ""
repo_url: https://github.com/example/kilnlog
edit_uri: edit/main/docs/
use_directory_urls: false
theme:
  name: readthedocs
  locale: {lang}
  highlightjs: false
  navigation_depth: 3
  collapse_navigation: true
  prev_next_buttons_location: bottom
plugins:
  - search
markdown_extensions:
  - admonition
  - tables
  - def_list
  - md_in_html
  - toc:
      permalink: true
nav:
  - Home: index.md
  - Getting started:
      - Installing Kilnlog: getting-started/install.md
      - Your first firing: getting-started/first-firing.md
  - User guide:
      - Schedules: guide/schedules.md
      - Cones and temperatures: guide/cones.md
      - Maintenance: guide/maintenance.md
  - Reference:
      - Commands: reference/commands.md
  - FAQ: faq.md
  - About:
      - Licence: about/license.md
      - Release notes: about/release-notes.md
"""

_SQ = r"""
import datetime, enum, re, shutil, sys
from decimal import Decimal
from pathlib import Path

out = Path(sys.argv[1])
langs = sys.argv[2].split(",")
static_url = sys.argv[3]
FRESH = sys.argv[4]

from sqlalchemy import Boolean, Column, Date, Enum, ForeignKey, Integer, Numeric, String, Text, create_engine
from sqlalchemy.orm import declarative_base, relationship, sessionmaker
from sqlalchemy.pool import StaticPool
from starlette.applications import Starlette
from starlette.testclient import TestClient

import sqladmin
from sqladmin import Admin, ModelView, action
from sqladmin.authentication import AuthenticationBackend
from sqladmin.filters import AllUniqueStringValuesFilter, BooleanFilter, ForeignKeyFilter
from sqladmin.i18n import I18nConfig

Base = declarative_base()


class Category(enum.Enum):
    power = "Power tools"
    garden = "Garden"
    hand = "Hand tools"
    ladder = "Ladders"


class Condition(enum.Enum):
    new = "New"
    good = "Good"
    worn = "Worn"
    repair = "Needs repair"


class Member(Base):
    __tablename__ = "member"
    id = Column(Integer, primary_key=True)
    name = Column(String(80), nullable=False)
    email = Column(String(120))
    phone = Column(String(30))
    street = Column(String(80))
    joined = Column(Date)
    active = Column(Boolean, default=True, nullable=False)
    notes = Column(Text)
    loans = relationship("Loan", back_populates="member")

    def __str__(self):
        return self.name


class Tool(Base):
    __tablename__ = "tool"
    id = Column(Integer, primary_key=True)
    name = Column(String(80), nullable=False)
    category = Column(Enum(Category), nullable=False)
    condition = Column(Enum(Condition), nullable=False)
    deposit = Column(Numeric(7, 2))
    shelf = Column(String(10))
    available = Column(Boolean, default=True, nullable=False)
    loans = relationship("Loan", back_populates="tool")

    def __str__(self):
        return self.name


class Loan(Base):
    __tablename__ = "loan"
    id = Column(Integer, primary_key=True)
    code = Column(String(10), nullable=False)
    member_id = Column(Integer, ForeignKey("member.id"))
    tool_id = Column(Integer, ForeignKey("tool.id"))
    lent_on = Column(Date)
    due_on = Column(Date)
    returned = Column(Boolean, default=False, nullable=False)
    comments = Column(Text)
    member = relationship("Member", back_populates="loans")
    tool = relationship("Tool", back_populates="loans")

    def __str__(self):
        return self.code


engine = create_engine("sqlite://", connect_args={"check_same_thread": False}, poolclass=StaticPool)
Base.metadata.create_all(engine)
Session = sessionmaker(bind=engine)
with Session() as s:
    members = [Member(name=n, email=e, phone=p, street=st, joined=j, active=a) for n, e, p, st, j, a in [
        ("Agnes Fuller", "agnes@example.org", "0117 200 301", "4 Mill Lane", datetime.date(2024, 3, 1), True),
        ("Bruno Keller", "bruno@example.org", "0117 200 302", "12 Quarry Road", datetime.date(2024, 6, 15), True),
        ("Chiara Conti", "chiara@example.org", "0117 200 303", "7 Orchard Row", datetime.date(2025, 1, 9), False),
        ("Dmitri Volkov", "dmitri@example.org", "0117 200 304", "21 Canal Street", datetime.date(2025, 4, 20), True),
        ("Emi Sato", "emi@example.org", "0117 200 305", "3 Chapel Yard", datetime.date(2025, 9, 2), True),
    ]]
    tools = [Tool(name=n, category=c, condition=k, deposit=Decimal(d), shelf=sh, available=av) for n, c, k, d, sh, av in [
        ("Cordless drill", Category.power, Condition.good, "20.00", "A1", False),
        ("Hedge trimmer", Category.garden, Condition.worn, "25.00", "B2", True),
        ("Extension ladder", Category.ladder, Condition.good, "30.00", "C1", False),
        ("Tile cutter", Category.hand, Condition.new, "15.00", "A3", True),
        ("Lawn aerator", Category.garden, Condition.repair, "10.00", "B4", True),
        ("Jigsaw", Category.power, Condition.good, "20.00", "A2", False),
        ("Wallpaper steamer", Category.power, Condition.worn, "15.00", "A4", True),
    ]]
    s.add_all(members + tools)
    s.flush()
    rows = [
        ("L-301", 0, 0, 2, 9, False, "Drill bits in the case."),
        ("L-302", 1, 2, 3, 6, False, "For the gutter repair."),
        ("L-303", 2, 1, 4, 8, True, ""),
        ("L-304", 3, 5, 5, 12, False, "Blade changed before lending."),
        ("L-305", 4, 3, 7, 10, True, ""),
        ("L-306", 0, 6, 8, 11, True, "Returned with a cracked hose."),
        ("L-307", 1, 4, 10, 14, True, ""),
        ("L-308", 3, 1, 12, 15, True, "Late by two days."),
        ("L-309", 4, 0, 14, 18, True, ""),
        ("L-310", 2, 3, 16, 20, True, ""),
        ("L-311", 0, 2, 18, 21, True, ""),
        ("L-312", 1, 5, 20, 23, True, ""),
    ]
    for code, m, t, lent, due, ret, comments in rows:
        s.add(Loan(code=code, member=members[m], tool=tools[t], lent_on=datetime.date(2026, 11, lent),
                   due_on=datetime.date(2026, 11, due), returned=ret, comments=comments))
    s.commit()


class Auth(AuthenticationBackend):
    async def login(self, request):
        return True

    async def logout(self, request):
        return True

    async def authenticate(self, request):
        return request.url.path != "/admin/login"


class LoanAdmin(ModelView, model=Loan):
    name = "Loan"
    name_plural = "Loans"
    icon = "fa-solid fa-handshake"
    column_list = [Loan.code, Loan.member, Loan.tool, Loan.lent_on, Loan.due_on, Loan.returned]
    column_labels = {Loan.code: "Loan code", Loan.lent_on: "Lent on", Loan.due_on: "Due back", Loan.member: "Member",
                     Loan.tool: "Tool", Loan.returned: "Returned", Loan.comments: "Comments"}
    column_searchable_list = [Loan.code, Loan.comments]
    column_sortable_list = [Loan.code, Loan.lent_on, Loan.due_on]
    column_filters = [BooleanFilter(Loan.returned), ForeignKeyFilter(Loan.tool_id, Tool.name, title="Tool")]
    column_default_sort = [(Loan.lent_on, False)]
    page_size = 10
    page_size_options = [10, 25, 50]
    can_export = True
    export_types = ["csv", "json"]
    form_columns = [Loan.code, Loan.member, Loan.tool, Loan.lent_on, Loan.due_on, Loan.returned, Loan.comments]

    @action(name="mark_returned", label="Mark as returned", confirmation_message="Mark the selected loans as returned?",
            add_in_detail=True, add_in_list=True)
    async def mark_returned(self, request):
        return None


class MemberAdmin(ModelView, model=Member):
    name = "Member"
    name_plural = "Members"
    icon = "fa-solid fa-user"
    category = "People"
    column_list = [Member.name, Member.email, Member.phone, Member.joined, Member.active]
    column_labels = {Member.name: "Name", Member.email: "Email", Member.phone: "Phone", Member.joined: "Joined",
                     Member.active: "Active", Member.street: "Street", Member.notes: "Notes"}
    column_searchable_list = [Member.name, Member.email]
    column_filters = [BooleanFilter(Member.active)]
    form_columns = [Member.name, Member.email, Member.phone, Member.street, Member.joined, Member.active, Member.notes]


class ToolAdmin(ModelView, model=Tool):
    name = "Tool"
    name_plural = "Tools"
    icon = "fa-solid fa-screwdriver-wrench"
    column_list = [Tool.name, Tool.category, Tool.condition, Tool.deposit, Tool.shelf, Tool.available]
    column_labels = {Tool.name: "Name", Tool.category: "Category", Tool.condition: "Condition",
                     Tool.deposit: "Deposit", Tool.shelf: "Shelf", Tool.available: "Available"}
    column_searchable_list = [Tool.name, Tool.shelf]
    column_filters = [AllUniqueStringValuesFilter(Tool.shelf), BooleanFilter(Tool.available)]
    form_columns = [Tool.name, Tool.category, Tool.condition, Tool.deposit, Tool.shelf, Tool.available]


app = Starlette()
admin = Admin(app, engine, title="Tool Library", authentication_backend=Auth(secret_key="bench-only"),
              i18n_config=I18nConfig(default_locale="en", language_switcher=langs))
admin.add_view(LoanAdmin)
admin.add_view(ToolAdmin)
admin.add_view(MemberAdmin)


def save(client, path, name, lang):
    resp = client.get(path + ("&" if "?" in path else "?") + "lang=" + lang, follow_redirects=False)
    assert resp.status_code == 200, (path, resp.status_code, resp.text[:300])
    html = resp.text
    html = html.replace("http://testserver/admin/statics/", static_url)
    html = html.replace("http://testserver/", "/")
    html = re.sub(r"<head>", '<head><meta charset="utf-8">' + FRESH, html, count=1)
    for outside in ("https://fonts.", "//cdn.", "https://unpkg", "https://cdnjs", "googleapis", "jsdelivr"):
        if outside in html:
            raise RuntimeError(f"{name} would load {outside}")
    (out / lang).mkdir(parents=True, exist_ok=True)
    (out / lang / name).write_text(html, encoding="utf-8")


client = TestClient(app)
for lang in langs:
    save(client, "/admin/login", "login.html", lang)
    save(client, "/admin/loan/list", "loan_list.html", lang)
    save(client, "/admin/loan/list?page=2", "loan_list_page2.html", lang)
    save(client, "/admin/loan/create", "loan_create.html", lang)
    save(client, "/admin/loan/edit/4", "loan_edit.html", lang)
    save(client, "/admin/loan/details/4", "loan_details.html", lang)
    save(client, "/admin/tool/list", "tool_list.html", lang)
    save(client, "/admin/tool/create", "tool_create.html", lang)
    save(client, "/admin/member/list", "member_list.html", lang)
    save(client, "/admin/member/edit/2", "member_edit.html", lang)

shutil.copytree(Path(sqladmin.__file__).parent / "statics", out / "statics", dirs_exist_ok=True)
print("rendered")
"""


def _render_rtd(site: Path, dest: Path) -> None:
    render_mkdocs(site, dest, RTD_LANGS, _DOCS, _MKDOCS_YML, _FRESH, RENDER_VERSION)


def _render_sq(site: Path, dest: Path) -> None:
    render_app(site, dest, _SQ, [",".join(SQ_LANGS), f"/{SQ_SITE}/statics/", _FRESH], RENDER_VERSION)


def ensure_all() -> Path:
    """Fill the cache (install, render) when needed; the directory the bench serves as ``pypi/``."""
    pins = hashlib.sha256(REQUIREMENTS.encode()).hexdigest()[:10]
    renders = ((RTD_SITE, _render_rtd), (SQ_SITE, _render_sq))
    installed = ("sqladmin/__init__.py", "mkdocs/__init__.py")
    return ensure_site(f"site-pypi9-{pins}", REQUIREMENTS, installed, renders, RENDER_VERSION)


def main() -> None:
    fill_and_say(
        ensure_all,
        lambda where: (
            f"MkDocs {MKDOCS} pages (readthedocs theme) in {where / RTD_SITE} ({', '.join(RTD_LANGS)}) and "
            f"SQLAdmin {SQLADMIN} pages in {where / SQ_SITE} ({', '.join(SQ_LANGS)})"
        ),
    )


if __name__ == "__main__":
    main()
