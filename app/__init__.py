"""The app's wiring around the bot: settings, logging, start-up checks and
the command line. Nothing here imports ``bot``: the command line is handed
the function that builds the bot."""
