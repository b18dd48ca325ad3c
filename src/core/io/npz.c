/* .npz archives (numpy.savez / savez_compressed): a zip of .npy members.
 *
 * libzip lists the members and inflates deflated ones (no inflate of our
 * own).  Stored members (numpy.savez) are not copied: the archive is
 * mapped once and the member's bytes are located through the zip central
 * directory and local header (read here because libzip has no public call
 * for a member's data offset).  Inflated members are bounded by a cap. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zip.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/io/npy.h"

struct member {
	zip_uint64_t	 index;		/* libzip index */
	char		*name;		/* without ".npy" */
};

struct dsp_npz {
	char			*path;
	zip_t			*zip;
	const unsigned char	*map;
	size_t			 map_len;
	uint64_t		 cap;
	struct member		*m;
	size_t			 count;
};

static uint64_t
le(const unsigned char *p, int bytes)
{
	uint64_t v = 0;
	int i;

	for (i = bytes - 1; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

/* Offset of the data of central-directory entry number want (0-based), if
 * it is stored (method 0) with equal sizes; 0 on success, -1 otherwise
 * (the caller then reads the member through libzip). */
static int
stored_offset(const dsp_npz *z, uint64_t want, uint64_t size, uint64_t *off)
{
	const unsigned char *b = z->map;
	size_t len = z->map_len, e, stop;
	uint64_t cd, entries, i, p, csz, usz, lho, nl, xl, cl, q;

	if (len < 22)
		return -1;
	/* End of central directory: signature within the last 64 KiB + 22. */
	stop = len > 65557 ? len - 65557 : 0;
	for (e = len - 22;; e--) {
		if (le(b + e, 4) == 0x06054b50)
			break;
		if (e == stop)
			return -1;
	}
	entries = le(b + e + 10, 2);
	cd = le(b + e + 16, 4);
	if ((entries == 0xffff || cd == 0xffffffff) && e >= 20 &&
	    le(b + e - 20, 4) == 0x07064b50) {
		p = le(b + e - 20 + 8, 8);	/* zip64 end of central directory */
		if (p > len - 56 || le(b + p, 4) != 0x06064b50)
			return -1;
		entries = le(b + p + 32, 8);
		cd = le(b + p + 48, 8);
	}
	if (want >= entries)
		return -1;
	for (p = cd, i = 0;; i++) {
		if (p > len - 46 || le(b + p, 4) != 0x02014b50)
			return -1;
		nl = le(b + p + 28, 2);
		xl = le(b + p + 30, 2);
		cl = le(b + p + 32, 2);
		if (i == want)
			break;
		p += 46 + nl + xl + cl;
	}
	if (le(b + p + 10, 2) != 0 || (le(b + p + 8, 2) & 1))
		return -1;			/* not stored, or encrypted */
	csz = le(b + p + 20, 4);
	usz = le(b + p + 24, 4);
	lho = le(b + p + 42, 4);
	if (p + 46 + nl + xl > len)
		return -1;
	/* Zip64 extra field: the 0xffffffff fields, in this order. */
	for (q = p + 46 + nl; q + 4 <= p + 46 + nl + xl;) {
		uint64_t id = le(b + q, 2), sz = le(b + q + 2, 2), r = q + 4;

		if (q + 4 + sz > p + 46 + nl + xl)
			return -1;
		if (id == 1) {
			if (usz == 0xffffffff && r + 8 <= q + 4 + sz)
				usz = le(b + r, 8), r += 8;
			if (csz == 0xffffffff && r + 8 <= q + 4 + sz)
				csz = le(b + r, 8), r += 8;
			if (lho == 0xffffffff && r + 8 <= q + 4 + sz)
				lho = le(b + r, 8);
		}
		q += 4 + sz;
	}
	if (csz != size || usz != size || lho > len - 30 ||
	    le(b + lho, 4) != 0x04034b50)
		return -1;
	p = lho + 30 + le(b + lho + 26, 2) + le(b + lho + 28, 2);
	if (p > len || size > len - p)
		return -1;
	*off = p;
	return 0;
}

static int
zfail(dsp_npz *z, int code, const char *what)
{
	int rc = dsp_fail(code, "%s: %s", z->path, what);

	dsp_npz_close(z);
	return rc;
}

static int
name_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* A zip may hold two members of one name; numpy's np.load reads only the
 * last, so both would be shown under one label.  Refused, in O(n log n)
 * (an archive may hold 100,000 members). */
static int
no_duplicates(dsp_npz *z)
{
	const char **names;
	char what[300];
	size_t i;

	if ((names = dsp_malloc(z->count * sizeof *names)) == NULL)
		return zfail(z, DSP_ENOMEM, "out of memory");
	for (i = 0; i < z->count; i++)
		names[i] = z->m[i].name;
	qsort(names, z->count, sizeof *names, name_cmp);
	for (i = 1; i < z->count; i++)
		if (strcmp(names[i - 1], names[i]) == 0)
			break;
	if (i < z->count)
		snprintf(what, sizeof what, "two members named '%.200s.npy' (numpy "
		    "would read only the last): rename one", names[i]);
	free(names);
	return i < z->count ? zfail(z, DSP_EPARSE, what) : DSP_OK;
}

int
dsp_npz_open(const char *path, uint64_t cap, dsp_npz **out)
{
	struct stat st;
	dsp_npz *z;
	zip_error_t ze;
	zip_stat_t zs;
	zip_int64_t n, i;
	size_t nl;
	void *map;
	int fd, err = 0;

	*out = NULL;
	if ((z = dsp_calloc(1, sizeof *z)) == NULL ||
	    (z->path = dsp_strdup(path)) == NULL) {
		free(z);
		return dsp_fail(DSP_ENOMEM, "%s: out of memory", path);
	}
	z->cap = cap ? cap : DSP_NPZ_INFLATE_CAP;
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return zfail(z, DSP_EIO, strerror(errno));
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 &&
	    (uint64_t)st.st_size <= SIZE_MAX) {
		map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
		if (map != MAP_FAILED) {
			z->map = map;
			z->map_len = (size_t)st.st_size;
		}
	}
	if ((z->zip = zip_fdopen(fd, ZIP_RDONLY, &err)) == NULL) {
		close(fd);
		zip_error_init_with_code(&ze, err);
		dsp_fail(DSP_EPARSE, "%s: not a readable .npz (zip) archive: %s",
		    path, zip_error_strerror(&ze));
		zip_error_fini(&ze);
		err = DSP_EPARSE;
		dsp_npz_close(z);
		return err;
	}
	if ((n = zip_get_num_entries(z->zip, 0)) < 0)
		return zfail(z, DSP_EPARSE, "cannot list the archive");
	if ((z->m = dsp_calloc((size_t)n + 1, sizeof *z->m)) == NULL)
		return zfail(z, DSP_ENOMEM, "out of memory");
	for (i = 0; i < n; i++) {
		if (zip_stat_index(z->zip, (zip_uint64_t)i, 0, &zs) != 0 ||
		    !(zs.valid & ZIP_STAT_NAME))
			return zfail(z, DSP_EPARSE, zip_strerror(z->zip));
		nl = strlen(zs.name);
		if (nl < 4 || strcmp(zs.name + nl - 4, ".npy") != 0)
			continue;		/* not an array */
		z->m[z->count].index = (zip_uint64_t)i;
		if ((z->m[z->count].name = dsp_strndup(zs.name, nl - 4)) == NULL)
			return zfail(z, DSP_ENOMEM, "out of memory");
		z->count++;
	}
	if (z->count == 0)
		return zfail(z, DSP_EEMPTY, "no .npy members in the archive");
	if ((err = no_duplicates(z)) != DSP_OK)
		return err;
	*out = z;
	return DSP_OK;
}

size_t
dsp_npz_count(const dsp_npz *z)
{
	return z->count;
}

const char *
dsp_npz_member(const dsp_npz *z, size_t i)
{
	return i < z->count ? z->m[i].name : NULL;
}

int
dsp_npz_array(dsp_npz *z, size_t i, dsp_npy **out)
{
	char name[1024];
	zip_stat_t zs;
	zip_file_t *f;
	zip_int64_t got;
	uint64_t off;
	void *buf;

	*out = NULL;
	if (i >= z->count)
		return dsp_fail(DSP_EINVAL, "%s: no member %zu", z->path, i);
	snprintf(name, sizeof name, "%s[%s]", z->path, z->m[i].name);
	if (zip_stat_index(z->zip, z->m[i].index, 0, &zs) != 0 ||
	    !(zs.valid & ZIP_STAT_SIZE))
		return dsp_fail(DSP_EPARSE, "%s: %s", name, zip_strerror(z->zip));
	if ((zs.valid & ZIP_STAT_ENCRYPTION_METHOD) &&
	    zs.encryption_method != ZIP_EM_NONE)
		return dsp_fail(DSP_ENOTSUP, "%s: encrypted member", name);
	if (z->map != NULL && (zs.valid & ZIP_STAT_COMP_METHOD) &&
	    zs.comp_method == ZIP_CM_STORE &&
	    stored_offset(z, z->m[i].index, zs.size, &off) == 0)
		return dsp_npy_from_buffer(z->map + off, (size_t)zs.size, 0, name, out);
	/* Deflated (or not locatable): inflate through libzip, within the cap. */
	if (zs.size > z->cap || zs.size > SIZE_MAX)
		return dsp_fail(DSP_ETOOBIG, "%s: compressed member inflates to %llu "
		    "bytes, over the %llu-byte cap (save it with numpy.savez, "
		    "uncompressed, to have it mapped)", name,
		    (unsigned long long)zs.size, (unsigned long long)z->cap);
	if ((buf = dsp_malloc(zs.size ? (size_t)zs.size : 1)) == NULL)
		return dsp_fail(DSP_ENOMEM, "%s: out of memory (%llu bytes)", name,
		    (unsigned long long)zs.size);
	if ((f = zip_fopen_index(z->zip, z->m[i].index, 0)) == NULL) {
		free(buf);
		return dsp_fail(DSP_EPARSE, "%s: %s", name, zip_strerror(z->zip));
	}
	got = zip_fread(f, buf, zs.size);
	if (got < 0 || (zip_uint64_t)got != zs.size) {
		dsp_fail(DSP_EPARSE, "%s: damaged member: %s", name,
		    got < 0 ? zip_file_strerror(f) : "short read");
		zip_fclose(f);
		free(buf);
		return DSP_EPARSE;
	}
	zip_fclose(f);
	return dsp_npy_from_buffer(buf, (size_t)zs.size, 1, name, out);
}

void
dsp_npz_close(dsp_npz *z)
{
	size_t i;

	if (z == NULL)
		return;
	if (z->zip != NULL)
		zip_discard(z->zip);
	if (z->map != NULL)
		munmap((void *)z->map, z->map_len);
	for (i = 0; i < z->count; i++)
		free(z->m[i].name);
	free(z->m);
	free(z->path);
	free(z);
}
