"""Runs a rules-file vector through the engine contract (the project's own copy of the checker).

Comparison semantics as in DESIGN.md: objects as subsets; lists in order, except under the keys
``hands``, ``hand``, ``table``, ``ribs`` and ``legal`` where order does not count.
"""

import json

from tabletop import IllegalAction, get_game

UNORDERED = {"hands", "hand", "table", "ribs", "legal"}


def _canonical(value, key):
    if key == "legal" and isinstance(value, str):
        verb, *args = value.split()
        return " ".join([verb] + sorted(args))
    return json.dumps(value, sort_keys=True)


def mismatch(expected, actual, where, unordered=None):
    """A message when `expected` is not contained in `actual`, else None."""
    key = where.rsplit(".", 1)[-1]
    unordered = unordered or (key if key in UNORDERED else None)
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return f"{where}: expected an object, got {actual!r}"
        for k, value in expected.items():
            matches = [v for kk, v in actual.items() if str(kk) == str(k)]
            if not matches:
                return f"{where}.{k}: missing (have {sorted(map(str, actual))})"
            msg = mismatch(value, matches[0], f"{where}.{k}", unordered)
            if msg:
                return msg
        return None
    if unordered and isinstance(expected, list) and isinstance(actual, list):
        if expected and all(isinstance(v, list) for v in expected):
            if len(expected) != len(actual):
                return f"{where}: expected {len(expected)} lists, got {len(actual)}"
            for i, (e, a) in enumerate(zip(expected, actual)):
                msg = mismatch(e, a, f"{where}[{i}]", unordered)
                if msg:
                    return msg
            return None
        if sorted(_canonical(v, unordered) for v in expected) != sorted(
            _canonical(v, unordered) for v in actual
        ):
            return f"{where}: expected {expected!r} in any order, got {actual!r}"
        return None
    if isinstance(expected, list) and isinstance(actual, list) and len(expected) == len(actual):
        for i, (e, a) in enumerate(zip(expected, actual)):
            msg = mismatch(e, a, f"{where}[{i}]")
            if msg:
                return msg
        return None
    if expected != actual:
        return f"{where}: expected {expected!r}, got {actual!r}"
    return None


def run_vector(vec):
    """None when the vector passes, else a message saying what differs."""
    game = get_game(vec["game"])
    state = game.new_state(
        players=vec.get("players"),
        options=vec.get("options") or {},
        seed=vec.get("seed", 0),
        setup=vec.get("setup"),
    )
    expect = vec.get("expect", {})
    illegal = {int(i) for i, *_ in expect.get("illegal", [])}
    for index, (seat, action) in enumerate(vec["actions"]):
        if index in illegal:
            before = json.dumps(state.to_json(), sort_keys=True)
            try:
                state.apply(seat, action)
            except IllegalAction:
                if json.dumps(state.to_json(), sort_keys=True) != before:
                    return f"action {index} {action!r}: rejected but the state changed"
                continue
            return f"action {index} {action!r} by seat {seat}: accepted, but must be rejected"
        try:
            state.apply(seat, action)
        except IllegalAction as err:
            return f"action {index} {action!r} by seat {seat}: rejected ({err})"
    if "over" in expect and state.is_over() != expect["over"]:
        return f"over: expected {expect['over']}, got {state.is_over()}"
    if "result" in expect:
        msg = mismatch(expect["result"], state.result(), "result")
        if msg:
            return msg
    if "state" in expect:
        msg = mismatch(expect["state"], state.snapshot(), "snapshot()")
        if msg:
            return msg
    return None
