# tests/cli
check_PROGRAMS += tests/cli/test-json
TESTS += tests/cli/test-json
tests_cli_test_json_SOURCES = tests/cli/test-json.c
tests_cli_test_json_CFLAGS = $(DSP_TEST_CFLAGS)
tests_cli_test_json_LDADD = $(DSP_EXPORT_LIBS) $(DSP_CORE_LIBS)
