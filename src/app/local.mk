DSP_APP_SOURCES = src/app/app.c src/app/app.h src/app/app_int.h src/app/term.c \
	src/app/layout.c src/app/keys.c src/app/mouse.c src/app/editor.c src/app/settings.c src/app/prefs.c \
	src/app/actions.c src/app/play.c src/app/compute.c src/app/compute_curve.c src/app/compute.h src/app/compute_int.h src/app/heads.c \
	src/app/teach.c src/app/teach.h src/app/worker.c src/app/worker.h \
	src/app/options.c
# The program's own objects, main() among them, in one library: compiled
# once, linked into disperse and into tests/nomem/disperse-nomem (which
# puts its own allocation wrappers before the core's).
noinst_LIBRARIES += src/app/libdspapp.a
src_app_libdspapp_a_SOURCES = src/main.c $(DSP_APP_SOURCES) $(DSP_VIEW_SOURCES) $(DSP_CLI_SOURCES)
src_app_libdspapp_a_CFLAGS = $(AM_CFLAGS) $(CURSES_CFLAGS)
DSP_APP_LIBS = src/app/libdspapp.a $(DSP_EXPORT_LIBS) $(DSP_CORE_LIBS) $(CURSES_LIBS) -lpthread
bin_PROGRAMS += disperse
disperse_SOURCES =
disperse_LDADD = $(DSP_APP_LIBS)
