#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Short bounded libFuzzer runs (clang -fsanitize=fuzzer,address,undefined)
# of the logit parser + kernel, the JSON parser, every input reader through
# the reader interface and the tour parser.  Skips cleanly without
# clang or libFuzzer.  Longer run: see doc/performance.md.
. "$top_srcdir/tests/tap.sh"
[ -n "${DSP_SKIP_LIBFUZZER:-}" ] && skip_all "libFuzzer $DSP_SKIP_LIBFUZZER"
CLANG=${CLANG:-clang}
RUNS=${DSP_FUZZ_RUNS:-10000}
command -v "$CLANG" >/dev/null 2>&1 || skip_all "clang not found"
work=${TMPDIR:-/tmp}/disperse-fuzz-$$
trap 'rm -rf "$work"' EXIT INT TERM
mkdir -p "$work/obj"
src=$top_srcdir/src
printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { (void)d; return (int)n * 0; }\n' \
	> "$work/probe.c"
"$CLANG" -fsanitize=fuzzer "$work/probe.c" -o "$work/probe" >/dev/null 2>&1 ||
	skip_all "clang cannot link -fsanitize=fuzzer (install libclang-rt-14-dev)"
# Line tables only: a finding's stack names file and line, and the debug
# information costs a fraction of full -g to compile.  Unoptimised: these
# runs are short (./bootstrap deep's long runs build with -O1), and -O0
# compiles core in two thirds of -O1's time.
flags="-gline-tables-only ${DSP_FUZZ_OPT:--O0} -std=c11 -D_DEFAULT_SOURCE -fopenmp-simd -fsanitize=fuzzer,address,undefined \
	-fno-sanitize-recover=undefined -I$src -I$top_builddir"
gsl=$(pkg-config --libs gsl 2>/dev/null || echo "-lgsl -lgslcblas")
# Core holds the .npz reader: targets that take all of core link libzip.
zip=$(pkg-config --cflags --libs libzip 2>/dev/null || echo "-lzip")
# (core/alloc.c: every allocation's one path, in each target; it asks the
# job's budget, so the path is alloc.c, alloc_live.c and job.c together.)
alloc="core/alloc.c core/alloc_live.c core/job.c"
# (core/cpu.c: how many threads the parser's parts run on.)
cpu="core/cpu.c"
# NAME: its sources under src/ (the fuzz main aside).
parse="core/io/parse.c core/io/readfile.c core/error.c core/math/kernel.c core/math/kernel_pass.c
	core/math/kernel_typed.c core/math/fastexp.c core/math/decimal.c $alloc $cpu"
json="export/json.c export/json_parse.c core/error.c core/io/escape.c $alloc core/math/dtoa.c
	core/math/decimal.c"
npy="core/io/npy.c core/io/npy_header.c core/error.c $alloc"
# Every reader through the reader interface (a seed's first byte picks
# the row of dsp_readers[]), each file by its path as a caller opens it.
reader="core/io/reader.c core/io/npy.c core/io/npy_header.c core/io/npz.c core/io/parse.c
	core/io/readfile.c core/math/decimal.c core/error.c $alloc $cpu"
# The tour parser applies each step's parameters, so it needs all of core.
core=$(cd "$src" && echo core/*.c core/*/*.c)
tour=$core
targets="parse json npy reader tour"
# The option parser: all of core and export (the tables it stamps), only
# on request like the snapshot loader.
if [ -n "${DSP_FUZZ_OPTS:-}" ]; then
	opts="cli/opts.c cli/opts_help.c cli/opts_value.c cli/opts_output.c cli/progress.c $core
		$(cd "$src" && echo export/*.c)"
	targets="$targets opts"
fi
# The snapshot loader pulls in all of core and export: about 15 s of clang
# on an idle machine, so only on request.
if [ -n "${DSP_FUZZ_SNAPSHOT:-}" ]; then
	snapshot="$core $(cd "$src" && echo export/*.c)"
	targets="$targets snapshot"
fi
# Export draws with cairo and librsvg (the option and snapshot targets).
if [ -n "${DSP_FUZZ_OPTS:-}${DSP_FUZZ_SNAPSHOT:-}" ]; then
	flags="$flags $(pkg-config --cflags librsvg-2.0 cairo-pdf cairo-png 2>/dev/null)"
	gfx="$(pkg-config --libs librsvg-2.0 cairo-pdf cairo-png 2>/dev/null) -lgif"
fi
# Each source is compiled once, however many targets take it (the targets
# share most of core): two compilers at a time, then a link a target.
objs=
for t in $targets; do eval "objs=\"\$objs \$$t\""; done
# shellcheck disable=SC2086
# (A source's object is obj/ + its path under src/ + .o.)
# shellcheck disable=SC2086
printf '%s\n' $objs | sort -u | xargs -P 2 -I{} sh -c '
	o="$1/obj/$2.o"
	mkdir -p "${o%/*}"
	# shellcheck disable=SC2086
	$3 $4 -c "$5/$2" -o "$o" 2>"$o.log" || { cat "$o.log"; exit 1; }' \
	sh "$work" {} "$CLANG" "$flags" "$src" >"$work/compile.log" 2>&1
compiled=$?
for t in $targets; do
	eval "list=\$$t"
	o=
	for f in $list; do o="$o $work/obj/$f.o"; done
	# shellcheck disable=SC2086
	"$CLANG" $flags "$top_srcdir/tests/fuzz/fuzz-$t.c" $o -o "$work/fuzz-$t" $gsl $zip ${gfx:-} -lm \
		>"$work/fuzz-$t.log" 2>&1
	echo $? >"$work/fuzz-$t.rc"
done
[ "$compiled" -eq 0 ] || sed 's/^/# /' "$work/compile.log" | head -40
for t in $targets; do
	case $t in parse) what=dsp_parse_logits ;; json) what=dsp_json_parse ;;
	npy) what=dsp_npy_parse_header ;; reader) what="every reader (core/io/reader.h)" ;;
	tour) what=dsp_tour_parse ;;
	opts) what=dsp_opts_parse ;; snapshot) what=dsp_snapshot_load ;; esac
	ok "$(cat "$work/fuzz-$t.rc" 2>/dev/null || echo 1)" "build libFuzzer target for $what"
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
