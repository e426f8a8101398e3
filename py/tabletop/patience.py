"""What the one-player patiences (4 Thrones, Gridcannon) share around their solvers.

A fair hint evaluates each candidate action over sampled orders of the unseen cards (the game's
``evaluate_actions``: per action ``wins``, ``undecided`` and ``progress``); ``best_sampled`` picks
the one the game's ``hint`` and the app's hint (``tabletop.session``) both show.
"""


def best_sampled(stats):
    """The entry that wins in the most samples (ties: the most progress, then the first listed);
    None for no entries."""
    if not stats:
        return None
    return max(stats, key=lambda e: (e["wins"], e["progress"], -stats.index(e)))
