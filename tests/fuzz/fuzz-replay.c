/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Replays files through a fuzz target (no libFuzzer needed), TAP output. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
main(int argc, char **argv)
{
	unsigned char *buf;
	size_t len;
	long sz;
	FILE *fp;
	int i, failed = 0;

	for (i = 1; i < argc; i++) {
		if ((fp = fopen(argv[i], "rb")) == NULL || fseek(fp, 0, SEEK_END) != 0 ||
		    (sz = ftell(fp)) < 0 || fseek(fp, 0, SEEK_SET) != 0 ||
		    (buf = malloc((size_t)sz + 1)) == NULL) {
			printf("not ok %d - cannot read %s\n", i, argv[i]);
			failed++;
			if (fp != NULL)
				fclose(fp);
			continue;
		}
		len = fread(buf, 1, (size_t)sz, fp);
		fclose(fp);
		LLVMFuzzerTestOneInput(buf, len);	/* aborts on a failed check */
		free(buf);
		printf("ok %d - %s\n", i, argv[i]);
	}
	printf("1..%d\n", argc - 1);
	return failed != 0;
}
