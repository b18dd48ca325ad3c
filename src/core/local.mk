noinst_LIBRARIES += src/core/libdspcore.a
src_core_libdspcore_a_SOURCES = \
	src/core/adaptive.c src/core/adaptive.h \
	src/core/alt.c src/core/alt.h \
	src/core/bounds.c src/core/bounds.h \
	src/core/critical.c src/core/critical.h \
	src/core/depth.c src/core/depth.h \
	src/core/dsp.h \
	src/core/empirical.c src/core/empirical.h \
	src/core/alloc.c src/core/alloc.h \
	src/core/error.c src/core/error.h \
	src/core/escape.c src/core/escape.h \
	src/core/eval.c src/core/eval.h \
	src/core/family.c src/core/family.h \
	src/core/figures.c src/core/figures.h \
	src/core/gate.c src/core/gate.h \
	src/core/typical.c src/core/typical.h \
	src/core/figspec.c src/core/figspec.h \
	src/core/fastexp.c src/core/fastexp.h src/core/fastexp512.h \
	src/core/decimal.c src/core/decimal.h src/core/pow5.h \
	src/core/dtoa.c src/core/dtoa.h \
	src/core/fit.c src/core/fit.h \
	src/core/job.c src/core/job.h \
	src/core/kernel.c src/core/kernel.h \
	src/core/map.c src/core/map.h \
	src/core/learned.c src/core/learned.h \
	src/core/maxret.c src/core/maxret.h \
	src/core/params.c src/core/params.h \
	src/core/ptable.c src/core/ptable.h \
	src/core/parse.c src/core/parse.h \
	src/core/readfile.c src/core/readfile.h \
	src/core/precision.c src/core/precision.h \
	src/core/prec_eval.c src/core/prec_eval.h src/core/summary.h \
	src/core/quad.c src/core/quad.h \
	src/core/rowset.c src/core/rowset.h \
	src/core/runs.c src/core/runs.h \
	src/core/softmax.c src/core/softmax.h \
	src/core/tour.c src/core/tour.h \
	src/core/view.c src/core/view.h
DSP_CORE_LIBS = src/core/libdspcore.a $(GSL_LIBS) $(OPENMP_CFLAGS) -lm
# NumPy .npy / .npz logits (src/core/npy.h); .npz members through libzip.
src_core_libdspcore_a_SOURCES += src/core/npy.c src/core/npy.h src/core/npz.c
AM_CFLAGS += $(LIBZIP_CFLAGS)
DSP_CORE_LIBS += $(LIBZIP_LIBS)
