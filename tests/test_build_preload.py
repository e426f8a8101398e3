"""index.html asks for the first screen's modules and data at once (<link rel=modulepreload>, and
<link rel=preload as=fetch> for the two JSON files every route reads), so that a cold visit on a
phone's connection does not pay one round trip per level of imports (app.js -> screens.js ->
play.js -> ...). The list must be the static import graph of static/app.js plus the table kit every
view imports; the lesson player and the record's code stay out of it (loaded when used). The build
ships index.html with the links as they are, and every file they name."""

import pathlib
import re
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py" / "tools"))

IMPORT = re.compile(r'^\s*(?:import|export)\s[^;]*?\bfrom\s*"([^"]+)"|^\s*import\s*"([^"]+)"', re.M)
MODULEPRELOAD = re.compile(r'<link rel="modulepreload" href="([^"]+)">')
FETCH_PRELOAD = re.compile(r'<link rel="preload" href="([^"]+)" as="fetch" crossorigin>')
# Loaded when asked for (a dynamic import where they are used), never by the first screen.
LAZY = {"static/app/lesson.js", "static/app/records.js", "static/app/statsview.js"}


def static_graph(*entries):
    """Every module reached from ``entries`` by static import/export ... from (dynamic import() not)."""
    seen, todo = [], [ROOT / e for e in entries]
    while todo:
        path = todo.pop(0).resolve()
        if path in seen:
            continue
        seen.append(path)
        for m in IMPORT.finditer(path.read_text(encoding="utf-8")):
            todo.append(path.parent / (m.group(1) or m.group(2)))
    return {p.relative_to(ROOT).as_posix() for p in seen}


def index_html(root=ROOT):
    return (root / "index.html").read_text(encoding="utf-8")


def test_index_preloads_exactly_the_first_screens_modules():
    preloaded = MODULEPRELOAD.findall(index_html())
    assert len(preloaded) == len(set(preloaded)), "a module preloaded twice"
    wanted = (static_graph("static/app.js") - {"static/app.js"}) | static_graph(
        "static/kit/index.js"
    )
    missing, extra = sorted(wanted - set(preloaded)), sorted(set(preloaded) - wanted)
    assert not missing and not extra, (
        f"index.html's <link rel=modulepreload> list is out of date: add {missing}, "
        f"remove {extra} (the static imports of static/app.js and static/kit/index.js)"
    )


def test_the_lesson_player_and_the_record_stay_out_of_the_first_screen():
    assert not LAZY & static_graph("static/app.js")
    assert not LAZY & set(MODULEPRELOAD.findall(index_html()))


def test_every_view_imports_only_the_preloaded_kit():
    for view in sorted((ROOT / "static" / "views").glob("*.js")):
        extra = (
            static_graph(view.relative_to(ROOT).as_posix())
            - static_graph("static/kit/index.js")
            - {view.relative_to(ROOT).as_posix()}
        )
        assert not {e for e in extra if not e.startswith("static/views/")}, (
            f"{view.name} imports {sorted(extra)} (add to index.html?)"
        )


def test_fetch_preloads_are_the_json_every_route_reads():
    # crossorigin: a fetch() is a CORS-mode request; a preload without it would not be reused.
    html = index_html()
    assert FETCH_PRELOAD.findall(html) == ["static/strings/common.json", "static/catalog.json"]
    assert html.count('rel="preload"') == 2
    assert 'fetch("static/catalog.json")' in (ROOT / "static" / "app.js").read_text(
        encoding="utf-8"
    )


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    import build

    out = tmp_path_factory.mktemp("preload") / "site"
    build.build(out)
    return out


def test_the_build_ships_the_links_and_every_file_they_name(built):
    import build

    # The one change the build makes: the friends' table relays in the CSP (static/relays.json).
    hosts = " ".join(build.relay_hosts())
    assert index_html(built) == index_html().replace(
        "connect-src 'self';", f"connect-src 'self' {hosts};"
    )
    html = index_html(built)
    for href in MODULEPRELOAD.findall(html) + FETCH_PRELOAD.findall(html):
        assert not href.startswith(("/", "http")), f"{href}: paths stay relative (any sub-path)"
        assert (built / href).is_file(), f"{href} is preloaded but not in the build"
    sw = (built / "sw.js").read_text(encoding="utf-8")
    for href in MODULEPRELOAD.findall(html):
        assert f'"{href}"' in sw, f"{href} not precached"
