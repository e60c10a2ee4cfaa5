-- Issues 31 and 32: Death Front games stored before keep ruleset 1 (see
-- 0012_deathfront_ruleset.sql); the same change in PostgreSQL's JSON functions.
UPDATE games SET config = jsonb_set(config::jsonb, '{ruleset}', '1')::text
 WHERE game_type = 'deathfront' AND status <> 'lobby';
UPDATE snapshots SET state = jsonb_set(state::jsonb, '{config,ruleset}', '1')::text
 WHERE game_id IN (SELECT id FROM games WHERE game_type = 'deathfront' AND status <> 'lobby');
