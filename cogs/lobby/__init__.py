"""Lobbies: the lobby message, its options, sides and toggles, and Rematch
(the lobby buttons themselves are in ``cogs/views.py``, shared with the board).

Its cogs and controls are registered by ``cogs.lobby.extension`` (its ``setup``)."""
