"""Bodies to text: decoding, HTML, JSON and XML (pure functions)."""

from __future__ import annotations

import codecs

from waypost.archive.text import (
    archive_text,
    decode_body,
    extract_text,
    html_to_text,
    json_to_text,
    normalize_text,
    sniff_charset,
    xml_to_text,
)


def test_decode_body_should_prefer_utf8_then_declared_charset_then_windows_1252() -> None:
    assert decode_body("Grüße".encode()) == "Grüße"
    assert decode_body("Grüße".encode("latin-1"), "text/html; charset=ISO-8859-1") == "Grüße"
    assert decode_body("Привет".encode("cp1251"), "text/plain; charset=windows-1251") == "Привет"
    assert decode_body("€ café".encode("cp1252")) == "€ café"
    assert decode_body(codecs.BOM_UTF16_LE + "hi".encode("utf-16-le")) == "hi"
    assert decode_body(codecs.BOM_UTF8 + b"bom") == "bom"
    assert decode_body(b"\xff\xfe\xfa", "text/html; charset=no-such-charset")  # never raises


def test_sniff_charset_should_read_meta_and_xml_declarations() -> None:
    assert sniff_charset(b'<meta charset="Shift_JIS">', None) == "shift_jis"
    assert (
        sniff_charset(b'<meta http-equiv="Content-Type" content="text/html; charset=koi8-r">', None)
        == "koi8-r"
    )
    assert sniff_charset(b'<?xml version="1.0" encoding="ISO-8859-15"?>', None) == "iso8859-15"
    assert sniff_charset(b"<p>x</p>", "text/html; charset=latin1") == "cp1252"


def test_html_to_text_should_keep_visible_text_in_paragraphs() -> None:
    page = html_to_text(
        "<html><head><title>T</title><meta property='og:title' content='Real title'><style>p{}</style>"
        "</head><body><nav>Menu</nav><h1>Head<b>line</b></h1><p>First <i>para</i>graph.</p>"
        "<script>var hidden = 1;</script><noscript>no js</noscript><ul><li>one</li><li>two</li></ul>"
        "<template>tpl</template><svg><text>svg</text></svg></body></html>"
    )
    assert page.title == "Real title"
    assert page.text == "Menu\nHeadline\nFirst paragraph.\none\ntwo"


def test_html_to_text_should_drop_hidden_elements_nested_in_each_other() -> None:
    page = html_to_text(
        "<body><p>a</p><noscript><script>s</script><p>n</p></noscript><svg><style>x</style><title>t"
        "</title><foreignObject><p>f</p></foreignObject></svg><object><iframe>i</iframe><p>o</p>"
        "</object><p>b</p><canvas><div>c</div></canvas></body>"
    )
    assert page.text == "a\nb"
    assert html_to_text("<svg><title>Icon</title></svg><title>Page</title>").title == "Icon"  # as before


def test_html_to_text_should_collapse_whitespace_within_each_block() -> None:
    page = html_to_text(
        "<p>\n   one\n   two  three\t four\u00a0five </p><p> \n </p><div>six<span>\n</span>seven"
        "\x01eight\u200bnine</div>\n\n<pre>  pre\n  text</pre>"
    )
    assert page.text == "one two three four five\nsix seven eight\u200bnine\npre text"


def test_html_to_text_should_survive_broken_markup() -> None:
    page = html_to_text("<body><div><p>Unclosed \x00 <b>bold \ud800 <table><td>cell</p></div> <<<>>> &&&;")
    assert page.text.startswith("Unclosed bold") and "cell" in page.text and "\x00" not in page.text
    swallowed = html_to_text("<title>Broken \x00 page</tit<body><p>rest")  # as browsers read it
    assert swallowed.title.startswith("Broken") and swallowed.text == ""


def test_json_to_text_should_flatten_keys_and_values() -> None:
    text = json_to_text('{"title": "News", "items": [{"name": "Köln", "n": 2, "ok": true}], "empty": null}')
    assert text.title == "News"
    assert text.text == "title: News\nitems:\n  -\n    name: Köln\n    n: 2\n    ok: true"
    assert json_to_text("not json {").text == "not json {"


def test_json_to_text_should_replace_escaped_lone_surrogates() -> None:
    source = r"""{"title": "Cut \ud83d", "note": "half an emoji \ude00 and a whole \ud83d\ude00"}"""
    text = json_to_text(source)
    assert text.title == "Cut \ufffd"
    assert text.text.endswith("half an emoji \ufffd and a whole \U0001f600")
    text.text.encode("utf-8")  # storable: SQLite takes UTF-8 only


def test_xml_to_text_should_read_feeds_with_cdata_and_escaped_html() -> None:
    text = xml_to_text(
        "<?xml version='1.0'?><rss><channel><title>Feed &amp; more</title><item><title>One</title>"
        "<description><![CDATA[<p>Hello <b>world</b></p>]]></description>"
        "<description>&lt;p&gt;escaped &amp;amp; markup&lt;/p&gt;</description></item></channel></rss>"
    )
    assert text.title == "Feed & more"
    assert text.text == "Feed & more\nOne\nHello world\nescaped & markup"


def test_xml_to_text_should_not_expand_entities() -> None:
    bomb = '<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;">]><l>&b;</l>'
    assert len(xml_to_text(bomb).text) < 200


def test_extract_text_should_pick_the_extractor_by_type() -> None:
    assert extract_text(b"<p>html</p>", "text/html").text == "html"
    assert extract_text(b'{"a": 1}', "application/vnd.api+json").text == "a: 1"
    assert extract_text(b"<a>xml</a>", "application/atom+xml").text == "xml"
    assert extract_text(b"line one\nline   two", "text/plain").text == "line one\nline two"


def test_archive_text_should_keep_a_pages_lines_loose_and_normalize_to_html_to_text() -> None:
    markup = "<body>\n  <h1> Title\n  </h1>\n  <p>one\n     two</p>\n\n  <ul><li>a\tb</li></ul></body>"
    stored = archive_text(markup.encode(), "text/html")
    lines = stored.text.decode().split("\n")
    assert lines[1].strip() == "Title" and "one      two" in lines[2] and "" in lines  # left loose
    assert normalize_text(stored.text.decode()) == html_to_text(markup).text == "Title\none two\na b"
    latin = archive_text("<p>Gr\xfc\xdfe</p>".encode("latin-1"), "text/html", "text/html; charset=latin-1")
    assert normalize_text(latin.text.decode()) == "Grüße"
    json_body = b'{"a": {"b": 1}}'
    assert archive_text(json_body, "application/json").text == b"a:\n  b: 1"  # JSON keeps its indentation


def test_normalize_text_should_leave_clean_text_as_it_is() -> None:
    clean = html_to_text("<p>one  two</p><div>three\u00a0four</div>").text
    assert normalize_text(clean) == clean == "one two\nthree four"
    assert normalize_text(" a \n\n\t b\x01c ") == "a\nb c"
