"""Django's admin with the Jazzmin skin and a sphinx-book-theme site rendered from PyPI, for held-out 15.

Two further real applications after Django's admin (held-out 9), Flask-Admin (held-out 10),
Datasette and Material for MkDocs (held-out 11), Sphinx with furo and django-allauth
(held-out 12), Django REST framework and pydata-sphinx-theme (held-out 13), Grappelli and
sphinx-rtd-theme (held-out 14), both from hash-pinned wheels installed with ``pip install
--require-hashes --no-deps --target`` into the same cache as ``bench/thirdparty_pypi.py``
(``cache_dir()`` there):

* django-jazzmin 3.0.5 (with Django 5.2): Jazzmin replaces the admin's templates with AdminLTE 3
  on Bootstrap 4 (a top bar with its own links, search box and user drop-down, a side bar
  with the apps' models, cards, Bootstrap tabs for a change form's fieldsets and inlines,
  select2 boxes for foreign keys, a filter side panel, the actions bar). A throwaway project
  set up in code (in-memory SQLite, a small bike-repair shop's models of our own: customers,
  bikes, mechanics, repair jobs with the parts they used) is driven with Django's test client,
  logged in, to save the admin pages in English, German, French, Spanish, Russian, Simplified
  Chinese and Japanese (Django's catalogues; Jazzmin ships its own for all of them but
  Japanese, whose pages keep Jazzmin's few words in English): the log-in page, the dashboard,
  the repair jobs' change list (search, filters, date hierarchy, check boxes, the actions bar,
  pagination), the same list filtered to urgent jobs, the add form and a change form (a radio
  list, selects, a date and a split date/time, check boxes, a text area, a tabular inline of
  parts and a stacked inline of notes, shown as tabs), the delete confirmation, the customers'
  list and add form (its fieldsets collapsible instead of tabs), and the password change form.
  The JavaScript catalogue is saved beside the pages; the static files (Jazzmin's and the
  admin's) are copied next to them and loaded from the bench's server; Google's fonts are
  turned off. A one-line script at the top of each page clears ``localStorage`` and
  ``sessionStorage``, so each load starts from the page as built.
* Sphinx with sphinx-book-theme 1.4.0 (on pydata-sphinx-theme 0.20.0, plus sphinx-design and
  sphinx-copybutton): a small documentation site of our own text (a made-up bike-fit
  calculator, "Saddlepoint") built by the pinned Sphinx with ``language`` set to English,
  German, French, Spanish, Russian, Simplified Chinese and Japanese, so Sphinx's and the
  themes' words are translated where they ship a catalogue. The pages have the primary side
  bar with its search button and navigation tree (a collapsible section), the article header's
  buttons (side bar toggle, repository link, download drop-down, full screen, colour mode), the
  secondary side bar's links to the page's sections, the search dialog, previous/next links,
  sphinx-design tabs and dropdowns, copy buttons, and the search page. A one-line script at the top of each page clears
  ``localStorage`` and ``sessionStorage``, so every load starts from the page as built.

Nothing of it is committed. A case of ``bench/retrieval_pypi7.jsonl`` names its page as
``pypi/<site>@<version>/<lang>/<page>``, served from the cache root by ``bench/retrieval.py`` (the
same root as held-out 9 to 14). Links lead to pages of the static server and forms post to it
(which refuses the POST): only what happens on the page before a navigation counts.

Tried and left out: sqladmin and starlette-admin (Starlette, SQLAlchemy's compiled wheel,
WTForms, python-multipart and an HTTP client pinned besides, not attempted for lack of time);
what happens inside Jazzmin's related-object pop-up windows (only the click on the "+" or
pencil link counts), typing into a select2 box's own search field (the cases choose the option,
which the hidden native select records), and Jazzmin's UI builder and theme chooser (off by
default). The wheels are all pure Python except MarkupSafe and
charset-normalizer, pinned for CPython 3.11 on x86-64 Linux (the bench's interpreter).

    .venv/bin/python bench/thirdparty_pypi7.py        # fill the cache, print where it is
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

JAZZMIN = "3.0.5"
BOOK = "1.4.0"
# Exact versions with the sha256 of their wheels (as `pip download --no-deps` gives them), one set
# for both applications (the same Django and Sphinx as held-out 12's to 14's; sphinx-book-theme
# 1.4.0 asks for pydata-sphinx-theme 0.20.0 exactly, an older one than held-out 13's).
REQUIREMENTS = f"""\
accessible-pygments==0.0.5 --hash=sha256:88ae3211e68a1d0b011504b2ffc1691feafce124b845bd072ab6f9f66f34d4b7
alabaster==1.0.0 --hash=sha256:fc6786402dc3fcb2de3cabd5fe455a2db534b371124f1f21de8731783dec828b
asgiref==3.13.0 --hash=sha256:f9596a2434512686473d50f96ff6207fbba49ae1a785dfac614df4aeb085674d
babel==2.19.0 --hash=sha256:6d49734aed1d595b2c065d012174df8c83964692f26fc461702281634dd7555b
beautifulsoup4==4.15.0 --hash=sha256:d6f88de62e1d4e38ecb1077eb9724cd0eff29d2a08ca16a401e9b9e93f117cf9
certifi==2026.10.19.post1 --hash=sha256:1324c476b4811eff41a8bc2122cd0bbd4d9c7234c725446d99ab1612b3a7fdd2
charset-normalizer==3.5.3 --hash=sha256:2a6f937e0b70133d1f826d0a253331b6fe1a4c874808cc12e16f2fb8177042f4
django==5.2.19 --hash=sha256:5965d974a5218a2b68a11dd1276434707f23886525c23f0598eccedaf4f4ca00
django-jazzmin=={JAZZMIN} --hash=sha256:578fb1fc0a1b7e3b8472d2692ace60b1584ccd937c3828e2c9a89bdf94067f94
docutils==0.22.4 --hash=sha256:d0013f540772d1420576855455d050a2180186c91c15779301ac2ccb3eeb68de
idna==3.20 --hash=sha256:ab7ae7122974553370f0bdb919e1a960b2cd1bc1ef0276416d896db81c14582c
imagesize==2.0.1 --hash=sha256:ea0c9a0384df69ed86a943a15cde37d0360b82491b3910dc2215e202e62b5b02
jinja2==3.1.6 --hash=sha256:85ece4451f492d0c13c5dd7c13a64681a86afae63a5f347908daf103ce6d2f67
markupsafe==3.0.4 --hash=sha256:6da83a088f8ef93b2d483a8232a4dbf4d69d3d8496b568a03c56becac43e1808
packaging==26.4 --hash=sha256:81383611a09c1bc0b08b76e0fd5829d7c6824c65b27a6aee339da133f4233ea2
pydata-sphinx-theme==0.20.0 --hash=sha256:56744483c9d72c783e075de716ab95d486108b69605df7528078090b73f11f69
pygments==2.21.0 --hash=sha256:2363c69b61c4a97c838da3b130dcd6468f4848992b21a82f2a63ec34377137d9
requests==2.34.2 --hash=sha256:2a0d60c172f83ac6ab31e4554906c0f3b3588d37b5cb939b1c061f4907e278e0
roman-numerals==4.1.0 --hash=sha256:647ba99caddc2cc1e55a51e4360689115551bf4476d90e8162cf8c345fe233c7
snowballstemmer==3.1.1 --hash=sha256:7e207fa178741da09cdee59d3ecec3827ad5f92b1fc5c9ff3755b639f71f5752
soupsieve==2.10 --hash=sha256:8596eb8967d744174820280fa62b4542a2e955bfaccca73ed8a13c6eb8e9b502
sphinx-book-theme=={BOOK} --hash=sha256:10fd57d667ee0b565928c3ce95562e281c5d1b94bd5a2aafc5cd41a5d498dcd0
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
JZ_SITE = f"django-jazzmin@{JAZZMIN}"
BOOK_SITE = f"sphinx-book-theme@{BOOK}"
SITES = (JZ_SITE, BOOK_SITE)
# Django's language codes for the admin's catalogues.
JZ_LANGS = ("en", "de", "fr", "es", "ru", "zh-hans", "ja")
# Sphinx's language codes; the page directory is named by the code (zh_CN as is).
BOOK_LANGS = ("en", "de", "fr", "es", "ru", "zh_CN", "ja")
# Bumped when the pages rendered below change, so that an old cache is rendered again.
RENDER_VERSION = "1"

_FRESH = "<script>try { localStorage.clear(); sessionStorage.clear(); } catch (e) {}</script>"

# The made-up bike-fit calculator's documentation (our own text, reStructuredText).
_DOCS = {
    "index.rst": """Saddlepoint
===========

Saddlepoint works out saddle height, reach and stack for a bicycle from a rider's
measurements, and compares two frames side by side.

.. note::

   Saddlepoint 2.0 measures everything in millimetres.

.. toctree::
   :maxdepth: 2
   :caption: Getting started

   install
   quickstart

.. toctree::
   :maxdepth: 2
   :caption: Guides

   guide/index
   api
   faq
   changelog
""",
    "install.rst": """Installation
============

.. tab-set::

   .. tab-item:: pip

      .. code-block:: sh

         pip install saddlepoint

   .. tab-item:: conda

      .. code-block:: sh

         conda install -c conda-forge saddlepoint

   .. tab-item:: From source

      .. code-block:: sh

         git clone https://example.org/saddlepoint.git

Upgrading
---------

Add ``--upgrade`` to the pip command.

Removing
--------

``pip uninstall saddlepoint`` removes the program but keeps your rider profiles.
""",
    "quickstart.rst": """Quick start
===========

Measure the inseam and run:

.. code-block:: sh

   saddlepoint fit --inseam 860 --frame road

Rider profiles
--------------

Profiles are kept in ``~/.saddlepoint/riders``.

Results
-------

.. tab-set::

   .. tab-item:: Table

      Saddle height, setback, reach and stack in one table.

   .. tab-item:: Chart

      A drawing of the bike with the measurements on it.

   .. tab-item:: JSON

      The same numbers for other programs.
""",
    "guide/index.rst": """Guides
======

.. toctree::
   :maxdepth: 2

   measuring
   frames
   cleats
""",
    "guide/measuring.rst": """Measuring a rider
=================

You need a book, a wall and a tape measure.

Inseam
------

Stand against the wall with the book between your legs and measure to its top edge.

Arm length
----------

Measure from the shoulder to the closed fist.

.. dropdown:: Why is my saddle height different from the shop's?

   Shops often add the shoe sole; pass ``--sole 8`` to do the same.
""",
    "guide/frames.rst": """Comparing frames
================

``saddlepoint compare frame-a.toml frame-b.toml`` prints reach and stack side by side.

.. dropdown:: What are stack and reach?

   The height and length from the bottom bracket to the top of the head tube.

.. dropdown:: Where do I find a frame's geometry?

   On the maker's site; copy the numbers into a TOML file.
""",
    "guide/cleats.rst": """Cleat position
==============

Saddlepoint suggests a cleat angle from the rider's foot angle.

Float
-----

Cleats with float let the heel move a few degrees.
""",
    "api.rst": """API reference
=============

.. py:function:: saddle_height(inseam, method="lemond")

   Return the saddle height in millimetres for *inseam*.

.. py:function:: load_frame(path)

   Read a frame's geometry from a TOML file.

.. py:class:: Fit(rider, frame)

   A fit of one rider on one frame.

   .. py:method:: report(format="table")

      Print the fit.
""",
    "faq.rst": """FAQ
===

.. dropdown:: Does Saddlepoint replace a professional bike fit?

   No. It is a starting point.

.. dropdown:: Does it work for recumbents?

   Not yet.

.. dropdown:: Can I use inches?

   Pass ``--units in``; results are still stored in millimetres.
""",
    "changelog.rst": """Changelog
=========

2.0
---

* Millimetres everywhere.
* New ``compare`` command.

1.4
---

* Cleat angles.
""",
}

_CONF = """
project = "Saddlepoint"
author = "The Saddlepoint authors"
copyright = "2026, The Saddlepoint authors"
release = "2.0"
language = {lang!r}
extensions = ["sphinx_copybutton", "sphinx_design"]
html_theme = "sphinx_book_theme"
html_title = "Saddlepoint"
html_static_path = []
html_theme_options = {{
    "repository_url": "https://github.com/example/saddlepoint",
    "use_repository_button": True,
    "use_download_button": True,
    "use_fullscreen_button": True,
    "show_toc_level": 2,
    "home_page_in_toc": True,
}}
"""

_MODELS = """
from django.db import models


class Customer(models.Model):
    name = models.CharField(max_length=80)
    email = models.EmailField(blank=True)
    phone = models.CharField(max_length=30, blank=True)
    street = models.CharField(max_length=80, blank=True)
    city = models.CharField(max_length=60, blank=True)
    postcode = models.CharField(max_length=12, blank=True)
    newsletter = models.BooleanField("Subscribe to newsletter", default=False)
    notes = models.TextField(blank=True)

    def __str__(self):
        return self.name


class Mechanic(models.Model):
    name = models.CharField(max_length=60)

    def __str__(self):
        return self.name


class Bike(models.Model):
    KINDS = [("road", "Road bike"), ("mtb", "Mountain bike"), ("city", "City bike"), ("cargo", "Cargo bike"), ("ebike", "E-bike")]
    owner = models.ForeignKey(Customer, on_delete=models.CASCADE)
    brand = models.CharField(max_length=40)
    model = models.CharField(max_length=60, blank=True)
    kind = models.CharField(max_length=10, choices=KINDS, default="city")
    colour = models.CharField(max_length=30, blank=True)
    serial = models.CharField("Frame number", max_length=30, blank=True)

    def __str__(self):
        return f"{self.brand} {self.model}".strip()


class Repair(models.Model):
    STATUS = [("booked", "Booked"), ("progress", "In progress"), ("parts", "Waiting for parts"), ("done", "Ready for pick-up"), ("collected", "Collected")]
    SERVICE = [("basic", "Basic service"), ("full", "Full service"), ("custom", "Single repair")]
    ticket = models.CharField("Ticket", max_length=10)
    bike = models.ForeignKey(Bike, on_delete=models.CASCADE)
    service = models.CharField(max_length=10, choices=SERVICE, default="basic")
    status = models.CharField(max_length=10, choices=STATUS, default="booked")
    mechanic = models.ForeignKey(Mechanic, on_delete=models.SET_NULL, null=True, blank=True)
    received = models.DateField("Received on")
    promised = models.DateTimeField("Promised for", null=True, blank=True)
    urgent = models.BooleanField(default=False)
    paid = models.BooleanField(default=False)
    price = models.DecimalField("Quoted price", max_digits=7, decimal_places=2, null=True, blank=True)
    complaint = models.TextField("Customer's complaint", blank=True)

    def __str__(self):
        return self.ticket


class PartUsed(models.Model):
    repair = models.ForeignKey(Repair, on_delete=models.CASCADE)
    part = models.CharField(max_length=60)
    quantity = models.PositiveIntegerField(default=1)
    unit_price = models.DecimalField(max_digits=7, decimal_places=2)

    class Meta:
        verbose_name = "part used"
        verbose_name_plural = "parts used"


class WorkNote(models.Model):
    repair = models.ForeignKey(Repair, on_delete=models.CASCADE)
    written = models.DateField()
    text = models.TextField()
"""

_ADMIN = """
from django.contrib import admin

from .models import Bike, Customer, Mechanic, PartUsed, Repair, WorkNote


class PartInline(admin.TabularInline):
    model = PartUsed
    extra = 1


class NoteInline(admin.StackedInline):
    model = WorkNote
    extra = 0


@admin.action(description="Mark selected repairs as ready for pick-up")
def mark_ready(modeladmin, request, queryset):
    queryset.update(status="done")


@admin.register(Repair)
class RepairAdmin(admin.ModelAdmin):
    list_display = ("ticket", "bike", "status", "mechanic", "received", "urgent", "paid")
    list_filter = ("status", "urgent", "paid", "mechanic")
    search_fields = ("ticket", "bike__brand", "bike__owner__name", "complaint")
    date_hierarchy = "received"
    actions = [mark_ready]
    list_per_page = 8
    radio_fields = {"service": admin.HORIZONTAL}
    inlines = [PartInline, NoteInline]
    fieldsets = [
        (None, {"fields": ["ticket", "bike", "service", "status", "mechanic"]}),
        ("Dates", {"fields": ["received", "promised"]}),
        ("Payment", {"fields": ["price", "urgent", "paid"]}),
        ("Complaint", {"fields": ["complaint"]}),
    ]


@admin.register(Customer)
class CustomerAdmin(admin.ModelAdmin):
    list_display = ("name", "email", "phone", "city", "newsletter")
    list_filter = ("city", "newsletter")
    search_fields = ("name", "email", "phone")
    fieldsets = [
        (None, {"fields": ["name", "email", "phone"]}),
        ("Address", {"fields": ["street", "postcode", "city"]}),
        ("More", {"fields": ["newsletter", "notes"]}),
    ]


@admin.register(Bike)
class BikeAdmin(admin.ModelAdmin):
    list_display = ("brand", "model", "kind", "owner", "colour")
    list_filter = ("kind",)
    search_fields = ("brand", "model", "serial")


admin.site.register(Mechanic)
"""

_JZ = r"""
import datetime, re, shutil, sys
from decimal import Decimal
from pathlib import Path

out = Path(sys.argv[1])
app_dir = Path(sys.argv[2])
langs = sys.argv[3].split(",")
static_url = sys.argv[4]
FRESH = sys.argv[5]
sys.path.insert(0, str(app_dir))

import django
from django.conf import settings

settings.configure(
    DEBUG=False,
    SECRET_KEY="bench-only",
    ALLOWED_HOSTS=["*"],
    ROOT_URLCONF="benchurls",
    INSTALLED_APPS=[
        "jazzmin", "django.contrib.admin", "django.contrib.auth", "django.contrib.contenttypes",
        "django.contrib.sessions", "django.contrib.messages", "django.contrib.staticfiles", "shop",
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
    JAZZMIN_SETTINGS={
        "site_title": "Spoke & Chain",
        "site_header": "Spoke & Chain",
        "site_brand": "Spoke & Chain",
        "welcome_sign": "Spoke & Chain workshop",
        "copyright": "Spoke & Chain",
        "search_model": ["shop.Customer"],
        "topmenu_links": [
            {"name": "Home", "url": "admin:index"},
            {"model": "shop.Repair"},
            {"app": "shop"},
        ],
        "usermenu_links": [{"model": "auth.user"}],
        "use_google_fonts_cdn": False,
        "changeform_format": "horizontal_tabs",
        "changeform_format_overrides": {"shop.customer": "collapsible"},
        "icons": {"shop.repair": "fas fa-wrench", "shop.bike": "fas fa-bicycle", "shop.customer": "fas fa-user", "shop.mechanic": "fas fa-user-cog"},
    },
)
django.setup()

from django.core.management import call_command
call_command("migrate", run_syncdb=True, verbosity=0)

from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation
from shop.models import Bike, Customer, Mechanic, PartUsed, Repair, WorkNote

admin_user = User.objects.create_superuser("admin", "admin@example.com", "secret-pass")
customers = [Customer.objects.create(name=n, email=e, phone=p, city=c, newsletter=nl) for n, e, p, c, nl in [
    ("Anna Berger", "anna@example.org", "0151 200 301", "Leeds", True),
    ("Tomasz Nowak", "tomasz@example.org", "0151 200 302", "York", False),
    ("Mei Lin", "mei@example.org", "0151 200 303", "Leeds", True),
    ("Omar Haddad", "omar@example.org", "0151 200 304", "Hull", False),
    ("Greta Sand", "greta@example.org", "0151 200 305", "York", True),
]]
mechanics = [Mechanic.objects.create(name=n) for n in ["Jonas", "Priya", "Kofi"]]
bikes = [Bike.objects.create(owner=customers[o], brand=b, model=m, kind=k, colour=c, serial=s) for o, b, m, k, c, s in [
    (0, "Gazelle", "Orange C7", "city", "green", "GZ-40912"),
    (1, "Cube", "Attention", "mtb", "black", "CB-11873"),
    (2, "Brompton", "C Line", "city", "red", "BR-77120"),
    (3, "Riese & Mueller", "Load 75", "cargo", "grey", "RM-30455"),
    (4, "Canyon", "Endurace", "road", "blue", "CN-99031"),
    (0, "Trek", "Marlin 5", "mtb", "yellow", "TK-51264"),
    (2, "Specialized", "Turbo Vado", "ebike", "white", "SP-62208"),
]]
jobs = [
    ("R-1001", 0, "full", "progress", 0, 3, True, False, "129.00", "Gears skip under load; rear brake squeals."),
    ("R-1002", 1, "custom", "parts", 1, 4, False, False, "45.50", "Front fork leaks oil."),
    ("R-1003", 2, "basic", "done", 2, 6, False, True, "59.00", "Yearly check."),
    ("R-1004", 3, "full", "booked", None, 8, True, False, "189.00", "Cargo box hinge broken."),
    ("R-1005", 4, "custom", "collected", 0, 10, False, True, "24.00", "Puncture, rear."),
    ("R-1006", 5, "basic", "progress", 1, 11, False, False, "59.00", "Chain rusty."),
    ("R-1007", 6, "custom", "booked", 2, 13, True, False, "75.00", "Motor cuts out on hills."),
    ("R-1008", 0, "custom", "done", 0, 15, False, False, "18.00", "Replace bell."),
    ("R-1009", 1, "basic", "booked", None, 16, False, False, "59.00", "Before a race."),
    ("R-1010", 4, "full", "parts", 1, 18, True, False, "210.00", "New wheelset to fit."),
    ("R-1011", 2, "custom", "progress", 2, 20, False, True, "32.00", "Loose handlebar."),
]
for ticket, b, service, status, m, day, urgent, paid, price, complaint in jobs:
    Repair.objects.create(
        ticket=ticket, bike=bikes[b], service=service, status=status,
        mechanic=mechanics[m] if m is not None else None, received=datetime.date(2026, 10, day),
        promised=datetime.datetime(2026, 10, day + 3, 17, 0, tzinfo=datetime.timezone.utc),
        urgent=urgent, paid=paid, price=Decimal(price), complaint=complaint,
    )
job = Repair.objects.get(ticket="R-1001")
PartUsed.objects.create(repair=job, part="Chain 11-speed", quantity=1, unit_price=Decimal("34.90"))
PartUsed.objects.create(repair=job, part="Brake pads", quantity=2, unit_price=Decimal("12.50"))
WorkNote.objects.create(repair=job, written=datetime.date(2026, 10, 4), text="Cassette worn too; customer called, agreed to replace.")


def save(client, path, name, lang):
    with translation.override(lang):
        resp = client.get(path, HTTP_ACCEPT_LANGUAGE=lang)
    assert resp.status_code == 200, (path, resp.status_code)
    html = resp.content.decode("utf-8")
    html = re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', 'name="csrfmiddlewaretoken" value="bench"', html)
    # The admin's JavaScript catalogue is a view: saved beside the pages, loaded from there.
    html = html.replace('src="/admin/jsi18n/"', f'src="{static_url}../{lang}/jsi18n.js"')
    # Django sends the charset in its Content-Type header; a static server does not.
    html = re.sub(r"<head>", '<head><meta charset="utf-8">' + FRESH, html, count=1)
    for outside in ("https://fonts.", "//cdn.", "https://unpkg", "https://cdnjs", "googleapis"):
        if outside in html:
            raise RuntimeError(f"{name} would load {outside}")
    (out / lang).mkdir(parents=True, exist_ok=True)
    (out / lang / name).write_text(html, encoding="utf-8")


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
    save(c, "/admin/shop/repair/", "repair_changelist.html", lang)
    save(c, "/admin/shop/repair/?urgent__exact=1", "repair_urgent.html", lang)
    save(c, "/admin/shop/repair/add/", "repair_add.html", lang)
    save(c, f"/admin/shop/repair/{job.pk}/change/", "repair_change.html", lang)
    save(c, f"/admin/shop/repair/{job.pk}/delete/", "repair_delete.html", lang)
    save(c, "/admin/shop/customer/", "customer_changelist.html", lang)
    save(c, "/admin/shop/customer/add/", "customer_add.html", lang)
    save(c, "/admin/password_change/", "password_change.html", lang)

import django.contrib.admin as dadmin
import jazzmin

shutil.copytree(Path(dadmin.__file__).parent / "static", out / "static", dirs_exist_ok=True)
shutil.copytree(Path(jazzmin.__file__).parent / "static", out / "static", dirs_exist_ok=True)
print("rendered")
"""


def _render_book(site: Path, dest: Path) -> None:
    render_sphinx(
        site,
        dest,
        BOOK_LANGS,
        _DOCS,
        _CONF,
        _FRESH,
        RENDER_VERSION,
        outside=("https://fonts.", "//cdn.", "https://unpkg", "https://cdnjs"),
    )


def _render_jz(site: Path, dest: Path) -> None:
    part = dest.with_name(dest.name + ".part")
    shutil.rmtree(part, ignore_errors=True)
    part.mkdir(parents=True)
    with tempfile.TemporaryDirectory() as tmp:
        app = Path(tmp)
        (app / "shop").mkdir()
        (app / "shop" / "__init__.py").write_text("", encoding="utf-8")
        (app / "shop" / "models.py").write_text(_MODELS, encoding="utf-8")
        (app / "shop" / "admin.py").write_text(_ADMIN, encoding="utf-8")
        (app / "benchurls.py").write_text(
            "from django.contrib import admin\nfrom django.urls import path\n"
            "urlpatterns = [path('admin/', admin.site.urls)]\n",
            encoding="utf-8",
        )
        run_renderer(site, [_JZ, str(part), tmp, ",".join(JZ_LANGS), f"/{JZ_SITE}/static/", _FRESH], tmp)
    finish_render(part, dest, RENDER_VERSION)


def ensure_all() -> Path:
    """Fill the cache (install, render) when needed; the directory the bench serves as ``pypi/``."""
    pins = hashlib.sha256(REQUIREMENTS.encode()).hexdigest()[:10]
    renders = ((JZ_SITE, _render_jz), (BOOK_SITE, _render_book))
    installed = ("jazzmin/__init__.py", "sphinx_book_theme/__init__.py")
    return ensure_site(f"site-pypi7-{pins}", REQUIREMENTS, installed, renders, RENDER_VERSION)


def main() -> None:
    fill_and_say(
        ensure_all,
        lambda where: (
            f"django-jazzmin {JAZZMIN} pages ready in {where / JZ_SITE} ({', '.join(JZ_LANGS)}) and "
            f"sphinx-book-theme {BOOK} pages in {where / BOOK_SITE} ({', '.join(BOOK_LANGS)})"
        ),
    )


if __name__ == "__main__":
    main()
