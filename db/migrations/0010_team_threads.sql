-- Issue 24: the private thread of each team of a team game (SETUP 2 vs 2,
-- Death Front with 4 players), so the bot keeps posting a team's hands to the
-- same thread after a restart, and whichever process announces the end
-- archives them. No user id is kept here: a thread's members are Discord's.
-- thread_id NULL: the thread could not be made (a missing permission; the
-- host was told once); the row still says "tried", so nobody tries again.
CREATE TABLE team_threads (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    side INTEGER NOT NULL,
    thread_id INTEGER,
    hands_message_id INTEGER,
    archived INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, side)
);
