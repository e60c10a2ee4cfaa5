-- Issue 9: turn pings, DM modes, rematches and honest outcomes.
-- The live turn ping of a game and the seats it named (JSON list).
ALTER TABLE games ADD COLUMN ping_message_id INTEGER;
ALTER TABLE games ADD COLUMN ping_seats TEXT NOT NULL DEFAULT '[]';
-- The lobby a Rematch click opened from this finished game (one per game).
ALTER TABLE games ADD COLUMN rematch_id INTEGER;
-- What a player gets by DM: 'turn' (default when NULL), 'hand' or 'off'.
ALTER TABLE user_settings ADD COLUMN dm_mode TEXT;
-- The user's language as their Discord client last told us (for DMs).
ALTER TABLE user_settings ADD COLUMN locale TEXT;
UPDATE user_settings SET dm_mode = CASE WHEN dm_hands = 0 THEN 'off' ELSE 'hand' END;
-- win (sole first place), draw (first place shared), loss; solo games too.
ALTER TABLE results ADD COLUMN outcome TEXT;
UPDATE results SET outcome = CASE
    WHEN rank <> 1 THEN 'loss'
    WHEN (SELECT COUNT(*) FROM results o WHERE o.game_id = results.game_id AND o.rank = 1
          AND (o.team IS NULL OR results.team IS NULL OR o.team <> results.team)
          AND o.seat <> results.seat) > 0 THEN 'draw'
    ELSE 'win' END;
