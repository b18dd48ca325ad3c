EXTRA_DIST += tests/tap.h tests/tap.sh tests/timed.sh
DSP_TEST_CFLAGS = $(AM_CFLAGS) -I$(top_srcdir)/tests
include tests/core/local.mk
include tests/cli/local.mk
include tests/tui/local.mk
include tests/export/local.mk
include tests/theory/local.mk
include tests/fuzz/local.mk
include tests/heads/local.mk
include tests/nomem/local.mk
