"""Strip comments and docstrings from the standard library sources the site ships, then compile
them.

Run by py/tools/build.py INSIDE the Pyodide it ships (Python 3.14, under Node), because only that
Python's own ast and tokenize read its standard library's syntax exactly:

    strip_zip(src_path, dst_path, keep_docs=("pyodide/", "_pyodide/")) -> {"stripped": n, "kept": [...]}

Each file keeps its lines (a removed docstring or comment leaves blank lines), so line numbers in
a traceback are Pyodide's own. A docstring that is a body's only statement becomes ``pass``. The
result is checked: it must compile, and its syntax tree must equal the original's with the
docstrings taken out; a file that fails the check is shipped as it was. Docstrings are kept where
code reads them (Pyodide's own packages document its JS API from them). ``__doc__`` of what is
stripped is None, as under ``python -OO``.

    compile_zip(src_path, dst_path) -> {"compiled": n, "kept": [...]}

replaces each ``.py`` by its ``.pyc``, compiled by the Python the site ships (so its magic number
is that Python's), named as in the zip Pyodide mounts (``/lib/python314.zip/<name>``). zipimport
imports a ``.pyc`` with no source beside it; without this, every visit compiled each module it
imported from source again (zipimport cannot keep a ``__pycache__``), and that was most of
Pyodide's start in the worker (about half of its boot under Node, 1.9 s -> 0.85 s). A traceback
through the standard library then shows no source lines; the app's own package stays source.
"""

import ast
import importlib.util
import io
import marshal
import re
import tokenize
import zipfile

# Where Pyodide mounts python_stdlib.zip: the file names compiled code carries.
STDLIB_MOUNT = "/lib/python314.zip/"

CODING = re.compile(r"^[ \t\f]*#.*?coding[:=]")
DOC_OWNERS = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def _is_docstring(node):
    return (
        isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    )


def _char_col(line, byte_col):
    """ast columns count UTF-8 bytes; tokenize's count characters."""
    return len(line.encode("utf-8")[:byte_col].decode("utf-8", "replace"))


def strip_source(text):
    tree = ast.parse(text)
    lines = text.splitlines(keepends=True)
    edits = []  # (start_row, start_col, end_row, end_col, replacement), rows 1-based, cols in chars
    for node in ast.walk(tree):
        if isinstance(node, DOC_OWNERS) and node.body and _is_docstring(node.body[0]):
            doc = node.body[0]
            alone = len(node.body) == 1 and not isinstance(node, ast.Module)
            edits.append(
                (
                    doc.lineno,
                    _char_col(lines[doc.lineno - 1], doc.col_offset),
                    doc.end_lineno,
                    _char_col(lines[doc.end_lineno - 1], doc.end_col_offset),
                    "pass" if alone else "",
                )
            )
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type == tokenize.COMMENT and not (tok.start[0] <= 2 and CODING.match(tok.line)):
            edits.append((*tok.start, *tok.end, ""))
    touched = set()
    for start_row, start_col, end_row, end_col, replacement in sorted(edits, reverse=True):
        head = lines[start_row - 1][:start_col]
        tail = lines[end_row - 1][end_col:]
        middle = replacement + "\n" * (end_row - start_row)
        joined = (head + middle + tail).splitlines(keepends=True) or [""]
        lines[start_row - 1 : end_row] = joined
        touched.update(range(start_row, end_row + 1))
    out = []
    for row, line in enumerate(lines, 1):
        if row in touched:
            body = line.rstrip("\r\n")
            line = body.rstrip(" \t") + line[len(body) :]
            if not line.strip():
                line = "\n" if line.endswith("\n") else ""
        out.append(line)
    return "".join(out)


def _without_docstrings(tree):
    for node in ast.walk(tree):
        if isinstance(node, DOC_OWNERS):
            body = node.body[1:] if node.body and _is_docstring(node.body[0]) else node.body
            node.body = body or ([] if isinstance(node, ast.Module) else [ast.Pass()])
    return ast.dump(tree)


def check(original, stripped, name):
    compile(stripped, name, "exec", dont_inherit=True)
    if _without_docstrings(ast.parse(original)) != _without_docstrings(ast.parse(stripped)):
        raise ValueError("the syntax tree changed")
    if original.count("\n") != stripped.count("\n"):
        raise ValueError("the line count changed")


def strip_zip(src_path, dst_path, keep_docs=("pyodide/", "_pyodide/")):
    kept, stripped_count = [], 0
    with zipfile.ZipFile(src_path) as zin, zipfile.ZipFile(dst_path, "w") as zout:
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename.endswith(".py") and not info.filename.startswith(keep_docs):
                original = data.decode("utf-8")
                try:
                    stripped = strip_source(original)
                    check(original, stripped, info.filename)
                    data = stripped.encode("utf-8")
                    stripped_count += 1
                except (SyntaxError, ValueError, UnicodeError) as err:
                    kept.append(f"{info.filename}: {err}")
            out = zipfile.ZipInfo(info.filename, date_time=info.date_time)
            out.external_attr = info.external_attr
            out.compress_type = info.compress_type
            zout.writestr(out, data)
    return {"stripped": stripped_count, "kept": kept}


def compile_zip(src_path, dst_path, mount=STDLIB_MOUNT):
    """``src_path`` with each ``.py`` entry replaced by its ``.pyc`` (unchecked, no source date:
    the zip holds no source to check it against); a file that does not compile stays source."""
    kept, compiled = [], 0
    with zipfile.ZipFile(src_path) as zin, zipfile.ZipFile(dst_path, "w") as zout:
        for info in zin.infolist():
            data, name = zin.read(info), info.filename
            if name.endswith(".py"):
                try:
                    code = compile(data, mount + name, "exec", dont_inherit=True)
                except (SyntaxError, ValueError) as err:
                    kept.append(f"{name}: {err}")
                else:
                    # The header of an unchecked hash-based pyc (PEP 552): flags 0b01, then the
                    # source's hash, which nothing checks.
                    header = importlib.util.MAGIC_NUMBER + (1).to_bytes(4, "little")
                    data = header + importlib.util.source_hash(data) + marshal.dumps(code)
                    name += "c"
                    compiled += 1
            out = zipfile.ZipInfo(name, date_time=info.date_time)
            out.external_attr = info.external_attr
            out.compress_type = info.compress_type
            zout.writestr(out, data)
    return {"compiled": compiled, "kept": kept}
