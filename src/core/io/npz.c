/* SPDX-License-Identifier: GPL-3.0-or-later */
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
#include "core/job.h"

struct member {
	zip_uint64_t	 index;		/* libzip index */
	char		*name;		/* without ".npy" */
};

struct dsp_npz {
	char			*path;
	zip_t			*zip;
	const unsigned char	*map;
	size_t			 map_len;
	uint64_t		 cap;		/* one inflated member */
	uint64_t		 inflated;	/* bytes inflated so far */
	uint64_t		*cd;		/* central-directory entry offsets
						   by libzip index, or NULL */
	uint64_t		 entries;
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

/* The offsets of the central directory's entries, found once (looking up
 * each member's from the start was quadratic: 100,000 members took 16 s).
 * z->cd stays NULL when the directory cannot be walked; members are then
 * read through libzip. */
static void
index_cd(dsp_npz *z)
{
	const unsigned char *b = z->map;
	size_t len = z->map_len, e, stop;
	uint64_t cd, entries, i, p;

	if (len < 22)
		return;
	/* End of central directory: signature within the last 64 KiB + 22. */
	stop = len > 65557 ? len - 65557 : 0;
	for (e = len - 22;; e--) {
		if (le(b + e, 4) == 0x06054b50)
			break;
		if (e == stop)
			return;
	}
	entries = le(b + e + 10, 2);
	cd = le(b + e + 16, 4);
	if ((entries == 0xffff || cd == 0xffffffff) && e >= 20 &&
	    le(b + e - 20, 4) == 0x07064b50) {
		p = le(b + e - 20 + 8, 8);	/* zip64 end of central directory */
		if (p > len - 56 || le(b + p, 4) != 0x06064b50)
			return;
		entries = le(b + p + 32, 8);
		cd = le(b + p + 48, 8);
	}
	/* 46 bytes an entry at least: more would not fit in the file. */
	if (entries > len / 46 || (z->cd = dsp_malloc((entries ? entries : 1) *
	    sizeof *z->cd)) == NULL) {
		dsp_clear_error();	/* libzip reads them instead */
		return;
	}
	for (p = cd, i = 0; i < entries; i++) {
		if (p > len - 46 || le(b + p, 4) != 0x02014b50) {
			free(z->cd);
			z->cd = NULL;
			return;
		}
		z->cd[i] = p;
		p += 46 + le(b + p + 28, 2) + le(b + p + 30, 2) + le(b + p + 32, 2);
	}
	z->entries = entries;
}

/* Offset of the data of central-directory entry number want (0-based), if
 * it is stored (method 0) with equal sizes; 0 on success, -1 otherwise
 * (the caller then reads the member through libzip). */
static int
stored_offset(const dsp_npz *z, uint64_t want, uint64_t size, uint64_t *off)
{
	const unsigned char *b = z->map;
	size_t len = z->map_len;
	uint64_t p, csz, usz, lho, nl, xl, q;

	if (z->cd == NULL || want >= z->entries)
		return -1;
	p = z->cd[want];
	nl = le(b + p + 28, 2);
	xl = le(b + p + 30, 2);
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
			index_cd(z);
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

/* Member i: its name for messages and its stat; 1 with *off when it is
 * stored in the mapping (used in place), 0 when it is to be inflated
 * through libzip, or an error code (negated) with its message. */
static int
locate(dsp_npz *z, size_t i, char *name, size_t size, zip_stat_t *zs, uint64_t *off)
{
	if (i >= z->count)
		return -dsp_fail(DSP_EINVAL, "%s: no member %zu", z->path, i);
	snprintf(name, size, "%s[%s]", z->path, z->m[i].name);
	if (zip_stat_index(z->zip, z->m[i].index, 0, zs) != 0 ||
	    !(zs->valid & ZIP_STAT_SIZE))
		return -dsp_fail(DSP_EPARSE, "%s: %s", name, zip_strerror(z->zip));
	if ((zs->valid & ZIP_STAT_ENCRYPTION_METHOD) &&
	    zs->encryption_method != ZIP_EM_NONE)
		return -dsp_fail(DSP_ENOTSUP, "%s: encrypted member", name);
	if (z->map != NULL && (zs->valid & ZIP_STAT_COMP_METHOD) &&
	    zs->comp_method == ZIP_CM_STORE &&
	    stored_offset(z, z->m[i].index, zs->size, off) == 0)
		return 1;
	return 0;
}

/* Up to len bytes of member i inflated into buf; *got how many. */
static int
inflate(dsp_npz *z, size_t i, const char *name, void *buf, uint64_t len,
    uint64_t *got)
{
	zip_file_t *f;
	zip_int64_t k;

	if ((f = zip_fopen_index(z->zip, z->m[i].index, 0)) == NULL)
		return dsp_fail(DSP_EPARSE, "%s: %s", name, zip_strerror(z->zip));
	k = zip_fread(f, buf, len);
	if (k < 0) {
		dsp_fail(DSP_EPARSE, "%s: damaged member: %s", name, zip_file_strerror(f));
		zip_fclose(f);
		return DSP_EPARSE;
	}
	zip_fclose(f);
	*got = (uint64_t)k;
	return DSP_OK;
}

/* Bytes of a member read for its header: numpy writes at most 64 KiB of
 * header for format 1.0 and pads to 64 bytes; 2.0 and 3.0 allow longer,
 * which no writer makes. */
#define HEAD_MAX	((uint64_t)1 << 17)

int
dsp_npz_header(dsp_npz *z, size_t i, dsp_npy_header *h)
{
	char name[1024], msg[400];
	unsigned char *buf;
	zip_stat_t zs;
	uint64_t off, len;
	int rc, where;

	if ((where = locate(z, i, name, sizeof name, &zs, &off)) < 0)
		return -where;
	dsp_clear_error();
	if (where == 1)
		rc = dsp_npy_parse_header(z->map + off, (size_t)zs.size, h);
	else {
		len = zs.size < HEAD_MAX ? zs.size : HEAD_MAX;
		if ((buf = dsp_malloc(len ? (size_t)len : 1)) == NULL)
			return dsp_fail_nomem(NULL, 0);
		if ((rc = inflate(z, i, name, buf, len, &len)) != DSP_OK) {
			free(buf);
			return rc;
		}
		rc = dsp_npy_parse_header(buf, (size_t)len, h);
		free(buf);
	}
	if (rc != DSP_OK) {
		snprintf(msg, sizeof msg, "%s", dsp_last_error());
		return dsp_fail(rc, "%s: %s", name, msg);
	}
	return DSP_OK;
}

int
dsp_npz_array(dsp_npz *z, size_t i, dsp_npy **out)
{
	char name[1024], what[1100];
	zip_stat_t zs;
	uint64_t off, got, total = 4 * z->cap;
	void *buf;
	int where, rc;

	*out = NULL;
	if ((where = locate(z, i, name, sizeof name, &zs, &off)) < 0)
		return -where;
	if (where == 1)
		return dsp_npy_from_buffer(z->map + off, (size_t)zs.size,
		    DSP_NPY_FILE_MAPPED, name, out);
	/* Deflated (or not locatable): inflate through libzip, within the cap
	 * of one member, the cap of all (a zip bomb of many members each
	 * under the first) and the budget. */
	if (zs.size > z->cap || zs.size > SIZE_MAX)
		return dsp_fail(DSP_ETOOBIG, "%s: compressed member inflates to %llu "
		    "bytes, over the %llu-byte cap (save it with numpy.savez, "
		    "uncompressed, to have it mapped)", name,
		    (unsigned long long)zs.size, (unsigned long long)z->cap);
	if (zs.size > total - z->inflated)
		return dsp_fail(DSP_ETOOBIG, "%s: the archive's compressed members "
		    "inflate to %llu bytes up to this one, over the %llu-byte cap of all "
		    "(4 x the cap of one)", name,
		    (unsigned long long)(z->inflated + zs.size), (unsigned long long)total);
	snprintf(what, sizeof what, "%s: the compressed member inflated", name);
	if ((rc = dsp_job_need((size_t)zs.size, what)) != DSP_OK)
		return rc;
	if ((buf = dsp_malloc(zs.size ? (size_t)zs.size : 1)) == NULL)
		return dsp_fail(DSP_ENOMEM, "%s: out of memory (%llu bytes)", name,
		    (unsigned long long)zs.size);
	if ((rc = inflate(z, i, name, buf, zs.size, &got)) == DSP_OK && got != zs.size)
		rc = dsp_fail(DSP_EPARSE, "%s: damaged member: short read", name);
	if (rc != DSP_OK) {
		free(buf);
		return rc;
	}
	z->inflated += zs.size;
	return dsp_npy_from_buffer(buf, (size_t)zs.size, DSP_NPY_OWNED, name, out);
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
	free(z->cd);
	free(z->path);
	free(z);
}
