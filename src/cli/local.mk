DSP_CLI_SOURCES = src/cli/cli.c src/cli/cli.h src/cli/cmd.h \
	src/cli/cmd-animate.c \
	src/cli/cmd-bound.c \
	src/cli/cmd-compare.c \
	src/cli/cmd-fit.c \
	src/cli/cmd-heatmap.c \
	src/cli/cmd-precision.c \
	src/cli/cmd-report.c \
	src/cli/cmd-snapshot.c \
	src/cli/cmd-sweep.c \
	src/cli/cmd-tour.c \
	src/cli/cmd-train.c src/cli/train-svg.c \
	src/cli/cmd-depth.c \
	src/cli/cmd-paper.c src/cli/paper_int.h src/cli/paper-theory.c src/cli/paper-maxret.c \
	src/cli/figopts.c src/cli/figopts.h \
	src/cli/figrows.c \
	src/cli/opts.c src/cli/opts_help.c src/cli/opts_value.c src/cli/opts_output.c src/cli/opts.h \
	src/cli/progress.c src/cli/progress.h
DSP_CLI_SOURCES += src/cli/cmd-heads.c src/cli/heads_int.h src/cli/heads-summary.c
