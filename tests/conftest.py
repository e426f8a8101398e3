import pathlib
import sys

# The package is importable without installing it (CI installs it too; this keeps `pytest` alone working).
ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "tests"))
