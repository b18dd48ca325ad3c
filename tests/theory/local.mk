# tests/theory
check_PROGRAMS += tests/theory/test-fit
TESTS += tests/theory/test-fit
tests_theory_test_fit_SOURCES = tests/theory/test-fit.c
tests_theory_test_fit_CFLAGS = $(DSP_TEST_CFLAGS)
tests_theory_test_fit_LDADD = $(DSP_CORE_LIBS)
check_PROGRAMS += tests/theory/test-alt
TESTS += tests/theory/test-alt
tests_theory_test_alt_SOURCES = tests/theory/test-alt.c
tests_theory_test_alt_CFLAGS = $(DSP_TEST_CFLAGS)
tests_theory_test_alt_LDADD = $(DSP_CORE_LIBS)
check_PROGRAMS += tests/theory/test-tour
TESTS += tests/theory/test-tour
tests_theory_test_tour_SOURCES = tests/theory/test-tour.c
tests_theory_test_tour_CFLAGS = $(DSP_TEST_CFLAGS)
tests_theory_test_tour_LDADD = $(DSP_CORE_LIBS)
