# examples
EXTRA_DIST += examples/fit-pairs.csv
