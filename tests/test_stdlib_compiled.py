"""The standard library as bytecode (py/tools/strip_stdlib.compile_zip): what the service worker
serves a return visit instead of the source zip. Checked here with this CPython's own compiler,
as the build does with the shipped Pyodide's."""

import subprocess
import sys
import zipfile

sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parents[1] / "py" / "tools"))

import strip_stdlib  # noqa: E402

SOURCES = {
    "top.py": "import pkg.mod\n\ndef twice(x):\n    return pkg.mod.add(x, x)\n",
    "pkg/__init__.py": "",
    "pkg/mod.py": "def add(a, b):\n    return a + b\n\ndef fail():\n    raise ValueError('x')\n",
    "broken.py": "def (:\n",
    "data.txt": "kept as it is",
}


def make_zip(path):
    with zipfile.ZipFile(path, "w") as zf:
        for name, text in SOURCES.items():
            zf.writestr(name, text)


def test_every_module_becomes_bytecode_that_imports_with_no_source(tmp_path):
    make_zip(tmp_path / "src.zip")
    report = strip_stdlib.compile_zip(tmp_path / "src.zip", tmp_path / "out.zip", mount="/lib/z/")
    with zipfile.ZipFile(tmp_path / "out.zip") as zf:
        names = set(zf.namelist())
        assert zf.read("data.txt") == b"kept as it is"
    assert names == {"top.pyc", "pkg/__init__.pyc", "pkg/mod.pyc", "broken.py", "data.txt"}
    assert report["compiled"] == 3 and [k.split(":")[0] for k in report["kept"]] == ["broken.py"]
    probe = (
        "import sys; sys.path.insert(0, sys.argv[1]); sys.dont_write_bytecode = True\n"
        "import top, pkg.mod\n"
        "print(top.twice(21), top.__file__.endswith('top.pyc'))\n"
        "try:\n    pkg.mod.fail()\n"
        "except ValueError as err:\n    print(err.__traceback__.tb_next.tb_frame.f_code.co_filename)\n"
    )
    done = subprocess.run(
        [sys.executable, "-I", "-c", probe, str(tmp_path / "out.zip")],
        capture_output=True,
        text=True,
        check=True,
    )
    # It runs, from the .pyc, and names its file as Pyodide mounts the zip.
    assert done.stdout.split() == ["42", "True", "/lib/z/pkg/mod.py"]
