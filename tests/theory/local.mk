# tests/theory
check_PROGRAMS += tests/theory/test-fit
TESTS += tests/theory/test-fit
tests_theory_test_fit_SOURCES = tests/theory/test-fit.c
tests_theory_test_fit_CFLAGS = $(DSP_TEST_CFLAGS)
tests_theory_test_fit_LDADD = $(DSP_CORE_LIBS)
