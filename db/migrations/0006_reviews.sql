-- Issue 23: post-game reviews, computed once per finished game and seat.
-- data: the review as JSON in no language (actions, values, gains; worded per
--   viewer when shown); format: its shape (tables.review.FORMAT), an older
--   one is judged again.
CREATE TABLE reviews (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    format     INTEGER NOT NULL,
    data       TEXT    NOT NULL,
    created_at REAL    NOT NULL,
    PRIMARY KEY (game_id, seat)
);
