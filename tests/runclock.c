/*
 * runclock.c - runs a command and says how long it took, how much of that it
 * ran, and how long it waited for a processor, for time bounds that keep
 * their meaning on a loaded machine (tests/cli_hostile.sh, cli_watchdog.sh).
 *
 *   runclock REPORT COMMAND [ARG...]
 *
 * runs COMMAND (found on the PATH) and, when it ends, writes one line to the
 * file REPORT: "WALL RUN WAITED", in milliseconds: the wall time from start
 * to end, the time its threads ran on a processor, and the time they were
 * ready to run but waited for one while other threads had it (the kernel's
 * run-queue delay, /proc/PID/task/TID/schedstat, summed over the threads:
 * looked at every 10 ms while the process runs, each thread's last figures
 * kept, so a thread that ended counts up to its last look; the main
 * thread's read once more while the ended process is still a zombie; "WALL
 * 0 0" where the kernel does not keep them). A run that draws on several
 * threads while its main thread waits for them is loaded when they are.
 * Then exits with the command's status, or 128 + the signal that ended it
 * (as the shell says), or 127 when it cannot run the command.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
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

/* One thread's time on a processor and its run-queue delay, in ns, as
 * last seen. */
typedef struct thread_clock {
    long tid;
    unsigned long long run, waited;
} thread_clock;

enum { MAX_THREADS = 4096 };

typedef struct clocks {
    thread_clock threads[MAX_THREADS];
    int count;
} clocks;

/* Reads PATH's "RUN WAITED" into tid's entry (kept as it was when the file
 * is gone: the thread ended). */
static void look(clocks *c, long tid, const char *path) {
    FILE *file = fopen(path, "r");
    unsigned long long run, waited;
    if (!file)
        return;
    int read = fscanf(file, "%llu %llu", &run, &waited);
    fclose(file);
    if (read != 2)
        return;
    int i = 0;
    while (i < c->count && c->threads[i].tid != tid)
        i++;
    if (i == c->count) {
        if (c->count == MAX_THREADS)
            return;
        c->count++;
    }
    c->threads[i] = (thread_clock){tid, run, waited};
}

/* Every thread of pid, now. */
static void look_all(clocks *c, pid_t pid) {
    char path[96];
    snprintf(path, sizeof path, "/proc/%ld/task", (long)pid);
    DIR *tasks = opendir(path);
    if (!tasks)
        return;
    struct dirent *entry;
    while ((entry = readdir(tasks)) != NULL) {
        long tid = strtol(entry->d_name, NULL, 10);
        if (tid <= 0)
            continue;
        snprintf(path, sizeof path, "/proc/%ld/task/%ld/schedstat", (long)pid, tid);
        look(c, tid, path);
    }
    closedir(tasks);
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
    /* Look at the threads until the end, but leave the zombie: its main
     * thread's schedstat is still there. */
    static clocks seen;
    for (;;) {
        siginfo_t info;
        info.si_pid = 0;
        if (waitid(P_PID, (id_t)pid, &info, WEXITED | WNOWAIT | WNOHANG) != 0) {
            if (errno == EINTR)
                continue;
            perror("runclock: waitid");
            return 127;
        }
        if (info.si_pid == pid)
            break;
        look_all(&seen, pid);
        nanosleep(&(struct timespec){0, 10 * 1000 * 1000}, NULL);
    }
    double wall = now_ms() - start;
    char path[64];
    snprintf(path, sizeof path, "/proc/%ld/schedstat", (long)pid);
    look(&seen, (long)pid, path);
    unsigned long long run = 0, waited = 0;
    for (int i = 0; i < seen.count; i++) {
        run += seen.threads[i].run;
        waited += seen.threads[i].waited;
    }
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
