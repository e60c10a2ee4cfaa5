"""A server's community: profiles, seasons, team threads; tournaments are
their own extension, ``cogs.community.tournament.extension``.

Its cogs and controls are registered by ``cogs.community.extension`` (its ``setup``)."""
