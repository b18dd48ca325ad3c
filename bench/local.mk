# benchmarks: `make bench` builds and runs them; not part of make or make check.
EXTRA_PROGRAMS = bench/bench-kernel bench/bench-map
bench_bench_kernel_SOURCES = bench/bench-kernel.c
bench_bench_kernel_LDADD = $(DSP_CORE_LIBS)
bench_bench_map_SOURCES = bench/bench-map.c
bench_bench_map_LDADD = $(DSP_CORE_LIBS)
EXTRA_DIST += bench/run.sh bench/bench-scipy.py
CLEANFILES += bench/bench-kernel$(EXEEXT) bench/bench-map$(EXEEXT)

bench: bench/bench-kernel$(EXEEXT) bench/bench-map$(EXEEXT)
	$(SHELL) $(top_srcdir)/bench/run.sh $(top_builddir) $(top_srcdir)
.PHONY: bench
