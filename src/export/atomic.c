/* Atomic publication of export files: temporary file, fsync, link/rename. */
#include <sys/stat.h>
#include <sys/types.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/error.h"
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

static void
on_fatal(int sig)
{
	if (live)
		unlink(live_tmp);	/* async-signal-safe */
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
	if ((fd = mkstemp(a->tmp)) < 0) {
		a->tmp[0] = '\0';
		return dsp_fail(DSP_EIO, "cannot create a file in %s: %s", dir,
		    strerror(errno));
	}
	track(a->tmp);
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
	if ((a->buf = malloc(DSP_AFILE_BUF)) != NULL &&
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
