# tests/source: the shape of the source tree (doc/design.md, "Layering").
TESTS += tests/source/test-layers.sh
EXTRA_DIST += tests/source/test-layers.sh
