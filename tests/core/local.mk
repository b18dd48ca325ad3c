# tests/core

# Numeric core TAP suite (tests/core/coretest.h: long double references).
EXTRA_DIST += tests/core/coretest.h
DSP_CORE_TESTS = \
	tests/core/test-softmax
check_PROGRAMS += $(DSP_CORE_TESTS)
TESTS += $(DSP_CORE_TESTS)

tests_core_test_softmax_SOURCES = tests/core/test-softmax.c
tests_core_test_softmax_CFLAGS = $(DSP_TEST_CFLAGS)
tests_core_test_softmax_LDADD = $(DSP_CORE_LIBS)
