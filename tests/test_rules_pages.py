"""The in-app rules pages (static/rules/<slug>.json): one per game, Japanese and English.

Each page is {"en": page, "ja": page, "source": {"article", "url"}}, a page being
{"title", "sections": [{"heading", "paragraphs", "items"}]}, plain text rendered by app.js
(showRules). The sections come in a fixed order; the Options section names every option key the
engine declares, literally in parentheses, in both languages.
"""

import json
import pathlib
import re

import pytest

from tabletop import SLUGS, available_games, get_game

ROOT = pathlib.Path(__file__).resolve().parents[1]
RULES = ROOT / "static" / "rules"
SEEDS = (
    ROOT.parent / "shared" / "seeds"
)  # the source articles, when this checkout has them beside it

# Fixed section order; each entry lists the headings allowed at that position.
HEADINGS = {
    "en": [
        ("Overview",),
        ("Cards", "Components"),
        ("Setup",),
        ("How a turn goes",),
        ("Scoring and end",),
        ("Options",),
        ("In this app",),
    ],
    "ja": [
        ("概要",),
        ("カード", "用具"),
        ("準備",),
        ("手番の流れ", "トリックの流れ"),
        ("得点と終了",),
        ("オプション",),
        ("このアプリでは",),
    ],
}
OPTIONS_AT = 5
LANGS = ("en", "ja")
HTML = re.compile(r"<\s*/?\s*[a-zA-Z][^>]*>|&[a-zA-Z]+;|&#\d+;")


def load(slug):
    with open(RULES / f"{slug}.json", encoding="utf-8") as f:
        return json.load(f)


def section_text(section):
    return "\n".join(
        [section["heading"], *section.get("paragraphs", []), *section.get("items", [])]
    )


def app_titles():
    """The game titles the app shows (static/strings/common.json, title_<slug>): the rules pages use the same."""
    common = json.loads((ROOT / "static" / "strings" / "common.json").read_text(encoding="utf-8"))
    return {slug: {lang: common[lang][f"title_{slug}"] for lang in ("en", "ja")} for slug in SLUGS}


def test_every_game_has_a_rules_page_and_nothing_else_is_there():
    assert sorted(p.stem for p in RULES.glob("*.json")) == sorted(available_games())


@pytest.mark.parametrize("slug", available_games())
def test_page_parses_and_has_the_shape_the_app_renders(slug):
    data = load(slug)
    assert set(data) == {"en", "ja", "source"}
    for lang in LANGS:
        page = data[lang]
        assert set(page) == {"title", "sections"}
        assert isinstance(page["title"], str) and page["title"].strip()
        assert isinstance(page["sections"], list)
        for sec in page["sections"]:
            assert set(sec) == {"heading", "paragraphs", "items"}, sec
            assert isinstance(sec["heading"], str) and sec["heading"].strip()
            for key in ("paragraphs", "items"):
                assert isinstance(sec[key], list)
                assert all(isinstance(s, str) and s.strip() for s in sec[key]), (
                    lang,
                    sec["heading"],
                    key,
                )


@pytest.mark.parametrize("slug", available_games())
def test_both_languages_have_the_required_sections_in_order(slug):
    data = load(slug)
    assert len(data["en"]["sections"]) == len(data["ja"]["sections"])
    for lang in LANGS:
        sections = data[lang]["sections"]
        headings = [s["heading"] for s in sections]
        assert len(sections) == len(HEADINGS[lang]), headings
        for sec, allowed in zip(sections, HEADINGS[lang]):
            assert sec["heading"] in allowed, (lang, sec["heading"], allowed)
            assert sec["paragraphs"] or sec["items"], (lang, sec["heading"], "empty section")


@pytest.mark.parametrize("slug", available_games())
def test_titles_match_the_app(slug):
    titles = app_titles()
    data = load(slug)
    for lang in LANGS:
        assert data[lang]["title"] == titles[slug][lang]


@pytest.mark.parametrize("slug", available_games())
def test_plain_text_only(slug):
    data = load(slug)
    for lang in LANGS:
        for sec in data[lang]["sections"]:
            text = section_text(sec)
            assert not HTML.search(text), (lang, sec["heading"], HTML.search(text).group(0))
            assert "**" not in text and "`" not in text, (lang, sec["heading"], "markdown")


# The options are the engine's: checked for every game whose engine exists.
@pytest.mark.parametrize("slug", available_games())
def test_options_section_names_every_engine_option_in_both_languages(slug):
    keys = [opt.key for opt in get_game(slug).options]
    data = load(slug)
    for lang in LANGS:
        options = data[lang]["sections"][OPTIONS_AT]
        assert options["heading"] in HEADINGS[lang][OPTIONS_AT]
        text = section_text(options)
        if lang == "ja":
            # The Japanese page names each option as the setup screen does, without the link's
            # key (review G6: a reader does not type the key; the English page gives it).
            for key in keys:
                name = re.split("[（：]", option_name_ja(slug, key))[0]
                assert name in text, (lang, key, name)
                assert f"（{key}）" not in text and f"({key})" not in text, (lang, key)
            continue
        for key in keys:
            assert f"({key})" in text, (lang, key)
        # Option keys belong in the Options section only once each.
        for key in keys:
            assert text.count(f"({key})") == 1, (lang, key)


def option_name_ja(slug, key):
    """The option's Japanese name on the setup screen (the game's strings, then common)."""
    strings = ROOT / "static" / "strings"
    for path in (strings / f"{slug}.json", strings / "common.json"):
        name = json.loads(path.read_text(encoding="utf-8"))["ja"].get(f"option_{key}")
        if name:
            return name
    raise AssertionError(f"no Japanese name for option {key} of {slug}")


@pytest.mark.parametrize("slug", available_games())
def test_source_names_the_article_and_a_public_https_url_or_none(slug):
    source = load(slug)["source"]
    assert set(source) == {"article", "url"}
    assert re.fullmatch(r"\d{3}_[0-9a-f]{16}\.txt", source["article"]), source["article"]
    if SEEDS.is_dir():
        assert (SEEDS / source["article"]).is_file(), source["article"]
    url = source["url"]
    assert url is None or (
        isinstance(url, str) and url.startswith("https://") and " " not in url
    ), url
