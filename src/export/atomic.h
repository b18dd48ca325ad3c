/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Atomic file creation for exports: write into a temporary file in the
 * destination directory, fsync it, then publish it under its final name in
 * one step, so a reader never sees a half-written file and a crash or a
 * full disk leaves nothing but the files already published. */
#ifndef DSP_ATOMIC_H
#define DSP_ATOMIC_H

#include <stdio.h>

typedef struct dsp_afile {
	FILE	*fp;		/* write here between open and commit */
	char	 tmp[4096];	/* temporary path, "" once gone */
	char	 dir[4096];
	int	 closed;	/* data flushed, synced and closed */
	char	*buf;		/* fp's buffer (256 KiB), or NULL: stdio's own */
} dsp_afile;

/* dsp_afile_commit: the exclusive name is taken, try another. */
#define DSP_AFILE_EXISTS (-1)

/* mkdir -p: create dir and missing parents (mode 0777 & ~umask). */
int	dsp_mkdir_p(const char *dir);
/* Open a fresh temporary file ".disperse-PID-XXXXXX" in dir (mode 0666 & ~umask). */
int	dsp_afile_open(dsp_afile *a, const char *dir);
/* Flush, fsync and close, then publish as dir/name.  With exclusive set the
 * name must not exist yet (hard link, so two processes can never both
 * claim it): DSP_AFILE_EXISTS when it does, and the temporary file stays
 * for another try with a new name.  Without exclusive the
 * name is replaced with rename(2).  On other failures the temporary file
 * is removed and the detail message names the final path. */
int	dsp_afile_commit(dsp_afile *a, const char *name, int exclusive);
/* Give up: close and remove the temporary file. */
void	dsp_afile_abort(dsp_afile *a);
/* For a command-line writer: INT TERM HUP QUIT USR1 USR2 ALRM PIPE remove
 * the temporary file being written, then kill the process as before
 * (signals the caller ignores stay ignored).  Called on the thread that
 * writes the files: the handler runs there whichever thread the signal
 * reached.  Not for the TUI, whose event loop handles its signals. */
void	dsp_afile_trap_signals(void);
/* Remove stale temporaries ".disperse-PID-XXXXXX" in dir: the writer PID
 * is gone and the file is over a minute old (a SIGKILLed writer's). */
void	dsp_afile_sweep(const char *dir);

/* A set of files published together: a command's -o FILE, its --svg
 * figures, an animation's frames.  Each is written into its own temporary
 * in its destination directory; dsp_afset_commit publishes them all (rename
 * each over its name: a symlink there is replaced, never followed) once
 * every one was written whole, dsp_afset_abort removes every temporary, so
 * a failed command leaves each file as it was.  A path that exists and is
 * not a regular file (/dev/null, a FIFO, /dev/stdout) is written in place:
 * it cannot be replaced.  The temporaries of the live set are removed by
 * the handler of dsp_afile_trap_signals too.  The state of a file is
 * allocated before its temporary is created. */
typedef struct dsp_afset dsp_afset;

dsp_afset *dsp_afset_alloc(void);
/* A new member: the stream to write path's content to, or NULL (the
 * detail message names path).  announce: print path at commit. */
FILE	*dsp_afset_open(dsp_afset *s, const char *path, int announce);
/* Done writing fp: flush, sync and close it now (a set of hundreds of
 * frames holds no descriptor open).  DSP_OK or DSP_EIO naming the path. */
int	 dsp_afset_close(dsp_afset *s, FILE *fp);
/* Close what is open, then publish every member in the order opened and
 * print the announced paths on list (NULL: not), one a line.  On a failure
 * before the first rename nothing is published. */
int	 dsp_afset_commit(dsp_afset *s, FILE *list);
/* Remove every temporary not yet published. */
void	 dsp_afset_abort(dsp_afset *s);
/* Abort what is left, free the set (NULL is fine). */
void	 dsp_afset_free(dsp_afset *s);

#endif
