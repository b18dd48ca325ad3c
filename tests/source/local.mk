# tests/source: the shape of the source tree (doc/design.md, "Layering").
TESTS += tests/source/test-layers.sh tests/source/test-readers-doc.sh
EXTRA_DIST += tests/source/test-layers.sh tests/source/test-readers-doc.sh
