// The engine's start-up snapshot (issue #36): a module worker, started by the page in idle time
// once the service worker controls it (static/app.js), that boots a Pyodide of its own, imports
// every module of the package, and stores the interpreter's memory in Cache Storage
// (SNAPSHOT_CACHE, under SNAPSHOT_KEY). On later visits the engine's PyScript worker restores it
// instead of booting Python and importing the engines (the patch of the vendored PyScript in
// py/tools/build.py, SNAPSHOT_RESTORE), and falls back to a normal boot when it is missing, from
// another build or broken.
//
// It is made here, apart from PyScript, because a memory snapshot may only hold JavaScript objects
// that Pyodide can find again by their path from globalThis: the interpreter below imports no
// `js` and no PyScript module, only the package (the archive of pyscript.toml's [files], at the
// same place: /home/pyodide, the engine worker's working directory).
//
// SNAPSHOT_KEY and MODULES are written by the build: a hash of what the snapshot holds (the
// runtime, both standard libraries, the package as shipped, this file and the restore patch), so
// a snapshot of another build is never restored; and the package's modules. Answers the page
// with one message: "made", "present" (already made, or failed once for this build: never
// retried), "failed: ..." (a failure is recorded).
const SNAPSHOT_KEY = "__SNAPSHOT_KEY__";
/** @type {string[]} */
const MODULES = JSON.parse("__MODULES__");
const ARCHIVE = "py/tabletop.zip"; // py/tools/build.py: PACKAGE_ARCHIVE
const SNAPSHOT_CACHE = "tabletop:snapshot";
const HOME = "/home/pyodide/";
// The entry's URL: beside the runtime (the engine's worker knows only the runtime's URL).
const SITE = new URL("../../", import.meta.url);
const INDEX_URL = new URL("static/vendor/pyodide/", SITE).href;
const ENTRY = INDEX_URL + "snapshot-" + SNAPSHOT_KEY;

// Every module of the package is imported, so that any game (and its players, hints, replays) is
// ready; then the archive leaves sys.path (a restored boot has no archive: every module is in
// memory already), and the import system's caches of the zips are dropped: the engine worker's
// Pyodide may mount the other copy of the standard library (the source zip on a visit the service
// worker does not answer), whose table of contents differs (new finders are made for every path
// entry; importlib.invalidate_caches() would need importlib.metadata, which the trimmed standard
// library lacks).
const prepare = (modules) => `
import importlib, sys, zipimport
MODULES = ${JSON.stringify(modules)}
sys.path.insert(0, "${HOME}tabletop.zip")
for _name in MODULES:
    importlib.import_module(_name)
del _name
sys.path.remove("${HOME}tabletop.zip")
zipimport._zip_directory_cache.clear()
sys.path_importer_cache.clear()
del importlib, sys, zipimport, MODULES
`;

async function make() {
  const cache = await caches.open(SNAPSHOT_CACHE);
  if ((await cache.match(ENTRY)) || (await cache.match(ENTRY + "-failed"))) {
    return "present";
  }
  try {
    const res = await fetch(new URL(ARCHIVE, SITE));
    if (!res.ok) throw new Error(`${ARCHIVE}: ${res.status}`);
    const archive = new Uint8Array(await res.arrayBuffer());
    const { loadPyodide } = await import(INDEX_URL + "pyodide.mjs");
    const py = await loadPyodide({ indexURL: INDEX_URL, _makeSnapshot: true });
    py.FS.writeFile(HOME + "tabletop.zip", archive);
    py.runPython(prepare(MODULES));
    const snapshot = py.makeMemorySnapshot();
    for (const old of await cache.keys()) await cache.delete(old); // another build's, if any
    await cache.put(
      ENTRY,
      new Response(snapshot, { headers: { "Content-Type": "application/octet-stream" } }),
    );
    return "made";
  } catch (err) {
    await cache.put(ENTRY + "-failed", new Response(String(err)));
    return "failed: " + err;
  }
}

make().then(
  (said) => postMessage(said),
  (err) => postMessage("failed: " + err),
);
