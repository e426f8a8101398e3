"""The browser glue: runs in a PyScript worker, holds the game being played, answers the JS view.

Every export takes and returns JSON text (not JS proxies), so the boundary is plain data:
the JS sends action strings and draws ``view(seat)``; it never re-derives a rule.
"""
import json

from tabletop import session

__export__ = ["bench_playouts", "loaded_games", "replay_open", "replay_step", "load", "act", "view", "bot_action", "ping", "hint", "analysis", "truth", "undo"]


def ping():
    return "pong"



def load(log_json):
    return json.dumps(session.load(str(log_json)))


def act(seat, action):
    return json.dumps(session.act(int(seat), str(action)))


def view(seat):
    return json.dumps(session.view(None if seat is None or int(seat) < 0 else int(seat)))


def bot_action(seat, level, seed):
    return json.dumps(session.bot_action(int(seat), str(level), int(seed)))


def hint(seat):
    return json.dumps(session.hint(int(seat)))


def analysis(deal=None):
    """The last finished deal's analysis; ``deal`` (1-based) for an earlier one (-1/None: last)."""
    return json.dumps(session.analysis(None if deal is None or int(deal) < 1 else int(deal)))


def truth():
    """After a one-player game: was the deal winnable, with a winning line (exact solver, capped)."""
    return json.dumps(session.truth())


def undo():
    """Take back the last move of a one-player game."""
    return json.dumps(session.undo())


def replay_open(log_json):
    return json.dumps(session.replay_open(str(log_json)))


def replay_step(step):
    return json.dumps(session.replay_step(int(step)))


def bench_playouts(slug, games, seed):
    return json.dumps(session.bench_playouts(str(slug), int(games), int(seed)))


def loaded_games():
    return json.dumps(session.loaded_games())
