"""Rules pages (placeholder)."""
