"""Playing a game on Discord: hands, private panels and the click builder,
the board's pictures and log, results, the Activity button and /history.

Its cogs and controls are registered by ``cogs.play.extension`` (its ``setup``)."""
