"""Each game's commands: one extension per game (``setup``, ``cubed``,
``deathfront``, named by its definition's ``DiscordParts.cog``) over the
shared ``base.GameCog``; ``parts`` checks every game's Discord parts."""
