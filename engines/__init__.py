"""Pure game rules. Nothing here imports discord, the database or asyncio."""
