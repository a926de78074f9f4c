"""Sphinx with piccolo-theme and with sphinx-nefertiti, rendered from PyPI, for held-out 22.

Two further real applications (documentation themes) after Django's admin (held-out 9), Flask-Admin (held-out 10),
Datasette and Material for MkDocs (held-out 11), Sphinx with furo and django-allauth
(held-out 12), Django REST framework and pydata-sphinx-theme (held-out 13), Grappelli and
sphinx-rtd-theme (held-out 14), Jazzmin and sphinx-book-theme (held-out 15), Unfold and MkDocs'
own theme (held-out 16), MkDocs' readthedocs theme and SQLAdmin (held-out 17), Flask-AppBuilder
and alabaster (held-out 18), starlette-admin and shibuya (held-out 19), Trac and Pelican
(held-out 20), Wagtail and sphinxawesome-theme (held-out 21), both from hash-pinned wheels
installed with ``pip install --require-hashes --no-deps --target`` into the same cache as
``bench/thirdparty_pypi.py`` (``cache_dir()`` there):

* Sphinx 9.0.4 with piccolo-theme 0.24.0: the documentation of a made-up beekeeping tool of our
  own ("Hivelog", hive inspection records for an allotment's apiary), built once per language
  (English, German, French, Spanish, Japanese, Polish; Sphinx's catalogues translate Sphinx's
  words, the theme has none of its own and the text is ours and English): the start page,
  installation, a usage guide with code blocks and a table, a configuration page with options, an
  API reference, a FAQ, a changelog, and Sphinx's search page and general index; the theme's
  announcement banner (with its "hide" link), its light/dark toggle, the source-repository link,
  the sidebar toggle, the header's search box, the "Page contents" side menu (with its hide link)
  and the previous/next buttons.
* Sphinx 9.0.4 with sphinx-nefertiti 0.9.11: the same documentation built once per language
  (English, German, French, Czech, Russian, Italian; the theme's own catalogues and Sphinx's),
  with the theme's header links (one a "Community" drop-down menu), its version drop-down (2.3
  and 1.4), its colour-set, language (the six builds) and light/dark drop-downs, the header's
  search box, the sidebar's filter field and table of contents, the breadcrumbs, the "show
  source" link, the "Expand table" button, "On this page", the previous/next links and the footer
  links.

Nothing of it is committed. A case of ``bench/retrieval_pypi14.jsonl`` names its page as
``pypi/<site>@<version>/<lang>/<page>``, served from the cache root by ``bench/retrieval.py`` (the
same root as held-out 9 to 21). Links lead to pages of the static server (or to outside addresses
the benchmark refuses): only what happens on the page before a navigation counts.

Left out: Sphinx's extensions (no autodoc) and the themes' other languages (Babel, which
sphinx-nefertiti asks for a language's name, knows no ``zh_CN``). The wheels are pure Python
except MarkupSafe and charset-normalizer, pinned for CPython 3.11 on x86-64 Linux (the bench's
interpreter).

    .venv/bin/python bench/thirdparty_pypi14.py        # fill the cache, print where it is
"""

# ruff: noqa: E501 -- the documents below are reStructuredText, laid out for reading as such.
from __future__ import annotations

import hashlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.thirdparty_pypi import ensure_site, fill_and_say, render_sphinx

PICCOLO = "0.24.0"
NEFERTITI = "0.9.11"
# Exact versions with the sha256 of their wheels (as `pip download` gives them), one set for both
# themes.
REQUIREMENTS = f"""\
alabaster==1.0.0 --hash=sha256:fc6786402dc3fcb2de3cabd5fe455a2db534b371124f1f21de8731783dec828b
babel==2.19.0 --hash=sha256:6d49734aed1d595b2c065d012174df8c83964692f26fc461702281634dd7555b
certifi==2026.10.19.post1 --hash=sha256:1324c476b4811eff41a8bc2122cd0bbd4d9c7234c725446d99ab1612b3a7fdd2
charset-normalizer==3.5.3 --hash=sha256:2a6f937e0b70133d1f826d0a253331b6fe1a4c874808cc12e16f2fb8177042f4
docutils==0.22.4 --hash=sha256:d0013f540772d1420576855455d050a2180186c91c15779301ac2ccb3eeb68de
idna==3.20 --hash=sha256:ab7ae7122974553370f0bdb919e1a960b2cd1bc1ef0276416d896db81c14582c
imagesize==2.0.1 --hash=sha256:ea0c9a0384df69ed86a943a15cde37d0360b82491b3910dc2215e202e62b5b02
jinja2==3.1.6 --hash=sha256:85ece4451f492d0c13c5dd7c13a64681a86afae63a5f347908daf103ce6d2f67
markupsafe==3.0.4 --hash=sha256:6da83a088f8ef93b2d483a8232a4dbf4d69d3d8496b568a03c56becac43e1808
packaging==26.4 --hash=sha256:81383611a09c1bc0b08b76e0fd5829d7c6824c65b27a6aee339da133f4233ea2
piccolo-theme=={PICCOLO} --hash=sha256:6de69688ba87963857c11ddb0d98987b9a4814d508cce2d0ecc83e3680c9da12
pygments==2.21.0 --hash=sha256:2363c69b61c4a97c838da3b130dcd6468f4848992b21a82f2a63ec34377137d9
requests==2.34.2 --hash=sha256:2a0d60c172f83ac6ab31e4554906c0f3b3588d37b5cb939b1c061f4907e278e0
roman-numerals==4.1.0 --hash=sha256:647ba99caddc2cc1e55a51e4360689115551bf4476d90e8162cf8c345fe233c7
snowballstemmer==3.1.1 --hash=sha256:7e207fa178741da09cdee59d3ecec3827ad5f92b1fc5c9ff3755b639f71f5752
sphinx==9.0.4 --hash=sha256:5bebc595a5e943ea248b99c13814c1c5e10b3ece718976824ffa7959ff95fffb
sphinx-nefertiti=={NEFERTITI} --hash=sha256:85d1d5585cd41f69b7bf4879aa0256413f4f9b0d42326e3a586590274819f328
sphinxcontrib-applehelp==2.0.0 --hash=sha256:4cd3f0ec4ac5dd9c17ec65e9ab272c9b867ea77425228e68ecf08d6b28ddbdb5
sphinxcontrib-devhelp==2.0.0 --hash=sha256:aefb8b83854e4b0998877524d1029fd3e6879210422ee3780459e28a1f03a8a2
sphinxcontrib-htmlhelp==2.1.0 --hash=sha256:166759820b47002d22914d64a075ce08f4c46818e17cfc9470a9786b759b19f8
sphinxcontrib-jsmath==2.0.0 --hash=sha256:15ca92fe0eec82f0baf91a7efcc51ffacdb605924be6327683a52ebdacb6744c
sphinxcontrib-qthelp==2.0.0 --hash=sha256:b18a828cdba941ccd6ee8445dbe72ffa3ef8cbe7505d8cd1fa0d42d3f2d5f3eb
sphinxcontrib-serializinghtml==2.0.0 --hash=sha256:6e2cb0eef194e10c27ec0023bfeb25badbbb5868244cf5bc5bdc04e4464bf331
urllib3==2.8.0 --hash=sha256:0cf3cae568d36aa9576b28dfb35f11328f1cb974ca7647d9475ebb86c75ac6e3
"""
PC_SITE = f"piccolo@{PICCOLO}"
NF_SITE = f"nefertiti@{NEFERTITI}"
SITES = (PC_SITE, NF_SITE)
# The documentation's languages (one build per language, Sphinx's catalogues).
PC_LANGS = ("en", "de", "fr", "es", "ja", "pl")
NF_LANGS = ("en", "de", "fr", "cs", "ru", "it")
# Bumped when the pages rendered below change, so that an old cache is rendered again.
RENDER_VERSION = "1"

_FRESH = "<script>try { localStorage.clear(); sessionStorage.clear(); } catch (e) {}</script>"

# The documentation of a made-up beekeeping tool (file name → reStructuredText).
_DOCS = {
    "index.rst": """Hivelog
=======

Hivelog keeps the inspection records of a small apiary: colonies, queens, brood, stores and
the treatments given, and prints the week's to-do list for the beekeepers.

.. toctree::
   :maxdepth: 2
   :caption: Contents

   install
   usage
   configuration
   api
   faq
   changelog

Quick start
-----------

Install it, then record today's inspection::

   pip install hivelog
   hivelog inspect --hive 3 --queen-seen --frames 7

Who uses it
-----------

The Meadow Lane allotment bees (twelve hives) and two school apiaries.

Getting help
------------

Write to the mailing list or ask at the Saturday meeting.
""",
    "install.rst": """Installation
============

Requirements
------------

Hivelog needs Python 3.10 or later and about 20 MB of disk space.

With pip
--------

.. code-block:: console

   $ pip install hivelog

With pipx
---------

.. code-block:: console

   $ pipx install hivelog

From source
-----------

.. code-block:: console

   $ git clone https://example.org/hivelog.git
   $ cd hivelog
   $ pip install -e .

Upgrading
---------

Run ``pip install --upgrade hivelog``; your records are kept.

.. note::

   On the shared allotment laptop, install it for the ``bees`` user only.
""",
    "usage.rst": """Usage
=====

Recording an inspection
-----------------------

.. code-block:: console

   $ hivelog inspect --hive 3 --queen-seen --frames 7 --temper calm

Treatments
----------

Record a varroa treatment with its product and dose:

.. code-block:: console

   $ hivelog treat --hive 3 --product oxalic --dose 5ml

The week's list
---------------

.. code-block:: python

   from hivelog import Apiary

   apiary = Apiary.open("meadow-lane.db")
   for job in apiary.todo(days=7):
       print(job.hive, job.text)

Hive states
-----------

===========  ==========  ==================
State        Colour      Next inspection
===========  ==========  ==================
Strong       green       in 7 days
Queenless    red         in 2 days
Swarming     orange      tomorrow
Wintering    blue        in 30 days
===========  ==========  ==================

.. warning::

   Do not open a hive below 14 °C.
""",
    "configuration.rst": """Configuration
=============

Hivelog reads ``hivelog.toml`` in the current folder.

Options
-------

.. option:: --hive NUMBER

   The hive to record.

.. option:: --frames COUNT

   Frames of brood seen.

.. option:: --temper MOOD

   ``calm``, ``nervous`` or ``aggressive``.

.. option:: --queen-seen

   The queen was seen.

Settings file
-------------

.. code-block:: toml

   [apiary]
   name = "Meadow Lane"
   hives = 12
   reminder_day = "saturday"

Environment variables
---------------------

``HIVELOG_DB``
   The database file (default: ``hivelog.db``).

``HIVELOG_LANG``
   The language of the printed lists.
""",
    "api.rst": """API reference
=============

.. py:class:: Apiary

   All hives of one site.

   .. py:method:: open(path)
      :classmethod:

      Open the records in a SQLite file.

   .. py:method:: todo(days=7)

      Yield the jobs due in the next ``days`` days.

.. py:class:: Hive

   One colony.

   .. py:attribute:: number

      The number painted on the hive.

   .. py:method:: inspect(frames, queen_seen=False)

      Record an inspection.

.. py:function:: honey_estimate(frames)

   The expected harvest in kilograms.
""",
    "faq.rst": """Frequently asked questions
==========================

Can several people record at once?
----------------------------------

Yes, each inspection is saved on its own.

Can I print labels for honey jars?
----------------------------------

No, Hivelog only keeps records.

Where are my records kept?
--------------------------

In ``hivelog.db`` next to ``hivelog.toml``, unless ``HIVELOG_DB`` says otherwise.
""",
    "changelog.rst": """Changelog
=========

2.3 (2026-09-12)
----------------

* New ``--temper`` option.
* Treatments show the dose.

2.2 (2026-05-02)
----------------

* The week's list can be printed as PDF.

2.0 (2025-10-18)
----------------

* Records are kept in SQLite.
* Dropped Python 3.9.
""",
}

_PC_CONF = """
project = "Hivelog"
author = "The Meadow Lane beekeepers"
copyright = "2026, The Meadow Lane beekeepers"
release = "2.3"
version = "2.3"
language = {lang!r}
html_theme = "piccolo_theme"
html_static_path = []
html_theme_options = {{
    "banner_text": 'Hivelog 2.3 is out: see the <a href="changelog.html">changelog</a>.',
    "source_url": "https://example.org/hivelog/",
    "globaltoc_collapse": True,
}}
"""

_LOCALES = ", ".join(f'("{lang}", "../{lang}/index.html")' for lang in NF_LANGS)
_NF_CONF = (
    """
project = "Hivelog"
author = "The Meadow Lane beekeepers"
copyright = "2026, The Meadow Lane beekeepers"
release = "2.3"
version = "2.3"
language = {lang!r}
html_theme = "sphinx_nefertiti"
html_static_path = []
html_theme_options = {{
    "locales": ["""
    + _LOCALES.replace("{", "{{").replace("}", "}}")
    + """],
    "current_version": "2.3",
    "versions": [("2.3", "index.html"), ("1.4", "https://example.org/hivelog/1.4/")],
    "repository_url": "https://example.org/hivelog",
    "repository_name": "hivelog",
    "show_colorset_choices": True,
    "header_links": [
        {{"text": "Install", "link": "install"}},
        {{"text": "Usage", "link": "usage"}},
        {{"text": "Community", "dropdown": (
            {{"text": "Mailing list", "link": "https://example.org/lists/hivelog"}},
            {{"text": "Saturday meeting", "link": "https://example.org/meadow-lane/meetings"}},
            {{"divider": True}},
            {{"text": "Report a bug", "link": "https://example.org/hivelog/issues"}},
        )}},
    ],
    "footer_links": [
        {{"text": "Meadow Lane allotments", "link": "https://example.org/meadow-lane"}},
        {{"text": "Licence", "link": "https://example.org/hivelog/licence"}},
    ],
}}
"""
)


def _render_pc(site: Path, dest: Path) -> None:
    render_sphinx(site, dest, PC_LANGS, _DOCS, _PC_CONF, _FRESH, RENDER_VERSION)


def _render_nf(site: Path, dest: Path) -> None:
    render_sphinx(site, dest, NF_LANGS, _DOCS, _NF_CONF, _FRESH, RENDER_VERSION)


def ensure_all() -> Path:
    """Fill the cache (install, render) when needed; the directory the bench serves as ``pypi/``."""
    pins = hashlib.sha256(REQUIREMENTS.encode()).hexdigest()[:10]
    renders = ((PC_SITE, _render_pc), (NF_SITE, _render_nf))
    installed = ("sphinx/__init__.py", "piccolo_theme/__init__.py", "sphinx_nefertiti/__init__.py")
    return ensure_site(f"site-pypi14-{pins}", REQUIREMENTS, installed, renders, RENDER_VERSION)


def main() -> None:
    fill_and_say(
        ensure_all,
        lambda where: (
            f"Sphinx piccolo-theme {PICCOLO} pages in {where / PC_SITE} ({', '.join(PC_LANGS)}) and "
            f"Sphinx sphinx-nefertiti {NEFERTITI} pages in {where / NF_SITE} ({', '.join(NF_LANGS)})"
        ),
    )


if __name__ == "__main__":
    main()
