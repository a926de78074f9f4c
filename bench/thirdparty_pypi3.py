"""Datasette and Material for MkDocs pages rendered from PyPI packages, for the held-out 11 part.

Two further real applications after Django's admin (held-out 9) and Flask-Admin (held-out 10),
both from hash-pinned wheels installed with ``pip install --require-hashes --no-deps --target``
into the same cache as ``bench/thirdparty_pypi.py`` (``cache_dir()`` there):

* Datasette (Simon Willison's SQLite browser, ASGI): a small SQLite database of our own (a help
  desk: tickets with full-text search, people, teams, a view) is opened by a pinned Datasette and
  its pages are fetched with Datasette's internal client (``datasette.client.get``) and saved as
  static HTML: the index, the database page (with its SQL editor), table pages with the filter
  rows, sort options, facets, search and pagination, a canned-parameter query page, row pages and
  a view. Datasette is English only; its static files (CodeMirror, the column menus of
  ``table.js``) are copied next to the pages and the pages rewritten to load them from the bench's
  server.
* Material for MkDocs: a small documentation site of our own text (a made-up command-line tool,
  "Lantern") built by a pinned MkDocs and mkdocs-material with ``theme.language`` set to English,
  German, French, Czech, Japanese, Chinese and Polish, so the theme's own words (search, copy
  buttons, the palette toggle, "back to top", previous/next footer, the table of contents title)
  are translated; the text of the pages is ours and stays in English, the navigation titles and
  the palette toggle's names are translated by us. The sites use navigation tabs, a nested
  (collapsible) navigation section, content tabs, collapsible admonitions, code copy buttons, a
  light/dark palette toggle, the language selector and the built-in search (lunr in a web worker,
  all local). Web fonts are switched off, so nothing is loaded from outside. The theme keeps the
  palette and the last chosen content tab in ``localStorage``; a one-line script added at the top
  of each page clears it, so every load starts from the page as built.

Nothing of it is committed. A case of ``bench/retrieval_pypi3.jsonl`` names its page as
``pypi/<site>@<version>/<lang>/<page>``, served from the cache root by ``bench/retrieval.py`` (the
same root as held-out 9 and 10). Links lead to pages of the static server (Datasette's to pages
that were not saved): only what happens on the page before a navigation counts.

Odd: in Chromium at 1280x720, Material's sticky sidebars cover the footer's previous/next links
once the page is scrolled to them (a Playwright click there is intercepted by the sidebar), so
cases naming them also accept the same page's other links to that page (listed first, the ones
``--replay`` clicks), and no case relies on the footer alone. The language selector opens on hover
and focus: a plain click on its items timed out now and then in ``--replay`` (a different case
each run), so no case uses it. Datasette's sort drop-down shows on small screens only (sorting is by the column headers at 1280 pixels).

Tried and left out: nothing else (both installed offline from the pinned wheels at the first try).
The compiled wheels (MarkupSafe, PyYAML, charset-normalizer) are pinned for CPython 3.11 on x86-64
Linux, the bench's interpreter.

    .venv/bin/python bench/thirdparty_pypi3.py        # fill the cache, print where it is
"""

# ruff: noqa: E501 -- the render scripts below are scripts of their own, laid out for reading as such.
from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.thirdparty_pypi import ensure_site, fill_and_say, finish_render, run_renderer

DATASETTE = "0.65.5"
MKDOCS_MATERIAL = "9.8.2"
# Exact versions with the sha256 of their wheels (as `pip download --no-deps` gives them), one set
# for both applications (they share Jinja2, click and MarkupSafe).
REQUIREMENTS = f"""\
aiofiles==25.1.0 --hash=sha256:abe311e527c862958650f9438e859c1fa7568a141b22abcd015e120e86a85695
anyio==4.16.0 --hash=sha256:c66ae634e0b8228396b801741beb3294326d4b6102f7bba4041c0dfb58c29026
asgi-csrf==0.11 --hash=sha256:03ac140115f39d4295288a9adf74fdc6ae607f6ef44abee8466520458207242b
asgiref==3.13.0 --hash=sha256:f9596a2434512686473d50f96ff6207fbba49ae1a785dfac614df4aeb085674d
babel==2.19.0 --hash=sha256:6d49734aed1d595b2c065d012174df8c83964692f26fc461702281634dd7555b
backrefs==8.3.1 --hash=sha256:c27c66419b126ecf4d54966ad92f0e3c2a8aff0eac1687f57fe2a1b04fa4d244
certifi==2026.10.19.post1 --hash=sha256:1324c476b4811eff41a8bc2122cd0bbd4d9c7234c725446d99ab1612b3a7fdd2
charset-normalizer==3.5.3 --hash=sha256:2a6f937e0b70133d1f826d0a253331b6fe1a4c874808cc12e16f2fb8177042f4
click==8.5.1 --hash=sha256:8bb5376d2006950386f8c6427613334a2acadc5f559cb80e638d00b4df957e37
click-default-group==1.2.4 --hash=sha256:9b60486923720e7fc61731bdb32b617039aba820e22e1c88766b1125592eaa5f
colorama==0.4.6 --hash=sha256:4f1d9991f5acc0ca119f9d443620b77f9d6b33703e51011c16baf57afb285fc6
datasette=={DATASETTE} --hash=sha256:ca5faf528d4c1acc22e78b0274257435683ae6c75cf275939f2b92a10e498dbb
flexcache==0.3 --hash=sha256:d43c9fea82336af6e0115e308d9d33a185390b8346a017564611f1466dcd2e32
flexparser==0.4 --hash=sha256:3738b456192dcb3e15620f324c447721023c0293f6af9955b481e91d00179846
ghp-import==2.1.0 --hash=sha256:8337dd7b50877f163d4c0289bc1f1c7f127550241988d568c1db512c4324a619
h11==0.16.0 --hash=sha256:63cf8bbe7522de3bf65932fda1d9c2772064ffb3dae62d55932da54b31cb6c86
httpcore==1.0.9 --hash=sha256:2d400746a40668fc9dec9810239072b40b4484b640a8c38fd654a024c7a1bf55
httpx==0.28.1 --hash=sha256:d909fcccc110f8c7faf814ca82a9a4d816bc5a6dbfea25d6591d6985b8ba59ad
hupper==1.12.1 --hash=sha256:e872b959f09d90be5fb615bd2e62de89a0b57efc037bdf9637fb09cdf8552b19
idna==3.20 --hash=sha256:ab7ae7122974553370f0bdb919e1a960b2cd1bc1ef0276416d896db81c14582c
itsdangerous==2.2.0 --hash=sha256:c6242fc49e35958c8b15141343aa660db5fc54d4f13a1db01a3f5891b98700ef
janus==2.0.0 --hash=sha256:7e6449d34eab04cd016befbd7d8c0d8acaaaab67cb59e076a69149f9031745f9
jinja2==3.1.6 --hash=sha256:85ece4451f492d0c13c5dd7c13a64681a86afae63a5f347908daf103ce6d2f67
markdown==3.11.3 --hash=sha256:e1a31a112232504d753e5c01bb8c2de90d3f0ba986b063e10770cf7695b09e73
markupsafe==3.0.4 --hash=sha256:6da83a088f8ef93b2d483a8232a4dbf4d69d3d8496b568a03c56becac43e1808
mergedeep==1.3.4 --hash=sha256:70775750742b25c0d8f36c55aed03d24c3384d17c951b3175d898bd778ef0307
mkdocs==1.6.1 --hash=sha256:db91759624d1647f3f34aa0c3f327dd2601beae39a366d6e064c03468d35c20e
mkdocs-get-deps==0.2.2 --hash=sha256:e7878cbeac04860b8b5e0ca31d3abad3df9411a75a32cde82f8e44b6c16ff650
mkdocs-material=={MKDOCS_MATERIAL} --hash=sha256:ef1414cab33d64fcc13387e972af5ba4620f55f93482d1842933399ed2c69b02
mkdocs-material-extensions==1.3.1 --hash=sha256:adff8b62700b25cb77b53358dad940f3ef973dd6db797907c49e3c2ef3ab4e31
packaging==26.4 --hash=sha256:81383611a09c1bc0b08b76e0fd5829d7c6824c65b27a6aee339da133f4233ea2
paginate==0.5.7 --hash=sha256:b885e2af73abcf01d9559fd5216b57ef722f8c42affbb63942377668e35c7591
pathspec==1.1.1 --hash=sha256:a00ce642f577bf7f473932318056212bc4f8bfdf53128c78bbd5af0b9b20b189
platformdirs==4.14.8 --hash=sha256:1e34af590de4d978631b751eb2202f2fee4497537a17c1720b12fcf57b331392
pluggy==1.7.0 --hash=sha256:7dd7b0d8832ba3cb632c306926ded123429211b83641b35dc5c41ad2d34f9bec
pygments==2.21.0 --hash=sha256:2363c69b61c4a97c838da3b130dcd6468f4848992b21a82f2a63ec34377137d9
pymdown-extensions==13.1.2 --hash=sha256:20eec6babdadcdb47b5a91b3e69ff9f846d506e887125dcb027518c47d412693
python-dateutil==4.0.0 --hash=sha256:a5e246f79eb80475e691bf93862cead98decd8a498cf53ba0516fcdc0f50dc1c
python-multipart==0.0.34 --hash=sha256:ebacd224bd686eee2f9aa1066a657affe07435a185834e05e5235e2e59173e91
pyyaml==6.0.4 --hash=sha256:622aa875fa6533f25fedcffe23079357d65a690d462200afed5d8e9d0e01ebee
pyyaml-env-tag==1.1 --hash=sha256:17109e1a528561e32f026364712fee1264bc2ea6715120891174ed1b980d2e04
requests==2.34.2 --hash=sha256:2a0d60c172f83ac6ab31e4554906c0f3b3588d37b5cb939b1c061f4907e278e0
setuptools==84.2.1 --hash=sha256:ca140b45d5325a9478f880e351484f62fef15f336462e449ca0c03c873d589c2
typing-extensions==4.16.0 --hash=sha256:481caa481374e813c1b176ada14e97f1f67a4539ce9cfeb3f350d78d6370c2e8
tzdata==2026.6 --hash=sha256:0a10eec6e13ef16b627fabed9a5f2ba61a62b1c67f327305f4e7e412a70b4aec
urllib3==2.8.0 --hash=sha256:0cf3cae568d36aa9576b28dfb35f11328f1cb974ca7647d9475ebb86c75ac6e3
uvicorn==0.54.0 --hash=sha256:505bdb0f318731d45f1f712071fc781a8981f6847a31c902c9f5e652d4f67faf
watchdog==7.1.0 --hash=sha256:ad6d0b473cb8cde0721692b22b30fcbea8b52102430528874b3593549888bd81
"""
DATASETTE_SITE = f"datasette@{DATASETTE}"
MKDOCS_SITE = f"mkdocs-material@{MKDOCS_MATERIAL}"
SITES = (DATASETTE_SITE, MKDOCS_SITE)
MKDOCS_LANGS = ("en", "de", "fr", "cs", "ja", "zh", "pl")
# Bumped when the pages rendered below change, so that an old cache is rendered again.
RENDER_VERSION = "3"

_DATASETTE = r"""
import asyncio, datetime, sqlite3, sys
from pathlib import Path

out = Path(sys.argv[1])
work = Path(sys.argv[2])
static_url = sys.argv[3]

db = work / "helpdesk.db"
c = sqlite3.connect(db)
c.executescript('''
create table teams (id integer primary key, name text not null, office text);
create table people (id integer primary key, name text not null, email text, team_id integer references teams(id), city text, active integer);
create table tickets (
  id integer primary key, subject text not null, body text, status text, priority text,
  category text, assignee_id integer references people(id), opened text, due text, resolved text
);
create view open_tickets as select id, subject, priority, due from tickets where status = 'open';
''')
c.executemany("insert into teams values (?, ?, ?)", [(1, "Platform", "Berlin"), (2, "Billing", "Lyon"), (3, "Support", "Brno")])
c.executemany("insert into people values (?, ?, ?, ?, ?, ?)", [
    (1, "Ada Brandt", "ada@example.com", 1, "Berlin", 1), (2, "Ben Okafor", "ben@example.com", 1, "Lagos", 1),
    (3, "Chloé Martin", "chloe@example.com", 2, "Lyon", 1), (4, "Dana Novák", "dana@example.com", 3, "Brno", 0),
    (5, "Emil Sato", "emil@example.com", 3, "Osaka", 1),
])
subjects = [
    ("Cannot log in after password reset", "login", "open", "high"), ("Invoice shows wrong VAT", "billing", "open", "urgent"),
    ("Export to CSV is empty", "data", "pending", "normal"), ("Dark mode colours are off", "ui", "closed", "low"),
    ("Refund not received", "billing", "open", "high"), ("Login page very slow", "login", "pending", "normal"),
    ("Typo on pricing page", "ui", "closed", "low"), ("Two-factor codes rejected at login", "login", "open", "urgent"),
    ("Duplicate charge in March", "billing", "closed", "high"), ("Search ignores accents", "data", "open", "normal"),
    ("Cannot upload avatar", "ui", "open", "low"), ("API returns 500 on /orders", "data", "pending", "urgent"),
    ("Change company name on invoices", "billing", "open", "normal"), ("Session expires too fast", "login", "closed", "normal"),
    ("Import from Trello fails", "data", "open", "high"), ("Buttons overlap on mobile", "ui", "pending", "low"),
    ("Cancel my subscription", "billing", "closed", "normal"), ("Webhook retries forever", "data", "open", "high"),
    ("Email change not confirmed", "login", "pending", "normal"), ("Chart labels cut off", "ui", "open", "low"),
    ("Annual plan discount missing", "billing", "pending", "low"), ("Backup download times out", "data", "closed", "urgent"),
    ("Locked out after three login tries", "login", "open", "high"), ("Wrong time zone in reports", "data", "open", "normal"),
]
rows = []
for i, (s, cat, st, pr) in enumerate(subjects, 1):
    opened = datetime.date(2026, 1, 1) + datetime.timedelta(days=3 * i)
    rows.append((i, s, f"Reported by a customer: {s.lower()}.", st, pr, cat, 1 + i % 5, opened.isoformat(),
                 (opened + datetime.timedelta(days=14)).isoformat(),
                 (opened + datetime.timedelta(days=5)).isoformat() if st == "closed" else None))
c.executemany("insert into tickets values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
c.commit()
c.close()

from datasette.app import Datasette
import datasette

# Full-text search on the tickets (as `sqlite-utils enable-fts` would set it up).
c = sqlite3.connect(db)
c.executescript('''
create virtual table tickets_fts using fts5(subject, body, content=tickets, content_rowid=id);
insert into tickets_fts (rowid, subject, body) select id, subject, body from tickets;
''')
c.commit()
c.close()

metadata = {
    "title": "Help desk data",
    "description": "Tickets, people and teams of a small support desk (made-up data).",
    "databases": {"helpdesk": {
        "tables": {
            "tickets": {"fts_table": "tickets_fts", "fts_pk": "id", "label_column": "subject",
                         "sortable_columns": ["id", "subject", "status", "priority", "opened", "due"]},
            "people": {"label_column": "name"},
            "teams": {"label_column": "name"},
        },
        "queries": {"tickets_by_status": {
            "title": "Tickets by status",
            "sql": "select id, subject, priority, opened from tickets where status = :status and category = :category order by opened",
            "description": "Pick a status and a category.",
        }},
    }},
}


async def main():
    ds = Datasette([str(db)], metadata=metadata, settings={"default_page_size": 10})
    await ds.invoke_startup()
    pages = [
        ("/", "index.html"),
        ("/helpdesk", "database.html"),
        ("/helpdesk/tickets", "tickets.html"),
        ("/helpdesk/tickets?_facet=status&_facet=category&_facet=priority", "tickets_facets.html"),
        ("/helpdesk/tickets?status__exact=open&priority__in=high,urgent&_sort_desc=opened", "tickets_filtered.html"),
        ("/helpdesk/tickets?_search=login", "tickets_search.html"),
        ("/helpdesk/people", "people.html"),
        ("/helpdesk/teams", "teams.html"),
        ("/helpdesk/tickets/8", "ticket_row.html"),
        ("/helpdesk/people/2", "person_row.html"),
        ("/helpdesk/tickets_by_status", "query.html"),
        ("/helpdesk/open_tickets", "view.html"),
        ("/helpdesk?sql=select+category%2C+count%28*%29+as+n+from+tickets+group+by+category", "sql.html"),
    ]
    d = out / "en"
    d.mkdir(parents=True, exist_ok=True)
    for path, name in pages:
        resp = await ds.client.get(path)
        assert resp.status_code == 200, (path, resp.status_code)
        html = resp.text.replace('"/-/static/', f'"{static_url}').replace("'/-/static/", f"'{static_url}")
        html = html.replace("http://localhost/", "/")
        if "<meta charset" not in html[:800]:
            html = html.replace("<head>", '<head><meta charset="utf-8">', 1)
        (d / name).write_text(html, encoding="utf-8")
    import shutil
    shutil.copytree(Path(datasette.__file__).parent / "static", out / "static", dirs_exist_ok=True)


asyncio.run(main())
print("rendered")
"""

# The made-up tool's documentation (our own text); navigation titles per language.
_DOCS = {
    "index.md": """# Lantern

Lantern keeps a folder of Markdown notes in sync between your laptop and a small server.
It is a single command-line program with no database.

!!! tip "New here?"
    Start with the [installation](install.md), then read about the [configuration](configuration.md).

## What it does

- Watches a notes folder and pushes changes as they happen.
- Pulls changes made on other machines.
- Keeps a history of every note for thirty days.

## What it does not do

Lantern does not edit notes and has no web interface.

??? question "Is Lantern free?"
    Yes, it is released under the MIT licence.
""",
    "install.md": """# Installation

Lantern needs Python 3.10 or newer.

=== "pip"

    ```sh
    pip install lantern-notes
    ```

=== "pipx"

    ```sh
    pipx install lantern-notes
    ```

=== "Homebrew"

    ```sh
    brew install lantern
    ```

Check that it works:

```sh
lantern --version
```

## Upgrading

```sh
pip install --upgrade lantern-notes
```

??? warning "Upgrading from 1.x"
    Version 2 renamed the configuration file from `lantern.ini` to `lantern.toml`.
    Run `lantern migrate` once after upgrading.

## Uninstalling

```sh
pip uninstall lantern-notes
```

??? note "Troubleshooting on Windows"
    If the command is not found, add the Python `Scripts` folder to your `PATH`.
""",
    "configuration.md": """# Configuration

Lantern reads `lantern.toml` from the folder below.

=== "Linux"

    `~/.config/lantern/lantern.toml`

=== "macOS"

    `~/Library/Application Support/lantern/lantern.toml`

=== "Windows"

    `%APPDATA%\\lantern\\lantern.toml`

## Example

```toml
[sync]
folder = "~/notes"
server = "https://notes.example.com"
interval = 30
```

## Options

| Option | Default | Meaning |
| ------ | ------- | ------- |
| `folder` | `~/notes` | The folder to keep in sync |
| `server` | none | The server's address |
| `interval` | `30` | Seconds between two pulls |
| `history_days` | `30` | How long old versions are kept |

!!! warning "Keep your token secret"
    The `token` option gives full access to your notes.

???+ info "Environment variables"
    Every option can also be set as `LANTERN_<OPTION>`, for example `LANTERN_INTERVAL=60`.

??? example "A configuration for two folders"
    Use one `[sync.<name>]` table for each folder.
""",
    "commands.md": """# Commands

## lantern sync

Pushes and pulls once, then exits.

```sh
lantern sync --folder ~/notes
```

## lantern watch

Keeps running and syncs as files change.

=== "Foreground"

    ```sh
    lantern watch
    ```

=== "As a service"

    ```sh
    lantern watch --daemon
    ```

## lantern history

Lists the saved versions of one note.

```sh
lantern history todo.md
```

## lantern restore

Brings back an older version.

```sh
lantern restore todo.md --version 3
```
""",
    "faq.md": """# Frequently asked questions

??? question "Does Lantern work offline?"
    Yes. Changes are pushed when the connection comes back.

??? question "Can two people edit the same note?"
    Yes, but the last change wins; the other version stays in the history.

??? question "Where is the history kept?"
    On the server, in a folder next to the notes.

??? question "How do I report a bug?"
    Open an issue with the output of `lantern --version`.
""",
    "changelog.md": """# Changelog

## 2.1.0

- New `lantern restore` command.
- Faster start-up.

## 2.0.0

- The configuration file is now `lantern.toml`.

## 1.4.2

- Fixed a crash on empty notes.
""",
}

_NAV = {  # Home, Getting started, Installation, Configuration, Reference, Commands, Help, FAQ, Changelog, dark, light
    "en": (
        "Home",
        "Getting started",
        "Installation",
        "Configuration",
        "Reference",
        "Commands",
        "Help",
        "FAQ",
        "Changelog",
        "Switch to dark mode",
        "Switch to light mode",
    ),
    "de": (
        "Start",
        "Erste Schritte",
        "Installation",
        "Konfiguration",
        "Referenz",
        "Befehle",
        "Hilfe",
        "Häufige Fragen",
        "Änderungen",
        "Dunkles Design",
        "Helles Design",
    ),
    "fr": (
        "Accueil",
        "Premiers pas",
        "Installation",
        "Configuration",
        "Référence",
        "Commandes",
        "Aide",
        "FAQ",
        "Journal des modifications",
        "Passer en mode sombre",
        "Passer en mode clair",
    ),
    "cs": (
        "Úvod",
        "Začínáme",
        "Instalace",
        "Nastavení",
        "Reference",
        "Příkazy",
        "Nápověda",
        "Časté dotazy",
        "Změny",
        "Přepnout na tmavý režim",
        "Přepnout na světlý režim",
    ),
    "ja": (
        "ホーム",
        "はじめに",
        "インストール",
        "設定",
        "リファレンス",
        "コマンド",
        "ヘルプ",
        "よくある質問",
        "変更履歴",
        "ダークモードに切り替え",
        "ライトモードに切り替え",
    ),
    "zh": (
        "首页",
        "入门",
        "安装",
        "配置",
        "参考",
        "命令",
        "帮助",
        "常见问题",
        "更新日志",
        "切换到深色模式",
        "切换到浅色模式",
    ),
    "pl": (
        "Start",
        "Pierwsze kroki",
        "Instalacja",
        "Konfiguracja",
        "Dokumentacja",
        "Polecenia",
        "Pomoc",
        "Pytania",
        "Zmiany",
        "Tryb ciemny",
        "Tryb jasny",
    ),
}
_LANG_NAMES = {
    "en": "English",
    "de": "Deutsch",
    "fr": "Français",
    "cs": "Čeština",
    "ja": "日本語",
    "zh": "中文",
    "pl": "Polski",
}


def _mkdocs_yml(lang: str) -> str:
    import json

    home, start, inst, conf, ref, cmds, helps, faq, log, dark, light = _NAV[lang]
    q = json.dumps  # JSON strings are YAML strings
    alternate = "".join(
        f"\n    - name: {q(_LANG_NAMES[other])}\n      link: {q(f'../{other}/index.html')}\n      lang: {other}"
        for other in _NAV
    )
    return f"""site_name: Lantern
site_description: Keep your notes in sync
use_directory_urls: false
theme:
  name: material
  language: {lang}
  font: false
  features:
    - navigation.tabs
    - navigation.footer
    - navigation.top
    - navigation.indexes
    - content.code.copy
    - content.tabs.link
    - search.highlight
    - toc.follow
  palette:
    - scheme: default
      toggle:
        icon: material/brightness-7
        name: {q(dark)}
    - scheme: slate
      toggle:
        icon: material/brightness-4
        name: {q(light)}
extra:
  alternate:{alternate}
  social:
    - icon: fontawesome/brands/github
      link: https://github.com/example/lantern
      name: Lantern on GitHub
markdown_extensions:
  - admonition
  - pymdownx.details
  - pymdownx.superfences
  - pymdownx.highlight
  - pymdownx.inlinehilite
  - tables
  - pymdownx.tabbed:
      alternate_style: true
  - toc:
      permalink: true
nav:
  - {q(home)}: index.md
  - {q(start)}:
      - {q(inst)}: install.md
      - {q(conf)}: configuration.md
  - {q(ref)}:
      - {q(cmds)}: commands.md
      - {q(helps)}:
          - {q(faq)}: faq.md
          - {q(log)}: changelog.md
"""


_FRESH = "<script>try { localStorage.clear(); sessionStorage.clear(); } catch (e) {}</script>"


def _render_datasette(site: Path, dest: Path) -> None:
    _run_render(site, dest, [_DATASETTE, f"/{DATASETTE_SITE}/static/"])


def _render_mkdocs(site: Path, dest: Path) -> None:
    part = dest.with_name(dest.name + ".part")
    shutil.rmtree(part, ignore_errors=True)
    part.mkdir(parents=True)
    env = dict(os.environ, PYTHONPATH=str(site), PYTHONNOUSERSITE="1", NO_MKDOCS_2_WARNING="1")
    for lang in MKDOCS_LANGS:
        with tempfile.TemporaryDirectory() as tmp:
            docs = Path(tmp) / "docs"
            docs.mkdir()
            for name, text in _DOCS.items():
                (docs / name).write_text(text, encoding="utf-8")
            (Path(tmp) / "mkdocs.yml").write_text(_mkdocs_yml(lang), encoding="utf-8")
            done = subprocess.run(
                [sys.executable, "-S", "-m", "mkdocs", "build", "--quiet", "--site-dir", str(part / lang)],
                capture_output=True,
                text=True,
                timeout=300,
                env=env,
                cwd=tmp,
            )
        if done.returncode != 0:
            raise RuntimeError(f"mkdocs build ({lang}) failed: {done.stderr.strip()[-600:]}")
        for page in (part / lang).glob("*.html"):
            html = page.read_text(encoding="utf-8")
            if "fonts.googleapis.com" in html or "fonts.gstatic.com" in html:
                raise RuntimeError(f"{page.name} would load web fonts")
            # The theme keeps the palette and the chosen content tab in localStorage: each load
            # starts afresh, so that one case's clicks do not change the next case's page.
            html = html.replace("<head>", f"<head>{_FRESH}", 1)
            page.write_text(html, encoding="utf-8")
    finish_render(part, dest, RENDER_VERSION)


def _run_render(site: Path, dest: Path, script_and_args: list[str]) -> None:
    part = dest.with_name(dest.name + ".part")
    shutil.rmtree(part, ignore_errors=True)
    part.mkdir(parents=True)
    script, *rest = script_and_args
    with tempfile.TemporaryDirectory() as tmp:
        run_renderer(site, [script, str(part), tmp, *rest], tmp)
    finish_render(part, dest, RENDER_VERSION)


def ensure_all() -> Path:
    """Fill the cache (install, render) when needed; the directory the bench serves as ``pypi/``."""
    pins = hashlib.sha256(REQUIREMENTS.encode()).hexdigest()[:10]
    renders = ((DATASETTE_SITE, _render_datasette), (MKDOCS_SITE, _render_mkdocs))
    installed = ("datasette/__init__.py", "material")
    return ensure_site(f"site-pypi3-{pins}", REQUIREMENTS, installed, renders, RENDER_VERSION)


def main() -> None:
    fill_and_say(
        ensure_all,
        lambda where: (
            f"Datasette {DATASETTE} pages ready in {where / DATASETTE_SITE} (en) and Material for "
            f"MkDocs {MKDOCS_MATERIAL} pages in {where / MKDOCS_SITE} ({', '.join(MKDOCS_LANGS)})"
        ),
    )


if __name__ == "__main__":
    main()
