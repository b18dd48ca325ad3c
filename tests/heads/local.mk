# tests/heads: the NumPy logits reader and `disperse heads`.
# The longest first (tests/local.mk).
TESTS += tests/heads/test-budget.sh
check_PROGRAMS += tests/heads/test-npy
TESTS += tests/heads/test-npy
tests_heads_test_npy_SOURCES = tests/heads/test-npy.c
tests_heads_test_npy_CFLAGS = $(DSP_TEST_CFLAGS)
tests_heads_test_npy_LDADD = $(DSP_CORE_LIBS)
# CLI against numpy, and the PyTorch dump example (skipped without torch).
TESTS += tests/heads/test-heads.sh tests/heads/test-torch.sh
EXTRA_DIST += tests/heads/test-heads.sh tests/heads/test-torch.sh
# The readers inside --mem-budget (peak RSS by /usr/bin/time); float32 and
# float16 rows through the kernel's typed pass.
TESTS += tests/heads/test-float32.sh
EXTRA_DIST += tests/heads/test-budget.sh tests/heads/test-float32.sh
