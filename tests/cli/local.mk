# tests/cli
# The longest first (tests/local.mk).
TESTS += tests/cli/test-budget-all.sh tests/cli/test-learned.sh tests/cli/test-completion.sh \
	tests/cli/test-hostile.sh tests/cli/test-progress.sh
check_PROGRAMS += tests/cli/test-json
TESTS += tests/cli/test-json
tests_cli_test_json_SOURCES = tests/cli/test-json.c
tests_cli_test_json_CFLAGS = $(DSP_TEST_CFLAGS)
tests_cli_test_json_LDADD = $(DSP_EXPORT_LIBS) $(DSP_CORE_LIBS)
TESTS += tests/cli/test-golden.sh tests/cli/test-errors.sh tests/cli/test-numbers.sh \
	tests/cli/test-locale.sh tests/cli/test-text.sh tests/cli/test-budget.sh
TESTS += tests/cli/test-grammar.sh tests/cli/test-fifo.sh tests/cli/test-helpdoc.sh tests/cli/test-onetable.sh
EXTRA_DIST += tests/cli/test-grammar.sh tests/cli/test-fifo.sh tests/cli/test-completion.sh tests/cli/test-helpdoc.sh tests/cli/test-onetable.sh \
	tests/cli/test-budget-all.sh
TESTS += tests/cli/test-noconfig.sh tests/cli/test-animate.sh tests/cli/test-route.sh
EXTRA_DIST += tests/cli/test-hostile.sh tests/cli/test-noconfig.sh tests/cli/test-animate.sh tests/cli/gif-read.py tests/cli/test-route.sh
EXTRA_DIST += tests/cli/test-golden.sh tests/cli/test-errors.sh tests/cli/test-numbers.sh \
	tests/cli/test-locale.sh tests/cli/test-text.sh tests/cli/test-budget.sh \
	tests/cli/golden.list tests/cli/golden-values.py \
	tests/cli/golden/bound-huge.csv \
	tests/cli/golden/bound-huge.json \
	tests/cli/golden/bound-huge.text \
	tests/cli/golden/bound-solve.csv \
	tests/cli/golden/bound-solve.json \
	tests/cli/golden/bound-solve.text \
	tests/cli/golden/heatmap.csv \
	tests/cli/golden/heatmap.json \
	tests/cli/golden/heatmap.text \
	tests/cli/golden/report-argmax.csv \
	tests/cli/golden/report-argmax.json \
	tests/cli/golden/report-argmax.text \
	tests/cli/golden/report-power.csv \
	tests/cli/golden/report-power.json \
	tests/cli/golden/report-power.text \
	tests/cli/golden/report-spike.csv \
	tests/cli/golden/report-spike.json \
	tests/cli/golden/report-spike.text \
	tests/cli/golden/report-uniform.csv \
	tests/cli/golden/report-uniform.json \
	tests/cli/golden/report-uniform.text \
	tests/cli/golden/sweep-n.csv \
	tests/cli/golden/sweep-n.json \
	tests/cli/golden/sweep-n.text \
	tests/cli/golden/sweep-theta.csv \
	tests/cli/golden/sweep-theta.json \
	tests/cli/golden/sweep-theta.text \
	tests/data/cli-comment.txt \
	tests/data/cli-empty.txt \
	tests/data/cli-inf.txt \
	tests/data/cli-nan.txt \
	tests/data/cli-spike5.txt \
	tests/data/cli-word.txt
check_PROGRAMS += tests/cli/test-opts
TESTS += tests/cli/test-opts
tests_cli_test_opts_SOURCES = tests/cli/test-opts.c src/cli/opts.c src/cli/opts_help.c src/cli/opts_value.c src/cli/opts_output.c src/cli/opts.h src/cli/progress.c src/cli/progress.h \
	src/cli/figopts.c src/cli/figopts.h
tests_cli_test_opts_CFLAGS = $(DSP_TEST_CFLAGS)
tests_cli_test_opts_LDADD = $(DSP_EXPORT_LIBS) $(DSP_CORE_LIBS)
TESTS += tests/cli/test-train.sh tests/cli/test-depth.sh \
	tests/cli/test-linsel.sh tests/cli/test-ordered.sh \
	tests/cli/test-support.sh tests/cli/test-argmax.sh
EXTRA_DIST += tests/cli/test-train.sh tests/cli/test-progress.sh tests/cli/test-learned.sh tests/cli/learned-expected.py \
	tests/cli/test-depth.sh tests/cli/depth-numpy.py tests/cli/test-linsel.sh \
	tests/cli/test-ordered.sh tests/cli/ordered-head-reference.py tests/data/ordered-head-reference.tsv \
	tests/cli/test-support.sh tests/cli/support-reference.py tests/data/support-reference.tsv \
	tests/cli/test-argmax.sh tests/cli/near-one-lib.sh
check_PROGRAMS += tests/cli/test-ptable
TESTS += tests/cli/test-ptable
tests_cli_test_ptable_SOURCES = tests/cli/test-ptable.c src/cli/opts.c src/cli/opts_help.c src/cli/opts_value.c src/cli/opts_output.c src/cli/opts.h src/cli/progress.c src/cli/progress.h
tests_cli_test_ptable_CFLAGS = $(DSP_TEST_CFLAGS)
tests_cli_test_ptable_LDADD = $(DSP_EXPORT_LIBS) $(DSP_CORE_LIBS)
TESTS += tests/cli/test-paper.sh
EXTRA_DIST += tests/cli/test-paper.sh
