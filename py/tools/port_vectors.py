#!/usr/bin/env python3
"""Copy every JSON vector of docs/rules/<slug>.md into tests/vectors/<slug>.json.

The project's tests run the copies (tests/test_vectors.py). Run again whenever a rules file
changes:  python3 py/tools/port_vectors.py [slug ...]
"""

import json
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "rules"
OUT = ROOT / "tests" / "vectors"


def vectors(path):
    text = path.read_text(encoding="utf-8")
    for block in re.findall(r"```json\s*\n(.*?)```", text, flags=re.S):
        data = json.loads(block)
        for item in data if isinstance(data, list) else [data]:
            if isinstance(item, dict) and "actions" in item and "game" in item:
                yield item


def main(slugs):
    OUT.mkdir(parents=True, exist_ok=True)
    for path in sorted(RULES.glob("*.md")):
        if slugs and path.stem not in slugs:
            continue
        found = list(vectors(path))
        target = OUT / f"{path.stem}.json"
        target.write_text(json.dumps(found, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"{target.relative_to(ROOT)}: {len(found)} vectors")


if __name__ == "__main__":
    main(sys.argv[1:])
