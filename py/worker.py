"""The browser glue: runs in a PyScript worker, holds the game being played, answers the JS view.

Every export takes and returns JSON text or plain numbers and strings (not JS proxies), so the
boundary is plain data: the JS sends action strings and draws ``view(seat)``; it never re-derives
a rule. A seat that may be absent (the viewer) comes as a number, with -1, JS null or undefined
meaning none.
"""
import json

from tabletop import session

__export__ = ["bench_playouts", "loaded_games", "replay_open", "replay_step", "load", "act", "bot_move", "view",
              "bot_action", "ping", "hint", "analysis", "truth", "undo", "daily_log", "duplicate"]


def _seat(value):
    """A seat number from JS, or None for -1, null (pyodide's jsnull) and undefined."""
    try:
        seat = int(value)
    except (TypeError, ValueError):
        return None
    return seat if seat >= 0 else None


def ping():
    return "pong"


def load(log_json, viewer=-1):
    return json.dumps(session.load(str(log_json), _seat(viewer)))


def act(seat, action, viewer=-1):
    return json.dumps(session.act(int(seat), str(action), _seat(viewer)))


def bot_move(seat, level, seed, viewer=-1):
    """Choose and apply the computer's move for ``seat`` in one call."""
    return json.dumps(session.bot_move(int(seat), str(level), int(seed), _seat(viewer)))


def daily_log(slug, date):
    """The daily deal's log of a game on a date (YYYY-MM-DD)."""
    return json.dumps(session.daily_log(str(slug), str(date)))


def duplicate(seat, level="normal"):
    """After a game against others: the computer replays the deal in the player's seat."""
    return json.dumps(session.duplicate(int(seat), str(level)))


def view(seat):
    return json.dumps(session.view(_seat(seat)))


def bot_action(seat, level, seed):
    return json.dumps(session.bot_action(int(seat), str(level), int(seed)))


def hint(seat):
    return json.dumps(session.hint(int(seat)))


def analysis(deal=None):
    """The last finished deal's analysis; ``deal`` (1-based) for an earlier one (-1/None: last)."""
    deal = _seat(deal)
    return json.dumps(session.analysis(deal if deal else None))


def truth():
    """After a one-player game: was the deal winnable, with a winning line (exact solver, capped)."""
    return json.dumps(session.truth())


def undo(viewer=-1):
    """Take back the last move of a one-player game."""
    return json.dumps(session.undo(_seat(viewer)))


def replay_open(log_json):
    return json.dumps(session.replay_open(str(log_json)))


def replay_step(step):
    return json.dumps(session.replay_step(int(step)))


def bench_playouts(slug, games, seed):
    return json.dumps(session.bench_playouts(str(slug), int(games), int(seed)))


def loaded_games():
    return json.dumps(session.loaded_games())
