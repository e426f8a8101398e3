"""The build's part of the engine's start-up snapshot (issue #36; py/tools/build.py): the vendored
PyScript restores it in both its copies (or the build stops, so a PyScript upgrade cannot drop the
patch silently), the maker ships with the build's key, and the key changes with anything the
snapshot holds but not with the rest of the site. The browser side: tests/browser/test_snapshot.py."""

import json
import pathlib
import re
import shutil
import sys
import zipfile

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py" / "tools"))

import build  # noqa: E402


def chunk_of(site):
    chunks = [
        p
        for p in (site / "static" / "vendor" / "pyscript").glob("core-*.js")
        if "indexedDB" in p.read_text(encoding="utf-8")
    ]
    assert len(chunks) == 1, chunks
    return chunks[0]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("snapshot") / "dist"
    build.build(out)
    return out


def test_the_shipped_pyscript_restores_the_snapshot_of_this_build(site):
    text = chunk_of(site).read_text(encoding="utf-8")
    key = build.snapshot_key(site)
    assert re.fullmatch(r"[0-9a-f]{16}", key)
    assert text.count('caches.open("tabletop:snapshot")') == 2  # the worker's copy and the page's
    assert text.count(f'"snapshot-{key}"') == 2
    assert text.count("_loadSnapshot:b") == 2
    assert not build.SNAPSHOT_LOAD.search(text)  # no loadPyodide call left unpatched
    # A restored interpreter skips [files] (both copies); no boot imports pyscript first.
    assert text.count("!n._tabletopRestored&&") + text.count("._tabletopRestored&&(") >= 2
    assert text.count("_tabletopRestored=1") == 2
    assert "import pyscript as _pyscript" not in text
    # The worker's copy is a single-quoted JS string: the patch may hold no such quote, no backslash.
    restore = build.SNAPSHOT_RESTORE
    assert "'" not in restore
    assert "\\" not in re.sub(r"\\[1-5]", "", restore)
    maker = (site / "static" / "app" / "snapshot.js").read_text(encoding="utf-8")
    assert f'const SNAPSHOT_KEY = "{key}";' in maker
    assert build.SNAPSHOT_KEY_PLACEHOLDER not in maker
    assert build.MODULES_PLACEHOLDER not in maker
    modules = json.loads(re.search(r"const MODULES = (\[.*\]);", maker).group(1))
    assert modules == build.package_modules()
    assert {"tabletop", "tabletop.games.watten", "tabletop.players.watten"} <= set(modules)
    # The package as the browser gets it: one archive of every module (worker.py beside it).
    with zipfile.ZipFile(site / build.PACKAGE_ARCHIVE) as zf:
        names = zf.namelist()
        assert all(i.compress_type == zipfile.ZIP_STORED for i in zf.infolist())
    assert names == [rel for rel in build.package_files() if rel != "worker.py"]
    assert sorted(p.name for p in (site / "py").iterdir() if p.suffix in (".py", ".zip")) == [
        "tabletop.zip",
        "worker.py",
    ]
    # The service worker precaches the maker (an offline visit can make the snapshot too).
    assert '"static/app/snapshot.js"' in (site / "sw.js").read_text(encoding="utf-8")


def test_the_build_stops_when_pyscript_no_longer_calls_load_pyodide_as_patched(tmp_path):
    chunk = tmp_path / "core-x.js"
    source = chunk_of_npm().read_text(encoding="utf-8")
    chunk.write_text(source.replace("stderr:", "stderr :"), encoding="utf-8")
    with pytest.raises(SystemExit, match="loadPyodide call found 0 times"):
        build.patch_pyscript(chunk, "0123456789abcdef")


def chunk_of_npm():
    return next(
        p
        for p in build.PYSCRIPT_DIST.glob("core-*.js")
        if "indexedDB" in p.read_text(encoding="utf-8")
    )


def test_the_key_follows_what_the_snapshot_holds(site, tmp_path):
    copy = tmp_path / "site"
    shutil.copytree(site, copy, ignore=shutil.ignore_patterns("*.br", "*.gz"))
    key = build.snapshot_key(copy)
    # The rest of the site (a page, the app's scripts) does not change it ...
    (copy / "index.html").write_text("changed", encoding="utf-8")
    (copy / "static" / "app.js").write_text("changed", encoding="utf-8")
    assert build.snapshot_key(copy) == key
    # ... a file of the package (in its archive) does, and so does the runtime.
    archive = copy / build.PACKAGE_ARCHIVE
    with zipfile.ZipFile(archive, "a") as zf:
        zf.writestr("tabletop/games/changed.py", "# changed\n")
    changed = build.snapshot_key(copy)
    assert changed != key
    stdlib = copy / "static" / "vendor" / "pyodide" / build.STDLIB_COMPILED
    stdlib.write_bytes(stdlib.read_bytes() + b"\0")
    assert build.snapshot_key(copy) not in (key, changed)
