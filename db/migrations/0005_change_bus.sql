-- Issue 22: the change bus between processes. SQLite has one process and no
-- bus; PostgreSQL's version (0005_change_bus.postgres.sql) adds the triggers.
SELECT 1;
