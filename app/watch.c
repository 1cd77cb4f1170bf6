/*
 * watch.c - polling a scene's files with stat.
 *
 * Polling, not inotify: it sees a file replaced by a rename as easily as one
 * written in place, and a few stat calls a few times a second cost nothing.
 */
#include "watch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct file_state {
    bool exists;
    long long seconds, nanoseconds; /* modification time */
    long long size;
    unsigned long long inode, device;
} file_state;

typedef struct watched_file {
    char *path;
    file_state loaded; /* when the scene read it */
    file_state seen;   /* at the last poll */
    double seen_since; /* when `seen` was first observed */
} watched_file;

struct app_watch {
    watched_file *files;
    int count, capacity;
    bool full_said; /* "no more files are watched" was said */
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
    return calloc(1, sizeof(app_watch));
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
    free(watch);
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
    file->loaded = state;
    file->seen = file->loaded;
    file->seen_since = 0.0;
    return true;
}

int app_watch_count(const app_watch *watch) {
    return watch->count;
}

const char *app_watch_poll(app_watch *watch, double now, double settle_seconds) {
    const char *changed = NULL;
    for (int i = 0; i < watch->count; i++) {
        watched_file *file = &watch->files[i];
        file_state state = stat_file(file->path);
        if (!same_state(&state, &file->seen)) {
            file->seen = state;
            file->seen_since = now;
            continue;
        }
        /* A vanished file is not read: an editor may be about to put it back. */
        if (!same_state(&state, &file->loaded) && state.exists &&
            now - file->seen_since >= settle_seconds && !changed)
            changed = file->path;
    }
    return changed;
}
