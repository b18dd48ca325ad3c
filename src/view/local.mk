DSP_VIEW_SOURCES = src/view/view.h src/view/draw.c \
	src/view/entropy_plot.c src/view/curve_panel.c src/view/curve_int.h \
	src/view/heads_panel.c \
	src/view/heatmap.c \
	src/view/help.c \
	src/view/histogram.c \
	src/view/params_panel.c \
	src/view/refit_box.c \
	src/view/settings_screen.c \
	src/view/status.c \
	src/view/theme.c \
	src/view/theorem_panel.c \
	src/view/theta_plot.c \
	src/view/tour_box.c
