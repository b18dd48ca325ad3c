# The numeric core: the base (error codes, allocation, jobs) and four
# folders -- schema/ (the tables), math/ (pure numerics), io/ (readers and
# writers), train/ (trained heads); src/core/dsp.h says which is which.
noinst_LIBRARIES += src/core/libdspcore.a
src_core_libdspcore_a_SOURCES = \
	src/core/dsp.h \
	src/core/alloc.c src/core/alloc.h src/core/alloc_live.c \
	src/core/error.c src/core/error.h \
	src/core/cpu.c src/core/cpu.h \
	src/core/job.c src/core/job.h
DSP_CORE_LIBS = src/core/libdspcore.a $(GSL_LIBS) $(OPENMP_CFLAGS) -lm

src_core_libdspcore_a_SOURCES += src/core/schema/schema.h \
	src/core/schema/attn.c src/core/schema/attn.h \
	src/core/schema/family.c src/core/schema/family.h \
	src/core/schema/figspec.c src/core/schema/figspec.h \
	src/core/schema/figures.c src/core/schema/figures.h \
	src/core/schema/gate.c src/core/schema/gate.h \
	src/core/schema/grammar.c src/core/schema/grammar.h \
	src/core/schema/params.c src/core/schema/params.h \
	src/core/schema/pkey.c src/core/schema/pkey.h \
	src/core/schema/ptable.c src/core/schema/vtable.c src/core/schema/ptable.h \
	src/core/schema/view.c src/core/schema/view.h

src_core_libdspcore_a_SOURCES += src/core/math/math.h \
	src/core/math/adaptive.c src/core/math/adaptive.h \
	src/core/math/alt.c src/core/math/alt.h \
	src/core/math/attn_entmax.c src/core/math/attn_linear.c \
	src/core/math/attn_selective.c src/core/math/attn_sigmoid.c \
	src/core/math/attn_softmax1.c src/core/math/attn_stickbreak.c \
	src/core/math/bounds.c src/core/math/bounds.h \
	src/core/math/critical.c src/core/math/critical.h \
	src/core/math/decimal.c src/core/math/decimal.h src/core/math/pow5.h \
	src/core/math/dtoa.c src/core/math/dtoa.h \
	src/core/math/empirical.c src/core/math/empirical.h \
	src/core/math/eval.c src/core/math/eval.h src/core/math/eval_int.h \
	src/core/math/eval_curve.c src/core/math/eval_limit.c src/core/math/eval_stream.c \
	src/core/math/eval_power.c src/core/math/eval_support.c src/core/math/geosum.c src/core/math/geosum.h \
	src/core/math/fastexp.c src/core/math/fastexp.h \
	src/core/math/fastexp512.h \
	src/core/math/fit.c src/core/math/fit.h \
	src/core/math/kernel.c src/core/math/kernel.h src/core/math/kernel_int.h \
	src/core/math/logbin.c src/core/math/logbin.h \
	src/core/math/kernel_pass.c src/core/math/kernel_typed.c \
	src/core/math/map.c src/core/math/map.h \
	src/core/math/precision.c src/core/math/precision.h \
	src/core/math/prec_summary.c \
	src/core/math/prec_eval.c src/core/math/prec_eval.h \
	src/core/math/quad.c src/core/math/quad.h \
	src/core/math/runs.c src/core/math/runs.h \
	src/core/math/softmax.c src/core/math/softmax.h \
	src/core/math/summary.h \
	src/core/math/typical.c src/core/math/typical.h

# NumPy .npy / .npz logits; .npz members through libzip.
src_core_libdspcore_a_SOURCES += src/core/io/io.h \
	src/core/io/escape.c src/core/io/escape.h \
	src/core/io/npy.c src/core/io/npy_header.c src/core/io/npy.h src/core/io/npz.c \
	src/core/io/pairs.c src/core/io/pairs.h \
	src/core/io/parse.c src/core/io/parse.h \
	src/core/io/readfile.c src/core/io/readfile.h \
	src/core/io/reader.c src/core/io/reader.h \
	src/core/io/rowset.c src/core/io/rowset.h \
	src/core/io/tour.c src/core/io/tour.h
AM_CFLAGS += $(LIBZIP_CFLAGS)
DSP_CORE_LIBS += $(LIBZIP_LIBS)

src_core_libdspcore_a_SOURCES += src/core/train/train.h \
	src/core/train/depth.c src/core/train/depth.h \
	src/core/train/learned.c src/core/train/learned.h \
	src/core/train/maxret.c src/core/train/maxret_eval.c src/core/train/maxret_int.h src/core/train/maxret.h
