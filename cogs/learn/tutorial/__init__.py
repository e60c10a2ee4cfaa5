"""/learn: the interactive tutorial (``cog``), its control ids (``ids``) and
its private message (``screen``).

Its cogs and controls are registered by ``cogs.learn.tutorial.extension`` (its ``setup``)."""
