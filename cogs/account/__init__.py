"""A player's and a server's own settings: /settings and /privacy.

Its cogs and controls are registered by ``cogs.account.extension`` (its ``setup``)."""
