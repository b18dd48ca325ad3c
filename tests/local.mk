EXTRA_DIST += tests/tap.h tests/tap.sh tests/timed.sh tests/rss.sh
DSP_TEST_CFLAGS = $(AM_CFLAGS) -I$(top_srcdir)/tests
# make runs the tests in this order, as many at once as it has job slots:
# the folders with the longest tests first, and in each folder its longest
# first, so that no long test starts last and runs alone (./bootstrap
# check prints each pass's slowest: the order follows them).
include tests/tui/local.mk
include tests/fuzz/local.mk
include tests/heads/local.mk
include tests/core/local.mk
include tests/nomem/local.mk
include tests/cli/local.mk
include tests/export/local.mk
include tests/theory/local.mk
include tests/source/local.mk
