/*
 * cleanup.h - temporary files and child processes that an interrupted run
 * must not leave behind.
 *
 * app_cleanup_create blocks SIGINT, SIGTERM and SIGPIPE in the calling thread
 * (threads started afterwards inherit the mask) and starts a thread that
 * waits for SIGINT or SIGTERM. When one comes it removes every registered
 * temporary file, stops every registered child, says so on stderr and exits
 * with 128 + the signal's number. A temporary file is created and renamed
 * under the registry's lock, so none can appear after the cleanup. A blocked
 * SIGPIPE makes a write to a dead ffmpeg fail with EPIPE instead of killing
 * loom.
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

/* Opens path for writing ("wb") and registers it as temporary. NULL with
 * errno on failure. cleanup may be NULL (nothing is registered). */
FILE *app_cleanup_open(app_cleanup *cleanup, const char *path);
/* Renames a registered temporary file to path and forgets it. False with
 * errno on failure (the file is then removed). */
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
