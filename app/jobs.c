/*
 * jobs.c - child looms run a few at a time (jobs.h).
 */
#include "jobs.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "app.h"
#include "cleanup.h"

void app_jobs_own_path(const char *argv0, char *out, size_t size) {
    ssize_t n = readlink("/proc/self/exe", out, size - 1);
    if (n > 0) {
        out[n] = '\0';
        return;
    }
    snprintf(out, size, "%s", argv0);
}

void app_argv_clear(app_argv *c) {
    c->argc = 0;
    c->used = 0;
    c->argv[0] = NULL;
}

bool app_argv_add(app_argv *c, const char *word) {
    size_t length = strlen(word) + 1;
    if (c->argc >= (int)(sizeof c->argv / sizeof c->argv[0]) - 1 ||
        c->used + length > sizeof c->buffer)
        return false;
    char *copy = c->buffer + c->used;
    memcpy(copy, word, length);
    c->used += length;
    c->argv[c->argc++] = copy;
    c->argv[c->argc] = NULL;
    return true;
}

bool app_argv_add_settings(app_argv *c, const app_options *options) {
    char text[64];
    snprintf(text, sizeof text, "%.17g", options->fps);
    bool ok = app_argv_add(c, "--fps") && app_argv_add(c, text);
    snprintf(text, sizeof text, "%.17g", options->limits.time_seconds);
    ok = ok && app_argv_add(c, "--timeout") && app_argv_add(c, text);
    snprintf(text, sizeof text, "%zu", options->limits.memory_bytes >> 20);
    ok = ok && app_argv_add(c, "--memory") && app_argv_add(c, text);
    if (options->limits.seeded) {
        snprintf(text, sizeof text, "%llu", (unsigned long long)options->limits.seed);
        ok = ok && app_argv_add(c, "--seed") && app_argv_add(c, text);
    }
    return ok && (!options->limits.trust || app_argv_add(c, "--trust"));
}

static pid_t start(char **argv) {
    pid_t child = fork();
    if (child == 0) {
        sigset_t none; /* the parent blocks the signals its cleanup thread waits for */
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        execv(argv[0], argv);
        fprintf(stderr, "loom: cannot run %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    return child;
}

int app_jobs_run(const app_job *jobs, int count, int parallel, const char *const *names, int groups,
                 const char *what, bool quiet) {
    pid_t *running = calloc((size_t)(count > 0 ? count : 1), sizeof *running);
    int *left = calloc((size_t)(groups > 0 ? groups : 1), sizeof *left);
    bool *failed = calloc((size_t)(groups > 0 ? groups : 1), sizeof *failed);
    if (!running || !left || !failed) {
        free(running);
        free(left);
        free(failed);
        fprintf(stderr, "loom: out of memory\n");
        return groups > 0 ? groups : 1;
    }
    for (int i = 0; i < count; i++)
        left[jobs[i].group]++;
    app_cleanup *cleanup = app_cleanup_create();
    int next = 0, active = 0, failures = 0, groups_done = 0;
    double begin = app_seconds();
    for (;;) {
        while (active < parallel && next < count) {
            int i = next++;
            running[i] = start(jobs[i].argv);
            if (running[i] < 0) {
                running[i] = 0;
                fprintf(stderr, "loom: cannot start a job of %s %s: %s\n", what,
                        names[jobs[i].group], strerror(errno));
                if (!failed[jobs[i].group]) {
                    failed[jobs[i].group] = true;
                    failures++;
                }
                left[jobs[i].group]--;
                continue;
            }
            app_cleanup_add_child(cleanup, running[i]);
            active++;
        }
        if (active == 0)
            break;
        int status;
        pid_t child = wait(&status);
        if (child < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        for (int i = 0; i < count; i++) {
            if (running[i] != child)
                continue;
            int g = jobs[i].group;
            running[i] = 0;
            app_cleanup_forget_child(cleanup, child);
            active--;
            if ((!WIFEXITED(status) || WEXITSTATUS(status) != 0) && !failed[g]) {
                fprintf(stderr, "loom: %s %s failed (exit %d)\n", what, names[g],
                        WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
                failed[g] = true;
                failures++;
            }
            if (--left[g] == 0) {
                groups_done++;
                if (!quiet)
                    fprintf(stderr, "loom: %d/%d %ss done in %.1f s\n", groups_done, groups, what,
                            app_seconds() - begin);
            }
        }
    }
    app_cleanup_destroy(cleanup);
    free(running);
    free(left);
    free(failed);
    return failures;
}
