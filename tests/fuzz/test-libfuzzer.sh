#!/bin/sh
# Short bounded libFuzzer runs (clang -fsanitize=fuzzer,address,undefined)
# of the logit parser + kernel, the JSON parser, every input reader through
# the reader interface and the tour parser.  Skips cleanly without
# clang or libFuzzer.  Longer run: see doc/performance.md.
. "$top_srcdir/tests/tap.sh"
[ -n "${DSP_SKIP_LIBFUZZER:-}" ] && skip_all "libFuzzer $DSP_SKIP_LIBFUZZER"
CLANG=${CLANG:-clang}
RUNS=${DSP_FUZZ_RUNS:-20000}
command -v "$CLANG" >/dev/null 2>&1 || skip_all "clang not found"
work=${TMPDIR:-/tmp}/disperse-fuzz-$$
trap 'rm -rf "$work"' EXIT INT TERM
mkdir -p "$work"
src=$top_srcdir/src
printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { (void)d; return (int)n * 0; }\n' \
	> "$work/probe.c"
"$CLANG" -fsanitize=fuzzer "$work/probe.c" -o "$work/probe" >/dev/null 2>&1 ||
	skip_all "clang cannot link -fsanitize=fuzzer (install libclang-rt-14-dev)"
flags="-g -O1 -std=c11 -D_DEFAULT_SOURCE -fopenmp-simd -fsanitize=fuzzer,address,undefined \
	-fno-sanitize-recover=undefined -I$src -I$top_builddir"
gsl=$(pkg-config --libs gsl 2>/dev/null || echo "-lgsl -lgslcblas")
# Core holds the .npz reader: targets that take all of core link libzip.
zip=$(pkg-config --cflags --libs libzip 2>/dev/null || echo "-lzip")
# build NAME SOURCES...: in the background (the targets share nothing);
# built NAME waits for it and reports.
build() {
	name=$1; shift
	# shellcheck disable=SC2086
	( "$CLANG" $flags "$@" -o "$work/$name" $gsl $zip -lm 2>"$work/$name.log"
	  echo $? >"$work/$name.rc" ) &
}
built() {
	wait
	ok "$(cat "$work/$1.rc" 2>/dev/null || echo 1)" "build libFuzzer target for $2"
}
# (core/alloc.c: every allocation's one path, in each target; it asks the
# job's budget, so the path is alloc.c, alloc_live.c and job.c together.)
alloc="$src/core/alloc.c $src/core/alloc_live.c $src/core/job.c"
# (core/cpu.c: how many threads the parser's parts run on.)
cpu="$src/core/cpu.c"
build fuzz-parse "$top_srcdir/tests/fuzz/fuzz-parse.c" "$src/core/io/parse.c" \
	"$src/core/io/readfile.c" "$src/core/error.c" "$src/core/math/kernel.c" "$src/core/math/kernel_pass.c" \
	"$src/core/math/kernel_typed.c" "$src/core/math/fastexp.c" \
	"$src/core/math/decimal.c" $alloc $cpu
build fuzz-json "$top_srcdir/tests/fuzz/fuzz-json.c" "$src/export/json.c" "$src/export/json_parse.c" "$src/core/error.c" \
	"$src/core/io/escape.c" $alloc "$src/core/math/dtoa.c" "$src/core/math/decimal.c"
build fuzz-npy "$top_srcdir/tests/fuzz/fuzz-npy.c" "$src/core/io/npy.c" "$src/core/io/npy_header.c" "$src/core/error.c" \
	$alloc
# Every reader through the reader interface (a seed's first byte picks
# the row of dsp_readers[]), each file by its path as a caller opens it.
build fuzz-reader "$top_srcdir/tests/fuzz/fuzz-reader.c" "$src/core/io/reader.c" "$src/core/io/npy.c" \
	"$src/core/io/npy_header.c" "$src/core/io/npz.c" "$src/core/io/parse.c" "$src/core/io/readfile.c" \
	"$src/core/math/decimal.c" "$src/core/error.c" $alloc $cpu
# The tour parser applies each step's parameters, so it needs all of core.
build fuzz-tour "$top_srcdir/tests/fuzz/fuzz-tour.c" "$src"/core/*.c "$src"/core/*/*.c
targets="parse json npy reader tour"
# The option parser: all of core and export (the tables it stamps), only
# on request like the snapshot loader.
if [ -n "${DSP_FUZZ_OPTS:-}" ]; then
	build fuzz-opts "$top_srcdir/tests/fuzz/fuzz-opts.c" "$src/cli/opts.c" "$src/cli/opts_help.c" "$src/cli/opts_value.c" "$src/cli/opts_output.c" "$src/cli/progress.c" "$src"/core/*.c "$src"/core/*/*.c \
		"$src"/export/*.c
	targets="$targets opts"
fi
# The snapshot loader pulls in all of core and export: about 15 s of clang
# on an idle machine, so only on request.
if [ -n "${DSP_FUZZ_SNAPSHOT:-}" ]; then
	build fuzz-snapshot "$top_srcdir/tests/fuzz/fuzz-snapshot.c" "$src"/core/*.c "$src"/core/*/*.c "$src"/export/*.c
	targets="$targets snapshot"
fi
wait
for t in $targets; do
	case $t in parse) what=dsp_parse_logits ;; json) what=dsp_json_parse ;;
	npy) what=dsp_npy_parse_header ;; reader) what="every reader (core/io/reader.h)" ;;
	tour) what=dsp_tour_parse ;;
	opts) what=dsp_opts_parse ;; snapshot) what=dsp_snapshot_load ;; esac
	built "fuzz-$t" "$what"
done
for t in $targets; do
	case $t in parse) seeds=corpus-logits ;; json) seeds=corpus-json ;; snapshot) seeds=corpus-snapshot ;;
	npy) seeds=corpus-npy ;; reader) seeds=corpus-reader ;; tour) seeds=corpus-tour ;;
	opts) seeds=corpus-opts ;; esac
	[ -x "$work/fuzz-$t" ] || { ok 1 "fuzz $t (not built)"; sed 's/^/# /' "$work/fuzz-$t.log"; continue; }
	mkdir -p "$work/corpus-$t"
	start=$(date +%s)
	# A reader run goes through a file (memfd, /proc path): about 1 ms,
	# a hundred times a parser's; a fifth of the runs keeps it near 4 s.
	runs=$RUNS
	[ "$t" = reader ] && runs=$((RUNS / 5))
	ASAN_OPTIONS=detect_leaks=1 "$work/fuzz-$t" -runs="$runs" -max_total_time="${DSP_FUZZ_SECONDS:-10}" \
		-max_len=4096 -timeout=10 -rss_limit_mb=1024 \
		"$work/corpus-$t" "$top_srcdir/tests/fuzz/$seeds" >"$work/$t.out" 2>&1
	rc=$?
	end=$(date +%s)
	ok $rc "fuzz dsp_$t: up to $runs runs, no crash, leak, hang or UB"
	execs=$(grep -o 'Done [0-9]* runs in [0-9]* second' "$work/$t.out" | tail -1)
	diag "fuzz $t: ${execs:-?} (wall $((end - start)) s)"
	[ $rc -eq 0 ] || tail -30 "$work/$t.out" | sed 's/^/# /'
done
tap_done
