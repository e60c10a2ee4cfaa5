"""Learning the games: rules topics (for /rules), /review, hints; the
interactive tutorial (/learn) is its own extension, ``cogs.learn.tutorial.extension``.

Its cogs and controls are registered by ``cogs.learn.extension`` (its ``setup``)."""
