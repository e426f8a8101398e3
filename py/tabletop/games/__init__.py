"""One module per game; see tabletop.SLUGS. Modules are imported lazily by tabletop.get_game."""
