# tests/nomem: out of memory.  disperse-nomem is disperse with the
# allocation wrappers of failalloc.c (a failure switch) in place of
# src/core/alloc.c; the sweep fails each allocation of a table of commands
# in turn.
check_PROGRAMS += tests/nomem/disperse-nomem
tests_nomem_disperse_nomem_SOURCES = tests/nomem/failalloc.c
tests_nomem_disperse_nomem_LDADD = $(DSP_APP_LIBS)
TESTS += tests/nomem/test-nomem.sh tests/nomem/test-outputs.sh \
	tests/nomem/test-nomem-tui.sh
EXTRA_DIST += tests/nomem/test-nomem.sh tests/nomem/sweep.py \
	tests/nomem/test-outputs.sh tests/nomem/test-nomem-tui.sh
# Every allocation of every command of the sweep (a few minutes).
check-nomem: tests/nomem/disperse-nomem$(EXEEXT)
	top_srcdir='$(abs_top_srcdir)' top_builddir='$(abs_top_builddir)' \
	DSP_NOMEM_MAX=0 $(SHELL) $(top_srcdir)/tests/nomem/test-nomem.sh
.PHONY: check-nomem
# The core's map and evaluation with each allocation failed in turn.
check_PROGRAMS += tests/nomem/test-alloc
TESTS += tests/nomem/test-alloc
tests_nomem_test_alloc_SOURCES = tests/nomem/test-alloc.c tests/nomem/failalloc.c
tests_nomem_test_alloc_CFLAGS = $(DSP_TEST_CFLAGS)
tests_nomem_test_alloc_LDADD = $(DSP_CORE_LIBS)
