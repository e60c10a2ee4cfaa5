-- Issue 24: tournaments. A tournament is signed up for in one channel, then
-- played round by round; each match is a game (games.id) in its own thread.
-- status: signup, running, finished, cancelled. rounds: the number asked at
-- `new` (0: the format's own), then the number played, fixed at the start.
-- announced_round: the last round whose standings were posted (a restart
-- posts what a crash left unposted).
CREATE TABLE tournaments (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id        INTEGER,
    channel_id      INTEGER NOT NULL,
    organiser_id    INTEGER NOT NULL,
    game_type       TEXT    NOT NULL,
    format          TEXT    NOT NULL,
    rounds          INTEGER NOT NULL DEFAULT 0,
    teams           INTEGER NOT NULL DEFAULT 0,
    turn_minutes    INTEGER,
    status          TEXT    NOT NULL DEFAULT 'signup',
    round_no        INTEGER NOT NULL DEFAULT 0,
    announced_round INTEGER NOT NULL DEFAULT 0,
    message_id      INTEGER,
    created_at      REAL    NOT NULL,
    updated_at      REAL    NOT NULL
);
CREATE INDEX tournaments_status ON tournaments (status);

-- An entrant: a player, a pair of partners (team games), or an AI (no user).
-- entrant numbers follow the sign-up order, which is the seed order.
CREATE TABLE tournament_entrants (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    entrant       INTEGER NOT NULL,
    user_id       INTEGER,
    partner_id    INTEGER,
    name          TEXT    NOT NULL,
    partner_name  TEXT,
    PRIMARY KEY (tournament_id, entrant)
);
CREATE INDEX tournament_entrants_user ON tournament_entrants (user_id);
CREATE INDEX tournament_entrants_partner ON tournament_entrants (partner_id);

-- A match of a round: entrants a and b (NULL: a bye), its thread and game
-- once made, and the score once the game ended (NULL: not recorded yet).
CREATE TABLE tournament_matches (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round         INTEGER NOT NULL,
    board         INTEGER NOT NULL,
    a             INTEGER NOT NULL,
    b             INTEGER,
    thread_id     INTEGER,
    game_id       INTEGER,
    score_a       REAL,
    score_b       REAL,
    PRIMARY KEY (tournament_id, round, board)
);
CREATE INDEX tournament_matches_game ON tournament_matches (game_id);
