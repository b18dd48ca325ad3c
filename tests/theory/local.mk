# tests/theory
