"""The web front end: a JSON + WebSocket API over the table service and a
small page for local play (docs/web.md). A front end beside ``cogs``: it
reads the table service, the games' definitions, the renderers and the
catalogues; only ``bot.py`` and ``app`` import it."""
