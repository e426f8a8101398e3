"""The browser glue: runs in a PyScript worker, holds the game being played, answers the page.

One export, ``call(name, args_json)``: the page (static/app/engine.js) sends a declared call's
name and its arguments as JSON text (a list); the answer is JSON text. The calls and the kinds of
their arguments are declared once, in ``tabletop.protocol.CALLS``, which checks them; every
failure is ``{"ok": false, "code", "params", "error"}``. Plain text both ways, so no JS proxy
crosses the boundary; a value that is not text (a JS array or null sent by mistake) is converted
first, so even a wrong call answers with a code.
"""

import json
import sys

# The package arrives as one archive in the worker's home (pyscript.toml's [files];
# py/tools/build.py, PACKAGE_ARCHIVE), imported from where it lies. Not there in CPython (the
# tests import the package from py/), nor on a boot restored from the start-up snapshot (it has
# every module). Looked for with open(), not os: os is frozen into the runtime, and an import of
# it here would make the build ship its source in the standard library's zip.
_ARCHIVE = "/home/pyodide/tabletop.zip"
try:
    open(_ARCHIVE, "rb").close()
    if _ARCHIVE not in sys.path:
        sys.path.insert(0, _ARCHIVE)
except OSError:
    pass

from tabletop import protocol  # noqa: E402
from tabletop.reader import MAX_JSON_CHARS, load_json  # noqa: E402
from tabletop.session import refuse  # noqa: E402

__export__ = ["call"]

try:  # in the browser: JS null arrives as this object, not as None
    from pyodide.ffi import jsnull as _JS_NULL
except ImportError:  # CPython (tests)
    _JS_NULL = None


def _arguments(args_json):
    """The call's arguments as a Python list (or what the page sent, for the protocol to refuse).
    A JS value arrives as a proxy (``to_py``), JS null as ``pyodide.ffi.jsnull``, undefined as
    None: neither is text, and both mean no arguments."""
    if args_json is None or args_json is _JS_NULL:
        return []
    if isinstance(args_json, str):
        # Bounded before parsing; a log inside is text again, checked by the session.
        return load_json(args_json, "the call's arguments", max_chars=2 * MAX_JSON_CHARS)
    if hasattr(args_json, "to_py"):
        return args_json.to_py()
    return args_json


def call(name, args_json="[]"):
    """Answer one declared call (``tabletop.protocol``) as JSON text; never raises."""
    name = name if isinstance(name, str) else str(name)
    try:
        args = _arguments(args_json)
    except ValueError as err:
        answer = refuse("call_bad_arguments", f"{name[:40]}: {err}", call=name[:40])
    else:
        answer = protocol.call(name, args)
    try:
        return json.dumps(answer)
    except (TypeError, ValueError) as err:  # an answer that is not JSON data: a bug, said as one
        return json.dumps(
            refuse("call_failed", f"{name[:40]}: the answer is not JSON ({err})", call=name[:40])
        )
