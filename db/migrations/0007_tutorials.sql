-- Issue 23: /learn's interactive tutorials. One row per player and game: the
-- step reached (the number of steps when finished) and the game state at that
-- step (JSON), so `/learn` continues where the player left off, even after a
-- restart. Tutorials are never games: no games row, no results, no ratings.
CREATE TABLE tutorial_progress (
    user_id INTEGER NOT NULL,
    game_type TEXT NOT NULL,
    step INTEGER NOT NULL DEFAULT 0,
    state TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (user_id, game_type)
);
