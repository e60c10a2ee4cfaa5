-- Issue 24: seasons and rating history (docs/community.md, "Seasons").
--
-- seasons: one row per season of a server. number 0 is the time before the
--   server's first season (archived when the first season starts); a season
--   runs while ended_at is NULL.
CREATE TABLE seasons (
    guild_id   INTEGER NOT NULL,
    number     INTEGER NOT NULL,
    name       TEXT,
    started_at REAL    NOT NULL,
    ended_at   REAL,
    PRIMARY KEY (guild_id, number)
);

-- season_ratings: a season's table as it stood at its end (the `ratings`
--   columns plus the season number); `ratings` stays the current table.
CREATE TABLE season_ratings (
    guild_id    INTEGER NOT NULL,
    season      INTEGER NOT NULL,
    game_type   TEXT    NOT NULL,
    user_id     INTEGER NOT NULL,
    name        TEXT    NOT NULL,
    mu          REAL    NOT NULL,
    sigma       REAL    NOT NULL,
    games       INTEGER NOT NULL DEFAULT 0,
    wins        INTEGER NOT NULL DEFAULT 0,
    last_played REAL    NOT NULL,
    PRIMARY KEY (guild_id, season, game_type, user_id)
);
CREATE INDEX season_ratings_user ON season_ratings (user_id);

-- games.season: the period a game started in (set when it starts): N while
--   season N runs, -N between season N's end and the next start, NULL or 0
--   before the server's first season.
ALTER TABLE games ADD COLUMN season INTEGER;

-- rating_history: a player's rating after each rated game (for /profile's
--   chart). season: the season the game counted in, 0 outside any season.
CREATE TABLE rating_history (
    guild_id  INTEGER NOT NULL,
    user_id   INTEGER NOT NULL,
    game_type TEXT    NOT NULL,
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    season    INTEGER NOT NULL,
    mu        REAL    NOT NULL,
    sigma     REAL    NOT NULL,
    at        REAL    NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX rating_history_user ON rating_history (guild_id, user_id, at);
