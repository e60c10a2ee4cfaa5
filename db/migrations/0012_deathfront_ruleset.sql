-- Issues 31 and 32: Death Front's rulings changed (a pass is "done for this
-- step"; an empty hand ends the game at resolution). The games stored before
-- keep the rules they were played by, so their seed + action log replay as
-- played: their config (and the config inside their snapshot) says ruleset 1
-- (engines/deathfront/models.py, DeathFrontConfig.ruleset). Lobbies are
-- left alone: they start under today's rules.
UPDATE games SET config = json_set(config, '$.ruleset', 1)
 WHERE game_type = 'deathfront' AND status <> 'lobby';
UPDATE snapshots SET state = json_set(state, '$.config.ruleset', 1)
 WHERE game_id IN (SELECT id FROM games WHERE game_type = 'deathfront' AND status <> 'lobby');
