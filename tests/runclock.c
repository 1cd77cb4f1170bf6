/*
 * runclock.c - runs a command and says how long it took, how much of that it
 * ran, and how long it waited for a processor, for time bounds that keep
 * their meaning on a loaded machine (tests/cli_hostile.sh, cli_watchdog.sh).
 *
 *   runclock REPORT COMMAND [ARG...]
 *
 * runs COMMAND (found on the PATH) and, when it ends, writes one line to the
 * file REPORT: "WALL RUN WAITED", in milliseconds: the wall time from start
 * to end, the time its main thread ran on a processor, and the time that
 * thread was ready to run but waited for one while other programs had it
 * (the kernel's run-queue delay, /proc/PID/schedstat, read while the ended
 * process is still a zombie; "WALL 0 0" where the kernel does not keep it).
 * Then exits with the command's status, or 128 + the signal that ended it
 * (as the shell says), or 127 when it cannot run the command.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* The main thread's time on a processor and its run-queue delay, in ns. */
static void schedstat(pid_t pid, unsigned long long *run, unsigned long long *waited) {
    char path[64];
    snprintf(path, sizeof path, "/proc/%ld/schedstat", (long)pid);
    FILE *file = fopen(path, "r");
    *run = *waited = 0;
    if (!file)
        return;
    if (fscanf(file, "%llu %llu", run, waited) != 2)
        *run = *waited = 0;
    fclose(file);
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: runclock REPORT COMMAND [ARG...]\n");
        return 2;
    }
    double start = now_ms();
    pid_t pid = fork();
    if (pid < 0) {
        perror("runclock: fork");
        return 127;
    }
    if (pid == 0) {
        execvp(argv[2], argv + 2);
        fprintf(stderr, "runclock: cannot run %s: %s\n", argv[2], strerror(errno));
        _exit(127);
    }
    /* Wait for the end but leave the zombie: its schedstat is still there. */
    siginfo_t info;
    while (waitid(P_PID, (id_t)pid, &info, WEXITED | WNOWAIT) != 0) {
        if (errno != EINTR) {
            perror("runclock: waitid");
            return 127;
        }
    }
    double wall = now_ms() - start;
    unsigned long long run, waited;
    schedstat(pid, &run, &waited);
    int status;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    FILE *report = fopen(argv[1], "w");
    if (!report || fprintf(report, "%.0f %.0f %.0f\n", wall, run / 1e6, waited / 1e6) < 0 ||
        fclose(report) != 0) {
        perror("runclock: the report");
        return 127;
    }
    if (WIFSIGNALED(status))
        return 128 + WTERMSIG(status);
    return WEXITSTATUS(status);
}
