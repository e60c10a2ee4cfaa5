CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TABLE guild_settings (
    guild_id             INTEGER PRIMARY KEY,
    language             TEXT,
    turn_timeout_minutes INTEGER
);

CREATE TABLE user_settings (
    user_id  INTEGER PRIMARY KEY,
    dm_hands INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE games (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    game_type        TEXT    NOT NULL,
    guild_id         INTEGER,
    channel_id       INTEGER NOT NULL,
    host_id          INTEGER NOT NULL,
    status           TEXT    NOT NULL CHECK (status IN ('lobby', 'playing', 'finished', 'abandoned')),
    config           TEXT    NOT NULL,
    seats            TEXT    NOT NULL,
    seed             INTEGER NOT NULL,
    version          INTEGER NOT NULL DEFAULT 0,
    lobby_message_id INTEGER,
    board_message_id INTEGER,
    turn_started_at  REAL,
    reminded         INTEGER NOT NULL DEFAULT 0,
    ai_marked        INTEGER NOT NULL DEFAULT 0,
    created_at       REAL    NOT NULL,
    updated_at       REAL    NOT NULL
);
-- One live game (lobby or playing) per channel.
CREATE UNIQUE INDEX games_live_channel ON games (channel_id) WHERE status IN ('lobby', 'playing');
CREATE INDEX games_status ON games (status);

CREATE TABLE actions (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL,
    seat       INTEGER NOT NULL,
    action     TEXT    NOT NULL,
    by_ai      INTEGER NOT NULL DEFAULT 0,
    created_at REAL    NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE snapshots (
    game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL,
    state   TEXT    NOT NULL
);

CREATE TABLE results (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat    INTEGER NOT NULL,
    user_id INTEGER,
    rank    INTEGER NOT NULL,
    team    INTEGER,
    score   REAL,
    rated   INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX results_user ON results (user_id);

CREATE TABLE ratings (
    guild_id    INTEGER NOT NULL,
    game_type   TEXT    NOT NULL,
    user_id     INTEGER NOT NULL,
    name        TEXT    NOT NULL,
    mu          REAL    NOT NULL,
    sigma       REAL    NOT NULL,
    games       INTEGER NOT NULL DEFAULT 0,
    wins        INTEGER NOT NULL DEFAULT 0,
    last_played REAL    NOT NULL,
    PRIMARY KEY (guild_id, game_type, user_id)
);
