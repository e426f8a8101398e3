"""Every message an engine can send to the page is a code the page can word in Japanese and
English: the reason of every refused move (``IllegalAction.code``) and every ``{"code", "params"}``
object in a view. Codes are found two ways: in the source (every ``IllegalAction(...)`` names a
literal code) and by playing (seeded random games, with wrong moves tried at each sampled step,
and every view walked). The strings are static/strings/common.json and static/strings/<slug>.json."""

import ast
import json
import pathlib
import random
import re

import pytest

from tabletop import IllegalAction, available_games, get_game

ROOT = pathlib.Path(__file__).resolve().parents[1]
STRINGS = ROOT / "static" / "strings"
CODE = re.compile(r"^[a-z][a-z0-9_]*$")
PLACEHOLDER = re.compile(r"\{(\w+)(?::signed)?\}")  # {p:signed}: a number with its sign
SHARED_MODULES = ["core.py", "cards.py", "tricks.py", "patience.py"]


def tables(slug):
    common = json.loads((STRINGS / "common.json").read_text(encoding="utf-8"))
    path = STRINGS / f"{slug}.json"
    own = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {"en": {}, "ja": {}}
    return {lang: {**common[lang], **own.get(lang, {})} for lang in ("en", "ja")}


# Forms of an entry (static/kit/words.js): plural forms, and person forms ("you" when the
# subject named by "subject" is the player); "count" names the param the plural agrees with.
PLURAL_FORMS = {"zero", "one", "two", "few", "many", "other"}


def templates(entry):
    if not isinstance(entry, dict):
        return [entry]
    return [
        t for key, form in entry.items() if key not in ("subject", "count") for t in templates(form)
    ]


def literal_codes(path):
    """The code of every IllegalAction(...) in a module; a call without a literal code fails."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found, bad = set(), []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "IllegalAction":
            first = node.args[0] if node.args else None
            if (
                isinstance(first, ast.Constant)
                and isinstance(first.value, str)
                and CODE.match(first.value)
                and len(node.args) >= 2
            ):
                found.add(first.value)
            else:
                bad.append(f"{path.name}:{node.lineno}")
    return found, bad


@pytest.mark.parametrize("slug", available_games())
def test_every_refusal_in_the_source_names_a_code_with_both_strings(slug):
    words = tables(slug)
    codes, bad = literal_codes(ROOT / "py" / "tabletop" / "games" / f"{slug}.py")
    for name in SHARED_MODULES:
        shared, shared_bad = literal_codes(ROOT / "py" / "tabletop" / name)
        codes |= shared
        bad += shared_bad
    assert bad == [], f"IllegalAction without a literal code and an English message: {bad}"
    for lang in ("en", "ja"):
        missing = sorted(c for c in codes if c not in words[lang])
        assert missing == [], f"{slug}: no {lang} string for {missing}"


def _messages(value, out):
    """Every {"code", "params"} object inside a view."""
    if isinstance(value, dict):
        if (
            "code" in value
            and isinstance(value.get("code"), str)
            and isinstance(value.get("params"), dict)
        ):
            out.append((value["code"], value["params"]))
        for item in value.values():
            _messages(item, out)
    elif isinstance(value, list):
        for item in value:
            _messages(item, out)
    return out


def played_messages(slug, games=6, probe_every=4):
    """(code, params) of refusals and view messages met in seeded random games of ``slug``."""
    info = get_game(slug)
    found = []
    for seed in range(games):
        rng = random.Random(f"codes/{slug}/{seed}")
        players = info.min_players + seed % (info.max_players - info.min_players + 1)
        state = info.new_state(players=players, seed=seed)
        cards = list(state.all_cards())
        verbs = set()
        step = 0
        while not state.is_over() and step < 3000:
            movers = state.to_move()
            if step % probe_every == 0:
                for seat in [None, *range(players)]:
                    _messages(state.view(seat), found)
                legal = {s: state.legal_actions(s) for s in movers}
                verbs |= {a.split()[0] for acts in legal.values() for a in acts}
                tries = [
                    (s, f"{v} {c}")
                    for s in movers
                    for v in sorted(verbs)
                    for c in rng.sample(cards, min(6, len(cards)))
                ]
                tries += [(s, v) for s in movers for v in sorted(verbs)]
                tries += [((s + 1) % players, a) for s, acts in legal.items() for a in acts[:1]]
                tries += [(movers[0], "zzz"), (movers[0], "play ZZ"), (players + 3, "play AS")]
                for seat, action in tries:
                    try:
                        state.clone().apply(seat, action)
                    except IllegalAction as err:
                        found.append((err.code, err.params))
            seat = rng.choice(movers)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            step += 1
        for seat in [None, *range(players)]:
            _messages(state.view(seat), found)
    return found


@pytest.mark.parametrize("slug", available_games())
def test_every_message_met_in_play_has_both_strings_and_its_params(slug):
    words = tables(slug)
    seen = {}
    for code, params in played_messages(slug):
        seen.setdefault(code, params)
        assert code != "refused", f"{slug}: a refusal without a code of its own ({params})"
        for lang in ("en", "ja"):
            assert code in words[lang], f"{slug}: no {lang} string for {code!r}"
            for template in templates(words[lang][code]):
                for name in PLACEHOLDER.findall(template):
                    assert name in params, (
                        f"{slug}: {lang} string of {code!r} uses {{{name}}}, not in {params}"
                    )
        json.dumps(params)
    assert len(seen) >= 3, seen


def test_every_string_table_has_both_languages_with_the_same_keys():
    for path in sorted(STRINGS.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        assert set(data) >= {"en", "ja"}, path.name
        assert set(data["en"]) == set(data["ja"]), (path.name, set(data["en"]) ^ set(data["ja"]))
        for lang in ("en", "ja"):
            for key, entry in data[lang].items():
                if isinstance(entry, dict):
                    forms = PLURAL_FORMS | {"subject", "you", "count"}
                    assert "other" in entry and set(entry) <= forms, (path.name, key)
                    assert ("subject" in entry) == ("you" in entry), (path.name, key, "persons")


# -- the answers of the page's calls (tabletop.session, tabletop.protocol, py/worker.py) ---------
CALL_MODULES = [
    ROOT / "py" / "tabletop" / "session.py",
    ROOT / "py" / "tabletop" / "protocol.py",
    ROOT / "py" / "worker.py",
]
CODED = {"refuse", "LogRefused"}  # refuse(code, message, **params) and the log's refusal


def call_failure_codes(path):
    """{code: the params' names} of every coded failure a module answers with; the calls whose
    code is not a literal are listed apart (each must name its code where it is written)."""
    found, bad = {}, []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
        if name not in CODED:
            continue
        first = node.args[0] if node.args else None
        literal = isinstance(first, ast.Constant) and isinstance(first.value, str)
        if literal and CODE.match(first.value):
            found.setdefault(first.value, set()).update(k.arg for k in node.keywords if k.arg)
        elif ast.unparse(first) not in ("code", "self.code"):  # the literal is where it is raised
            bad.append(f"{path.name}:{node.lineno}")
    return found, bad


def test_every_failure_of_every_call_names_a_code_with_both_strings_and_its_params():
    common = json.loads((STRINGS / "common.json").read_text(encoding="utf-8"))
    codes, bad = {}, []
    for path in CALL_MODULES:
        found, not_literal = call_failure_codes(path)
        bad += not_literal
        for code, params in found.items():
            codes.setdefault(code, set()).update(params)
    assert bad == [], f"a coded failure without a literal code: {bad}"
    expected = {"no_game", "call_unknown", "call_bad_argument", "call_failed", "log_move_refused"}
    assert expected <= set(codes)
    for code, params in sorted(codes.items()):
        for lang in ("en", "ja"):
            assert code in common[lang], f"no {lang} words in common.json for {code!r}"
            for template in templates(common[lang][code]):
                for name in PLACEHOLDER.findall(template):
                    assert name in params, f"{lang}: {code!r} uses {{{name}}}: {sorted(params)}"
    # No failure is answered the old way, in English alone.
    for path in CALL_MODULES:
        text = path.read_text(encoding="utf-8")
        assert not re.search(
            r'\{"ok": False, "error"',
            text.replace('{"ok": False, "error": message, "code": code, "params": params}', ""),
        ), path.name
