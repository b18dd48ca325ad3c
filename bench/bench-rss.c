/* Peak resident memory of a command: runs argv[1..] as a child (its
 * stdout to /dev/null), waits, prints "PEAK_MIB" from getrusage of the
 * child (ru_maxrss).  Exit status: the child's. */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

int
main(int argc, char **argv)
{
	struct rusage ru;
	pid_t pid;
	int st, fd;

	if (argc < 2) {
		fprintf(stderr, "usage: bench-rss COMMAND [ARG...]\n");
		return 2;
	}
	if ((pid = fork()) < 0)
		return 2;
	if (pid == 0) {
		if ((fd = open("/dev/null", O_WRONLY)) >= 0)
			dup2(fd, 1);
		execvp(argv[1], argv + 1);
		_exit(127);
	}
	if (waitpid(pid, &st, 0) != pid || getrusage(RUSAGE_CHILDREN, &ru) != 0)
		return 2;
	printf("%.1f\n", (double)ru.ru_maxrss / 1024);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 1;
}
