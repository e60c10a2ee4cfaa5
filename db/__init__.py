"""Storage: aiosqlite with WAL, numbered migrations, small repositories."""
from db.database import Database, database_path_from_url

__all__ = ["Database", "database_path_from_url"]
