"""The page-to-engine protocol: every call the page may make, declared once with its arguments.

``CALLS`` maps a call's name to the ``session`` function that answers it and the kinds of its
arguments. ``call(name, args)`` is the one entry point (``py/worker.py`` exports it to the page,
``static/app/engine.js`` sends ``call(name, ...args)`` through it): it checks the name and every
argument's kind, then runs the function. Whatever happens the answer is a JSON-safe dict; a
failure of any kind (an undeclared name, an argument of the wrong kind, the session's own
refusal, an exception nobody expected) is ``{"ok": False, "code", "params", "error"}``, worded by
the page from ``code`` (static/strings/common.json); ``error`` is English for the console only.

Argument kinds (the values are what JSON gives: JS null and undefined arrive as None):
  seat       a seat number, a whole number from 0 (the session says when the table has no such seat)
  viewer     a seat number or none: None or -1 mean nobody's view
  int        a whole number
  deal       a finished deal's number from 1, or none (None, -1 or 0: the last one)
  text       a string (an action, a date)
  slug       a game's name (a string; the session says when it names no game)
  level      a computer level's name (a string; the session says when it names no level)
  log        a game's log: its JSON text, or the object itself
An argument with a default may be left out (or sent as None).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from . import session

REQUIRED = object()  # an argument without a default


@dataclass(frozen=True)
class Arg:
    name: str
    kind: str
    default: object = REQUIRED


@dataclass(frozen=True)
class Call:
    function: object
    args: tuple


def _ping():
    return {"ok": True}


CALLS = {
    "ping": Call(_ping, ()),
    "load": Call(session.load, (Arg("log", "log"), Arg("viewer", "viewer", None))),
    "act": Call(
        session.act, (Arg("seat", "seat"), Arg("action", "text"), Arg("viewer", "viewer", None))
    ),
    "bot_move": Call(
        session.bot_move,
        (
            Arg("seat", "seat"),
            Arg("level", "level"),
            Arg("seed", "int"),
            Arg("viewer", "viewer", None),
        ),
    ),
    "bot_action": Call(
        session.bot_action, (Arg("seat", "seat"), Arg("level", "level"), Arg("seed", "int"))
    ),
    "view": Call(session.view, (Arg("seat", "viewer", None),)),
    "undo": Call(session.undo, (Arg("viewer", "viewer", None),)),
    "hint": Call(session.hint, (Arg("seat", "seat"),)),
    "analysis": Call(session.analysis, (Arg("deal", "deal", None),)),
    "truth": Call(session.truth, ()),
    "duplicate": Call(session.duplicate, (Arg("seat", "seat"), Arg("level", "level", "normal"))),
    "daily_log": Call(session.daily_log, (Arg("slug", "slug"), Arg("date", "text"))),
    "replay_open": Call(session.replay_open, (Arg("log", "log"),)),
    "replay_step": Call(session.replay_step, (Arg("step", "int"),)),
    "bench_playouts": Call(
        session.bench_playouts, (Arg("slug", "slug"), Arg("games", "count"), Arg("seed", "int"))
    ),
    "loaded_games": Call(session.loaded_games, ()),
}

MAX_PLAYOUTS = 10_000  # bench_playouts' games: enough for any measurement, never a hang


def _whole(value):
    """``value`` as an int when it is a whole number (JS sends 3 or 3.0 alike), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return None


class _BadArgument(Exception):
    pass


def _convert(kind, value):
    """The argument as the session takes it; ``_BadArgument`` when it is not of its kind."""
    if kind in ("text", "slug", "level"):
        if isinstance(value, str):
            return value
    elif kind == "seat":
        number = _whole(value)
        if number is not None and number >= 0:
            return number
    elif kind == "viewer":
        if value is None:
            return None
        number = _whole(value)
        if number is not None and number >= -1:
            return None if number == -1 else number
    elif kind == "deal":
        if value is None:
            return None
        number = _whole(value)
        if number is not None and number >= -1:
            return number if number > 0 else None
    elif kind in ("int", "count"):
        number = _whole(value)
        if number is not None and (kind == "int" or 1 <= number <= MAX_PLAYOUTS):
            return number
    elif kind == "log":
        if isinstance(value, (str, dict)):  # the session checks its size, shape and every move
            return value
    else:
        raise AssertionError(f"undeclared argument kind {kind!r}")
    raise _BadArgument


def call(name, args=()):
    """Answer the page's call ``name`` with its arguments ``args`` (a list): the session's answer,
    or the coded failure. Never raises."""
    try:
        return _call(name, args)
    except Exception as err:  # anything unforeseen: the page says the engine failed, never hangs
        print(f"tabletop.protocol: {name!r} failed: {err!r}", file=sys.stderr)
        return session.refuse(
            "call_failed",
            f"{str(name)[:40]} failed: {type(err).__name__}: {err}",
            call=str(name)[:40],
        )


def _call(name, args):
    declared = CALLS.get(name) if isinstance(name, str) else None
    if declared is None:
        return session.refuse(
            "call_unknown", f"there is no call {str(name)[:40]!r}", call=str(name)[:40]
        )
    if not isinstance(args, (list, tuple)) or len(args) > len(declared.args):
        most = len(declared.args)
        return session.refuse(
            "call_bad_arguments", f"{name} takes at most {most} argument(s) in a list", call=name
        )
    values = []
    for index, arg in enumerate(declared.args):
        value = args[index] if index < len(args) else None
        if value is None and arg.default is not REQUIRED:
            values.append(arg.default)
            continue
        try:
            values.append(_convert(arg.kind, value))
        except _BadArgument:
            return session.refuse(
                "call_bad_argument",
                f"{name}: {arg.name} must be of kind {arg.kind}, not {repr(value)[:40]}",
                call=name,
                argument=arg.name,
                kind=arg.kind,
            )
    return declared.function(*values)
