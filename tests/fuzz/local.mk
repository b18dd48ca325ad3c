# tests/fuzz: numeric kernel accuracy, fuzz harnesses, bad input, valgrind.
# The longest first (tests/local.mk).
TESTS += tests/fuzz/test-libfuzzer.sh tests/fuzz/test-valgrind.sh
check_PROGRAMS += tests/fuzz/test-fastexp tests/fuzz/test-kernel tests/fuzz/test-kernel-typed
TESTS += tests/fuzz/test-fastexp tests/fuzz/test-kernel tests/fuzz/test-kernel-typed
tests_fuzz_test_fastexp_SOURCES = tests/fuzz/test-fastexp.c
tests_fuzz_test_fastexp_CFLAGS = $(DSP_TEST_CFLAGS)
tests_fuzz_test_fastexp_LDADD = $(DSP_CORE_LIBS)
tests_fuzz_test_kernel_SOURCES = tests/fuzz/test-kernel.c
tests_fuzz_test_kernel_CFLAGS = $(DSP_TEST_CFLAGS)
tests_fuzz_test_kernel_LDADD = $(DSP_CORE_LIBS)
tests_fuzz_test_kernel_typed_SOURCES = tests/fuzz/test-kernel-typed.c
tests_fuzz_test_kernel_typed_CFLAGS = $(DSP_TEST_CFLAGS)
tests_fuzz_test_kernel_typed_LDADD = $(DSP_CORE_LIBS)
check_PROGRAMS += tests/fuzz/test-map
TESTS += tests/fuzz/test-map
tests_fuzz_test_map_SOURCES = tests/fuzz/test-map.c
tests_fuzz_test_map_CFLAGS = $(DSP_TEST_CFLAGS)
tests_fuzz_test_map_LDADD = $(DSP_CORE_LIBS)
# Fuzz targets: replayed over the seed corpora with the project compiler;
# test-libfuzzer.sh builds them with clang -fsanitize=fuzzer when it can.
check_PROGRAMS += tests/fuzz/fuzz-replay-parse tests/fuzz/fuzz-replay-json \
	tests/fuzz/fuzz-replay-snapshot tests/fuzz/fuzz-replay-tour tests/fuzz/fuzz-replay-opts
tests_fuzz_fuzz_replay_opts_SOURCES = tests/fuzz/fuzz-replay.c tests/fuzz/fuzz-opts.c \
	src/cli/opts.c src/cli/opts_help.c src/cli/opts_value.c src/cli/opts_output.c src/cli/opts.h src/cli/progress.c src/cli/progress.h
tests_fuzz_fuzz_replay_opts_CFLAGS = $(DSP_TEST_CFLAGS)
tests_fuzz_fuzz_replay_opts_LDADD = $(DSP_EXPORT_LIBS) $(DSP_CORE_LIBS)
tests_fuzz_fuzz_replay_tour_SOURCES = tests/fuzz/fuzz-replay.c tests/fuzz/fuzz-tour.c
tests_fuzz_fuzz_replay_tour_CFLAGS = $(DSP_TEST_CFLAGS)
tests_fuzz_fuzz_replay_tour_LDADD = $(DSP_CORE_LIBS)
tests_fuzz_fuzz_replay_snapshot_SOURCES = tests/fuzz/fuzz-replay.c tests/fuzz/fuzz-snapshot.c
tests_fuzz_fuzz_replay_snapshot_CFLAGS = $(DSP_TEST_CFLAGS)
tests_fuzz_fuzz_replay_snapshot_LDADD = $(DSP_EXPORT_LIBS) $(DSP_CORE_LIBS)
tests_fuzz_fuzz_replay_parse_SOURCES = tests/fuzz/fuzz-replay.c tests/fuzz/fuzz-parse.c
tests_fuzz_fuzz_replay_parse_CFLAGS = $(DSP_TEST_CFLAGS)
tests_fuzz_fuzz_replay_parse_LDADD = $(DSP_CORE_LIBS)
tests_fuzz_fuzz_replay_json_SOURCES = tests/fuzz/fuzz-replay.c tests/fuzz/fuzz-json.c
tests_fuzz_fuzz_replay_json_CFLAGS = $(DSP_TEST_CFLAGS)
tests_fuzz_fuzz_replay_json_LDADD = $(DSP_EXPORT_LIBS) $(DSP_CORE_LIBS)
TESTS += tests/fuzz/test-replay.sh
EXTRA_DIST += tests/fuzz/test-replay.sh tests/fuzz/test-libfuzzer.sh \
	tests/fuzz/corpus-logits tests/fuzz/corpus-json tests/fuzz/corpus-snapshot \
	tests/fuzz/corpus-tour tests/fuzz/corpus-opts
# CLI bad-input matrix and valgrind run; both need $DISPERSE.
TESTS += tests/fuzz/test-badinput.sh
EXTRA_DIST += tests/fuzz/test-badinput.sh tests/fuzz/test-valgrind.sh
# Tests that cannot run under ASan (valgrind, ulimit -v) look at this.
if SANITIZERS
AM_TESTS_ENVIRONMENT += DSP_SANITIZERS=1; export DSP_SANITIZERS;
endif
TESTS += tests/fuzz/test-resize-storm.sh
EXTRA_DIST += tests/fuzz/test-resize-storm.sh
# The .npy header parser (src/core/io/npy.c), replayed over corpus-npy/.
check_PROGRAMS += tests/fuzz/fuzz-replay-npy
tests_fuzz_fuzz_replay_npy_SOURCES = tests/fuzz/fuzz-replay.c tests/fuzz/fuzz-npy.c
tests_fuzz_fuzz_replay_npy_CFLAGS = $(DSP_TEST_CFLAGS)
tests_fuzz_fuzz_replay_npy_LDADD = $(DSP_CORE_LIBS)
EXTRA_DIST += tests/fuzz/corpus-npy
# Every reader through the reader interface (core/io/reader.h), replayed
# over corpus-reader/ (a seed's first byte picks the reader row).
check_PROGRAMS += tests/fuzz/fuzz-replay-reader
tests_fuzz_fuzz_replay_reader_SOURCES = tests/fuzz/fuzz-replay.c tests/fuzz/fuzz-reader.c
tests_fuzz_fuzz_replay_reader_CFLAGS = $(DSP_TEST_CFLAGS)
tests_fuzz_fuzz_replay_reader_LDADD = $(DSP_CORE_LIBS)
EXTRA_DIST += tests/fuzz/corpus-reader tests/fuzz/fuzz-rows.h
