"""Pure rendering: engine objects -> deterministic SVG strings (no ids, no dates)."""
