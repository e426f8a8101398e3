"""Computer players: one module per game, ``tabletop.players.<slug>``, each declaring ``HOOKS``
(a ``tabletop.core.BotHooks``: the search's reward and rollout policy, the world sampler, the
rule-based player, reading and endgame solver where the game has them).

Layers run core <- games <- bots <- players <- session. A player module imports public names of
its own rules module (``tabletop.games.<slug>``), ``tabletop.bots.worlds`` and the shared helpers
of the core layer (``tabletop.core``, ``tabletop.tricks``, ``tabletop.cards``), all at the top. The
rules module imports none of it: it only declares that it has players
(``GameInfo(computer_players=True)``), and ``tabletop.bots.player_hooks`` imports the player module
by name the first time a computer moves there, so the browser loads a game's players only when a
computer plays it (and nothing runs against the layers).

Solvers that serve the app's queries stay beside their rules. Mate's exact solver
(``games.mate``: ``best_moves``, ``hint_actions``, ``deal_analysis``) answers the hint and the
deal's analysis for a person as well as playing the strong level, and ``state_from_view`` (the
position rebuilt from a view, exact by rules section 9) is rules knowledge; ``players.mate``
declares them as its view solver and adds only the search's reward and the rule-based player. The
patiences (``four_thrones``, ``gridcannon``) have no computer opponent at all: their solvers are the
fair hint and the truth about a deal (``GameInfo.queries``), one-player games' queries, so they stay
in the rules modules and there is no player module for them.
"""
