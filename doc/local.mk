dist_man1_MANS += doc/disperse.1
dist_pkgdata_DATA += doc/tour.txt
EXTRA_DIST += doc/theory.md doc/design.md doc/lecture.md doc/guide.md doc/performance.md

# The report of `disperse paper` (doc/paper/), regenerated from the source
# tree's binary: the full run (about 20 CPU-minutes).  PAPER_FLAGS=--quick
# for the reduced one.
paper: disperse$(EXEEXT)
	cd $(srcdir) && $(abs_top_builddir)/disperse$(EXEEXT) paper --out doc/paper $(PAPER_FLAGS)
.PHONY: paper
EXTRA_DIST += doc/paper/README.md doc/paper/adaptive-beta.csv \
	doc/paper/adaptive-curve.svg doc/paper/adaptive-entropy.csv \
	doc/paper/adaptive-poly.csv doc/paper/alternatives-curve.svg \
	doc/paper/alternatives.csv doc/paper/critical.csv \
	doc/paper/dispersion-curve.svg doc/paper/dispersion.csv \
	doc/paper/lemma-curve.svg doc/paper/lemma.csv doc/paper/map-map.svg \
	doc/paper/map.csv doc/paper/maxret-model.json doc/paper/maxret-seeds.csv \
	doc/paper/maxret-weights-n16-hist.svg doc/paper/maxret-weights-n256-hist.svg \
	doc/paper/maxret-weights-n4096-hist.svg doc/paper/maxret.csv \
	doc/paper/maxret.svg doc/paper/numbers.json
# bash completion: the script asks the program for its commands and each
# command's options (--list-commands, CMD --list-options).
bashcompdir = $(datadir)/bash-completion/completions
dist_bashcomp_DATA = doc/completion/disperse
