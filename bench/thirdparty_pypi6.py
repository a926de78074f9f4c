"""Django's admin with the Grappelli skin and a sphinx-rtd-theme site rendered from PyPI, for held-out 14.

Two further real applications after Django's admin (held-out 9), Flask-Admin (held-out 10),
Datasette and Material for MkDocs (held-out 11), Sphinx with furo and django-allauth
(held-out 12), Django REST framework and pydata-sphinx-theme (held-out 13), both from hash-pinned
wheels installed with ``pip install --require-hashes --no-deps --target`` into the same cache as
``bench/thirdparty_pypi.py`` (``cache_dir()`` there):

* django-grappelli 5.0.1 (with Django 5.2): Grappelli replaces the admin's templates, styles and
  widgets with its own (jQuery UI date pickers, its own time picker, collapsible fieldsets and
  inlines, the change list's filter drop-down, its header's user menu, the dashboard). A
  throwaway project set up in code (in-memory SQLite, a small vet clinic's models of our own:
  pets, owners, visits, vaccinations) is driven with Django's test client, logged in, to save
  the admin pages in English, German, French, Czech, Japanese, Simplified Chinese, Spanish,
  Polish and Russian (Django's catalogues; Grappelli ships none, so its own few words stay in
  English): the log-in page, the dashboard, the pets' change list (search, the filter
  drop-down, the date hierarchy, list-editable weights and check boxes, the actions bar,
  pagination), the same list filtered to cats, the add form and a change form (a radio list, selects,
  a date and a time picker, a collapsed fieldset, a filter-horizontal two-list selector, a
  tabular and a stacked inline), the delete confirmation, the owners' list and add form, and
  the password change form. The JavaScript catalogue is saved beside the pages; the static
  files (Grappelli's and the admin's) are copied next to them and loaded from the bench's
  server. Grappelli keeps nothing in the browser, but a one-line script at the top of each
  page clears ``localStorage`` and ``sessionStorage`` anyway, so each load starts from the page
  as built.
* Sphinx with sphinx-rtd-theme 3.1.0 (plus sphinxcontrib-jquery, sphinx-design and
  sphinx-copybutton): a small documentation site of our own text (a made-up tide-table library,
  "Tidewater") built by the pinned Sphinx with ``language`` set to English, German, French,
  Czech, Japanese, Simplified Chinese, Spanish, Polish and Russian, so Sphinx's and the theme's
  words are translated where they ship a catalogue ("Search docs", "Previous", "Next", "View
  page source"; the theme has none for Czech and Japanese, whose pages keep its words in
  English around Sphinx's translated ones).
  The pages have the side bar's search box, its navigation tree with expand buttons
  (``collapse_navigation`` off, ``titles_only`` off), the home link and breadcrumbs, "View page
  source", previous/next buttons, sphinx-design tabs and dropdowns, and the search page. The
  theme's version flyout needs Read the Docs' servers and is not shown. A one-line script at
  the top of each page clears ``localStorage``, so every load starts from the page as built.

Nothing of it is committed. A case of ``bench/retrieval_pypi6.jsonl`` names its page as
``pypi/<site>@<version>/<lang>/<page>``, served from the cache root by ``bench/retrieval.py`` (the
same root as held-out 9 to 13). Links lead to pages of the static server and forms post to it
(which refuses the POST): only what happens on the page before a navigation counts.

Tried and left out: sqladmin and starlette-admin (Starlette, SQLAlchemy's compiled wheel,
WTForms, python-multipart and an HTTP client pinned besides, not attempted for lack of time);
Grappelli's autocomplete and related lookups (they ask the server's lookup views while typing).
The wheels are all pure Python except MarkupSafe and charset-normalizer, pinned for CPython
3.11 on x86-64 Linux (the bench's interpreter).

    .venv/bin/python bench/thirdparty_pypi6.py        # fill the cache, print where it is
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

GRAPPELLI = "5.0.1"
RTD = "3.1.0"
# Exact versions with the sha256 of their wheels (as `pip download --no-deps` gives them), one set
# for both applications (the same Django and Sphinx as held-out 12's and 13's).
REQUIREMENTS = f"""\
alabaster==1.0.0 --hash=sha256:fc6786402dc3fcb2de3cabd5fe455a2db534b371124f1f21de8731783dec828b
asgiref==3.13.0 --hash=sha256:f9596a2434512686473d50f96ff6207fbba49ae1a785dfac614df4aeb085674d
babel==2.19.0 --hash=sha256:6d49734aed1d595b2c065d012174df8c83964692f26fc461702281634dd7555b
certifi==2026.10.19.post1 --hash=sha256:1324c476b4811eff41a8bc2122cd0bbd4d9c7234c725446d99ab1612b3a7fdd2
charset-normalizer==3.5.3 --hash=sha256:2a6f937e0b70133d1f826d0a253331b6fe1a4c874808cc12e16f2fb8177042f4
django==5.2.19 --hash=sha256:5965d974a5218a2b68a11dd1276434707f23886525c23f0598eccedaf4f4ca00
django-grappelli=={GRAPPELLI} --hash=sha256:299d301f109d2aec91027f9e40a0b254d2cfe9da0db18271a07a8c2e07173943
docutils==0.22.4 --hash=sha256:d0013f540772d1420576855455d050a2180186c91c15779301ac2ccb3eeb68de
idna==3.20 --hash=sha256:ab7ae7122974553370f0bdb919e1a960b2cd1bc1ef0276416d896db81c14582c
imagesize==2.0.1 --hash=sha256:ea0c9a0384df69ed86a943a15cde37d0360b82491b3910dc2215e202e62b5b02
jinja2==3.1.6 --hash=sha256:85ece4451f492d0c13c5dd7c13a64681a86afae63a5f347908daf103ce6d2f67
markupsafe==3.0.4 --hash=sha256:6da83a088f8ef93b2d483a8232a4dbf4d69d3d8496b568a03c56becac43e1808
packaging==26.4 --hash=sha256:81383611a09c1bc0b08b76e0fd5829d7c6824c65b27a6aee339da133f4233ea2
pygments==2.21.0 --hash=sha256:2363c69b61c4a97c838da3b130dcd6468f4848992b21a82f2a63ec34377137d9
requests==2.34.2 --hash=sha256:2a0d60c172f83ac6ab31e4554906c0f3b3588d37b5cb939b1c061f4907e278e0
roman-numerals==4.1.0 --hash=sha256:647ba99caddc2cc1e55a51e4360689115551bf4476d90e8162cf8c345fe233c7
snowballstemmer==3.1.1 --hash=sha256:7e207fa178741da09cdee59d3ecec3827ad5f92b1fc5c9ff3755b639f71f5752
sphinx-copybutton==0.5.2 --hash=sha256:fb543fd386d917746c9a2c50360c7905b605726b9355cd26e9974857afeae06e
sphinx-design==0.8.0 --hash=sha256:861fecb064c3da5ff48031a237692ccb7c2e671f8c4aa84d4b9eef3cb8fd9c91
sphinx-rtd-theme=={RTD} --hash=sha256:1785824ae8e6632060490f67cf3a72d404a85d2d9fc26bce3619944de5682b89
sphinx==9.0.4 --hash=sha256:5bebc595a5e943ea248b99c13814c1c5e10b3ece718976824ffa7959ff95fffb
sphinxcontrib-applehelp==2.0.0 --hash=sha256:4cd3f0ec4ac5dd9c17ec65e9ab272c9b867ea77425228e68ecf08d6b28ddbdb5
sphinxcontrib-devhelp==2.0.0 --hash=sha256:aefb8b83854e4b0998877524d1029fd3e6879210422ee3780459e28a1f03a8a2
sphinxcontrib-htmlhelp==2.1.0 --hash=sha256:166759820b47002d22914d64a075ce08f4c46818e17cfc9470a9786b759b19f8
sphinxcontrib-jquery==4.1 --hash=sha256:f936030d7d0147dd026a4f2b5a57343d233f1fc7b363f68b3d4f1cb0993878ae
sphinxcontrib-jsmath==2.0.0 --hash=sha256:15ca92fe0eec82f0baf91a7efcc51ffacdb605924be6327683a52ebdacb6744c
sphinxcontrib-qthelp==2.0.0 --hash=sha256:b18a828cdba941ccd6ee8445dbe72ffa3ef8cbe7505d8cd1fa0d42d3f2d5f3eb
sphinxcontrib-serializinghtml==2.0.0 --hash=sha256:6e2cb0eef194e10c27ec0023bfeb25badbbb5868244cf5bc5bdc04e4464bf331
sqlparse==0.6.1 --hash=sha256:3be5a72d04c873d690d7c6dedd33d6fae2ef82759881ceec02fc2efd0cba564f
urllib3==2.8.0 --hash=sha256:0cf3cae568d36aa9576b28dfb35f11328f1cb974ca7647d9475ebb86c75ac6e3
"""
GRP_SITE = f"django-grappelli@{GRAPPELLI}"
RTD_SITE = f"sphinx-rtd-theme@{RTD}"
SITES = (GRP_SITE, RTD_SITE)
# Django's language codes for the admin's catalogues.
GRP_LANGS = ("en", "de", "fr", "cs", "ja", "zh-hans", "es", "pl", "ru")
# Sphinx's language codes; the page directory is named by the code (zh_CN as is).
RTD_LANGS = ("en", "de", "fr", "cs", "ja", "zh_CN", "es", "pl", "ru")
# Bumped when the pages rendered below change, so that an old cache is rendered again.
RENDER_VERSION = "2"

_FRESH = "<script>try { localStorage.clear(); sessionStorage.clear(); } catch (e) {}</script>"

# The made-up library's documentation (our own text, reStructuredText).
_DOCS = {
    "index.rst": """Tidewater
=========

Tidewater predicts high and low water for a harbour from its tidal constituents and prints
tide tables as text, CSV or iCalendar.

.. note::

   Tidewater 3.0 reads constituent files in the NOAA format only.

.. toctree::
   :maxdepth: 2
   :caption: Getting started

   install
   quickstart

.. toctree::
   :maxdepth: 2
   :caption: Guides

   guide/index
   reference
   faq
   history
""",
    "install.rst": """Installing
==========

.. tab-set::

   .. tab-item:: pip

      .. code-block:: sh

         pip install tidewater

   .. tab-item:: pipx

      .. code-block:: sh

         pipx install tidewater

   .. tab-item:: Debian

      .. code-block:: sh

         apt install python3-tidewater

Upgrading
---------

Run the same command with ``--upgrade``.

Uninstalling
------------

``pip uninstall tidewater`` removes the program but keeps your station files.
""",
    "quickstart.rst": """Quick start
===========

Print the next week's tides for Brest:

.. code-block:: sh

   tidewater table --station brest --days 7

Choosing a station
------------------

Stations are named by their file in ``~/.tidewater/stations``.

Output formats
--------------

.. tab-set::

   .. tab-item:: Text

      A plain table, one line per high or low water.

   .. tab-item:: CSV

      One row per event, with the time in UTC.

   .. tab-item:: iCalendar

      One event per high water, for your calendar.
""",
    "guide/index.rst": """Guides
======

.. toctree::
   :maxdepth: 2

   stations
   datums
   calendar
""",
    "guide/stations.rst": """Stations
========

A station file lists a harbour's constituents.

Adding a station
----------------

Copy a file from the examples and change its name.

Checking a station
------------------

``tidewater check brest`` compares a week of predictions with the published table.

.. dropdown:: Why do my times differ by an hour?

   The station's time zone is not set; add ``tz = Europe/Paris`` to the file.
""",
    "guide/datums.rst": """Datums
======

Heights are given above chart datum unless ``--datum msl`` is passed.

.. dropdown:: What is chart datum?

   The level below which the tide seldom falls, used for the depths on nautical charts.

.. dropdown:: Can I use my own datum?

   Yes, give an offset in metres with ``--datum-offset``.
""",
    "guide/calendar.rst": """Calendar export
===============

``tidewater ics --station brest`` writes an iCalendar file with one event per high water.

Subscribing
-----------

Serve the file from any web server and subscribe to its address.
""",
    "reference.rst": """Command reference
=================

.. py:function:: predict(station, start, days=1)

   Return the high and low waters of *station* from *start* for *days* days.

.. py:function:: load_station(name)

   Read a station file.

.. py:class:: Table(events)

   A tide table.

   .. py:method:: to_csv(path)

      Write the table as CSV.
""",
    "faq.rst": """Questions
=========

.. dropdown:: Is Tidewater accurate enough for navigation?

   No. Always check the official tables.

.. dropdown:: Does it work offline?

   Yes, everything is computed locally.

.. dropdown:: Which harbours are included?

   Twelve European harbours ship with it; add more with station files.
""",
    "history.rst": """Release history
===============

3.0
---

* NOAA constituent files only.
* New ``ics`` command.

2.2
---

* Chart datum offsets.
""",
}

_CONF = """
project = "Tidewater"
author = "The Tidewater authors"
copyright = "2026, The Tidewater authors"
release = "3.0"
language = {lang!r}
extensions = ["sphinx_copybutton", "sphinx_design", "sphinxcontrib.jquery"]
html_theme = "sphinx_rtd_theme"
html_static_path = []
html_theme_options = {{
    "collapse_navigation": False,
    "navigation_depth": 3,
    "titles_only": False,
    "prev_next_buttons_location": "both",
    "style_external_links": False,
    "flyout_display": "hidden",
    "version_selector": False,
    "language_selector": False,
}}
"""

_MODELS = """
from django.db import models


class Owner(models.Model):
    name = models.CharField(max_length=80)
    email = models.EmailField(blank=True)
    phone = models.CharField(max_length=30, blank=True)
    city = models.CharField(max_length=60, blank=True)
    reminders = models.BooleanField("Send reminders", default=True)

    def __str__(self):
        return self.name


class Allergy(models.Model):
    name = models.CharField(max_length=40)

    class Meta:
        verbose_name_plural = "allergies"

    def __str__(self):
        return self.name


class Pet(models.Model):
    SPECIES = [("dog", "Dog"), ("cat", "Cat"), ("rabbit", "Rabbit"), ("bird", "Bird"), ("reptile", "Reptile")]
    SEX = [("f", "Female"), ("m", "Male"), ("u", "Unknown")]
    name = models.CharField(max_length=60)
    species = models.CharField(max_length=10, choices=SPECIES, default="dog")
    breed = models.CharField(max_length=60, blank=True)
    sex = models.CharField(max_length=1, choices=SEX, default="u")
    owner = models.ForeignKey(Owner, on_delete=models.CASCADE)
    born = models.DateField("Date of birth", null=True, blank=True)
    weight_kg = models.DecimalField("Weight (kg)", max_digits=5, decimal_places=1, null=True, blank=True)
    vaccinated = models.BooleanField(default=False)
    neutered = models.BooleanField(default=False)
    microchip = models.CharField("Microchip number", max_length=20, blank=True)
    insurer = models.CharField(max_length=60, blank=True)
    policy = models.CharField("Policy number", max_length=30, blank=True)
    allergies = models.ManyToManyField(Allergy, blank=True)
    notes = models.TextField(blank=True)

    def __str__(self):
        return self.name


class Visit(models.Model):
    pet = models.ForeignKey(Pet, on_delete=models.CASCADE)
    day = models.DateField()
    at = models.TimeField("Time", null=True, blank=True)
    reason = models.CharField(max_length=80)
    vet = models.CharField(max_length=40, blank=True)


class Vaccination(models.Model):
    pet = models.ForeignKey(Pet, on_delete=models.CASCADE)
    vaccine = models.CharField(max_length=40)
    given = models.DateField()
    booster_due = models.DateField("Booster due", null=True, blank=True)
"""

_ADMIN = """
from django.contrib import admin

from .models import Allergy, Owner, Pet, Vaccination, Visit


class VisitInline(admin.TabularInline):
    model = Visit
    extra = 1
    classes = ("grp-collapse grp-open",)


class VaccinationInline(admin.StackedInline):
    model = Vaccination
    extra = 0
    classes = ("grp-collapse grp-open",)
    inline_classes = ("grp-collapse grp-open",)


@admin.action(description="Mark selected pets as vaccinated")
def mark_vaccinated(modeladmin, request, queryset):
    queryset.update(vaccinated=True)


@admin.register(Pet)
class PetAdmin(admin.ModelAdmin):
    list_display = ("name", "species", "owner", "born", "weight_kg", "vaccinated")
    list_editable = ("weight_kg", "vaccinated")
    list_filter = ("species", "vaccinated", "neutered", "owner")
    search_fields = ("name", "breed", "microchip")
    date_hierarchy = "born"
    actions = [mark_vaccinated]
    list_per_page = 8
    filter_horizontal = ("allergies",)
    radio_fields = {"sex": admin.HORIZONTAL}
    inlines = [VisitInline, VaccinationInline]
    fieldsets = [
        (None, {"fields": ["name", "species", "breed", "sex", "owner"]}),
        ("Health", {"classes": ("grp-collapse grp-open",), "fields": ["born", "weight_kg", "vaccinated", "neutered", "allergies"]}),
        ("Insurance", {"classes": ("grp-collapse grp-closed",), "fields": ["insurer", "policy", "microchip"]}),
        ("Notes", {"fields": ["notes"]}),
    ]


@admin.register(Owner)
class OwnerAdmin(admin.ModelAdmin):
    list_display = ("name", "email", "city", "reminders")
    list_filter = ("city", "reminders")
    search_fields = ("name", "email")


admin.site.register(Allergy)
"""

_GRP = r"""
import datetime, re, shutil, sys
from decimal import Decimal
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
        "grappelli", "django.contrib.admin", "django.contrib.auth", "django.contrib.contenttypes",
        "django.contrib.sessions", "django.contrib.messages", "django.contrib.staticfiles", "clinic",
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
    GRAPPELLI_ADMIN_TITLE="Hollybrook Vets",
)
django.setup()

from django.core.management import call_command
call_command("migrate", run_syncdb=True, verbosity=0)

from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation
from clinic.models import Allergy, Owner, Pet, Vaccination, Visit

admin_user = User.objects.create_superuser("admin", "admin@example.com", "secret-pass")
owners = [Owner.objects.create(name=n, email=e, city=c, reminders=r) for n, e, c, r in [
    ("Nora Quist", "nora@example.org", "Bristol", True),
    ("Pavel Hruby", "pavel@example.org", "Bath", False),
    ("Aiko Mori", "aiko@example.org", "Bristol", True),
    ("Luis Ferrer", "luis@example.org", "Exeter", True),
]]
allergies = [Allergy.objects.create(name=n) for n in ["chicken", "pollen", "fleas", "penicillin", "grain", "dust mites"]]
pets = [
    ("Biscuit", "dog", "Beagle", "m", 0, 12.4, True, True),
    ("Mochi", "cat", "British Shorthair", "f", 2, 4.1, True, False),
    ("Clover", "rabbit", "Lionhead", "f", 1, 1.8, False, True),
    ("Pepper", "dog", "Border Collie", "f", 3, 17.0, True, True),
    ("Kiwi", "bird", "Budgerigar", "u", 0, 0.1, False, False),
    ("Rex", "reptile", "Leopard gecko", "m", 1, 0.1, False, False),
    ("Luna", "cat", "Siamese", "f", 3, 3.6, True, True),
    ("Otis", "dog", "Dachshund", "m", 2, 8.9, False, True),
    ("Hazel", "rabbit", "Dutch", "f", 0, 2.2, True, False),
    ("Ziggy", "cat", "Maine Coon", "m", 1, 7.5, False, True),
    ("Bramble", "dog", "Labrador", "f", 2, 29.3, True, True),
]
for i, (name, sp, breed, sex, o, w, vac, neut) in enumerate(pets):
    Pet.objects.create(
        name=name, species=sp, breed=breed, sex=sex, owner=owners[o], born=datetime.date(2016 + i % 8, 1 + i, 4 + i),
        weight_kg=Decimal(str(w)), vaccinated=vac, neutered=neut,
        microchip=f"9851{i:02d}00{i * 7:03d}" if i != 1 else "985120001234",
        insurer="Petwise" if i == 1 else "", policy="PW-44817" if i == 1 else "",
        notes="Nervous with strangers; give treats before the exam." if i == 1 else "",
    )
mochi = Pet.objects.get(name="Mochi")
mochi.allergies.set([allergies[0], allergies[2]])
Visit.objects.create(pet=mochi, day=datetime.date(2026, 3, 9), at=datetime.time(10, 30), reason="Annual check-up", vet="Dr Okafor")
Visit.objects.create(pet=mochi, day=datetime.date(2026, 9, 21), at=datetime.time(16, 15), reason="Dental cleaning", vet="Dr Lenz")
Vaccination.objects.create(pet=mochi, vaccine="Feline trivalent", given=datetime.date(2026, 3, 9), booster_due=datetime.date(2027, 3, 9))

links = {}


def save(client, path, name, lang, data=None):
    with translation.override(lang):
        if data is None:
            resp = client.get(path, HTTP_ACCEPT_LANGUAGE=lang)
        else:
            resp = client.post(path, data, HTTP_ACCEPT_LANGUAGE=lang)
    assert resp.status_code == 200, (path, resp.status_code)
    html = resp.content.decode("utf-8")
    html = re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', 'name="csrfmiddlewaretoken" value="bench"', html)
    # The admin's JavaScript catalogue is a view: saved beside the pages, loaded from there.
    html = html.replace('src="/admin/jsi18n/"', f'src="{static_url}../{lang}/jsi18n.js"')
    # Django sends the charset in its Content-Type header; a static server does not.
    html = html.replace("<head>", '<head><meta charset="utf-8">' + FRESH, 1)
    for outside in ("https://fonts.", "//cdn.", "https://unpkg", "https://cdnjs", "googleapis"):
        if outside in html:
            raise RuntimeError(f"{name} would load {outside}")
    (out / lang).mkdir(parents=True, exist_ok=True)
    (out / lang / name).write_text(html, encoding="utf-8")


FRESH = sys.argv[5]
for lang in langs:
    anon = Client()
    save(anon, "/admin/login/?next=/admin/", "login.html", lang)
    c = Client()
    c.force_login(admin_user)
    with translation.override(lang):
        js = c.get("/admin/jsi18n/", HTTP_ACCEPT_LANGUAGE=lang)
    (out / lang).mkdir(parents=True, exist_ok=True)
    (out / lang / "jsi18n.js").write_bytes(js.content)
    save(c, "/admin/", "index.html", lang)
    save(c, "/admin/clinic/pet/", "pet_changelist.html", lang)
    save(c, "/admin/clinic/pet/?species__exact=cat", "pet_cats.html", lang)
    save(c, "/admin/clinic/pet/add/", "pet_add.html", lang)
    save(c, f"/admin/clinic/pet/{mochi.pk}/change/", "pet_change.html", lang)
    save(c, f"/admin/clinic/pet/{mochi.pk}/delete/", "pet_delete.html", lang)
    save(c, "/admin/clinic/owner/", "owner_changelist.html", lang)
    save(c, "/admin/clinic/owner/add/", "owner_add.html", lang)
    save(c, "/admin/password_change/", "password_change.html", lang)

import django.contrib.admin as dadmin
import grappelli

shutil.copytree(Path(dadmin.__file__).parent / "static", out / "static", dirs_exist_ok=True)
shutil.copytree(Path(grappelli.__file__).parent / "static", out / "static", dirs_exist_ok=True)
print("rendered")
"""


def _render_rtd(site: Path, dest: Path) -> None:
    render_sphinx(
        site,
        dest,
        RTD_LANGS,
        _DOCS,
        _CONF,
        _FRESH,
        RENDER_VERSION,
        outside=("https://fonts.", "//cdn.", "https://unpkg", "https://cdnjs"),
    )


def _render_grp(site: Path, dest: Path) -> None:
    part = dest.with_name(dest.name + ".part")
    shutil.rmtree(part, ignore_errors=True)
    part.mkdir(parents=True)
    with tempfile.TemporaryDirectory() as tmp:
        app = Path(tmp)
        (app / "clinic").mkdir()
        (app / "clinic" / "__init__.py").write_text("", encoding="utf-8")
        (app / "clinic" / "models.py").write_text(_MODELS, encoding="utf-8")
        (app / "clinic" / "admin.py").write_text(_ADMIN, encoding="utf-8")
        (app / "benchurls.py").write_text(
            "from django.contrib import admin\nfrom django.urls import include, path\n"
            "urlpatterns = [path('grappelli/', include('grappelli.urls')), path('admin/', admin.site.urls)]\n",
            encoding="utf-8",
        )
        run_renderer(site, [_GRP, str(part), tmp, ",".join(GRP_LANGS), f"/{GRP_SITE}/static/", _FRESH], tmp)
    finish_render(part, dest, RENDER_VERSION)


def ensure_all() -> Path:
    """Fill the cache (install, render) when needed; the directory the bench serves as ``pypi/``."""
    pins = hashlib.sha256(REQUIREMENTS.encode()).hexdigest()[:10]
    renders = ((GRP_SITE, _render_grp), (RTD_SITE, _render_rtd))
    installed = ("grappelli/__init__.py", "sphinx_rtd_theme/__init__.py")
    return ensure_site(f"site-pypi6-{pins}", REQUIREMENTS, installed, renders, RENDER_VERSION)


def main() -> None:
    fill_and_say(
        ensure_all,
        lambda where: (
            f"django-grappelli {GRAPPELLI} pages ready in {where / GRP_SITE} ({', '.join(GRP_LANGS)}) and "
            f"sphinx-rtd-theme {RTD} pages in {where / RTD_SITE} ({', '.join(RTD_LANGS)})"
        ),
    )


if __name__ == "__main__":
    main()
