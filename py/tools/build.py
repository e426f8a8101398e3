#!/usr/bin/env python3
"""Build the deployable site into dist/: the app, the vendored runtime and the service worker.

    python3 py/tools/build.py [--out dist]

1. Installs the pinned runtime from the npm registry (``npm ci`` against package-lock.json) when
   node_modules is missing or older than the lock file.
2. Writes pyscript.toml (its ``[files]``: the package as one archive, PACKAGE_ARCHIVE, made
   from every module of the package: a new game module is shipped by existing), and the site's
   static/catalog.json (the game list with each game's players and options, so the browser
   imports only the game being played) with static/openings/ (each game's opening table, which
   a cold visit draws before the engine is up).
3. Copies index.html, pyscript.toml, py/ (the package's archive and worker.py), static/ and the
   runtime (static/vendor/pyodide, static/vendor/pyscript) into the output folder. Pyodide's
   python_stdlib.zip is trimmed to the modules the app imports (py/tools/stdlib_keep.txt, recorded
   in the browser by py/tools/record_stdlib.py, plus a small safety list below) and rewritten with
   stored entries without comments and docstrings (py/tools/strip_stdlib.py, run in the shipped
   Pyodide under Node), so that the whole file compresses on the wire. The vendored PyScript
   chunk gets PYSCRIPT_PATCHES (start-up without IndexedDB, where storage is blocked).
4. Writes sw.js at the root of the output: the precache list and a cache name made from a hash
   of every shipped file, so any change in the app or the runtime makes a new cache; then gzip
   and Brotli copies of the text and runtime files (FILE.gz, FILE.br) for hosts that serve
   pre-compressed files (Brotli by Node's built-in zlib: no extra dependency).

Every path in the output is relative, so the folder works from any sub-path of any static host.
"""

from __future__ import annotations

import argparse
import ast
import gzip
import hashlib
import json
import pathlib
import re
import shutil
import subprocess
import sys
import zipfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
TOOLS = ROOT / "py" / "tools"
PY = ROOT / "py"
sys.path.insert(0, str(PY))
sys.path.insert(0, str(TOOLS))

PYODIDE_FILES = [
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
]
# PyScript's dist chunks that the app needs are found by following imports from core.js.
PYSCRIPT_DIST = ROOT / "node_modules" / "@pyscript" / "core" / "dist"
PYODIDE_DIST = ROOT / "node_modules" / "pyodide"
# A friends' table (issue #32): Trystero's torrent strategy (WebRTC, signalling over WebTorrent
# trackers) and a QR code encoder, vendored like the runtime. Loaded only when a friends' table is
# opened (dynamic imports in static/app/link.js and friends-host.js).
TRYSTERO_CORE = ROOT / "node_modules" / "@trystero-p2p" / "core" / "dist"
TRYSTERO_TORRENT = ROOT / "node_modules" / "@trystero-p2p" / "torrent" / "dist" / "index.mjs"
SELF_ID_LINE = "const selfId = genId(20);"
SELF_ID_CHOSEN = (
    "let selfId = /^[0-9A-Za-z]{20}$/.test(globalThis.tabletopPeerId ?? '')"
    " ? globalThis.tabletopPeerId : genId(20);"
    " globalThis.tabletopRenewPeerId = () => { selfId = genId(20); return selfId; };"
)
QRCODE = ROOT / "node_modules" / "qrcode-generator" / "dist" / "qrcode.mjs"
RELAYS = ROOT / "static" / "relays.json"
# The pages the build ships, each with the CSP the relays are written into.
PAGES = ("index.html", "friends.html")
# Chunks of PyScript plugins the app disables in pyscript.toml (editor, terminal, game, ...).
UNUSED_PLUGIN_CHUNKS = (
    "py-editor",
    "py-terminal",
    "py-game",
    "codemirror",
    "xterm",
    "donkey",
    "deprecations-manager",
    "pyodide_graph",
)
COMPRESS = {".js", ".mjs", ".wasm", ".zip", ".json", ".css", ".html", ".py", ".toml", ".svg"}

# ---------------------------------------------------------------- the trimmed standard library
# Pyodide writes python_stdlib.zip to /lib/python314.zip and imports from it with zipimport; it
# checks no hash of it (pyodide-lock.json covers packages only). The app needs a small part:
# the modules in STDLIB_KEEP were recorded in the browser (py/tools/record_stdlib.py: the app's
# own worker, every game played, every bot level, hints, truth, analysis, replays and refusals).
STDLIB_KEEP = ROOT / "py" / "tools" / "stdlib_keep.txt"
# The safety list: modules kept although the recording did not import them, each for a reason.
# A name ending in ".*" keeps the whole package.
STDLIB_SAFETY = (
    # Pyodide's own Python side that its JS API reaches on paths the recording may not take.
    "_pyodide.*",
    "pyodide._core",
    "pyodide.ffi.*",
    # Codecs that a bytes.decode / str.encode or an I/O wrapper may look up by name.
    "encodings.ascii",
    "encodings.latin_1",
    "encodings.utf_8_sig",
    # Small modules an engine may import inside a function on a path no recorded game took.
    "collections.abc",
    "copy",
    "bisect",
    "heapq",
    "string",
    "numbers",
)


def stdlib_module_files(names):
    """{module name: path in the zip} for every .py module in the zip."""
    out = {}
    for name in names:
        if not name.endswith(".py"):
            continue
        parts = name[:-3].split("/")
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = name
    return out


def read_keep_list(path=STDLIB_KEEP):
    """The recorded module names (comments and blank lines skipped)."""
    if not path.exists():
        return []
    return [
        line.strip()
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]


_IMPORT_RE = re.compile(
    r"^[ \t]*(?:import[ \t]+([\w., \t]+)|from[ \t]+(\.*)([\w.]*)[ \t]+import[ \t]+\(?([\w., \t]+))",
    re.MULTILINE,
)


def source_imports(text, module, is_package):
    """Module names a source may import (any depth, any branch): a generous reading for the
    safety net, not the recording."""
    found = set()
    for plain, dots, base, names in _IMPORT_RE.findall(text):
        if plain:
            found.update(n.split(" as ")[0].strip() for n in plain.split(","))
            continue
        if dots:
            package = module.split(".") if is_package else module.split(".")[:-1]
            package = package[: len(package) - (len(dots) - 1)]
            base = ".".join(package + ([base] if base else []))
        found.add(base)
        found.update(f"{base}.{n.split(' as ')[0].strip()}" for n in names.split(","))
    out = set()
    for name in found:
        parts = [p for p in name.split(".") if p]
        out.update(".".join(parts[:i]) for i in range(1, len(parts) + 1))
    return out


def package_stdlib_imports():
    """Top-level and dotted module names the shipped Python files import (read statically)."""
    found = {}
    for rel in package_files():
        tree = ast.parse((PY / rel).read_bytes())
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            for name in names:
                parts = name.split(".")
                for i in range(1, len(parts) + 1):
                    found.setdefault(".".join(parts[:i]), rel)
    return found


def stdlib_keep_set(files, zf):
    """The module names to keep: recorded + safety list + (safety net) whatever the shipped
    package imports that the recording lacks, with what those modules may import in turn."""
    keep = set()
    for name in list(read_keep_list()) + list(STDLIB_SAFETY):
        if name.endswith(".*"):
            base = name[:-2]
            keep.update(m for m in files if m == base or m.startswith(base + "."))
        elif name in files:
            keep.add(name)
    missing = {
        name: rel
        for name, rel in package_stdlib_imports().items()
        if name in files and name not in keep
    }
    if missing:
        print(
            "build: stdlib modules imported by the package but not in the recorded list (kept, with their imports;"
            " run py/tools/record_stdlib.py): "
            + ", ".join(f"{n} ({rel})" for n, rel in sorted(missing.items()))
        )
    todo = list(missing)
    while todo:
        name = todo.pop()
        if name in keep:
            continue
        keep.add(name)
        path = files[name]
        text = zf.read(path).decode("utf-8", "replace")
        todo.extend(
            m
            for m in source_imports(text, name, path.endswith("__init__.py"))
            if m in files and m not in keep
        )
    # A module inside a package needs the package's __init__ (and its parents').
    for name in list(keep):
        parts = name.split(".")
        keep.update(
            ".".join(parts[:i]) for i in range(1, len(parts)) if ".".join(parts[:i]) in files
        )
    return keep


def write_stdlib(src, dst, trim=True, stored=True, strip=True):
    """python_stdlib.zip for the site: the kept modules only (all of it with trim=False), in
    stored (uncompressed) entries when ``stored``, so the transfer's gzip/Brotli compresses the
    whole file at once instead of meeting entries deflated one by one; with ``strip`` (and
    ``trim``), without comments and docstrings (py/tools/strip_stdlib.py). Returns the count."""
    dst.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(src) as zin:
        infos = zin.infolist()
        files = stdlib_module_files(i.filename for i in infos)
        keep_paths = {files[m] for m in stdlib_keep_set(files, zin)} if trim else None
        with zipfile.ZipFile(dst, "w") as zout:
            kept = 0
            for info in infos:
                if info.is_dir():
                    continue
                if keep_paths is not None and info.filename not in keep_paths:
                    continue
                out = zipfile.ZipInfo(info.filename, date_time=info.date_time)
                out.external_attr = info.external_attr
                out.compress_type = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
                zout.writestr(out, zin.read(info), compresslevel=None if stored else 9)
                kept += 1
    if trim and strip:
        strip_stdlib(dst)
    return kept


# Stripping and compiling run in the Pyodide the site ships (under Node): only Python 3.14's own
# ast and tokenize read its standard library exactly, and only it writes its own bytecode. Loading Pyodide takes seconds, so the result is
# kept by content hash, like the Brotli copies.
STDLIB_CACHE = ROOT / "build" / "stdlib-cache"
STRIP_JS = r"""
const fs = require("fs"), path = require("path"), { pathToFileURL } = require("url");
const job = JSON.parse(fs.readFileSync(0, "utf8"));
(async () => {
  const { loadPyodide } = await import(pathToFileURL(path.join(job.pyodide, "pyodide.mjs")).href);
  const py = await loadPyodide({ indexURL: job.pyodide + "/" });
  py.FS.writeFile("/tmp/strip_stdlib.py", fs.readFileSync(job.script));
  py.FS.writeFile("/tmp/in.zip", fs.readFileSync(job.src));
  const report = py.runPython(`import sys, json; sys.path.insert(0, "/tmp"); import strip_stdlib
s = strip_stdlib.strip_zip("/tmp/in.zip", "/tmp/out.zip")
c = strip_stdlib.compile_zip("/tmp/out.zip", "/tmp/compiled.zip")
json.dumps({"stripped": s["stripped"], "compiled": c["compiled"], "kept": s["kept"] + c["kept"]})`);
  fs.writeFileSync(job.compiled + ".part", py.FS.readFile("/tmp/compiled.zip"));
  fs.renameSync(job.compiled + ".part", job.compiled);
  fs.writeFileSync(job.dst + ".part", py.FS.readFile("/tmp/out.zip"));
  fs.renameSync(job.dst + ".part", job.dst);
  process.stdout.write(report);
})().catch((err) => { console.error(err); process.exit(1); });
"""

# The standard library compiled to bytecode, beside the source zip. A cold visit downloads the
# source (its .pyc are 2.6 times as many bytes under Brotli: 0.82 MB against 0.31 MB); the
# service worker precaches the compiled one afterwards and answers every later request for the
# source zip with it (sw.template.js), so a return visit's Pyodide imports without compiling.
STDLIB_COMPILED = "python_stdlib.compiled.zip"


def strip_stdlib(zip_path):
    """Replaces ``zip_path`` by its copy without comments and docstrings, and writes that copy
    compiled to ``.pyc`` by the shipped Python beside it (``STDLIB_COMPILED``); both cached."""
    script = TOOLS / "strip_stdlib.py"
    digest = hashlib.sha256(
        zip_path.read_bytes() + script.read_bytes() + (PYODIDE_DIST / "package.json").read_bytes()
    ).hexdigest()[:32]
    cached = STDLIB_CACHE / (digest + ".zip")
    compiled = STDLIB_CACHE / (digest + ".compiled.zip")
    if not (cached.exists() and compiled.exists()):
        if not shutil.which("node"):
            print("build: no Node.js, so the standard library keeps its comments and docstrings")
            return
        STDLIB_CACHE.mkdir(parents=True, exist_ok=True)
        print(
            "build: stripping and compiling the standard library (in Pyodide, under Node)",
            flush=True,
        )
        job = {
            "pyodide": str(PYODIDE_DIST),
            "script": str(script),
            "src": str(zip_path),
            "dst": str(cached),
            "compiled": str(compiled),
        }
        done = subprocess.run(
            ["node", "-e", STRIP_JS],
            input=json.dumps(job),
            text=True,
            capture_output=True,
            check=True,
        )
        report = json.loads(done.stdout)
        print(
            f"build: stripped {report['stripped']} files, compiled {report['compiled']}"
            + (f"; kept as they were: {report['kept']}" if report["kept"] else "")
        )
    shutil.copyfile(cached, zip_path)
    shutil.copyfile(compiled, zip_path.with_name(STDLIB_COMPILED))


def ensure_node_modules():
    """npm ci when the installed runtime is not the one package-lock.json pins (by version, not by
    file times: a fresh checkout's lock is always newer than an install). A node_modules that is a
    link to a shared install (a git worktree's) is never reinstalled through the link: npm would
    empty the shared folder first."""
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))["packages"]
    modules = ROOT / "node_modules"

    def installed(name):
        meta = modules / name / "package.json"
        return (
            json.loads(meta.read_text(encoding="utf-8")).get("version") if meta.exists() else None
        )

    wanted = (
        "pyodide",
        "@pyscript/core",
        "axe-core",
        "prettier",
        "typescript",
        "@trystero-p2p/core",
        "@trystero-p2p/torrent",
        "qrcode-generator",
    )
    if all(
        installed(name) == lock.get(f"node_modules/{name}", {}).get("version") for name in wanted
    ):
        return
    if modules.is_symlink():
        raise SystemExit(
            f"build: {modules} links to {modules.resolve()}, which lacks the pinned runtime: "
            "run npm ci there, not through the link"
        )
    print("build: npm ci (pinned pyodide and @pyscript/core)", flush=True)
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True)


BROWSERLESS = {"tabletop/__main__.py", "tabletop/bots/arena.py"}


def package_files():
    """Every Python file the browser needs: the package and the worker glue."""
    # The command line and the arena (bot matches, run with multiprocessing) are not for the browser.
    files = sorted(
        p.relative_to(PY).as_posix()
        for p in (PY / "tabletop").rglob("*.py")
        if p.relative_to(PY).as_posix() not in BROWSERLESS
    )
    return files + ["worker.py"]


# The package ships as one archive that Python imports from (zipimport, on sys.path: py/worker.py)
# rather than one file per module: a cold visit fetches it in one request, where [files] listed
# 44 (each 150 ms of latency on a phone's network, six at a time). Entries are stored, so the
# archive compresses whole on the wire (as the standard library's does).
PACKAGE_ARCHIVE = "py/tabletop.zip"
MODULES_PLACEHOLDER = "__MODULES__"


def package_modules():
    """The package's modules as Python names them (tabletop, tabletop.games.mate, ...)."""
    return [
        rel.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
        for rel in package_files()
        if rel != "worker.py"
    ]


def write_package_archive(out):
    """``out``/PACKAGE_ARCHIVE from the shipped package files (ship_python), stored, in a fixed
    order and with fixed dates, so the same sources make the same bytes."""
    staged = out / "py" / "tabletop"
    with zipfile.ZipFile(out / PACKAGE_ARCHIVE, "w", zipfile.ZIP_STORED) as zf:
        for rel in package_files():
            if rel == "worker.py":
                continue
            info = zipfile.ZipInfo(rel, date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            zf.writestr(info, (out / "py" / rel).read_bytes())
    shutil.rmtree(staged)


def write_pyscript_toml():
    lines = [
        "# Generated by py/tools/build.py from the package files: edit the build, not this list.",
        "# The interpreter is the self-hosted Pyodide (paths are relative to this file).",
        'interpreter = "./static/vendor/pyodide/pyodide.mjs"',
        "# PyScript plugins the app does not use are not loaded.",
        'plugins = ["!error", "!py-editor", "!py-terminal", "!py-game", "!deprecations-manager", "!donkey"]',
        "",
        "# The package, as one archive (build.py: PACKAGE_ARCHIVE); py/worker.py imports from it.",
        "[files]",
        f'"./{PACKAGE_ARCHIVE}" = "./{PACKAGE_ARCHIVE.rsplit("/", 1)[1]}"',
    ]
    text = "\n".join(lines) + "\n"
    path = ROOT / "pyscript.toml"
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")
        print("build: wrote pyscript.toml")
    return text


def write_catalog(out):
    """static/catalog.json in the site: every game, playable when it has an engine and a table view."""
    from tabletop import session

    games = session.catalog()
    engine = hashlib.sha256()
    for path in sorted((PY / "tabletop").rglob("*.py")):
        engine.update(path.read_bytes())
    for game in games:
        view = ROOT / "static" / "views" / f"{game['slug']}.js"
        game["available"] = game["available"] and view.exists()
        # The code that makes and draws this game's views: a table saved for an instant return
        # visit is drawn only by the same code (a new build waits for the engine instead).
        code = engine.copy()
        if view.exists():
            code.update(view.read_bytes())
        game["code"] = code.hexdigest()[:16]
    path = out / "static" / "catalog.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(games, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    write_openings(out, games)


def write_openings(out, games):
    """static/openings/<slug>.json: each game's opening table, drawn by a cold visit before the
    engine is up (static/app.js, coldOpening). It is the engine's own view(0) of a new game at the
    game's defaults (players, options) against the computer, with a seed fixed for this build of
    the game (from its code hash); the engine then deals the same seed and its view replaces it."""
    from tabletop import get_game

    for game in games:
        if not game["available"]:
            continue
        seed = int(game["code"][:8], 16) & 0x7FFFFFFF
        state = get_game(game["slug"]).new_state(
            players=game["default_players"], options={}, seed=seed
        )
        opening = {
            "seed": seed,
            "players": game["default_players"],
            "code": game["code"],
            "view": state.view(0),
        }
        path = out / "static" / "openings" / f"{game['slug']}.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(opening, ensure_ascii=False) + "\n", encoding="utf-8")


def pyscript_chunks():
    """core.js and every chunk it imports, statically or dynamically, minus unused plugins."""
    import re

    wanted, todo = set(), ["core.js"]
    while todo:
        name = todo.pop()
        if name in wanted:
            continue
        wanted.add(name)
        text = (PYSCRIPT_DIST / name).read_text(encoding="utf-8")
        for ref in re.findall(r"""["'`]\./([\w.-]+\.js)["'`]""", text):
            if (PYSCRIPT_DIST / ref).exists() and not ref.startswith(UNUSED_PLUGIN_CHUNKS):
                todo.append(ref)
    return sorted(wanted) + ["core.css"]


# PyScript 0.7.31 cannot start where the page may not open IndexedDB (a third-party iframe in a
# browser that blocks third-party storage, as Debian's Chromium does): its worker always opens an
# IndexedDB-backed map for its package cache ("Loading Storage": polyscript's IDBMapSync, even
# with no packages) and awaits it; indexedDB.open fails there ("UnknownError: The user denied
# permission to access the database"), the open request's error handler re-dispatches the event
# it is handling (InvalidStateError), the start-up rejects with that Event, and the worker's
# attempt to post it to the page fails with "DataCloneError: ... Event object could not be
# cloned". The main thread's pyscript.fs map fails the same way at load (an unhandled rejection).
# These edits of the vendored chunk (each found exactly as often as expected, or the build stops:
# re-check them after a PyScript upgrade) make such a map an in-memory one for the page's life:
# the error handler rejects with the DOMException instead of re-dispatching, the rejection is
# marked handled, and the map syncs to nothing and closes quietly. Nothing else changes.
PYSCRIPT_PATCHES = [
    # (pattern, replacement, times found in the chunk: the page's copy and the worker's copy)
    (
        r"onerror\(e\)\{(\w)\(e\),this\.dispatchEvent\(e\)\}",
        r"onerror(e){e.preventDefault(),\1(e.target.error)}",
        2,
    ),
    (
        r";return e\}\)\}dispatchEvent\((\w)\)\{",
        r";return e}),this.#e.catch(()=>{})}dispatchEvent(\1){",
        2,
    ),
    (
        re.escape(
            "this.#o=this.#s.entries().then(e=>{for(const[t,n]of e)super.set(t,n)})}async close(){await this.#o,await this.#s.close()}"
        ),
        "this.#o=this.#s.entries().then(e=>{for(const[t,n]of e)super.set(t,n)},()=>{this.#s=null})}async close(){await this.#o,await this.#s?.close()}",
        2,
    ),
    (re.escape("this.#o.then(()=>this.#s."), "this.#o.then(()=>this.#s?.", 6),
]


# The engine's start-up snapshot (issue #36). static/app/snapshot.js (a worker of the page's, in
# idle time) boots a Pyodide, imports the package and stores the interpreter's memory in Cache
# Storage under SNAPSHOT_KEY; this patch makes PyScript's worker restore it
# (loadPyodide({_loadSnapshot}), Pyodide's experimental option) instead of booting Python and
# importing the engines. Anything wrong (no snapshot, one of another build: another key, or one
# Pyodide refuses or that lacks the package) boots as before, and a snapshot that failed is
# deleted and marked so that it is not made again for this build. The code goes into the worker's
# source, a single-quoted string in the chunk: no quote or backslash of that kind in it. The
# interpreter's global random is seeded afresh, as a boot would.
SNAPSHOT_CACHE = "tabletop:snapshot"
SNAPSHOT_KEY_PLACEHOLDER = "__SNAPSHOT_KEY__"
SNAPSHOT_MAKER = ROOT / "static" / "app" / "snapshot.js"
SNAPSHOT_LOAD = re.compile(r"await (\w)\((\w)\(\{stderr:(\w),stdout:(\w),\.\.\.(\w)\}\)\)")
SNAPSHOT_RESTORE = (
    "await \\1((async(L,o)=>{let c=null,b=null;"
    'const u=String(o.indexURL),k=(u.endsWith("/")?u:u+"/")+"snapshot-KEY";'
    'try{c=await caches.open("CACHE");const r=await c.match(k);'
    "b=r?new Uint8Array(await r.arrayBuffer()):null}catch(x){}"
    "if(b){try{const y=await L({...o,_loadSnapshot:b});"
    'y.runPython("import tabletop.protocol, random; random.seed()");y._tabletopRestored=1;'
    "return y}catch(x){"
    'console.warn("tabletop: the start-up snapshot was not restored, booting without it:",x);'
    'try{await c.delete(k);await c.put(k+"-failed",new Response(String(x)))}catch(z){}}}'
    "return L(o)})(\\2,{stderr:\\3,stdout:\\4,...\\5}))"
)

# A restored interpreter has imported every module of the package already (snapshot.js), so
# PyScript's worker skips fetching and writing pyscript.toml's [files] (the package's archive;
# a normal boot still writes it).
SNAPSHOT_SKIP_FILES = (
    re.compile(r"(\w+)=async\((\w),(\w),(\w),(\w),(\w)\)=>\{\5\.files&&\(\3\(\"Loading files\"\)"),
    r'\1=async(\2,\3,\4,\5,\6)=>{\5.files&&!\4._tabletopRestored&&(\3("Loading files")',
    2,
)
# PyScript runs `import pyscript` in the worker before the script, on every boot: a dozen modules
# compiled from source (PyScript writes them as .py each time), 0.1-0.2 s on a phone's processor.
# The app's Python never imports pyscript (worker.py answers through __export__, which PyScript's
# JavaScript reads), so the import is left to whoever needs it (`import pyscript` still works).
PYSCRIPT_NO_IMPORT = (
    re.compile(
        r'(\w+)\.push\("import pyscript as _pyscript"\),'
        r'\1\.push\(\.\.\.\["_Path","_path","_os","_pyscript"\]'
    ),
    r'\1.push(...["_Path","_path","_os"]',
    1,
)


def snapshot_key(out):
    """What a snapshot holds, hashed: the runtime, both standard libraries, the package as shipped,
    pyscript.toml, the maker and the restore patch. Any change makes older snapshots unused."""
    digest = hashlib.sha256(SNAPSHOT_RESTORE.encode() + SNAPSHOT_MAKER.read_bytes())
    parts = [out / "pyscript.toml", *sorted((out / "static" / "vendor" / "pyodide").iterdir())]
    parts += sorted(p for p in (out / "py").rglob("*") if p.is_file())
    parts = [p for p in parts if p.suffix not in (".gz", ".br")]  # compressed copies, written later
    for path in parts:
        digest.update(path.relative_to(out).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def write_snapshot_maker(out, key, modules):
    """The maker worker as shipped, with this build's key and the package's modules."""
    path = out / "static" / "app" / "snapshot.js"
    text = path.read_text(encoding="utf-8")
    if text.count(f'"{SNAPSHOT_KEY_PLACEHOLDER}"') != 1:
        raise SystemExit("build: static/app/snapshot.js lost its SNAPSHOT_KEY placeholder")
    if text.count(f'JSON.parse("{MODULES_PLACEHOLDER}")') != 1:
        raise SystemExit("build: static/app/snapshot.js lost its MODULES placeholder")
    text = text.replace(SNAPSHOT_KEY_PLACEHOLDER, key)
    text = text.replace(f'JSON.parse("{MODULES_PLACEHOLDER}")', json.dumps(modules))
    path.write_text(text, encoding="utf-8")


def patch_pyscript(chunk, snapshot_key=None):
    """Applies PYSCRIPT_PATCHES to the vendored core chunk (the one holding the worker's code),
    and with ``snapshot_key`` the start-up snapshot's restore (SNAPSHOT_RESTORE: in the worker's
    copy and the page's, both found or the build stops)."""
    text = chunk.read_text(encoding="utf-8")
    if snapshot_key:
        restore = SNAPSHOT_RESTORE.replace("CACHE", SNAPSHOT_CACHE).replace("KEY", snapshot_key)
        text, found = SNAPSHOT_LOAD.subn(restore, text)
        if found != 2:
            raise SystemExit(
                f"build: PyScript's loadPyodide call found {found} times in {chunk.name}, expected 2:"
                " the vendored PyScript changed, re-check SNAPSHOT_RESTORE"
            )
    patches = list(PYSCRIPT_PATCHES) + [PYSCRIPT_NO_IMPORT]
    if snapshot_key:
        patches.append(SNAPSHOT_SKIP_FILES)
    for pattern, replacement, times in patches:
        text, found = re.subn(pattern, replacement, text)
        if found != times:
            raise SystemExit(
                f"build: PyScript patch {pattern!r} found {found} times in {chunk.name}, expected {times}:"
                " the vendored PyScript changed, re-check PYSCRIPT_PATCHES"
            )
    chunk.write_text(text, encoding="utf-8")


def ship_python(src, dst):
    """The package's files as the browser gets them: without comments and docstrings, line for
    line (a traceback's line numbers are the repository's), checked like the standard library's
    (py/tools/strip_stdlib.py: it compiles, the same syntax tree). The engines read no docstring;
    a file that mentions __doc__, or fails the check, is shipped as it is."""
    import strip_stdlib

    text = src.read_text(encoding="utf-8")
    if "__doc__" not in text:
        try:
            stripped = strip_stdlib.strip_source(text)
            strip_stdlib.check(text, stripped, str(src))
            text = stripped
        except (SyntaxError, ValueError) as err:
            print(f"build: {src.relative_to(ROOT)} shipped with its comments ({err})")
    dst.parent.mkdir(parents=True, exist_ok=True)
    dst.write_text(text, encoding="utf-8")


def copy(src, dst):
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)


# The switch of the test build's hooks in static/app/store.js (test-only link parameters, the
# console bridge window.tabletop): false as shipped, true in a build for the browser tests.
TESTING_LINE = "export const TESTING = false;"


def set_testing(out, on):
    """Turn the test hooks of the built site in ``out`` on or off (before its service worker and
    compressed copies are written: write_service_worker(out) after a change)."""
    path = out / "static" / "app" / "store.js"
    text = path.read_text(encoding="utf-8")
    lines = {TESTING_LINE, TESTING_LINE.replace("false", "true")}
    assert any(line in text for line in lines), "store.js has lost its TESTING line"
    for line in lines:
        text = text.replace(line, TESTING_LINE.replace("false", "true" if on else "false"))
    path.write_text(text, encoding="utf-8")


def check_relays(setting):
    """static/relays.json's setting, checked whole before anything is built from it: WebSocket
    trackers, STUN URLs, and TURN servers (a blog author's own relay for phones behind NATs that
    refuse peer to peer) as RTCIceServer objects with their credentials. Raises ValueError."""
    relays, stun, turn = setting.get("relays"), setting.get("stun"), setting.get("turn", [])
    if not isinstance(relays, list) or not relays:
        raise ValueError("relays.json: relays must list at least one tracker")
    for url in relays:
        if not isinstance(url, str) or url.split("://", 1)[0] not in ("wss", "ws"):
            raise ValueError(f"relays.json: {url!r} is not a WebSocket URL")
    if not isinstance(stun, list) or not all(
        isinstance(u, str) and u.startswith(("stun:", "stuns:")) for u in stun
    ):
        raise ValueError("relays.json: stun must list stun: URLs")
    if not isinstance(turn, list):
        raise ValueError("relays.json: turn must be a list")
    for server in turn:
        urls = server.get("urls") if isinstance(server, dict) else None
        urls = [urls] if isinstance(urls, str) else urls
        if not urls or not all(
            isinstance(u, str) and u.startswith(("turn:", "turns:")) for u in urls
        ):
            raise ValueError(f"relays.json: turn server {server!r} needs turn: or turns: urls")
        if not all(isinstance(server.get(k), str) for k in ("username", "credential")):
            raise ValueError(f"relays.json: turn server {urls[0]} needs a username and credential")
    return setting


def relay_hosts():
    """The origins of the relays static/relays.json names (wss://host[:port]), for the CSP."""
    relays = check_relays(json.loads(RELAYS.read_text(encoding="utf-8")))["relays"]
    hosts = []
    for url in relays:
        scheme, rest = url.split("://", 1)
        assert scheme in ("wss", "ws"), f"relays.json: {url} is not a WebSocket URL"
        origin = f"{scheme}://{rest.split('/', 1)[0]}"
        if origin not in hosts:
            hosts.append(origin)
    return hosts


CONNECT_SRC = "connect-src 'self'"


def write_page(src, dst, testing):
    """A page with the relays' hosts in its CSP's connect-src (and, in the test build, any
    loopback port: the browser tests' own tracker)."""
    text = src.read_text(encoding="utf-8")
    assert text.count(CONNECT_SRC + ";") == 1, f"{src.name}: its CSP lost {CONNECT_SRC}"
    extra = relay_hosts() + (["ws://127.0.0.1:*"] if testing else [])
    text = text.replace(CONNECT_SRC + ";", " ".join([CONNECT_SRC, *extra]) + ";")
    dst.parent.mkdir(parents=True, exist_ok=True)
    dst.write_text(text, encoding="utf-8")


def vendor_friends(out):
    """Trystero (core and the torrent strategy, its one bare import made relative) and the QR
    encoder, into static/vendor/ (their licences beside them)."""
    dst = out / "static" / "vendor" / "trystero"
    for src in sorted(TRYSTERO_CORE.glob("*.mjs")):
        copy(src, dst / "core" / src.name)
    # The host's peer id sorts after every guest's (static/app/link.js says why): Trystero draws
    # its id when the module loads, so the one line that draws it reads the host's choice first.
    # A guest that joins the room again takes a fresh id (link.js says why): the id is a `let`,
    # which every module importing it reads live, and globalThis.tabletopRenewPeerId draws anew.
    utils = dst / "core" / "utils.mjs"
    text = utils.read_text(encoding="utf-8")
    assert text.count(SELF_ID_LINE) == 1, "Trystero's peer id is no longer drawn in utils.mjs"
    utils.write_text(text.replace(SELF_ID_LINE, SELF_ID_CHOSEN), encoding="utf-8")
    text = TRYSTERO_TORRENT.read_text(encoding="utf-8")
    assert text.count('from "@trystero-p2p/core"') == 1, "Trystero's torrent imports changed"
    (dst / "torrent.mjs").write_text(
        text.replace('from "@trystero-p2p/core"', 'from "./core/index.mjs"'), encoding="utf-8"
    )
    copy(TRYSTERO_CORE.parent / "LICENSE", dst / "LICENSE")
    copy(QRCODE, out / "static" / "vendor" / "qrcode" / "qrcode.mjs")


def build(out, full_stdlib=False, testing=False):
    """Build the site into ``out``. ``full_stdlib``: ship Pyodide's standard library untrimmed
    (as py/tools/record_stdlib.py needs, to see everything the app imports). ``testing``: with the
    test hooks on (the browser tests and benchmarks: ?botdelay=, ?stall=, window.tabletop)."""
    ensure_node_modules()
    write_pyscript_toml()
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    write_catalog(out)
    for page in PAGES:
        write_page(ROOT / page, out / page, testing)
    copy(ROOT / "pyscript.toml", out / "pyscript.toml")
    for rel in package_files():
        ship_python(PY / rel, out / "py" / rel)
    write_package_archive(out)
    for src in sorted((ROOT / "static").rglob("*")):
        rel = src.relative_to(ROOT / "static")
        if src.is_file() and rel.parts[0] != "vendor" and src.name != "sw.template.js":
            copy(src, out / "static" / rel)
    for name in PYODIDE_FILES:
        if name == "python_stdlib.zip":
            kept = write_stdlib(
                PYODIDE_DIST / name,
                out / "static" / "vendor" / "pyodide" / name,
                trim=not full_stdlib,
            )
            print(
                f"build: python_stdlib.zip with {kept} files"
                + ("" if full_stdlib else " (trimmed to the recorded imports)")
            )
        else:
            copy(PYODIDE_DIST / name, out / "static" / "vendor" / "pyodide" / name)
    key = snapshot_key(out)
    write_snapshot_maker(out, key, package_modules())
    for name in pyscript_chunks():
        copy(PYSCRIPT_DIST / name, out / "static" / "vendor" / "pyscript" / name)
        if name.startswith("core-") and "indexedDB" in (PYSCRIPT_DIST / name).read_text(
            encoding="utf-8"
        ):
            patch_pyscript(out / "static" / "vendor" / "pyscript" / name, key)

    vendor_friends(out)
    set_testing(out, testing)
    version = write_service_worker(out)
    total = sum(
        p.stat().st_size for p in out.rglob("*") if p.is_file() and p.suffix not in (".gz", ".br")
    )
    count = sum(1 for p in out.rglob("*") if p.is_file() and p.suffix not in (".gz", ".br"))
    print(f"build: {out} version {version}, {count} files, {total / 1e6:.1f} MB")
    return version


def write_service_worker(out):
    """sw.js and version.json for the files in ``out``; the version is a hash of all of them.

    Also (re)writes the gzip and Brotli copies. Returns the version.
    """
    for old in [*out.rglob("*.gz"), *out.rglob("*.br")]:
        old.unlink()
    shipped = sorted(
        p.relative_to(out).as_posix()
        for p in out.rglob("*")
        if p.is_file() and p.name not in ("sw.js", "version.json")
    )
    digest = hashlib.sha256()
    for rel in shipped:
        digest.update(rel.encode() + b"\0" + (out / rel).read_bytes())
    version = digest.hexdigest()[:16]
    sw = (ROOT / "static" / "sw.template.js").read_text(encoding="utf-8")
    sw = sw.replace("__VERSION__", version).replace(
        "__FILES__", json.dumps(["./"] + shipped, indent=1)
    )
    (out / "sw.js").write_text(sw, encoding="utf-8")
    (out / "version.json").write_text(json.dumps({"version": version}) + "\n", encoding="utf-8")
    write_compressed([p for p in out.rglob("*") if p.is_file() and p.suffix in COMPRESS])
    return version


# Brotli at its best quality is slow on the 9.6 MB wasm (~20 s), so each file's .br is kept in a
# cache by content hash: the runtime's files are compressed once per machine, not per build.
BROTLI_CACHE = ROOT / "build" / "brotli-cache"
BROTLI_JS = r"""
const zlib = require("zlib"), fs = require("fs");
const jobs = JSON.parse(fs.readFileSync(0, "utf8"));
Promise.all(jobs.map(([src, dst]) => new Promise((resolve, reject) => {
  const data = fs.readFileSync(src);
  zlib.brotliCompress(data, { params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_LGWIN]: 24,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } },
  (err, packed) => { if (err) return reject(err); fs.writeFileSync(dst + ".part", packed); fs.renameSync(dst + ".part", dst); resolve(); });
}))).catch((err) => { console.error(err); process.exit(1); });
"""


def write_compressed(paths):
    """FILE.gz (gzip -9) and FILE.br (Brotli 11, by Node's built-in zlib) beside each file, for
    hosts (and the dev server) that serve pre-compressed files with Content-Encoding."""
    cached = {}
    for path in paths:
        data = path.read_bytes()
        path.with_name(path.name + ".gz").write_bytes(gzip.compress(data, 9, mtime=0))
        cached[path] = BROTLI_CACHE / (hashlib.sha256(data).hexdigest() + ".br")
    todo = sorted({(str(path), str(br)) for path, br in cached.items() if not br.exists()})
    if todo:
        if not shutil.which("node"):
            print("build: no Node.js, so no Brotli copies (gzip only)")
            return
        BROTLI_CACHE.mkdir(parents=True, exist_ok=True)
        print(
            f"build: Brotli for {len(todo)} file(s) (cached in {BROTLI_CACHE.relative_to(ROOT)})",
            flush=True,
        )
        subprocess.run(["node", "-e", BROTLI_JS], input=json.dumps(todo), text=True, check=True)
    for path, br in cached.items():
        shutil.copyfile(br, path.with_name(path.name + ".br"))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "dist"))
    parser.add_argument(
        "--testing", action="store_true", help="with the test hooks (not for publishing)"
    )
    args = parser.parse_args(argv)
    build(pathlib.Path(args.out).resolve(), testing=args.testing)


if __name__ == "__main__":
    main()
