dist_man1_MANS += doc/disperse.1
