"""Build any game's next action by clicking: a private message with select
menus that list only legal choices, a preview image at each step, Confirm to
commit, Back/Cancel to go back. One machinery (ids, model, paging, items,
preview), one small module per game (``cogs/play/builder/<game_type>.py``), named by its
definition."""
