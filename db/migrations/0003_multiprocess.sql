-- Several processes on one database (issue 12).
-- revision: bumped by every write of a games row; a write carrying an older
--   revision is refused (the writer reloads the game).
-- deadline: when the game's next timer is due (lobby idle, turn reminder or
--   time-out), epoch seconds; owner: the process that armed it.
ALTER TABLE games ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN deadline REAL;
ALTER TABLE games ADD COLUMN owner TEXT;
CREATE INDEX games_deadline ON games (deadline) WHERE deadline IS NOT NULL;

-- One row per running bot process, refreshed by its sweeper: a process whose
-- row is old is dead, and its overdue timers are taken over.
CREATE TABLE processes (
    id      TEXT PRIMARY KEY,
    seen_at REAL NOT NULL
);

-- Discord allows max_concurrency IDENTIFYs per 5 s, per bucket
-- (shard_id % max_concurrency), across every process of the bot: each bucket
-- is a lease row that one process at a time holds until ``until``.
CREATE TABLE identify_leases (
    bucket INTEGER PRIMARY KEY,
    holder TEXT    NOT NULL,
    until  REAL    NOT NULL
);
