# examples
EXTRA_DIST += examples/fit-pairs.csv
EXTRA_DIST += examples/README.md examples/fig5-map.sh examples/dispersion-vs-n.sh \
	examples/adaptive-vs-plain.sh examples/logits-sample.txt
# Installed beside tour.txt: the tour step "a trained head disperses" opens it.
dist_pkgdata_DATA += examples/maxret-model.json
EXTRA_DIST += examples/dump-attention.py
