"""/tournament: the command (``cog``), its Discord notifier, its messages and
its restart-proof sign-up buttons.

Its cogs and controls are registered by ``cogs.community.tournament.extension`` (its ``setup``)."""
