"""One live game at a table: lobby → playing → finished. Loads, locks,
applies, persists, notifies, runs turn timers and AI seats. No discord here:
the Discord side listens through ``Notifier``."""
