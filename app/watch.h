/*
 * watch.h - noticing that a scene's files changed on disk.
 *
 * A watch list holds the files one load of a scene read (the scene itself and
 * whatever it required, dofile'd or loadfile'd), each with what stat said
 * when it was read: modification time, size and inode. Polling compares them
 * again; a file counts as changed once its new state has held still for a
 * settling time, so an editor that truncates and then writes, or writes a
 * temporary file and renames it over the old one, is read once, complete.
 */
#ifndef LOOM_APP_WATCH_H
#define LOOM_APP_WATCH_H

#include <stdbool.h>

typedef struct app_watch app_watch;

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

/* Stats every file. Returns the path of one that changed (a new time, size or
 * inode, or it appeared or vanished) and then kept its new state for at least
 * settle_seconds, or NULL. now is a monotonic time in seconds. */
const char *app_watch_poll(app_watch *watch, double now, double settle_seconds);

#endif
