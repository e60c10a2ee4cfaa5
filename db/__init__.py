"""Storage: SQLite (aiosqlite, WAL) or PostgreSQL (asyncpg pool), numbered
migrations, small repositories."""
from db.database import Database, database_path_from_url, is_postgres_url

__all__ = ["Database", "database_path_from_url", "is_postgres_url"]
