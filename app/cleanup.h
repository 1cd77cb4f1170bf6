/*
 * cleanup.h - temporary files and child processes that an interrupted run
 * must not leave behind.
 *
 * app_cleanup_create blocks SIGINT, SIGTERM, SIGHUP, SIGQUIT and SIGPIPE in
 * the calling thread (threads started afterwards inherit the mask) and
 * starts a thread that waits for the first four: every signal that ends a
 * run from a terminal or a process manager. When one comes it removes every
 * registered temporary file, stops every registered child, says so on
 * stderr and exits with 128 + the signal's number. A temporary file is
 * created and renamed under the registry's lock, so none can appear after
 * the cleanup. A blocked SIGPIPE makes a write to a dead ffmpeg fail with
 * EPIPE instead of killing loom.
 *
 * Outputs replace only regular files: a temporary file is created new (a
 * stale one removed first if it is a regular file or a link, never
 * followed), and renaming it over its destination is refused (EEXIST) when
 * that is anything but a regular file, so `--csv /dev/null` run as root
 * cannot replace a device.
 */
#ifndef LOOM_APP_CLEANUP_H
#define LOOM_APP_CLEANUP_H

#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>

typedef struct app_cleanup app_cleanup;

/* NULL (with errno) when out of memory or the thread cannot start. */
app_cleanup *app_cleanup_create(void);
/* Stops the signal thread and unblocks the signals; a signal that came in
 * between is then delivered (and its default action ends the process). */
void app_cleanup_destroy(app_cleanup *cleanup);

/* Ends the process from any thread: removes every registered temporary
 * file, kills every registered child, writes message to stderr and exits
 * with status (the watchdog, app/watchdog.h). cleanup may be NULL (only the
 * message and the exit). Does not return. */
_Noreturn void app_cleanup_end(app_cleanup *cleanup, const char *message, int status);

/* Whether path may be replaced by an output: it does not exist, or it is a
 * regular file (not a link, a folder, a device, a FIFO or a socket). */
bool app_cleanup_replaceable(const char *path);
/* Creates path as a new, empty file for writing (O_EXCL, O_NOFOLLOW),
 * removing a regular file or a link there first: a descriptor, or -1 with
 * errno (EEXIST when something else is there). */
int app_cleanup_create_file(const char *path);

/* Creates path for writing (app_cleanup_create_file) and registers it as
 * temporary. NULL with errno on failure. cleanup may be NULL (nothing is
 * registered). */
FILE *app_cleanup_open(app_cleanup *cleanup, const char *path);
/* Renames a registered temporary file to path and forgets it. False with
 * errno on failure (the file is then removed): EEXIST when path is
 * something an output may not replace (app_cleanup_replaceable). */
bool app_cleanup_commit(app_cleanup *cleanup, const char *temp, const char *path);
/* Removes a registered temporary file and forgets it. */
void app_cleanup_discard(app_cleanup *cleanup, const char *temp);
/* Registers a path to remove on a signal without opening it (a file a child
 * process writes), and forgets it again. */
bool app_cleanup_add_path(app_cleanup *cleanup, const char *path);
void app_cleanup_forget_path(app_cleanup *cleanup, const char *path);

/* A child process to send SIGTERM on a signal (and wait for), and forgetting it. */
bool app_cleanup_add_child(app_cleanup *cleanup, pid_t child);
void app_cleanup_forget_child(app_cleanup *cleanup, pid_t child);

#endif
