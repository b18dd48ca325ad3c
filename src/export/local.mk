noinst_LIBRARIES += src/export/libdspexport.a
src_export_libdspexport_a_SOURCES = \
	src/export/json.c src/export/json.h \
	src/export/table.c src/export/table.h
DSP_EXPORT_LIBS = src/export/libdspexport.a
