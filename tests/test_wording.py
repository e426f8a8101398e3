"""Words that cannot break on screen (issue #35). Every string of the tables, every lesson text,
every replay caption and every rules page is rendered through the kit's wording
(tests/js/wording_render.mjs runs static/kit/words.js in Node with each game's face spec and
formatParam) in Japanese and English, with representative params: one and several, the player
("You"/「あなた」) and a computer as the subject. What the player would read must not:

- double a word (「ダイヤダイヤの8」「プレイプレイ」, "play play"), which a word typed before a
  placeholder that carries its own noun does;
- run two card names together (「ハートのJハートの8」): listed cards need a separator;
- glue a typed noun to a card or seat name (「最後の牌4-5の牌」「リードプレイヤーコンピュータ3」);
- show Latin on Japanese text, but card ranks and the articles' Latin names (tests/wording.py);
- slip in English persons and numbers ("You is", "You wins", "You has", "You's", "1 points");
- mix punctuation on Japanese text: brackets and colons are full-width 「（）」「：」 everywhere
  (review G5), and a rules page names no engine option key (「（rounds）」, review G6).
"""

import json
import pathlib
import re
from collections import defaultdict

import pytest
from node_check import run_node_check
from wording import latin_on_japanese

ROOT = pathlib.Path(__file__).resolve().parents[1]
CARD_OPEN, CARD_CLOSE, SEAT_OPEN, SEAT_CLOSE = (chr(0xE000 + i) for i in range(4))
MARKS = re.compile("[\ue000-\ue005]")

# A word of two or more katakana or kanji said twice in a row.
JA_DOUBLED = re.compile(r"([\u30a1-\u30fa\u30fc\u4e00-\u9fff]{2,})\1")
# A katakana/kanji noun, a Latin letter or a digit right before a card's or a seat's name.
JA_GLUED = re.compile(r"[\u30a1-\u30fa\u30fc\u4e00-\u9fffA-Za-z0-9][\uE000\uE002]")
# A card's or a seat's name right before a katakana or kanji noun (「あなたスペード」).
JA_GLUED_AFTER = re.compile(r"[\uE001\uE003](?!以下|以外|以上|未満)[\u30a1-\u30fa\u4e00-\u9fff]")
# Half-width brackets or a colon on Japanese text (a URL's "://" and a time's "12:30" aside).
JA_HALF_WIDTH = re.compile(r"[()]|:(?!//)(?!\d)")
# Two card names with nothing (or only a space) between them.
RUN_TOGETHER = re.compile(r"\uE001\s*\uE000")
EN_DOUBLED = re.compile(r"\b([A-Za-z]{2,}) \1\b", re.IGNORECASE)
# "You" with a third-person verb, or a possessive made of it.
EN_PERSON = re.compile(
    r"\bYou(?:'s\b| (?:is|has|was|does|isn't|hasn't|wasn't|doesn't)\b"
    r"| (?!always|also|still|alone|plus|its|as)[a-z]+s\b)"
)
# One of a thing counted in the plural ("1 points", "+1 card points", "1 tiles").
EN_ONE_PLURAL = re.compile(
    r"(?<![\d.,])(?<!Player )(?<!Computer )[+−-]?1 (?:[a-z]+ )?"
    r"(points|cards|tricks|tiles|pts|lives|days|"
    r"games|deals|players|skips|moves|positions|seconds|revokes|birds|pips|"
    r"rounds|sevens|stacks|royals)\b"
)


@pytest.fixture(scope="module")
def rendered():
    return run_node_check("wording_render.mjs", timeout=120)


def problems_of(item, allowed_latin):
    text, lang = item["text"], item["lang"]
    plain = MARKS.sub("", text)
    found = []
    if RUN_TOGETHER.search(text):
        found.append("two card names run together")
    if lang == "ja":
        if m := JA_DOUBLED.search(plain):
            found.append(f"doubled word {m.group(0)!r}")
        if m := JA_GLUED.search(text):
            near = MARKS.sub("|", text[max(0, m.start() - 6) : m.end() + 8])
            found.append(f"a noun glued before a name: {near!r}")
        if m := JA_GLUED_AFTER.search(text):
            near = MARKS.sub("|", text[max(0, m.start() - 8) : m.end() + 6])
            found.append(f"a name glued before a noun: {near!r}")
        if m := JA_HALF_WIDTH.search(plain):
            near = plain[max(0, m.start() - 8) : m.end() + 8]
            found.append(f"half-width {m.group(0)!r} (write 「（）」「：」): {near!r}")
        # The neutral word put in for a param that is neither a card, a seat nor a count.
        latin = latin_on_japanese(plain.replace("〇〇", " "), allowed_latin)
        if latin:
            found.append(f"Latin on Japanese text: {latin}")
    else:
        if m := EN_DOUBLED.search(plain):
            found.append(f"doubled word {m.group(0)!r}")
        if m := EN_PERSON.search(plain):
            found.append(f"person: {m.group(0)!r}")
        if m := EN_ONE_PLURAL.search(plain):
            found.append(f"number: {m.group(0)!r}")
    return found


def test_the_render_covers_every_kind_of_text(rendered):
    kinds = {item["where"].split("/")[0] for item in rendered}
    assert kinds == {"strings", "lessons", "replays", "rules"}
    cases = {item["case"] for item in rendered}
    assert {"you, one", "computer, one", "computer, several", "lesson", "replay", "rules"} <= cases
    # Every lesson text and every replay caption (both languages) is among them.
    assert sum(1 for i in rendered if i["where"].startswith("lessons/")) > 900
    assert sum(1 for i in rendered if i["where"].startswith("replays/")) > 600


@pytest.mark.parametrize("kind", ["strings", "lessons", "replays", "rules"])
def test_no_words_break_on_screen(rendered, kind):
    allowed = ()
    broken = defaultdict(set)
    for item in rendered:
        if item["where"].split("/")[0] != kind:
            continue
        for problem in problems_of(item, allowed):
            broken[f"{item['where']} ({item['lang']}, {item['case']})"].add(
                f"{problem} in {MARKS.sub('', item['text'])[:120]!r}"
            )
    report = "\n".join(f"{where}: {'; '.join(sorted(p))}" for where, p in sorted(broken.items()))
    assert not broken, f"{len(broken)} texts break on screen:\n{report}"


def test_the_checks_catch_what_the_review_found():
    """The checks themselves, on the review's own examples (a check that finds nothing is no
    check)."""

    def item(text, lang="ja"):
        return {"text": text, "lang": lang, "where": "x", "case": "x"}

    card = lambda name: f"{CARD_OPEN}{name}{CARD_CLOSE}"  # noqa: E731
    seat = lambda name: f"{SEAT_OPEN}{name}{SEAT_CLOSE}"  # noqa: E731
    assert problems_of(item(f"低いダイヤ{card('ダイヤの8')}で勝てば"), ())
    assert problems_of(item(f"{card('ハートのJ')}{card('ハートの8')}と"), ())
    assert problems_of(item(f"最後の牌{card('4-5の牌')}で"), ())
    assert problems_of(item(f"リードプレイヤー{seat('コンピュータ3')}から"), ())
    assert problems_of(item(f"（{seat('あなた')}スペード、"), ())
    assert problems_of(item("このカードはplayできません"), ())
    assert problems_of(item("ラミ成功: デクレアラー"), ())
    assert problems_of(item("ラウンド数(rounds)：1ゲームのラウンド数"), ())
    assert not problems_of(item("12:30に（再開）"), ())
    assert problems_of(item(f"{seat('You')} is building an attack", "en"), ())
    assert problems_of(item("You wins", "en"), ())
    assert problems_of(item("You's cards", "en"), ())
    assert problems_of(item("+1 card points for You", "en"), ())
    assert problems_of(item("play play", "en"), ())
    assert not problems_of(
        item(f"{card('ハートのJ')}・{card('ハートの8')}と{seat('あなた')}のA"), ()
    )
    assert not problems_of(item(f"{seat('You')} are building an attack on Computer 1", "en"), ())


def test_the_manifest_speaks_the_language_it_declares():
    """The installed app's name and description are in the manifest's language (Japanese: the
    players are mostly Japanese-speaking), with no English run but the app's and games' names."""
    manifest = json.loads((ROOT / "static" / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["lang"] == "ja"
    for key in ("name", "description"):
        text = manifest[key]
        assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", text), (key, text)
        assert not latin_on_japanese(text), (key, text)
