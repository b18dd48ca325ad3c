/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Atomic publication of export files: temporary file, fsync, link/rename. */
#include <sys/stat.h>
#include <sys/types.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/job.h"
#include "export/atomic.h"

#define DSP_AFILE_BUF	((size_t)1 << 18)

/* A dead writer's temporary is swept once it is this old. */
#define STALE_SECONDS	60

int
dsp_mkdir_p(const char *dir)
{
	char buf[4096], *p;
	struct stat st;
	size_t len = strlen(dir);

	if (len == 0)
		return dsp_fail(DSP_EINVAL, "empty directory name");
	if (len >= sizeof buf)
		return dsp_fail(DSP_EINVAL, "directory name too long");
	memcpy(buf, dir, len + 1);
	while (len > 1 && buf[len - 1] == '/')
		buf[--len] = '\0';
	/* Each prefix in turn; an existing one is fine if it is a directory. */
	for (p = buf + 1;; p++) {
		if (*p != '/' && *p != '\0')
			continue;
		char save = *p;
		*p = '\0';
		if (mkdir(buf, 0777) != 0 && errno != EEXIST)
			return dsp_fail(DSP_EIO, "cannot create directory %s: %s", buf,
			    strerror(errno));
		if (stat(buf, &st) != 0)
			return dsp_fail(DSP_EIO, "cannot create directory %s: %s", buf,
			    strerror(errno));
		if (!S_ISDIR(st.st_mode))
			return dsp_fail(DSP_EIO, "cannot create directory %s: %s", dir,
			    strerror(ENOTDIR));
		*p = save;
		if (save == '\0')
			break;
	}
	return DSP_OK;
}

/* The temporary file being written, for the signal handler: the path is
 * complete whenever live is set. */
static char live_tmp[4096];
static volatile sig_atomic_t live;

static void
track(const char *tmp)
{
	live = 0;
	if (tmp != NULL && strlen(tmp) < sizeof live_tmp) {
		strcpy(live_tmp, tmp);
		live = 1;
	}
}

/* A member of a set (dsp_afset_*): linked in only once complete, so the
 * handler can walk the live set's list at any moment. */
struct afmember {
	dsp_afile		 a;
	char			 path[4096];	/* the final name, as given */
	FILE			*direct;	/* not a regular file: in place */
	int			 announce;
	volatile sig_atomic_t	 pending;	/* a.tmp exists, unpublished */
	struct afmember		*next;
};

struct dsp_afset {
	struct afmember	*head, **tail;
};

static dsp_afset *volatile live_set;

/* The thread that writes the files: the handler runs there, where it
 * cannot race a file being created. */
static pthread_t writer;

static void
on_fatal(int sig)
{
	struct afmember *m;

	/* OpenMP's pool threads do not block the signals (they are not made
	 * by dsp_thread_start): one of them passes the signal on instead of
	 * killing the process while the writer creates a file the handler
	 * has not been told of (pthread_self and pthread_kill are
	 * async-signal-safe).  The writer holds it off while it creates one. */
	if (!pthread_equal(pthread_self(), writer)) {
		(void)pthread_kill(writer, sig);
		return;
	}
	if (live)
		unlink(live_tmp);	/* async-signal-safe */
	for (m = live_set != NULL ? live_set->head : NULL; m != NULL; m = m->next)
		if (m->pending)
			unlink(m->a.tmp);
	signal(sig, SIG_DFL);
	raise(sig);
}

void
dsp_afile_trap_signals(void)
{
	static const int sigs[] = {
		SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE
	};
	struct sigaction sa, old;
	size_t i;

	writer = pthread_self();
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_fatal;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		/* A signal the caller ignores stays ignored. */
		if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
			sigaction(sigs[i], &sa, NULL);
}

void
dsp_afile_sweep(const char *dir)
{
	char path[4096], rest[64];
	struct dirent *e;
	struct stat st;
	time_t now = time(NULL);
	long pid;
	DIR *d;

	if ((d = opendir(dir)) == NULL)
		return;
	while ((e = readdir(d)) != NULL) {
		/* Only ".disperse-PID-XXXXXX" of a writer that is gone (kill
		 * says ESRCH: a live or foreign process keeps its file), and
		 * only after STALE_SECONDS, so a pid reused or a writer on
		 * another host sharing the directory has time to finish. */
		if (sscanf(e->d_name, ".disperse-%ld-%63s", &pid, rest) != 2 ||
		    pid <= 0 || strlen(rest) != 6 || kill((pid_t)pid, 0) == 0 ||
		    errno != ESRCH)
			continue;
		if (snprintf(path, sizeof path, "%s/%s", dir, e->d_name) >=
		    (int)sizeof path || lstat(path, &st) != 0 || !S_ISREG(st.st_mode) ||
		    now - st.st_mtime < STALE_SECONDS)
			continue;
		(void)unlink(path);
	}
	closedir(d);
}

int
dsp_afile_open(dsp_afile *a, const char *dir)
{
	sigset_t old;
	mode_t mask;
	int fd, n;

	memset(a, 0, sizeof *a);
	if (strlen(dir) >= sizeof a->dir)
		return dsp_fail(DSP_EINVAL, "directory name too long");
	strcpy(a->dir, dir);
	/* The writer's pid in the name lets dsp_afile_sweep tell a
	 * temporary of a dead writer from one being written. */
	n = snprintf(a->tmp, sizeof a->tmp, "%s/.disperse-%ld-XXXXXX", dir,
	    (long)getpid());
	if (n < 0 || (size_t)n >= sizeof a->tmp)
		return dsp_fail(DSP_EINVAL, "directory name too long");
	/* Between creating a temporary and naming it to the handler (track,
	 * the set's list) a signal would leave it behind: held off there. */
	dsp_signals_hold(&old);
	if ((fd = mkstemp(a->tmp)) < 0) {
		int e = errno;

		dsp_signals_release(&old);
		a->tmp[0] = '\0';
		return dsp_fail(DSP_EIO, "cannot create a file in %s: %s", dir,
		    strerror(e));
	}
	track(a->tmp);
	dsp_signals_release(&old);
	/* mkstemp makes 0600; exports are ordinary files. */
	mask = umask(0);
	umask(mask);
	(void)fchmod(fd, 0666 & ~mask);
	if ((a->fp = fdopen(fd, "w")) == NULL) {
		int e = errno;
		close(fd);
		track(NULL);
		unlink(a->tmp);
		a->tmp[0] = '\0';
		return dsp_fail(DSP_EIO, "cannot create a file in %s: %s", dir,
		    strerror(e));
	}
	/* A fixed 256 KiB buffer, not stdio's st_blksize (4 KiB): a snapshot
	 * writes 240 MB for 2^22 logits, 60,000 write calls that took a
	 * tenth of its CPU on the development VM.  Without it, stdio's. */
	if ((a->buf = dsp_malloc(DSP_AFILE_BUF)) != NULL &&
	    setvbuf(a->fp, a->buf, _IOFBF, DSP_AFILE_BUF) != 0) {
		free(a->buf);
		a->buf = NULL;
	}
	return DSP_OK;
}

void
dsp_afile_abort(dsp_afile *a)
{
	if (a->fp != NULL && !a->closed)
		fclose(a->fp);
	a->fp = NULL;
	a->closed = 1;
	free(a->buf);
	a->buf = NULL;
	if (a->tmp[0] != '\0')
		unlink(a->tmp);
	track(NULL);
	a->tmp[0] = '\0';
}

/* Flush, sync and close once; the error is the first one seen. */
static int
finish(dsp_afile *a)
{
	int e = 0;

	if (a->closed)
		return 0;
	/* errno may be stale; a sticky stream error without one is EIO. */
	errno = 0;
	if (fflush(a->fp) != 0 || ferror(a->fp))
		e = errno ? errno : EIO;
	if (e == 0 && fsync(fileno(a->fp)) != 0 && errno != EINVAL)
		e = errno;
	if (fclose(a->fp) != 0 && e == 0)
		e = errno;
	a->fp = NULL;
	a->closed = 1;
	free(a->buf);
	a->buf = NULL;
	return e;
}

static void
sync_dir(const char *dir)
{
	int fd;

	/* Makes the new directory entry durable; best effort. */
	if ((fd = open(dir, O_RDONLY | O_DIRECTORY)) >= 0) {
		(void)fsync(fd);
		close(fd);
	}
}

/* Exclusive publication where hard links are not supported: claim the
 * name with O_EXCL, then rename over the (empty) claim. */
static int
publish_excl_fallback(const char *tmp, const char *path)
{
	int fd;

	if ((fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0666)) < 0)
		return errno;
	close(fd);
	if (rename(tmp, path) != 0) {
		int e = errno;
		unlink(path);
		return e;
	}
	return 0;
}

int
dsp_afile_commit(dsp_afile *a, const char *name, int exclusive)
{
	char path[8192];
	int e;

	snprintf(path, sizeof path, "%s/%s", a->dir, name);
	if (a->tmp[0] == '\0')
		return dsp_fail(DSP_EINVAL, "cannot write %s: no temporary file", path);
	if ((e = finish(a)) != 0)
		goto fail;
	if (!exclusive) {
		if (rename(a->tmp, path) != 0) {
			e = errno;
			goto fail;
		}
	} else if (link(a->tmp, path) == 0)
		unlink(a->tmp);
	else if (errno == EEXIST)
		return DSP_AFILE_EXISTS;
	else if (errno == EPERM || errno == ENOTSUP || errno == EOPNOTSUPP ||
	    errno == ENOSYS || errno == EMLINK) {
		if ((e = publish_excl_fallback(a->tmp, path)) == EEXIST)
			return DSP_AFILE_EXISTS;
		if (e != 0)
			goto fail;
	} else {
		e = errno;
		goto fail;
	}
	track(NULL);
	a->tmp[0] = '\0';
	sync_dir(a->dir);
	return DSP_OK;
fail:
	unlink(a->tmp);
	track(NULL);
	a->tmp[0] = '\0';
	return dsp_fail(DSP_EIO, "cannot write %s: %s", path, strerror(e));
}

dsp_afset *
dsp_afset_alloc(void)
{
	dsp_afset *s;

	if ((s = dsp_calloc(1, sizeof *s)) == NULL) {
		dsp_fail_nomem("the output files' state", sizeof *s);
		return NULL;
	}
	s->tail = &s->head;
	live_set = s;
	return s;
}

FILE *
dsp_afset_open(dsp_afset *s, const char *path, int announce)
{
	struct afmember *m;
	struct stat st;
	sigset_t old;
	char dir[4096];
	const char *slash;
	size_t len;

	if (strlen(path) >= sizeof m->path || *path == '\0') {
		dsp_fail(DSP_EINVAL, "%s: bad file name", path);
		return NULL;
	}
	if ((m = dsp_calloc(1, sizeof *m)) == NULL) {
		dsp_fail_nomem("an output file's state", sizeof *m);
		return NULL;
	}
	strcpy(m->path, path);
	m->announce = announce;
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
		if ((m->direct = fopen(path, "w")) == NULL) {
			dsp_fail(DSP_EIO, "%s: %s", path, strerror(errno));
			free(m);
			return NULL;
		}
	} else {
		slash = strrchr(path, '/');
		len = slash == NULL ? 1 : slash == path ? 1 : (size_t)(slash - path);
		snprintf(dir, sizeof dir, "%.*s", (int)len, slash == NULL ? "." : path);
		if (slash != NULL && slash[1] == '\0') {
			dsp_fail(DSP_EINVAL, "%s: is a directory name", path);
			free(m);
			return NULL;
		}
		dsp_signals_hold(&old);
		if (dsp_afile_open(&m->a, dir) != DSP_OK) {
			int e = errno;

			dsp_signals_release(&old);
			dsp_fail(DSP_EIO, "cannot write %s: %s", path, strerror(e));
			free(m);
			return NULL;
		}
		/* Into the list before track lets go of it. */
		m->pending = 1;
		*s->tail = m;
		s->tail = &m->next;
		track(NULL);
		dsp_signals_release(&old);
		return m->a.fp;
	}
	*s->tail = m;
	s->tail = &m->next;
	return m->direct;
}

static int
member_close(struct afmember *m)
{
	int e;

	if (m->direct != NULL) {
		e = fflush(m->direct) != 0 || ferror(m->direct);
		if (fclose(m->direct) != 0)
			e = 1;
		m->direct = NULL;
		return e ? dsp_fail(DSP_EIO, "%s: write error", m->path) : DSP_OK;
	}
	if (!m->pending || m->a.closed)
		return DSP_OK;
	if ((e = finish(&m->a)) != 0)
		return dsp_fail(DSP_EIO, "%s: %s", m->path, strerror(e));
	return DSP_OK;
}

int
dsp_afset_close(dsp_afset *s, FILE *fp)
{
	struct afmember *m;

	for (m = s->head; m != NULL; m = m->next)
		if (fp != NULL && (fp == m->direct || (!m->a.closed && fp == m->a.fp)))
			return member_close(m);
	return dsp_fail(DSP_EINVAL, "not a file of the set");
}

int
dsp_afset_commit(dsp_afset *s, FILE *list)
{
	struct afmember *m;
	int rc;

	for (m = s->head; m != NULL; m = m->next)
		if ((rc = member_close(m)) != DSP_OK) {
			dsp_afset_abort(s);
			return rc;
		}
	for (m = s->head; m != NULL; m = m->next) {
		if (!m->pending)
			continue;
		if (rename(m->a.tmp, m->path) != 0) {
			int e = errno;

			dsp_afset_abort(s);
			return dsp_fail(DSP_EIO, "cannot write %s: %s", m->path, strerror(e));
		}
		m->pending = 0;
		m->a.tmp[0] = '\0';
		sync_dir(m->a.dir);
	}
	for (m = s->head; m != NULL && list != NULL; m = m->next)
		if (m->announce)
			fprintf(list, "%s\n", m->path);
	return DSP_OK;
}

void
dsp_afset_abort(dsp_afset *s)
{
	struct afmember *m;

	for (m = s->head; m != NULL; m = m->next) {
		if (m->direct != NULL) {
			fclose(m->direct);
			m->direct = NULL;
		}
		if (m->pending) {
			if (!m->a.closed)
				fclose(m->a.fp);
			/* The stream's buffer (dsp_afile_open) outlives it. */
			free(m->a.buf);
			m->a.buf = NULL;
			m->a.closed = 1;
			unlink(m->a.tmp);
			m->pending = 0;
			m->a.tmp[0] = '\0';
		}
	}
}

void
dsp_afset_free(dsp_afset *s)
{
	struct afmember *m, *next;

	if (s == NULL)
		return;
	dsp_afset_abort(s);
	if (live_set == s)
		live_set = NULL;
	for (m = s->head; m != NULL; m = next) {
		next = m->next;
		free(m);
	}
	free(s);
}
