# tests/tui: tmux-driven TUI tests (skipped without tmux)
# The longest first (tests/local.mk).
TESTS += tests/tui/test-view.sh tests/tui/test-layout.sh tests/tui/test-curve-legend.sh tests/tui/test-settle.sh \
	tests/tui/test-lecture.sh
TESTS += tests/tui/test-tui.sh tests/tui/test-signals.sh tests/tui/test-mouse.sh \
	tests/tui/test-snapshot.sh tests/tui/test-tour.sh tests/tui/test-hangup.sh \
	tests/tui/test-curve.sh tests/tui/test-theorem.sh tests/tui/test-params.sh \
	tests/tui/test-worker.sh tests/tui/test-play.sh tests/tui/test-editor.sh tests/tui/test-settings.sh tests/tui/test-settings-screen.sh tests/tui/test-theme.sh tests/tui/test-screen-figure.sh tests/tui/test-heads.sh tests/tui/test-theta-plot.sh \
	tests/tui/test-summary-job.sh tests/tui/test-theorem-always.sh tests/tui/test-whole.sh
EXTRA_DIST += tests/tui/test-tui.sh tests/tui/test-signals.sh tests/tui/tui-lib.sh \
	tests/tui/test-snapshot.sh tests/tui/test-mouse.sh \
	tests/tui/test-tour.sh tests/tui/test-hangup.sh tests/tui/test-curve.sh tests/tui/test-curve-legend.sh tests/tui/test-theorem.sh \
	tests/tui/test-params.sh tests/tui/test-worker.sh tests/tui/test-play.sh tests/tui/test-editor.sh tests/tui/test-settings.sh tests/tui/test-settings-screen.sh tests/tui/test-theme.sh tests/tui/test-screen-figure.sh tests/tui/test-view.sh tests/tui/test-heads.sh tests/tui/test-theta-plot.sh \
	tests/tui/test-layout.sh tests/tui/test-summary-job.sh tests/tui/test-settle.sh tests/tui/test-theorem-always.sh tests/tui/test-whole.sh \
	tests/tui/test-lecture.sh
# The TUI's compute module without a terminal (no tmux needed).
check_PROGRAMS += tests/tui/test-resample
TESTS += tests/tui/test-resample
tests_tui_test_resample_SOURCES = tests/tui/test-resample.c src/app/compute.c src/app/compute_curve.c src/app/compute.h src/app/compute_int.h
tests_tui_test_resample_CFLAGS = $(DSP_TEST_CFLAGS) $(CURSES_CFLAGS)
tests_tui_test_resample_LDADD = $(DSP_CORE_LIBS) $(CURSES_LIBS)
