DSP_APP_SOURCES = src/app/app.c src/app/app.h src/app/app_int.h src/app/term.c \
	src/app/layout.c src/app/keys.c src/app/mouse.c src/app/editor.c src/app/settings.c \
	src/app/actions.c src/app/play.c src/app/compute.c src/app/compute.h src/app/heads.c \
	src/app/teach.c src/app/teach.h src/app/worker.c src/app/worker.h
bin_PROGRAMS += disperse
disperse_SOURCES = src/main.c $(DSP_APP_SOURCES) $(DSP_VIEW_SOURCES) $(DSP_CLI_SOURCES)
disperse_LDADD = $(DSP_EXPORT_LIBS) $(DSP_CORE_LIBS) $(CURSES_LIBS) -lpthread
disperse_CFLAGS = $(AM_CFLAGS) $(CURSES_CFLAGS)
