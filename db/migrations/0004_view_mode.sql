-- Issue 21: how a player sees boards and hands: 'image' (default when NULL)
-- or 'text' (the state in words, for screen readers).
ALTER TABLE user_settings ADD COLUMN view_mode TEXT;
