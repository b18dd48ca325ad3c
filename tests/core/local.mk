# tests/core

# Numeric core TAP suite (tests/core/coretest.h: long double references).
EXTRA_DIST += tests/core/coretest.h tests/data/core-logits.txt \
	tests/core/draws-reference.py tests/data/draws-reference.tsv \
	tests/core/band-reference.py tests/data/band-reference.tsv \
	tests/core/attn-draws-reference.py tests/data/attn-draws-reference.tsv \
	tests/core/power-closed-reference.py tests/data/power-closed-reference.tsv
# The longest first (tests/local.mk).
DSP_CORE_TESTS = \
	tests/core/test-powerclosed \
	tests/core/test-alloc \
	tests/core/test-draws \
	tests/core/test-gate \
	tests/core/test-decimal \
	tests/core/test-dtoa \
	tests/core/test-softmax \
	tests/core/test-bounds \
	tests/core/test-figures \
	tests/core/test-logbin \
	tests/core/test-adaptive \
	tests/core/test-family \
	tests/core/test-empirical \
	tests/core/test-eval \
	tests/core/test-accuracy \
	tests/core/test-parse \
	tests/core/test-props \
	tests/core/test-maxret \
	tests/core/test-view \
	tests/core/test-exphist \
	tests/core/test-pkey \
	tests/core/test-attn \
	tests/core/test-band \
	tests/core/test-geosum \
	tests/core/test-cpu
check_PROGRAMS += $(DSP_CORE_TESTS)
TESTS += $(DSP_CORE_TESTS)

tests_core_test_geosum_SOURCES = tests/core/test-geosum.c
tests_core_test_geosum_CFLAGS = $(DSP_TEST_CFLAGS)
tests_core_test_geosum_LDADD = $(DSP_CORE_LIBS)
tests_core_test_cpu_SOURCES = tests/core/test-cpu.c
tests_core_test_cpu_CFLAGS = $(DSP_TEST_CFLAGS)
tests_core_test_cpu_LDADD = $(DSP_CORE_LIBS)
tests_core_test_powerclosed_SOURCES = tests/core/test-powerclosed.c
tests_core_test_powerclosed_CFLAGS = $(DSP_TEST_CFLAGS)
tests_core_test_powerclosed_LDADD = $(DSP_CORE_LIBS)
# The memory budget of the allocation wrappers (src/core/alloc.h).
tests_core_test_alloc_SOURCES = tests/core/test-alloc.c
tests_core_test_alloc_CFLAGS = $(DSP_TEST_CFLAGS)
tests_core_test_alloc_LDADD = $(DSP_CORE_LIBS) -lpthread
tests_core_test_attn_SOURCES = tests/core/test-attn.c
tests_core_test_attn_CFLAGS = $(DSP_TEST_CFLAGS)
tests_core_test_attn_LDADD = $(DSP_CORE_LIBS)
tests_core_test_softmax_SOURCES = tests/core/test-softmax.c
tests_core_test_softmax_CFLAGS = $(DSP_TEST_CFLAGS)
tests_core_test_softmax_LDADD = $(DSP_CORE_LIBS)
tests_core_test_logbin_SOURCES = tests/core/test-logbin.c
tests_core_test_logbin_CFLAGS = $(DSP_TEST_CFLAGS)
tests_core_test_logbin_LDADD = $(DSP_CORE_LIBS)
tests_core_test_figures_SOURCES = tests/core/test-figures.c
tests_core_test_figures_CFLAGS = $(DSP_TEST_CFLAGS)
tests_core_test_figures_LDADD = $(DSP_CORE_LIBS)
tests_core_test_bounds_SOURCES = tests/core/test-bounds.c
tests_core_test_bounds_CFLAGS = $(DSP_TEST_CFLAGS)
tests_core_test_bounds_LDADD = $(DSP_CORE_LIBS)
tests_core_test_adaptive_SOURCES = tests/core/test-adaptive.c
tests_core_test_adaptive_CFLAGS = $(DSP_TEST_CFLAGS)
tests_core_test_adaptive_LDADD = $(DSP_CORE_LIBS)
tests_core_test_empirical_SOURCES = tests/core/test-empirical.c
tests_core_test_empirical_CFLAGS = $(DSP_TEST_CFLAGS)
tests_core_test_empirical_LDADD = $(DSP_CORE_LIBS)
tests_core_test_family_SOURCES = tests/core/test-family.c
tests_core_test_family_CFLAGS = $(DSP_TEST_CFLAGS)
tests_core_test_family_LDADD = $(DSP_CORE_LIBS)
tests_core_test_accuracy_SOURCES = tests/core/test-accuracy.c
tests_core_test_accuracy_CFLAGS = $(DSP_TEST_CFLAGS)
tests_core_test_accuracy_LDADD = $(DSP_CORE_LIBS)
tests_core_test_eval_SOURCES = tests/core/test-eval.c
tests_core_test_eval_CFLAGS = $(DSP_TEST_CFLAGS)
tests_core_test_eval_LDADD = $(DSP_CORE_LIBS)
tests_core_test_parse_SOURCES = tests/core/test-parse.c
tests_core_test_parse_CFLAGS = $(DSP_TEST_CFLAGS)
tests_core_test_parse_LDADD = $(DSP_CORE_LIBS)
tests_core_test_decimal_SOURCES = tests/core/test-decimal.c
tests_core_test_decimal_CFLAGS = $(DSP_TEST_CFLAGS)
tests_core_test_decimal_LDADD = $(DSP_CORE_LIBS)
tests_core_test_dtoa_SOURCES = tests/core/test-dtoa.c
tests_core_test_dtoa_CFLAGS = $(DSP_TEST_CFLAGS)
tests_core_test_dtoa_LDADD = $(DSP_CORE_LIBS)
tests_core_test_props_SOURCES = tests/core/test-props.c
tests_core_test_props_CFLAGS = $(DSP_TEST_CFLAGS)
tests_core_test_props_LDADD = $(DSP_CORE_LIBS)
tests_core_test_maxret_SOURCES = tests/core/test-maxret.c
tests_core_test_maxret_CFLAGS = $(DSP_TEST_CFLAGS)
tests_core_test_maxret_LDADD = $(DSP_CORE_LIBS)
tests_core_test_view_SOURCES = tests/core/test-view.c
tests_core_test_view_CFLAGS = $(DSP_TEST_CFLAGS)
tests_core_test_view_LDADD = $(DSP_CORE_LIBS)
tests_core_test_exphist_SOURCES = tests/core/test-exphist.c
tests_core_test_exphist_CFLAGS = $(DSP_TEST_CFLAGS)
tests_core_test_exphist_LDADD = $(DSP_CORE_LIBS)
tests_core_test_pkey_SOURCES = tests/core/test-pkey.c
tests_core_test_pkey_CFLAGS = $(DSP_TEST_CFLAGS)
tests_core_test_pkey_LDADD = $(DSP_CORE_LIBS)
tests_core_test_gate_SOURCES = tests/core/test-gate.c
tests_core_test_gate_CFLAGS = $(DSP_TEST_CFLAGS)
tests_core_test_gate_LDADD = $(DSP_CORE_LIBS)
tests_core_test_draws_SOURCES = tests/core/test-draws.c
tests_core_test_band_SOURCES = tests/core/test-band.c
tests_core_test_band_CFLAGS = $(DSP_TEST_CFLAGS)
tests_core_test_band_LDADD = $(DSP_CORE_LIBS)
tests_core_test_draws_CFLAGS = $(DSP_TEST_CFLAGS)
tests_core_test_draws_LDADD = $(DSP_CORE_LIBS)
