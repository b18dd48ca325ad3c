/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A command's long work on stderr: one line that updates in place (the
 * percentage, the time so far and an estimate of the rest) while the
 * command's job (core/job.h) advances, shown from the first second on and
 * erased when the work ends.  Only when stderr is a terminal: redirected,
 * stderr carries nothing but the messages a script reads (one line an
 * error).  Ctrl-C stops the command as before. */
#ifndef DSP_CLI_PROGRESS_H
#define DSP_CLI_PROGRESS_H

#include <stdint.h>

/* Start showing "disperse CMD: WHAT  37 %  12 s, about 20 s left" for
 * total units of the calling thread's job (its progress counter is reset
 * to 0 of total; the core's loops advance it). */
void	dsp_progress_begin(const char *cmd, const char *what, uint64_t total);
/* done units of the total so far, for a command that counts its own
 * units (the core's loops may advance the job in between). */
void	dsp_progress_at(uint64_t done);
/* Stop and erase the line (nothing when none was begun). */
void	dsp_progress_end(void);

#endif
