dist_man1_MANS += doc/disperse.1
dist_pkgdata_DATA += doc/tour.txt
EXTRA_DIST += doc/theory.md doc/design.md doc/lecture.md
