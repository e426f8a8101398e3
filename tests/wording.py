"""What Latin a Japanese text may hold, shared by the tests of the lessons, the replays and the
wording of every text (test_wording.py).

Japanese text names cards as the cards and the articles print them (A, K, Q, J; N for Hold My
Beer's knight; a 3-A-K run) and games by the names the articles write in Latin letters; any other
Latin run on a Japanese screen is English that slipped through, or a code that was not worded."""

import re

# Names written in Latin letters in the articles (or the app's own name; W6 is the article's
# double-six), and the units Hold My Beer's narrow columns abbreviate (カードP, ゲームP).
PROPER_NOUNS = (
    "Tabletop",
    "Tuppi",
    "Stop the Bus",
    "Hold My Beer",
    "Gridcannon",
    "4 Thrones",
    "Más-Menos",
    "Más",
    "Menos",
    "Mit List und Tücke",
    "G. カペレン",
    "English",
    "HTML",
    "MB",
    "カードP",
    "ゲームP",
    "W6",
)
# Rank letters (and a run like 3-A-K or K-Q-J) and the dealer's badge D.
RANK_TOKEN = re.compile(r"[AKQJND](?:-[AKQJ0-9]*)*|[0-9]+(?:-[AKQJ0-9]*)+")
LATIN_RUN = re.compile(r"[0-9]*[A-Za-zÁÉÍÓÚáéíóúñüÜ][A-Za-zÁÉÍÓÚáéíóúñüÜ0-9\-]*")


def latin_on_japanese(text, allowed=()):
    """The Latin runs of a Japanese text that are neither card ranks nor proper nouns (nor one of
    `allowed`, e.g. a rules page's option keys in parentheses)."""
    for noun in sorted((*PROPER_NOUNS, *allowed), key=len, reverse=True):
        text = text.replace(noun, " ")
    return [run for run in LATIN_RUN.findall(text) if not RANK_TOKEN.fullmatch(run)]
