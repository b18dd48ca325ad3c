# tests/fuzz: numeric kernel accuracy, fuzz harnesses, bad input, valgrind.
check_PROGRAMS += tests/fuzz/test-fastexp tests/fuzz/test-kernel
TESTS += tests/fuzz/test-fastexp tests/fuzz/test-kernel
tests_fuzz_test_fastexp_SOURCES = tests/fuzz/test-fastexp.c
tests_fuzz_test_fastexp_CFLAGS = $(DSP_TEST_CFLAGS)
tests_fuzz_test_fastexp_LDADD = $(DSP_CORE_LIBS)
tests_fuzz_test_kernel_SOURCES = tests/fuzz/test-kernel.c
tests_fuzz_test_kernel_CFLAGS = $(DSP_TEST_CFLAGS)
tests_fuzz_test_kernel_LDADD = $(DSP_CORE_LIBS)
check_PROGRAMS += tests/fuzz/test-map
TESTS += tests/fuzz/test-map
tests_fuzz_test_map_SOURCES = tests/fuzz/test-map.c
tests_fuzz_test_map_CFLAGS = $(DSP_TEST_CFLAGS)
tests_fuzz_test_map_LDADD = $(DSP_CORE_LIBS)
