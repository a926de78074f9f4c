"""Django REST framework's browsable API and a pydata-sphinx-theme site rendered from PyPI, for held-out 13.

Two further real applications after Django's admin (held-out 9), Flask-Admin (held-out 10),
Datasette and Material for MkDocs (held-out 11), Sphinx with furo and django-allauth
(held-out 12), both from hash-pinned wheels installed with ``pip install --require-hashes
--no-deps --target`` into the same cache as ``bench/thirdparty_pypi.py`` (``cache_dir()`` there):

* Django REST framework's browsable API (with Django 5.2): a throwaway project set up in code
  (in-memory SQLite, two small models of our own, a ``DefaultRouter`` with two model view sets
  and a read-only view, page-number pagination, the stock search and ordering filters, session
  log-in) is driven with Django's test client, logged in, to save the HTML that DRF's
  ``BrowsableAPIRenderer`` gives in English, German, French, Czech, Japanese, Simplified Chinese,
  Spanish, Polish and Russian (DRF's and Django's own catalogues, chosen by
  ``translation.override``): the API root, a list with its pagination, the "Filters" dialog
  (search and ordering) and the POST form ("Raw data" / "HTML form" tabs), its second page, the
  list after a bad POST (the form again with its errors), a detail with the PUT form, the
  "DELETE" button and its confirmation dialog, a second resource whose serializer asks for a
  radio list, check boxes of several choices, a multiple select, a text area, a date and a
  date-time field, a read-only endpoint (no form) and DRF's log-in page. The "GET" and
  "OPTIONS" buttons and the format drop-down are DRF's own. Its static files (Bootstrap 3,
  jQuery, the form scripts) are copied next to the pages and loaded from the bench's server;
  the CSRF tokens are replaced by a fixed string, a one-line script at the top of each page
  forgets the form tab DRF remembers in a cookie (so every load starts on "HTML form"), and the links to the API's other pages
  (``http://testserver/api/...``) are rewritten to the saved pages where one was saved, else to a
  path of the static server (which answers 404).
* Sphinx with pydata-sphinx-theme 0.24.0 (plus sphinx-design and sphinx-copybutton): a small
  documentation site of our own text (a made-up CSV-plotting library, "Larkspur") built by the
  pinned Sphinx with ``language`` set to English, German, French, Czech, Japanese, Simplified
  Chinese, Spanish and Russian, so Sphinx's and the theme's own words are translated (the
  theme ships catalogues for these: "On this page", "Search", "Previous", "Next", "Show Source",
  the theme switcher's name, "More" for the header links that do not fit); the text of the pages
  is ours and stays in English. The pages have the header navigation bar (with a "More"
  drop-down: ``header_links_before_dropdown`` is 3), the search button that opens the theme's
  search dialog, the light/dark/auto theme switcher, the left sidebar's section navigation with
  its "Collapse Sidebar" button, breadcrumbs, the "On this page" table of contents,
  previous/next links, "Show Source", sphinx-design cards, tabs and dropdowns and the search
  page. The code blocks' copy buttons are not named by any case (they show only on hover). The theme keeps the chosen mode in ``localStorage``: a one-line
  script at the top of each page clears it, so every load starts from the page as built.

Nothing of it is committed. A case of ``bench/retrieval_pypi5.jsonl`` names its page as
``pypi/<site>@<version>/<lang>/<page>``, served from the cache root by ``bench/retrieval.py`` (the
same root as held-out 9 to 12). Links lead to pages of the static server and forms post to it
(which refuses the POST): only what happens on the page before a navigation counts.

Tried and left out: sqladmin and starlette-admin (a third application was not attempted for lack
of time; it would have needed Starlette, SQLAlchemy with its compiled greenlet wheel and WTForms
pinned besides); the theme's version switcher and icon links (they fetch a JSON file or point
outside 127.0.0.1); DRF's django-filter integration (one more package for a form the stock
search and ordering filters already show). The wheels are all pure Python except MarkupSafe and
charset-normalizer, pinned for CPython 3.11 on x86-64 Linux (the bench's interpreter).

    .venv/bin/python bench/thirdparty_pypi5.py        # fill the cache, print where it is
"""

# ruff: noqa: E501 -- the render scripts below are scripts of their own, laid out for reading as such.
from __future__ import annotations

import hashlib
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.thirdparty_pypi import ensure_site, fill_and_say, finish_render, render_sphinx, run_renderer

DRF = "3.18.3"
PYDATA = "0.24.0"
# Exact versions with the sha256 of their wheels (as `pip download --no-deps` gives them), one set
# for both applications (the same Django and Sphinx as held-out 12's).
REQUIREMENTS = f"""\
accessible-pygments==0.0.5 --hash=sha256:88ae3211e68a1d0b011504b2ffc1691feafce124b845bd072ab6f9f66f34d4b7
alabaster==1.0.0 --hash=sha256:fc6786402dc3fcb2de3cabd5fe455a2db534b371124f1f21de8731783dec828b
asgiref==3.13.0 --hash=sha256:f9596a2434512686473d50f96ff6207fbba49ae1a785dfac614df4aeb085674d
babel==2.19.0 --hash=sha256:6d49734aed1d595b2c065d012174df8c83964692f26fc461702281634dd7555b
beautifulsoup4==4.15.0 --hash=sha256:d6f88de62e1d4e38ecb1077eb9724cd0eff29d2a08ca16a401e9b9e93f117cf9
certifi==2026.10.19.post1 --hash=sha256:1324c476b4811eff41a8bc2122cd0bbd4d9c7234c725446d99ab1612b3a7fdd2
charset-normalizer==3.5.3 --hash=sha256:2a6f937e0b70133d1f826d0a253331b6fe1a4c874808cc12e16f2fb8177042f4
django==5.2.19 --hash=sha256:5965d974a5218a2b68a11dd1276434707f23886525c23f0598eccedaf4f4ca00
djangorestframework=={DRF} --hash=sha256:8544bb674846731b1e3c9b309236ee1dc412905a0aa725be2ec193ca950a7d12
docutils==0.22.4 --hash=sha256:d0013f540772d1420576855455d050a2180186c91c15779301ac2ccb3eeb68de
idna==3.20 --hash=sha256:ab7ae7122974553370f0bdb919e1a960b2cd1bc1ef0276416d896db81c14582c
imagesize==2.0.1 --hash=sha256:ea0c9a0384df69ed86a943a15cde37d0360b82491b3910dc2215e202e62b5b02
jinja2==3.1.6 --hash=sha256:85ece4451f492d0c13c5dd7c13a64681a86afae63a5f347908daf103ce6d2f67
markupsafe==3.0.4 --hash=sha256:6da83a088f8ef93b2d483a8232a4dbf4d69d3d8496b568a03c56becac43e1808
packaging==26.4 --hash=sha256:81383611a09c1bc0b08b76e0fd5829d7c6824c65b27a6aee339da133f4233ea2
pydata-sphinx-theme=={PYDATA} --hash=sha256:195bc167ab1dcf0b31037e26f145f60461dc9cbb1eb2011283565567ee4fb6e5
pygments==2.21.0 --hash=sha256:2363c69b61c4a97c838da3b130dcd6468f4848992b21a82f2a63ec34377137d9
requests==2.34.2 --hash=sha256:2a0d60c172f83ac6ab31e4554906c0f3b3588d37b5cb939b1c061f4907e278e0
roman-numerals==4.1.0 --hash=sha256:647ba99caddc2cc1e55a51e4360689115551bf4476d90e8162cf8c345fe233c7
snowballstemmer==3.1.1 --hash=sha256:7e207fa178741da09cdee59d3ecec3827ad5f92b1fc5c9ff3755b639f71f5752
soupsieve==2.10 --hash=sha256:8596eb8967d744174820280fa62b4542a2e955bfaccca73ed8a13c6eb8e9b502
sphinx-copybutton==0.5.2 --hash=sha256:fb543fd386d917746c9a2c50360c7905b605726b9355cd26e9974857afeae06e
sphinx-design==0.8.0 --hash=sha256:861fecb064c3da5ff48031a237692ccb7c2e671f8c4aa84d4b9eef3cb8fd9c91
sphinx==9.0.4 --hash=sha256:5bebc595a5e943ea248b99c13814c1c5e10b3ece718976824ffa7959ff95fffb
sphinxcontrib-applehelp==2.0.0 --hash=sha256:4cd3f0ec4ac5dd9c17ec65e9ab272c9b867ea77425228e68ecf08d6b28ddbdb5
sphinxcontrib-devhelp==2.0.0 --hash=sha256:aefb8b83854e4b0998877524d1029fd3e6879210422ee3780459e28a1f03a8a2
sphinxcontrib-htmlhelp==2.1.0 --hash=sha256:166759820b47002d22914d64a075ce08f4c46818e17cfc9470a9786b759b19f8
sphinxcontrib-jsmath==2.0.0 --hash=sha256:15ca92fe0eec82f0baf91a7efcc51ffacdb605924be6327683a52ebdacb6744c
sphinxcontrib-qthelp==2.0.0 --hash=sha256:b18a828cdba941ccd6ee8445dbe72ffa3ef8cbe7505d8cd1fa0d42d3f2d5f3eb
sphinxcontrib-serializinghtml==2.0.0 --hash=sha256:6e2cb0eef194e10c27ec0023bfeb25badbbb5868244cf5bc5bdc04e4464bf331
sqlparse==0.6.1 --hash=sha256:3be5a72d04c873d690d7c6dedd33d6fae2ef82759881ceec02fc2efd0cba564f
typing-extensions==4.16.0 --hash=sha256:481caa481374e813c1b176ada14e97f1f67a4539ce9cfeb3f350d78d6370c2e8
urllib3==2.8.0 --hash=sha256:0cf3cae568d36aa9576b28dfb35f11328f1cb974ca7647d9475ebb86c75ac6e3
"""
DRF_SITE = f"django-rest-framework@{DRF}"
PYDATA_SITE = f"pydata-sphinx-theme@{PYDATA}"
SITES = (DRF_SITE, PYDATA_SITE)
# Django's language codes for DRF's catalogues.
DRF_LANGS = ("en", "de", "fr", "cs", "ja", "zh-hans", "es", "pl", "ru")
# Sphinx's language codes; the page directory is named by the code (zh_CN as is).
PYDATA_LANGS = ("en", "de", "fr", "cs", "ja", "zh_CN", "es", "ru")
# Bumped when the pages rendered below change, so that an old cache is rendered again.
RENDER_VERSION = "1"

# The made-up library's documentation (our own text, reStructuredText).
_DOCS = {
    "index.rst": """Larkspur
========

Larkspur turns CSV files into charts from the command line or from Python. It draws with plain
SVG, so there is nothing to compile.

.. note::

   Larkspur 2.0 dropped Python 3.9. See the :doc:`changelog`.

.. grid:: 2

   .. grid-item-card:: Getting started
      :link: install
      :link-type: doc

      Install Larkspur and draw a first chart.

   .. grid-item-card:: User guide
      :link: guide/index
      :link-type: doc

      Axes, colours, themes and exporting.

.. toctree::
   :maxdepth: 2

   install
   guide/index
   api
   faq
   changelog
   contributing
""",
    "install.rst": """Installation
============

.. tab-set::

   .. tab-item:: pip

      .. code-block:: sh

         pip install larkspur

   .. tab-item:: conda

      .. code-block:: sh

         conda install -c conda-forge larkspur

   .. tab-item:: uv

      .. code-block:: sh

         uv add larkspur

Check the installation
----------------------

.. code-block:: sh

   larkspur --version

Optional extras
---------------

``larkspur[png]`` adds PNG export; ``larkspur[excel]`` reads ``.xlsx`` files.

.. warning::

   PNG export needs Cairo installed on the system.
""",
    "guide/index.rst": """User guide
==========

.. toctree::
   :maxdepth: 1

   axes
   colours
   export
""",
    "guide/axes.rst": """Axes
====

Every chart has an x and a y axis; a second y axis is added with ``twin=True``.

Log scales
----------

.. code-block:: python

   chart.y_axis(scale="log")

Date axes
---------

Columns that hold ISO dates become date axes on their own.

.. dropdown:: Why are my dates read as text?

   The column has a value that is not an ISO date; pass ``parse_dates=["day"]``.
""",
    "guide/colours.rst": """Colours
=======

Larkspur has three palettes: ``meadow``, ``ember`` and ``slate``.

.. tab-set::

   .. tab-item:: meadow

      Greens and yellows.

   .. tab-item:: ember

      Reds and oranges.

   .. tab-item:: slate

      Greys and blues.
""",
    "guide/export.rst": """Exporting
=========

Charts are saved with ``chart.save("out.svg")``; PNG needs the ``png`` extra.

.. dropdown:: Exporting to PDF

   Convert the SVG with any tool you like; Larkspur does not write PDF.

.. dropdown:: Embedding in HTML

   The SVG can be pasted into a page as is.
""",
    "api.rst": """API reference
=============

.. py:class:: Chart(data, kind="line")

   A chart of the rows of *data*.

   .. py:method:: save(path)

      Write the chart to *path*.

   .. py:method:: y_axis(scale="linear")

      Set the y axis's scale.

.. py:function:: read_csv(path, parse_dates=None)

   Read a CSV file into rows.
""",
    "faq.rst": """FAQ
===

.. dropdown:: Does Larkspur need a browser?

   No, it writes SVG files directly.

.. dropdown:: Can I plot more than one file?

   Yes, pass several paths to ``larkspur plot``.

.. dropdown:: Is there a GUI?

   No, only the command line and the Python API.
""",
    "changelog.rst": """Changelog
=========

2.0.0
-----

* Python 3.9 is no longer supported.
* New ``slate`` palette.

1.4.0
-----

* Date axes.
""",
    "contributing.rst": """Contributing
============

Bug reports and pull requests are welcome.

Running the tests
-----------------

.. code-block:: sh

   pip install -e .[test]
   pytest
""",
}

_CONF = """
project = "Larkspur"
author = "The Larkspur authors"
copyright = "2026, The Larkspur authors"
release = "2.0"
language = {lang!r}
extensions = ["sphinx_copybutton", "sphinx_design"]
html_theme = "pydata_sphinx_theme"
html_title = "Larkspur 2.0"
html_static_path = []
html_theme_options = {{
    "header_links_before_dropdown": 3,
    "navigation_with_keys": False,
    "show_prev_next": True,
    "icon_links": [],
    "footer_start": ["copyright"],
    "footer_end": ["sphinx-version"],
}}
"""

_FRESH = "<script>try { localStorage.clear(); sessionStorage.clear(); } catch (e) {}</script>"

_DRF = r"""
import datetime, re, sys
from pathlib import Path

out = Path(sys.argv[1])
app_dir = Path(sys.argv[2])
langs = sys.argv[3].split(",")
static_url = sys.argv[4]
sys.path.insert(0, str(app_dir))

import django
from django.conf import settings

settings.configure(
    DEBUG=False,
    SECRET_KEY="bench-only",
    ALLOWED_HOSTS=["*"],
    ROOT_URLCONF="benchurls",
    INSTALLED_APPS=[
        "django.contrib.auth", "django.contrib.contenttypes", "django.contrib.sessions",
        "django.contrib.messages", "django.contrib.staticfiles", "rest_framework", "garden",
    ],
    MIDDLEWARE=[
        "django.contrib.sessions.middleware.SessionMiddleware",
        "django.middleware.common.CommonMiddleware",
        "django.contrib.auth.middleware.AuthenticationMiddleware",
        "django.contrib.messages.middleware.MessageMiddleware",
    ],
    TEMPLATES=[{
        "BACKEND": "django.template.backends.django.DjangoTemplates", "APP_DIRS": True,
        "OPTIONS": {"context_processors": [
            "django.template.context_processors.request", "django.contrib.auth.context_processors.auth",
            "django.contrib.messages.context_processors.messages"]},
    }],
    DATABASES={"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": ":memory:"}},
    USE_I18N=True, USE_TZ=True, TIME_ZONE="UTC", LANGUAGE_CODE="en",
    LANGUAGES=[(l, l) for l in langs],
    STATIC_URL=static_url,
    DEFAULT_AUTO_FIELD="django.db.models.AutoField",
    PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"],
    REST_FRAMEWORK={
        "DEFAULT_AUTHENTICATION_CLASSES": ["rest_framework.authentication.SessionAuthentication"],
        "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
        "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
        "PAGE_SIZE": 4,
        "DEFAULT_FILTER_BACKENDS": ["rest_framework.filters.SearchFilter", "rest_framework.filters.OrderingFilter"],
    },
)
django.setup()

from django.core.management import call_command
call_command("migrate", run_syncdb=True, verbosity=0)

from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation
from garden.models import Plant, Gardener

admin = User.objects.create_superuser("admin", "admin@example.com", "secret-pass")
plants = [
    ("Lavender", "Lavandula angustifolia", "perennial", "full", True, 40),
    ("Sunflower", "Helianthus annuus", "annual", "full", False, 180),
    ("Hosta", "Hosta sieboldiana", "perennial", "shade", True, 60),
    ("Basil", "Ocimum basilicum", "annual", "full", False, 30),
    ("Foxglove", "Digitalis purpurea", "biennial", "partial", True, 120),
    ("Fern", "Dryopteris filix-mas", "perennial", "shade", True, 90),
    ("Marigold", "Tagetes erecta", "annual", "full", False, 45),
    ("Rosemary", "Salvia rosmarinus", "perennial", "full", True, 100),
    ("Snapdragon", "Antirrhinum majus", "annual", "partial", False, 50),
    ("Hellebore", "Helleborus niger", "perennial", "shade", True, 35),
]
for i, (name, latin, life, sun, hardy, height) in enumerate(plants):
    Plant.objects.create(name=name, latin_name=latin, lifecycle=life, sunlight=sun, frost_hardy=hardy,
                         height_cm=height, sown=datetime.date(2025, 3, 1 + i),
                         notes="Cut back after flowering." if name == "Foxglove" else "")
foxglove = Plant.objects.get(name="Foxglove")
g = Gardener.objects.create(name="Ines Marlow", email="ines@example.org", region="north", newsletter=True,
                            skills=["pruning", "composting"], tools=["spade"], bio="Allotment since 2011.",
                            joined=datetime.date(2021, 4, 12),
                            last_visit=datetime.datetime(2025, 6, 3, 8, 15, tzinfo=datetime.timezone.utc))
Gardener.objects.create(name="Tom Vale", email="tom@example.org", region="south")

pages = {}
FORGET = "for (const p of ['', '; path=/']) document.cookie = 'tabstyle=; expires=Thu, 01 Jan 1970 00:00:00 GMT' + p;"


def save(client, path, name, lang, data=None, status=200):
    with translation.override(lang):
        if data is None:
            resp = client.get(path, HTTP_ACCEPT="text/html", HTTP_ACCEPT_LANGUAGE=lang)
        else:
            resp = client.post(path, data, HTTP_ACCEPT="text/html", HTTP_ACCEPT_LANGUAGE=lang)
    assert resp.status_code == status, (path, resp.status_code)
    html = resp.content.decode("utf-8")
    for token in set(re.findall(r'name="csrfmiddlewaretoken" value="([^"]*)"', html)) | set(
        re.findall(r'csrfToken: "([^"]*)"', html)
    ):
        html = html.replace(token, "bench")
    if "<meta charset" not in html[:1200]:
        html = html.replace("<head>", '<head><meta charset="utf-8">', 1)
    # DRF keeps the last form tab ("HTML form" / "Raw data") in a cookie: each load starts afresh.
    html = html.replace("<head>", "<head><script>" + FORGET + "</script>", 1)
    pages[(lang, name)] = html


links = {
    "http://testserver/api/": "root.html",
    "http://testserver/api/plants/": "plant_list.html",
    "http://testserver/api/plants/?page=2": "plant_list_p2.html",
    "http://testserver/api/plants/?page=3": "/api/plants/?page=3",
    f"http://testserver/api/plants/{foxglove.pk}/": "plant_detail.html",
    "http://testserver/api/gardeners/": "gardener_list.html",
    f"http://testserver/api/gardeners/{g.pk}/": "gardener_detail.html",
    "http://testserver/api/weather/": "weather.html",
}

for lang in langs:
    anon = Client()
    save(anon, "/api-auth/login/?next=/api/", "login.html", lang)
    c = Client()
    c.force_login(admin)
    save(c, "/api/", "root.html", lang)
    save(c, "/api/plants/", "plant_list.html", lang)
    save(c, "/api/plants/?page=2", "plant_list_p2.html", lang)
    save(c, "/api/plants/", "plant_list_error.html", lang,
         {"name": "", "latin_name": "x", "lifecycle": "annual", "sunlight": "full", "height_cm": "tall"}, 400)
    save(c, f"/api/plants/{foxglove.pk}/", "plant_detail.html", lang)
    save(c, "/api/gardeners/", "gardener_list.html", lang)
    save(c, f"/api/gardeners/{g.pk}/", "gardener_detail.html", lang)
    save(c, "/api/weather/", "weather.html", lang)

for (lang, name), html in pages.items():
    # Longest first, so that ?page=2 is not cut by the list's own address.
    for url in sorted(links, key=len, reverse=True):
        for quote in ('"', "'"):
            html = html.replace(f"{quote}{url}{quote}", f"{quote}{links[url]}{quote}")
    html = html.replace("http://testserver/", "/")
    (out / lang).mkdir(parents=True, exist_ok=True)
    (out / lang / name).write_text(html, encoding="utf-8")

import shutil
import rest_framework

shutil.copytree(Path(rest_framework.__file__).parent / "static", out / "static", dirs_exist_ok=True)
print("rendered")
"""

_MODELS = """
from django.db import models


class Plant(models.Model):
    LIFECYCLES = [("annual", "Annual"), ("biennial", "Biennial"), ("perennial", "Perennial")]
    SUN = [("full", "Full sun"), ("partial", "Partial shade"), ("shade", "Shade")]
    name = models.CharField(max_length=60)
    latin_name = models.CharField("Latin name", max_length=80, blank=True)
    lifecycle = models.CharField(max_length=10, choices=LIFECYCLES, default="perennial")
    sunlight = models.CharField(max_length=10, choices=SUN, default="full")
    frost_hardy = models.BooleanField("Frost hardy", default=False)
    height_cm = models.PositiveIntegerField("Height (cm)", null=True, blank=True)
    sown = models.DateField(null=True, blank=True)
    notes = models.TextField(blank=True)


class Gardener(models.Model):
    name = models.CharField(max_length=80)
    email = models.EmailField(blank=True)
    region = models.CharField(max_length=10, default="north")
    newsletter = models.BooleanField(default=False)
    skills = models.JSONField(default=list)
    tools = models.JSONField(default=list)
    bio = models.TextField(blank=True)
    joined = models.DateField(null=True, blank=True)
    last_visit = models.DateTimeField(null=True, blank=True)
"""

_VIEWS = """
from rest_framework import serializers, viewsets
from rest_framework.response import Response
from rest_framework.views import APIView

from .models import Gardener, Plant


class PlantSerializer(serializers.ModelSerializer):
    notes = serializers.CharField(required=False, allow_blank=True, style={"base_template": "textarea.html", "rows": 3})

    class Meta:
        model = Plant
        fields = ["url", "id", "name", "latin_name", "lifecycle", "sunlight", "frost_hardy", "height_cm", "sown", "notes"]


class GardenerSerializer(serializers.ModelSerializer):
    region = serializers.ChoiceField(
        choices=[("north", "North"), ("south", "South"), ("east", "East"), ("west", "West")],
        style={"base_template": "radio.html", "inline": True},
    )
    skills = serializers.MultipleChoiceField(
        choices=[("pruning", "Pruning"), ("grafting", "Grafting"), ("composting", "Composting"), ("beekeeping", "Beekeeping")],
        style={"base_template": "checkbox_multiple.html"}, required=False,
    )
    tools = serializers.MultipleChoiceField(
        choices=[("spade", "Spade"), ("hoe", "Hoe"), ("rake", "Rake"), ("shears", "Shears"), ("wheelbarrow", "Wheelbarrow")],
        required=False,
    )
    bio = serializers.CharField(required=False, allow_blank=True, style={"base_template": "textarea.html", "rows": 4})

    class Meta:
        model = Gardener
        fields = ["url", "id", "name", "email", "region", "newsletter", "skills", "tools", "bio", "joined", "last_visit"]


class PlantViewSet(viewsets.ModelViewSet):
    \"\"\"Plants of the community garden: search by name, order by height or sowing date.\"\"\"

    queryset = Plant.objects.order_by("id")
    serializer_class = PlantSerializer
    search_fields = ["name", "latin_name"]
    ordering_fields = ["name", "height_cm", "sown"]


class GardenerViewSet(viewsets.ModelViewSet):
    \"\"\"People who look after the garden's beds.\"\"\"

    queryset = Gardener.objects.order_by("id")
    serializer_class = GardenerSerializer


class WeatherView(APIView):
    \"\"\"Today's weather at the garden (read only).\"\"\"

    def get(self, request):
        return Response({"temperature_c": 17, "rain_mm": 2.5, "frost_warning": False})
"""

_URLS = """
from django.urls import include, path
from rest_framework.routers import DefaultRouter

from garden.views import GardenerViewSet, PlantViewSet, WeatherView

router = DefaultRouter()
router.register("plants", PlantViewSet)
router.register("gardeners", GardenerViewSet)

urlpatterns = [
    path("api/weather/", WeatherView.as_view(), name="weather"),
    path("api/", include(router.urls)),
    path("api-auth/", include("rest_framework.urls")),
]
"""


def _render_pydata(site: Path, dest: Path) -> None:
    render_sphinx(
        site,
        dest,
        PYDATA_LANGS,
        _DOCS,
        _CONF,
        _FRESH,
        RENDER_VERSION,
        outside=("https://fonts.", "//cdn.", "https://unpkg", "https://cdnjs"),
    )


def _render_drf(site: Path, dest: Path) -> None:
    part = dest.with_name(dest.name + ".part")
    shutil.rmtree(part, ignore_errors=True)
    part.mkdir(parents=True)
    with tempfile.TemporaryDirectory() as tmp:
        app = Path(tmp)
        (app / "garden").mkdir()
        (app / "garden" / "__init__.py").write_text("", encoding="utf-8")
        (app / "garden" / "models.py").write_text(_MODELS, encoding="utf-8")
        (app / "garden" / "views.py").write_text(_VIEWS, encoding="utf-8")
        (app / "benchurls.py").write_text(_URLS, encoding="utf-8")
        run_renderer(site, [_DRF, str(part), tmp, ",".join(DRF_LANGS), f"/{DRF_SITE}/static/"], tmp)
    finish_render(part, dest, RENDER_VERSION)


def ensure_all() -> Path:
    """Fill the cache (install, render) when needed; the directory the bench serves as ``pypi/``."""
    pins = hashlib.sha256(REQUIREMENTS.encode()).hexdigest()[:10]
    renders = ((DRF_SITE, _render_drf), (PYDATA_SITE, _render_pydata))
    installed = ("rest_framework/__init__.py", "pydata_sphinx_theme/__init__.py")
    return ensure_site(f"site-pypi5-{pins}", REQUIREMENTS, installed, renders, RENDER_VERSION)


def main() -> None:
    fill_and_say(
        ensure_all,
        lambda where: (
            f"Django REST framework {DRF} pages ready in {where / DRF_SITE} ({', '.join(DRF_LANGS)}) and "
            f"pydata-sphinx-theme {PYDATA} pages in {where / PYDATA_SITE} ({', '.join(PYDATA_LANGS)})"
        ),
    )


if __name__ == "__main__":
    main()
