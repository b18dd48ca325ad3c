# tests/export
