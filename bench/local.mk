# benchmarks: `make bench` builds and runs them; not part of make or make check.
EXTRA_PROGRAMS = bench/bench-kernel bench/bench-map bench/bench-app bench/bench-threads \
	bench/bench-parse bench/bench-rss bench/bench-print
bench_bench_kernel_SOURCES = bench/bench-kernel.c bench/vexp.c bench/vexp.h bench/timing.h
bench_bench_kernel_CFLAGS = $(AM_CFLAGS) -fopenmp-simd
bench_bench_kernel_LDADD = $(DSP_CORE_LIBS) -lmvec
bench_bench_threads_SOURCES = bench/bench-threads.c bench/timing.h
bench_bench_threads_LDADD = $(DSP_CORE_LIBS)
bench_bench_parse_SOURCES = bench/bench-parse.c bench/timing.h
bench_bench_parse_LDADD = $(DSP_CORE_LIBS)
bench_bench_rss_SOURCES = bench/bench-rss.c
bench_bench_print_SOURCES = bench/bench-print.c bench/timing.h
bench_bench_print_LDADD = $(DSP_CORE_LIBS)
bench_bench_map_SOURCES = bench/bench-map.c
bench_bench_map_LDADD = $(DSP_CORE_LIBS)
bench_bench_app_SOURCES = bench/bench-app.c src/app/compute.c src/app/compute_curve.c src/app/compute.h src/app/compute_int.h \
	src/app/worker.c src/app/worker.h $(DSP_VIEW_SOURCES)
bench_bench_app_CFLAGS = $(AM_CFLAGS) $(CURSES_CFLAGS)
bench_bench_app_LDADD = $(DSP_EXPORT_LIBS) $(DSP_CORE_LIBS) $(CURSES_LIBS) -lpthread
EXTRA_DIST += bench/run.sh bench/snapshot.sh bench/settle.sh bench/bench-scipy.py
CLEANFILES += bench/bench-kernel$(EXEEXT) bench/bench-map$(EXEEXT) bench/bench-app$(EXEEXT) \
	bench/bench-threads$(EXEEXT) bench/bench-parse$(EXEEXT) bench/bench-rss$(EXEEXT) \
	bench/bench-print$(EXEEXT)

bench: bench/bench-kernel$(EXEEXT) bench/bench-map$(EXEEXT) bench/bench-app$(EXEEXT) \
    bench/bench-threads$(EXEEXT) bench/bench-parse$(EXEEXT) bench/bench-rss$(EXEEXT) \
    bench/bench-print$(EXEEXT)
	$(SHELL) $(top_srcdir)/bench/run.sh $(top_builddir) $(top_srcdir)
# The snapshot lines alone (DISPERSE_BASE=OLD-BINARY: a baseline in the same rounds).
bench-snapshot: disperse$(EXEEXT) bench/bench-rss$(EXEEXT) bench/bench-print$(EXEEXT)
	$(SHELL) $(top_srcdir)/bench/snapshot.sh $(top_builddir)
.PHONY: bench bench-snapshot
