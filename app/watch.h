/*
 * watch.h - noticing that a scene's files changed on disk.
 *
 * A watch list holds the files one load of a scene read (the scene itself and
 * whatever it required, dofile'd or loadfile'd), each with what stat said
 * when it was read: modification time, size and inode. Polling compares them
 * again. A file counts as changed once its new state has held still for a
 * settling time, so an editor that truncates and then writes, or writes a
 * temporary file and renames it over the old one, is read once, complete; or,
 * where the system tells (inotify), as soon as the writer is done with it (it
 * closed the file after writing, or renamed it into place) and a few tens of
 * milliseconds passed with nothing else happening to it (app/watch.c).
 */
#ifndef LOOM_APP_WATCH_H
#define LOOM_APP_WATCH_H

#include <stdbool.h>

typedef struct app_watch app_watch;

/* NULL when out of memory. Uses inotify where the system has it. */
app_watch *app_watch_create(void);
void app_watch_destroy(app_watch *watch);

/* Forgets every file: a new load is about to record its own. */
void app_watch_clear(app_watch *watch);
/* Most files one load is watched for: a scene naming its files in ever new
 * ways (or reading thousands) cannot grow the list without end. */
#define APP_WATCH_MAX 256

/* Records path as read now (nothing happens if it is already listed, by
 * name or as the same file under another name). False when out of memory
 * or when APP_WATCH_MAX files are listed already (said once on stderr). */
bool app_watch_add(app_watch *watch, const char *path);
int app_watch_count(const app_watch *watch);
/* Whether the system tells of changes (inotify); false: polling only. */
bool app_watch_uses_events(const app_watch *watch);

/* Looks at the files: those the system said something about, or every one
 * when stat_all (a few times a second: what the system does not tell is
 * found too). Returns the path of one that changed (a new time, size or
 * inode, or it appeared) and is ready to read: it kept its new state for at
 * least settle_seconds, or its writer is done with it. NULL otherwise. now is
 * a monotonic time in seconds. */
const char *app_watch_poll(app_watch *watch, double now, double settle_seconds, bool stat_all);

/* True when the system has told of a change not read yet (poll soon). */
bool app_watch_pending(const app_watch *watch);
/* True when a file was changed and is not ready yet: poll again within
 * tens of milliseconds. */
bool app_watch_waiting(const app_watch *watch);

#endif
