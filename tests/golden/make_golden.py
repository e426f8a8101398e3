#!/usr/bin/env python3
"""Write the golden view transcripts: what every seat's ``view(seat)`` holds along each rules vector.

    python3 tests/golden/make_golden.py [slug ...]

For each vector of tests/vectors/<slug>.json: the views of every seat and the public view
(``view(None)``) before the first move and after the last, in full, and after every move a short
digest of all of them, so a change anywhere in the JSON the views read is caught and located.
``tests/test_golden_views.py`` compares the engines with these files. A change to a view that is
meant (a new field, a message made a code) is accepted by running this script again and reading
the diff of the golden files before committing it.
"""

from __future__ import annotations

import hashlib
import json
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT / "py"))

from tabletop import SLUGS, IllegalAction, get_game  # noqa: E402


def all_views(state):
    return {
        "None" if seat is None else str(seat): state.view(seat)
        for seat in [None, *range(state.players)]
    }


def digest(views):
    text = json.dumps(views, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def transcript(vec):
    state = get_game(vec["game"]).new_state(
        players=vec.get("players"),
        options=vec.get("options") or {},
        seed=vec.get("seed", 0),
        setup=vec.get("setup"),
    )
    out = {"name": vec["name"], "start": all_views(state), "steps": []}
    for seat, action in vec["actions"]:
        try:
            state.apply(seat, action)
            out["steps"].append(digest(all_views(state)))
        except IllegalAction:  # a vector's refused move: nothing changed
            out["steps"].append("refused")
    out["end"] = all_views(state)
    return out


def transcripts(slug):
    vectors = json.loads((ROOT / "tests" / "vectors" / f"{slug}.json").read_text(encoding="utf-8"))
    return [transcript(vec) for vec in vectors]


def main(slugs):
    for slug in slugs or SLUGS:
        path = HERE / f"{slug}.json"
        path.write_text(
            json.dumps(transcripts(slug), ensure_ascii=False, indent=0, sort_keys=True) + "\n",
            encoding="utf-8",
        )
        print(f"wrote {path.relative_to(ROOT)} ({path.stat().st_size // 1024} KB)")


if __name__ == "__main__":
    main(sys.argv[1:])
