"""Pure drawing: a redacted view in, PNG bytes out. No discord, no database."""
