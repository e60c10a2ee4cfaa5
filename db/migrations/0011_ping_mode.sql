-- Issue 31: how a player is told that the turn came to them: 'every' (default
-- when NULL: the board is posted anew mentioning them at every turn), 'away'
-- (only when they have not just been clicking their private panel) or 'dm'
-- (a DM with their hand instead of the mention).
ALTER TABLE user_settings ADD COLUMN ping_mode TEXT;
