-- Issue 22: the change bus between processes (db/bus.py). Every committed
-- new revision of a games row (every write of a game bumps it) is announced
-- on the channel "tabletop_" || md5(<schema>) (a channel name must stay under 64 bytes, a schema
-- name need not) as JSON
-- {table_id, version, revision, status, process}. NOTIFY inside the writing
-- transaction is delivered at its commit and dropped by a rollback, so no
-- process hears of a change that did not happen. ``process`` is the writer's
-- ``tabletop.process`` setting (db/postgres.py sets it on every connection),
-- so a process can skip its own changes.
CREATE OR REPLACE FUNCTION tabletop_game_changed() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('tabletop_' || md5(current_schema()), json_build_object(
        'table_id', NEW.id, 'version', NEW.version, 'revision', NEW.revision, 'status', NEW.status,
        'process', current_setting('tabletop.process', true))::text);
    RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER games_inserted AFTER INSERT ON games
    FOR EACH ROW EXECUTE FUNCTION tabletop_game_changed();
CREATE TRIGGER games_revised AFTER UPDATE ON games
    FOR EACH ROW WHEN (OLD.revision IS DISTINCT FROM NEW.revision) EXECUTE FUNCTION tabletop_game_changed();
