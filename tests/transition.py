"""Games already converted to message codes and the state reader (issues #13, #15, #20).

A converted game: every ``IllegalAction`` it raises has a code with strings in ``ja`` and ``en``,
its views carry codes instead of prose, and it declares ``STATE`` (and its setup spec), so the
fuzzing in tests/test_robustness.py and tests/test_message_codes.py covers it. This list goes
away once it holds every game.
"""
CONVERTED = ("mas_menos", "four_thrones", "gridcannon", "stop_the_bus", "mexican_train", "mustamaija",
             "hold_my_beer", "chiryaku_akuryaku", "ribs")
