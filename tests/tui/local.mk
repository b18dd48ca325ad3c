# tests/tui
