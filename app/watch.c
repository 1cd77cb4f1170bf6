/*
 * watch.c - noticing that a scene's files changed: inotify, with stat behind.
 *
 * Every file is stat'ed (modification time, size, inode) whenever it is
 * looked at, and a change counts once the new state is there; inotify says
 * when to look, and how soon. Each watched file's folder is watched
 * (IN_CLOSE_WRITE, IN_MOVED_TO, ...: a folder, so that a file replaced by a
 * rename is seen as well as one written in place), and an event for a
 * watched name makes the next poll stat it at once. When the event says the
 * writer is done with the file (it closed it after writing, renamed it into
 * place, or only touched it) and nothing else happened to it for
 * QUICK_SECONDS, the change is ready: a save shows in a few tens of
 * milliseconds instead of a quarter of a second. Anything else (a writer
 * that still holds the file, an empty file, a change seen by stat alone)
 * waits as before until the file has kept its new state for the settling
 * time, so a half-written save is never read: an editor that truncates the
 * file, closes it and writes it again gives an empty file first, which is
 * not ready by its event.
 *
 * Without inotify (another system, no more watches left, a filesystem that
 * sends no events such as NFS) the periodic stat alone finds every change,
 * with the settling time.
 */
#include "watch.h"

#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifdef __linux__
#include <sys/inotify.h>
#define HAVE_INOTIFY 1
#else
#define HAVE_INOTIFY 0
#endif

/* After an event that says the writer is done: this long with no other. */
#define QUICK_SECONDS 0.02

enum { MAX_FOLDERS = 64 };

typedef struct file_state {
    bool exists;
    long long seconds, nanoseconds; /* modification time */
    long long size;
    unsigned long long inode, device;
} file_state;

typedef struct watched_file {
    char *path;
    const char *name;  /* the last part of path */
    int folder;        /* the watch descriptor of its folder, or -1 */
    file_state loaded; /* when the scene read it */
    file_state seen;   /* at the last look */
    double seen_since; /* when `seen` was first observed */
    bool look;         /* an event came: stat it at the next poll */
    double event_at;   /* when the last event came, or -1 */
    bool written;      /* ... and it said the writer is done */
} watched_file;

typedef struct folder {
    int descriptor;
    char *path;
} folder;

struct app_watch {
    watched_file *files;
    int count, capacity;
    int inotify; /* -1 without */
    folder folders[MAX_FOLDERS];
    int folder_count;
    bool full_said; /* "later ones are not watched" was said */
};

static file_state stat_file(const char *path) {
    struct stat info;
    file_state state = {0};
    if (stat(path, &info) != 0)
        return state;
    state.exists = true;
    state.seconds = (long long)info.st_mtim.tv_sec;
    state.nanoseconds = (long long)info.st_mtim.tv_nsec;
    state.size = (long long)info.st_size;
    state.inode = (unsigned long long)info.st_ino;
    state.device = (unsigned long long)info.st_dev;
    return state;
}

static bool same_state(const file_state *a, const file_state *b) {
    return a->exists == b->exists && a->seconds == b->seconds && a->nanoseconds == b->nanoseconds &&
           a->size == b->size && a->inode == b->inode;
}

app_watch *app_watch_create(void) {
    app_watch *watch = calloc(1, sizeof(app_watch));
    if (!watch)
        return NULL;
    watch->inotify = -1;
#if HAVE_INOTIFY
    watch->inotify = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
#endif
    return watch;
}

void app_watch_clear(app_watch *watch) {
    for (int i = 0; i < watch->count; i++)
        free(watch->files[i].path);
    watch->count = 0;
    watch->full_said = false;
}

void app_watch_destroy(app_watch *watch) {
    if (!watch)
        return;
    app_watch_clear(watch);
    free(watch->files);
    for (int i = 0; i < watch->folder_count; i++)
        free(watch->folders[i].path);
    if (watch->inotify >= 0)
        close(watch->inotify);
    free(watch);
}

bool app_watch_uses_events(const app_watch *watch) {
    return watch->inotify >= 0;
}

/* The watch descriptor of the folder of path (whose last part starts at
 * name), watched from now on; -1 when it cannot be. */
static int watch_folder(app_watch *watch, const char *path, const char *name) {
#if HAVE_INOTIFY
    if (watch->inotify < 0)
        return -1;
    size_t length = (size_t)(name - path);
    char dir[PATH_MAX];
    if (length == 0)
        strcpy(dir, ".");
    else if (length < sizeof dir) {
        memcpy(dir, path, length);
        dir[length] = '\0';
    } else
        return -1;
    for (int i = 0; i < watch->folder_count; i++)
        if (strcmp(watch->folders[i].path, dir) == 0)
            return watch->folders[i].descriptor;
    if (watch->folder_count == MAX_FOLDERS)
        return -1; /* polled: the settling time only */
    char *copy = strdup(dir);
    if (!copy)
        return -1;
    int descriptor = inotify_add_watch(watch->inotify, dir,
                                       IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE |
                                           IN_DELETE | IN_MODIFY | IN_ATTRIB | IN_ONLYDIR);
    if (descriptor < 0) {
        free(copy);
        return -1;
    }
    watch->folders[watch->folder_count++] = (folder){descriptor, copy};
    return descriptor;
#else
    (void)watch;
    (void)path;
    (void)name;
    return -1;
#endif
}

bool app_watch_add(app_watch *watch, const char *path) {
    /* A file named many ways (a.lua, ./a.lua, .//a.lua) is one file. */
    file_state state = stat_file(path);
    for (int i = 0; i < watch->count; i++) {
        const file_state *known = &watch->files[i].loaded;
        if (strcmp(watch->files[i].path, path) == 0 ||
            (state.exists && known->exists && known->inode == state.inode &&
             known->device == state.device))
            return true;
    }
    if (watch->count >= APP_WATCH_MAX) {
        if (!watch->full_said)
            fprintf(stderr,
                    "loom: the scene read more than %d files: later ones are not watched for "
                    "changes\n",
                    APP_WATCH_MAX);
        watch->full_said = true;
        return false;
    }
    if (watch->count == watch->capacity) {
        int capacity = watch->capacity ? 2 * watch->capacity : 8;
        watched_file *files = realloc(watch->files, (size_t)capacity * sizeof *files);
        if (!files)
            return false;
        watch->files = files;
        watch->capacity = capacity;
    }
    size_t length = strlen(path);
    char *copy = malloc(length + 1);
    if (!copy)
        return false;
    memcpy(copy, path, length + 1);
    watched_file *file = &watch->files[watch->count++];
    file->path = copy;
    const char *slash = strrchr(copy, '/');
    file->name = slash ? slash + 1 : copy;
    file->folder = watch_folder(watch, copy, file->name);
    file->loaded = state;
    file->seen = file->loaded;
    file->seen_since = 0.0;
    file->look = false;
    file->event_at = -1.0;
    file->written = false;
    return true;
}

int app_watch_count(const app_watch *watch) {
    return watch->count;
}

bool app_watch_pending(const app_watch *watch) {
    if (watch->inotify < 0)
        return false;
    struct pollfd fd = {watch->inotify, POLLIN, 0};
    return poll(&fd, 1, 0) > 0;
}

/* Reads every waiting event and marks the files they name. */
static void read_events(app_watch *watch, double now) {
#if HAVE_INOTIFY
    if (watch->inotify < 0)
        return;
    _Alignas(struct inotify_event) char buffer[8192];
    for (;;) {
        ssize_t got = read(watch->inotify, buffer, sizeof buffer);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            return;
        for (char *at = buffer; at < buffer + got;) {
            const struct inotify_event *event = (const struct inotify_event *)at;
            at += sizeof *event + event->len;
            bool all = event->mask & IN_Q_OVERFLOW; /* events were lost: look at everything */
            for (int i = 0; i < watch->count; i++) {
                watched_file *file = &watch->files[i];
                if (!all && (file->folder != event->wd || event->len == 0 ||
                             strcmp(file->name, event->name) != 0))
                    continue;
                file->look = true;
                file->event_at = now;
                file->written = !all && (event->mask & (IN_CLOSE_WRITE | IN_MOVED_TO | IN_ATTRIB));
            }
        }
    }
#else
    (void)watch;
    (void)now;
#endif
}

const char *app_watch_poll(app_watch *watch, double now, double settle_seconds, bool stat_all) {
    read_events(watch, now);
    const char *changed = NULL;
    for (int i = 0; i < watch->count; i++) {
        watched_file *file = &watch->files[i];
        bool waiting = file->event_at >= 0.0 || !same_state(&file->seen, &file->loaded);
        if (!stat_all && !file->look && !waiting)
            continue;
        file->look = false;
        file_state state = stat_file(file->path);
        if (!same_state(&state, &file->seen)) {
            file->seen = state;
            file->seen_since = now;
            continue;
        }
        if (same_state(&state, &file->loaded)) {
            file->event_at = -1.0; /* nothing changed after all (or changed back) */
            continue;
        }
        /* A vanished file is not read: an editor may be about to put it back. */
        bool settled = now - file->seen_since >= settle_seconds;
        if (!state.exists && settled)
            file->event_at = -1.0; /* the periodic look finds it when it is back */
        bool written = file->written && file->event_at >= 0.0 && state.size > 0 &&
                       now - file->event_at >= QUICK_SECONDS;
        if (state.exists && (settled || written) && !changed)
            changed = file->path;
    }
    return changed;
}

bool app_watch_waiting(const app_watch *watch) {
    for (int i = 0; i < watch->count; i++)
        if (watch->files[i].look || watch->files[i].event_at >= 0.0)
            return true;
    return false;
}
