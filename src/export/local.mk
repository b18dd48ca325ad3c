noinst_LIBRARIES += src/export/libdspexport.a
src_export_libdspexport_a_SOURCES = \
	src/export/json.c src/export/json_parse.c src/export/json.h \
	src/export/model.c src/export/model.h \
	src/export/table.c src/export/table_fig.c src/export/table.h \
	src/export/atomic.c src/export/atomic.h \
	src/export/snapshot.c src/export/snapshot.h src/export/snap_int.h \
	src/export/snap_compute.c src/export/snap_csv.c src/export/snap_txt.c \
	src/export/snap_json.c src/export/snap_svg.c src/export/snap_svg_curve.c src/export/snap_svg_int.h src/export/snap_sorted.c \
	src/export/snapshot_load.c \
	src/export/svg.c src/export/svg_axes.c src/export/svg_int.h src/export/svg.h \
	src/export/render.c src/export/render.h \
	src/export/screen_svg.c src/export/screen_svg.h \
	src/export/viridis.c src/export/viridis.h
DSP_EXPORT_LIBS = src/export/libdspexport.a $(GIF_LIBS)
AM_CFLAGS += $(RSVG_CFLAGS)
src_export_libdspexport_a_SOURCES += src/export/heads_svg.c src/export/heads_svg.h
src_export_libdspexport_a_SOURCES += src/export/snap_frame.c src/export/frame.h \
	src/export/gif.c src/export/gif.h src/export/bitfont.c src/export/bitfont.h
