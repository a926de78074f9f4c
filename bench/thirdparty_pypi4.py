"""Sphinx with the furo theme and django-allauth pages rendered from PyPI packages, for held-out 12.

Two further real applications after Django's admin (held-out 9), Flask-Admin (held-out 10),
Datasette and Material for MkDocs (held-out 11), both from hash-pinned wheels installed with
``pip install --require-hashes --no-deps --target`` into the same cache as
``bench/thirdparty_pypi.py`` (``cache_dir()`` there):

* Sphinx with the furo theme (plus sphinx-copybutton and sphinx-design): a small documentation
  site of our own text (a made-up task-queue library, "Tidepool") built by a pinned Sphinx with
  ``language`` set to English, German, French, Czech, Japanese, Simplified Chinese, Spanish and
  Polish, so Sphinx's own words are translated (the search box's placeholder, the search page,
  the admonitions' titles); furo 2025.12.19's own words ("On this page", "Next", "Previous",
  "Back to top", the theme toggle's name) stay in English whatever the language, and the text of
  the pages is ours and stays in English. The pages have a collapsible sidebar tree (a nested
  toctree), code blocks with copy buttons, admonitions, sphinx-design tabs and dropdowns, a
  light/dark/auto theme toggle and the built-in search (``searchindex.js``, all local). Furo
  keeps the chosen theme in ``localStorage``; a one-line script added at the top of each page
  clears it, so every load starts from the page as built (the "auto" theme, which is light in
  the bench's Chromium: one click on the toggle makes it dark). At 1280x720 furo's "On this page"
  drawer is off-canvas (cases use its toggle, never its links), the copy buttons are transparent
  until the code block is hovered and "Back to top" shows only after scrolling up: no case
  names either.
* django-allauth (with Django): a throwaway project set up in code (in-memory SQLite, allauth's
  account app with its stock templates, the ``mfa`` app off) is driven with Django's test client
  to save allauth's account pages as static HTML in English, German, French, Czech, Japanese,
  Simplified Chinese, Spanish and Polish (allauth's and Django's own catalogues, chosen by
  ``translation.override``): log in, sign up (also after a bad POST, with its errors), password
  reset, password change, set password, e-mail addresses (three addresses of the logged-in user,
  one primary and verified, one unverified), log out, and the reauthentication page. The only
  static files the pages load (the e-mail page's two scripts, which ask for a confirmation
  before "Remove"; Playwright dismisses it, so the form is not sent, only the click counts) are
  copied next to them and loaded from the bench's server; the CSRF tokens
  are replaced by a fixed string. The menu at the top links to the page shown too ("Sign In" on
  the log-in page, "Sign Out" on the log-out page, "Change Password" on the password change
  page): cases that ask to sign in, sign out or change the password there expect the form's
  button, the link only reloads the page.

Nothing of it is committed. A case of ``bench/retrieval_pypi4.jsonl`` names its page as
``pypi/<site>@<version>/<lang>/<page>``, served from the cache root by ``bench/retrieval.py`` (the
same root as held-out 9 to 11). Links lead to pages of the static server and forms post to it
(which refuses the POST): only what happens on the page before a navigation counts.

Tried and left out: sqladmin and Flask-AppBuilder (a third application was not attempted for lack
of time; two were enough for the part's 30 pages); allauth's MFA pages (they need a
WebAuthn/TOTP set-up beyond what the account pages show). The wheels are all pure Python except
MarkupSafe and charset-normalizer, pinned for CPython 3.11 on x86-64 Linux (the bench's
interpreter).

    .venv/bin/python bench/thirdparty_pypi4.py        # fill the cache, print where it is
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

FURO = "2025.12.19"
ALLAUTH = "65.22.1"
# Exact versions with the sha256 of their wheels (as `pip download --no-deps` gives them), one set
# for both applications (they share Jinja2's MarkupSafe, asgiref and nothing else).
REQUIREMENTS = f"""\
accessible-pygments==0.0.5 --hash=sha256:88ae3211e68a1d0b011504b2ffc1691feafce124b845bd072ab6f9f66f34d4b7
alabaster==1.0.0 --hash=sha256:fc6786402dc3fcb2de3cabd5fe455a2db534b371124f1f21de8731783dec828b
asgiref==3.13.0 --hash=sha256:f9596a2434512686473d50f96ff6207fbba49ae1a785dfac614df4aeb085674d
babel==2.19.0 --hash=sha256:6d49734aed1d595b2c065d012174df8c83964692f26fc461702281634dd7555b
beautifulsoup4==4.15.0 --hash=sha256:d6f88de62e1d4e38ecb1077eb9724cd0eff29d2a08ca16a401e9b9e93f117cf9
certifi==2026.10.19.post1 --hash=sha256:1324c476b4811eff41a8bc2122cd0bbd4d9c7234c725446d99ab1612b3a7fdd2
charset-normalizer==3.5.3 --hash=sha256:2a6f937e0b70133d1f826d0a253331b6fe1a4c874808cc12e16f2fb8177042f4
django-allauth=={ALLAUTH} --hash=sha256:08f7a3ddbd5ff7f1000d685dee9c0678d0da2057e18bed473a6eb2de18bd04e4
django==5.2.19 --hash=sha256:5965d974a5218a2b68a11dd1276434707f23886525c23f0598eccedaf4f4ca00
docutils==0.22.4 --hash=sha256:d0013f540772d1420576855455d050a2180186c91c15779301ac2ccb3eeb68de
furo=={FURO} --hash=sha256:bb0ead5309f9500130665a26bee87693c41ce4dbdff864dbfb6b0dae4673d24f
idna==3.20 --hash=sha256:ab7ae7122974553370f0bdb919e1a960b2cd1bc1ef0276416d896db81c14582c
imagesize==2.0.1 --hash=sha256:ea0c9a0384df69ed86a943a15cde37d0360b82491b3910dc2215e202e62b5b02
jinja2==3.1.6 --hash=sha256:85ece4451f492d0c13c5dd7c13a64681a86afae63a5f347908daf103ce6d2f67
markupsafe==3.0.4 --hash=sha256:6da83a088f8ef93b2d483a8232a4dbf4d69d3d8496b568a03c56becac43e1808
packaging==26.4 --hash=sha256:81383611a09c1bc0b08b76e0fd5829d7c6824c65b27a6aee339da133f4233ea2
pygments==2.21.0 --hash=sha256:2363c69b61c4a97c838da3b130dcd6468f4848992b21a82f2a63ec34377137d9
requests==2.34.2 --hash=sha256:2a0d60c172f83ac6ab31e4554906c0f3b3588d37b5cb939b1c061f4907e278e0
roman-numerals==4.1.0 --hash=sha256:647ba99caddc2cc1e55a51e4360689115551bf4476d90e8162cf8c345fe233c7
snowballstemmer==3.1.1 --hash=sha256:7e207fa178741da09cdee59d3ecec3827ad5f92b1fc5c9ff3755b639f71f5752
soupsieve==2.10 --hash=sha256:8596eb8967d744174820280fa62b4542a2e955bfaccca73ed8a13c6eb8e9b502
sphinx-basic-ng==1.0.0b2 --hash=sha256:eb09aedbabfb650607e9b4b68c9d240b90b1e1be221d6ad71d61c52e29f7932b
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
FURO_SITE = f"furo@{FURO}"
ALLAUTH_SITE = f"django-allauth@{ALLAUTH}"
SITES = (FURO_SITE, ALLAUTH_SITE)
# Sphinx's language codes; the page directory is named by the code (zh_CN as is).
FURO_LANGS = ("en", "de", "fr", "cs", "ja", "zh_CN", "es", "pl")
# Django's language codes for allauth's catalogues.
ALLAUTH_LANGS = ("en", "de", "fr", "cs", "ja", "zh-hans", "es", "pl")
# Bumped when the pages rendered below change, so that an old cache is rendered again.
RENDER_VERSION = "2"

# The made-up library's documentation (our own text, reStructuredText).
_DOCS = {
    "index.rst": """Tidepool
========

Tidepool runs background jobs for small Python web applications. It keeps its queue in SQLite,
so there is no broker to install.

.. tip::

   New here? Read the :doc:`quickstart` first, then :doc:`configuration`.

Features
--------

* Jobs are plain Python functions.
* Retries with a back-off.
* A scheduler for periodic jobs.

.. dropdown:: Is Tidepool production-ready?

   It is used in production by a few small teams, but it is not meant for large clusters.

.. toctree::
   :maxdepth: 2
   :caption: User guide

   quickstart
   configuration
   guides/index

.. toctree::
   :maxdepth: 1
   :caption: Reference

   api
   faq
   changelog
""",
    "quickstart.rst": """Quickstart
==========

Installation
------------

.. tab-set::

   .. tab-item:: pip

      .. code-block:: sh

         pip install tidepool

   .. tab-item:: conda

      .. code-block:: sh

         conda install -c conda-forge tidepool

   .. tab-item:: From source

      .. code-block:: sh

         git clone https://example.org/tidepool.git
         pip install ./tidepool

Your first job
--------------

.. code-block:: python

   from tidepool import Queue

   queue = Queue("jobs.sqlite")

   @queue.job
   def send_welcome(user_id):
       print("welcome", user_id)

   send_welcome.delay(42)

Run a worker
------------

.. code-block:: sh

   tidepool worker --queue jobs.sqlite

.. note::

   A worker handles one job at a time unless ``--concurrency`` is given.

.. warning::

   Do not share one SQLite file between machines.
""",
    "configuration.rst": """Configuration
=============

Tidepool reads ``tidepool.toml`` from the working directory.

Example
-------

.. code-block:: toml

   [queue]
   path = "jobs.sqlite"
   concurrency = 4
   retries = 3

Options
-------

.. list-table::
   :header-rows: 1

   * - Option
     - Default
     - Meaning
   * - ``path``
     - ``jobs.sqlite``
     - The queue's database file
   * - ``concurrency``
     - ``1``
     - Jobs run at the same time
   * - ``retries``
     - ``3``
     - Attempts before a job fails

.. dropdown:: Environment variables

   Every option can also be set as ``TIDEPOOL_<OPTION>``.

.. dropdown:: Logging

   Logs go to standard error; set ``log_level`` to change how much.

.. important::

   Restart the workers after changing the configuration.
""",
    "guides/index.rst": """Guides
======

.. toctree::
   :maxdepth: 1

   retries
   scheduling
   deployment
""",
    "guides/retries.rst": """Retries
=======

A failed job is tried again after 10, 60 and 300 seconds.

.. code-block:: python

   @queue.job(retries=5, backoff=30)
   def sync_invoices():
       ...

.. seealso::

   :doc:`scheduling` for jobs that run on a timetable.
""",
    "guides/scheduling.rst": """Scheduling
==========

Periodic jobs are declared with a cron expression.

.. code-block:: python

   @queue.periodic("0 3 * * *")
   def nightly_cleanup():
       ...

.. tab-set::

   .. tab-item:: Every hour

      ``0 * * * *``

   .. tab-item:: Every Monday

      ``0 9 * * 1``
""",
    "guides/deployment.rst": """Deployment
==========

Run one worker per CPU core with systemd or supervisord.

.. code-block:: ini

   [Service]
   ExecStart=/usr/local/bin/tidepool worker --concurrency 4
   Restart=always

.. caution::

   Back up the queue file before upgrading.
""",
    "api.rst": """API reference
=============

.. py:class:: Queue(path, concurrency=1)

   A job queue stored in the SQLite file *path*.

   .. py:method:: job(func=None, *, retries=3, backoff=10)

      Register *func* as a job.

   .. py:method:: periodic(cron)

      Register a job that runs on the *cron* timetable.

.. py:function:: run_worker(queue, concurrency=1)

   Process jobs until interrupted.

.. py:exception:: JobFailed

   Raised when a job has used all its retries.
""",
    "faq.rst": """Frequently asked questions
==========================

.. dropdown:: Does Tidepool need Redis?

   No. The queue is a SQLite file.

.. dropdown:: Can jobs return values?

   Yes, results are kept for one day.

.. dropdown:: Does it run on Windows?

   Yes, with Python 3.10 or newer.
""",
    "changelog.rst": """Changelog
=========

3.2.0
-----

* New ``periodic`` decorator.
* Faster start-up.

3.1.0
-----

* Retries with a back-off.

3.0.0
-----

* The configuration file is now ``tidepool.toml``.
""",
}

_CONF = """
project = "Tidepool"
author = "The Tidepool authors"
copyright = "2026, The Tidepool authors"
release = "3.2"
language = {lang!r}
extensions = ["sphinx_copybutton", "sphinx_design"]
html_theme = "furo"
html_title = "Tidepool 3.2"
html_static_path = []
"""

_FRESH = "<script>try { localStorage.clear(); sessionStorage.clear(); } catch (e) {}</script>"

_ALLAUTH = r"""
import re, sys
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
    SITE_ID=1,
    INSTALLED_APPS=[
        "django.contrib.auth", "django.contrib.contenttypes", "django.contrib.sessions",
        "django.contrib.messages", "django.contrib.sites", "allauth", "allauth.account",
    ],
    MIDDLEWARE=[
        "django.contrib.sessions.middleware.SessionMiddleware",
        "django.middleware.common.CommonMiddleware",
        "django.contrib.auth.middleware.AuthenticationMiddleware",
        "django.contrib.messages.middleware.MessageMiddleware",
        "allauth.account.middleware.AccountMiddleware",
    ],
    AUTHENTICATION_BACKENDS=["allauth.account.auth_backends.AuthenticationBackend"],
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
    ACCOUNT_LOGIN_METHODS={"username", "email"},
    ACCOUNT_SIGNUP_FIELDS=["email*", "username*", "password1*", "password2*"],
    ACCOUNT_EMAIL_VERIFICATION="optional",
    ACCOUNT_SESSION_REMEMBER=None,
    ACCOUNT_LOGOUT_ON_GET=False,
    ACCOUNT_RATE_LIMITS=False,
    ACCOUNT_PREVENT_ENUMERATION=False,
    ACCOUNT_MAX_EMAIL_ADDRESSES=5,
)
django.setup()

from django.core.management import call_command
call_command("migrate", run_syncdb=True, verbosity=0)

from allauth.account.models import EmailAddress
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation

ada = User.objects.create_user("ada", "ada@example.org", "x1y2-secret-pass")
for email, primary, verified in [("ada@example.org", True, True), ("ada.work@example.com", False, True), ("lovelace@example.net", False, False)]:
    EmailAddress.objects.create(user=ada, email=email, primary=primary, verified=verified)
nopw = User.objects.create_user("grace", "grace@example.org")
nopw.set_unusable_password()
nopw.save()
EmailAddress.objects.create(user=nopw, email="grace@example.org", primary=True, verified=True)


def save(client, path, name, lang, data=None):
    with translation.override(lang):
        if data is None:
            resp = client.get(path, HTTP_ACCEPT_LANGUAGE=lang)
        else:
            resp = client.post(path, data, HTTP_ACCEPT_LANGUAGE=lang)
    assert resp.status_code == 200, (path, resp.status_code)
    html = resp.content.decode("utf-8")
    html = re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', 'name="csrfmiddlewaretoken" value="bench"', html)
    if "<meta charset" not in html[:800]:
        html = html.replace("<head>", '<head><meta charset="utf-8">', 1)
    (out / lang).mkdir(parents=True, exist_ok=True)
    (out / lang / name).write_text(html, encoding="utf-8")


for lang in langs:
    anon = Client()
    save(anon, "/accounts/login/", "login.html", lang)
    save(anon, "/accounts/login/", "login_error.html", lang, {"login": "ada", "password": "wrong"})
    save(anon, "/accounts/signup/", "signup.html", lang)
    save(anon, "/accounts/signup/", "signup_error.html", lang,
         {"email": "not-an-email", "username": "ada", "password1": "abc", "password2": "abd"})
    save(anon, "/accounts/password/reset/", "password_reset.html", lang)
    c = Client()
    c.force_login(ada, backend="allauth.account.auth_backends.AuthenticationBackend")
    save(c, "/accounts/email/", "email.html", lang)
    save(c, "/accounts/password/change/", "password_change.html", lang)
    save(c, "/accounts/logout/", "logout.html", lang)
    save(c, "/accounts/reauthenticate/", "reauthenticate.html", lang)
    g = Client()
    g.force_login(nopw, backend="allauth.account.auth_backends.AuthenticationBackend")
    save(g, "/accounts/password/set/", "password_set.html", lang)

import shutil
import allauth.account

# The e-mail page's script (a confirmation before "Remove") is served beside the pages.
shutil.copytree(Path(allauth.account.__file__).parent / "static", out / "static", dirs_exist_ok=True)
print("rendered")
"""


def _render_furo(site: Path, dest: Path) -> None:
    render_sphinx(
        site,
        dest,
        FURO_LANGS,
        _DOCS,
        _CONF,
        _FRESH,
        RENDER_VERSION,
        outside=("https://fonts.", "//cdn.", "https://unpkg"),
    )


def _render_allauth(site: Path, dest: Path) -> None:
    part = dest.with_name(dest.name + ".part")
    shutil.rmtree(part, ignore_errors=True)
    part.mkdir(parents=True)
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "benchurls.py").write_text(
            "from django.urls import include, path\nurlpatterns = [path('accounts/', include('allauth.urls'))]\n",
            encoding="utf-8",
        )
        run_renderer(
            site, [_ALLAUTH, str(part), tmp, ",".join(ALLAUTH_LANGS), f"/{ALLAUTH_SITE}/static/"], tmp
        )
    finish_render(part, dest, RENDER_VERSION)


def ensure_all() -> Path:
    """Fill the cache (install, render) when needed; the directory the bench serves as ``pypi/``."""
    pins = hashlib.sha256(REQUIREMENTS.encode()).hexdigest()[:10]
    renders = ((FURO_SITE, _render_furo), (ALLAUTH_SITE, _render_allauth))
    installed = ("furo/__init__.py", "allauth")
    return ensure_site(f"site-pypi4-{pins}", REQUIREMENTS, installed, renders, RENDER_VERSION)


def main() -> None:
    fill_and_say(
        ensure_all,
        lambda where: (
            f"Sphinx (furo {FURO}) pages ready in {where / FURO_SITE} ({', '.join(FURO_LANGS)}) and "
            f"django-allauth {ALLAUTH} pages in {where / ALLAUTH_SITE} ({', '.join(ALLAUTH_LANGS)})"
        ),
    )


if __name__ == "__main__":
    main()
