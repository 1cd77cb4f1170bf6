/*
 * jobs.h - running child looms, as many at once as there are processors:
 * the variants of `loom sweep` and of `loom page`.
 *
 * Each job is an argv (argv[0] the program). Jobs belong to groups (a
 * variant may need two jobs); when every job of a group is done a line on
 * stderr says so, and a group whose job failed is named with the job's
 * exit status. A SIGINT or SIGTERM stops the running children too
 * (app/cleanup.h); each child removes its own temporary files.
 */
#ifndef LOOM_APP_JOBS_H
#define LOOM_APP_JOBS_H

#include <stdbool.h>
#include <stddef.h>

typedef struct app_job {
    char **argv; /* NULL-terminated */
    int group;   /* 0 <= group < groups */
} app_job;

/* Runs the jobs in order, `parallel` at once. names[g] names group g in
 * messages ("variant k=10 failed (exit 2)"); what is the word for a group
 * ("variant"); quiet leaves out the progress lines. Returns how many groups
 * failed (a job that could not start counts). */
int app_jobs_run(const app_job *jobs, int count, int parallel, const char *const *names, int groups,
                 const char *what, bool quiet);

/* A command line built a word at a time, its words kept in its buffer. */
typedef struct app_argv {
    char *argv[256];
    int argc;
    char buffer[8192];
    size_t used;
} app_argv;

/* Empties c; adds a word (false when c is full). */
void app_argv_clear(app_argv *c);
bool app_argv_add(app_argv *c, const char *word);

/* Adds what every child of a sweep or page repeats from options: --fps,
 * --timeout, --memory, --seed when given, --trust when given. */
struct app_options;
bool app_argv_add_settings(app_argv *c, const struct app_options *options);

/* The running loom's executable, for the children (/proc/self/exe, else argv0). */
void app_jobs_own_path(const char *argv0, char *out, size_t size);

#endif
