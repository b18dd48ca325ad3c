# tests/export
TESTS += tests/export/test-snapfigs.sh tests/export/test-figtable.sh tests/export/test-figstyle.sh \
	tests/export/test-figures.sh tests/export/test-snapshot.sh tests/export/test-examples.sh \
	tests/export/test-curve-partial.sh \
	tests/export/test-figure-commands.sh \
	tests/export/test-snapmem.sh
EXTRA_DIST += tests/export/test-snapshot.sh tests/export/test-snapfigs.sh tests/export/test-figtable.sh tests/export/test-examples.sh \
	tests/export/test-curve-partial.sh tests/export/test-figures.sh \
	tests/export/test-figure-commands.sh tests/export/test-figstyle.sh tests/export/figcheck.sh \
	tests/export/test-snapmem.sh \
	tests/export/png-check.py tests/export/svg-check.py tests/export/lsan.supp \
	tests/export/normalise.sh \
	tests/export/golden/default.txt tests/export/golden/default.json \
	tests/export/golden/default-weights.csv tests/export/golden/default-curve.csv \
	tests/export/golden/default-map.csv
check_PROGRAMS += tests/export/test-svg
TESTS += tests/export/test-svg
tests_export_test_svg_SOURCES = tests/export/test-svg.c
tests_export_test_svg_CFLAGS = $(DSP_TEST_CFLAGS)
tests_export_test_svg_LDADD = $(DSP_EXPORT_LIBS) $(DSP_CORE_LIBS)
check_PROGRAMS += tests/export/test-export
TESTS += tests/export/test-export
tests_export_test_export_SOURCES = tests/export/test-export.c
tests_export_test_export_CFLAGS = $(DSP_TEST_CFLAGS)
tests_export_test_export_LDADD = $(DSP_EXPORT_LIBS) $(DSP_CORE_LIBS)
check_PROGRAMS += tests/export/test-sorted
TESTS += tests/export/test-sorted
tests_export_test_sorted_SOURCES = tests/export/test-sorted.c
tests_export_test_sorted_CFLAGS = $(DSP_TEST_CFLAGS)
tests_export_test_sorted_LDADD = $(DSP_EXPORT_LIBS) $(DSP_CORE_LIBS)
# The peak resident size of a command (test-snapmem.sh): the bench's tool.
check_PROGRAMS += tests/export/peak-rss
tests_export_peak_rss_SOURCES = bench/bench-rss.c
check_PROGRAMS += tests/export/test-sorted-stream
TESTS += tests/export/test-sorted-stream
tests_export_test_sorted_stream_SOURCES = tests/export/test-sorted-stream.c
tests_export_test_sorted_stream_CFLAGS = $(DSP_TEST_CFLAGS)
tests_export_test_sorted_stream_LDADD = $(DSP_EXPORT_LIBS) $(DSP_CORE_LIBS)
# A signal the moment a temporary file exists (test-sigcreate.sh).
check_PROGRAMS += tests/export/disperse-sigcreate
tests_export_disperse_sigcreate_SOURCES = tests/export/sigcreate.c
tests_export_disperse_sigcreate_LDADD = $(DSP_APP_LIBS) -ldl
TESTS += tests/export/test-sigcreate.sh
EXTRA_DIST += tests/export/test-sigcreate.sh
