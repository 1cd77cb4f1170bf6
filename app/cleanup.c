/*
 * cleanup.c - a signal-waiting thread and the registry of what it removes.
 *
 * The signals are taken with sigwait on a thread of their own, not by a
 * handler, so no state has to be global and the cleanup may lock, unlink and
 * wait like any other code.
 */
#include "cleanup.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

struct app_cleanup {
    pthread_mutex_t lock;
    pthread_t thread;
    sigset_t waited;   /* SIGINT, SIGTERM, SIGHUP, SIGQUIT */
    sigset_t previous; /* the caller's mask before create */
    char **paths;
    size_t path_count, path_capacity;
    pid_t *children;
    size_t child_count, child_capacity;
};

static void say(const char *text) {
    size_t length = strlen(text);
    while (length > 0) {
        ssize_t n = write(STDERR_FILENO, text, length);
        if (n <= 0)
            return;
        text += n;
        length -= (size_t)n;
    }
}

/* Waits up to two seconds for the children told to stop, then kills what is
 * left: ffmpeg blocked reading the frame pipe this process still holds open
 * would otherwise wait for it while it waits for ffmpeg. */
static void end_children(app_cleanup *cleanup) {
    size_t left = cleanup->child_count;
    for (int tick = 0; tick < 200 && left > 0; tick++) {
        left = 0;
        for (size_t i = 0; i < cleanup->child_count; i++) {
            if (cleanup->children[i] <= 0)
                continue;
            if (waitpid(cleanup->children[i], NULL, WNOHANG) == 0)
                left++;
            else
                cleanup->children[i] = 0;
        }
        if (left > 0)
            nanosleep(&(struct timespec){.tv_nsec = 10 * 1000 * 1000}, NULL);
    }
    for (size_t i = 0; i < cleanup->child_count; i++) {
        if (cleanup->children[i] > 0) {
            kill(cleanup->children[i], SIGKILL);
            waitpid(cleanup->children[i], NULL, 0);
        }
    }
}

/* Removes what the run leaves behind, says message and exits: the lock is
 * kept, so nothing can be created or renamed afterwards. Children are told
 * to stop (SIGTERM), or killed at once (SIGKILL: their output is removed
 * anyway, and a run that overran its time should not wait for them). */
static void end_run(app_cleanup *cleanup, const char *message, int status, bool at_once) {
    pthread_mutex_lock(&cleanup->lock);
    for (size_t i = 0; i < cleanup->child_count; i++)
        kill(cleanup->children[i], at_once ? SIGKILL : SIGTERM);
    end_children(cleanup);
    for (size_t i = 0; i < cleanup->path_count; i++)
        unlink(cleanup->paths[i]);
    say(message);
    _exit(status);
}

static void *wait_for_signal(void *context) {
    app_cleanup *cleanup = context;
    int signal_number = 0;
    while (sigwait(&cleanup->waited, &signal_number) != 0)
        ;
    end_run(cleanup,
            signal_number == SIGINT    ? "\nloom: interrupted (SIGINT); temporary files removed\n"
            : signal_number == SIGHUP  ? "\nloom: hung up (SIGHUP); temporary files removed\n"
            : signal_number == SIGQUIT ? "\nloom: quit (SIGQUIT); temporary files removed\n"
                                       : "\nloom: terminated (SIGTERM); temporary files removed\n",
            128 + signal_number, false);
    return NULL;
}

void app_cleanup_end(app_cleanup *cleanup, const char *message, int status) {
    if (cleanup)
        end_run(cleanup, message, status, true);
    say(message);
    _exit(status);
}

app_cleanup *app_cleanup_create(void) {
    app_cleanup *cleanup = calloc(1, sizeof *cleanup);
    if (!cleanup)
        return NULL;
    pthread_mutex_init(&cleanup->lock, NULL);
    sigemptyset(&cleanup->waited);
    sigaddset(&cleanup->waited, SIGINT);
    sigaddset(&cleanup->waited, SIGTERM);
    sigaddset(&cleanup->waited, SIGHUP);
    sigaddset(&cleanup->waited, SIGQUIT);
    sigset_t blocked = cleanup->waited;
    sigaddset(&blocked, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &blocked, &cleanup->previous);
    int error = pthread_create(&cleanup->thread, NULL, wait_for_signal, cleanup);
    if (error) {
        pthread_sigmask(SIG_SETMASK, &cleanup->previous, NULL);
        pthread_mutex_destroy(&cleanup->lock);
        free(cleanup);
        errno = error;
        return NULL;
    }
    return cleanup;
}

void app_cleanup_destroy(app_cleanup *cleanup) {
    if (!cleanup)
        return;
    pthread_cancel(cleanup->thread); /* sigwait is a cancellation point */
    pthread_join(cleanup->thread, NULL);
    for (size_t i = 0; i < cleanup->path_count; i++)
        free(cleanup->paths[i]);
    free(cleanup->paths);
    free(cleanup->children);
    pthread_mutex_destroy(&cleanup->lock);
    sigset_t previous = cleanup->previous;
    free(cleanup);
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
}

/* With the lock held. */
static bool add_path_locked(app_cleanup *cleanup, const char *path) {
    if (cleanup->path_count == cleanup->path_capacity) {
        size_t capacity = cleanup->path_capacity ? 2 * cleanup->path_capacity : 8;
        char **paths = realloc(cleanup->paths, capacity * sizeof *paths);
        if (!paths)
            return false;
        cleanup->paths = paths;
        cleanup->path_capacity = capacity;
    }
    char *copy = malloc(strlen(path) + 1);
    if (!copy)
        return false;
    strcpy(copy, path);
    cleanup->paths[cleanup->path_count++] = copy;
    return true;
}

static void forget_path_locked(app_cleanup *cleanup, const char *path) {
    for (size_t i = 0; i < cleanup->path_count; i++) {
        if (strcmp(cleanup->paths[i], path) == 0) {
            free(cleanup->paths[i]);
            cleanup->paths[i] = cleanup->paths[--cleanup->path_count];
            return;
        }
    }
}

bool app_cleanup_replaceable(const char *path) {
    struct stat info;
    return lstat(path, &info) != 0 ? errno == ENOENT : S_ISREG(info.st_mode);
}

int app_cleanup_create_file(const char *path) {
    struct stat info;
    if (lstat(path, &info) == 0) {
        /* A temporary file left by an earlier run goes; a link is removed,
         * never followed; anything else stays. */
        if (!S_ISREG(info.st_mode) && !S_ISLNK(info.st_mode)) {
            errno = EEXIST;
            return -1;
        }
        if (unlink(path) != 0)
            return -1;
    }
    return open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY, 0644);
}

/* Opens a new temporary file (app_cleanup_create_file) as a stream. */
static FILE *open_new(const char *path) {
    int fd = app_cleanup_create_file(path);
    if (fd < 0)
        return NULL;
    FILE *file = fdopen(fd, "wb");
    if (!file) {
        int error = errno;
        close(fd);
        unlink(path);
        errno = error;
    }
    return file;
}

FILE *app_cleanup_open(app_cleanup *cleanup, const char *path) {
    if (!cleanup)
        return open_new(path);
    pthread_mutex_lock(&cleanup->lock);
    FILE *file = NULL;
    if (!add_path_locked(cleanup, path))
        errno = ENOMEM;
    else if (!(file = open_new(path))) {
        int error = errno;
        forget_path_locked(cleanup, path);
        errno = error;
    }
    pthread_mutex_unlock(&cleanup->lock);
    return file;
}

bool app_cleanup_commit(app_cleanup *cleanup, const char *temp, const char *path) {
    if (cleanup)
        pthread_mutex_lock(&cleanup->lock);
    bool ok = false;
    int error = EEXIST;
    if (app_cleanup_replaceable(path)) { /* never a device, a FIFO, a link, a folder */
        ok = rename(temp, path) == 0;
        error = errno;
    }
    if (!ok)
        unlink(temp);
    if (cleanup) {
        forget_path_locked(cleanup, temp);
        pthread_mutex_unlock(&cleanup->lock);
    }
    errno = error;
    return ok;
}

void app_cleanup_discard(app_cleanup *cleanup, const char *temp) {
    if (cleanup)
        pthread_mutex_lock(&cleanup->lock);
    unlink(temp);
    if (cleanup) {
        forget_path_locked(cleanup, temp);
        pthread_mutex_unlock(&cleanup->lock);
    }
}

bool app_cleanup_add_path(app_cleanup *cleanup, const char *path) {
    if (!cleanup)
        return true;
    pthread_mutex_lock(&cleanup->lock);
    bool ok = add_path_locked(cleanup, path);
    pthread_mutex_unlock(&cleanup->lock);
    return ok;
}

void app_cleanup_forget_path(app_cleanup *cleanup, const char *path) {
    if (!cleanup)
        return;
    pthread_mutex_lock(&cleanup->lock);
    forget_path_locked(cleanup, path);
    pthread_mutex_unlock(&cleanup->lock);
}

bool app_cleanup_add_child(app_cleanup *cleanup, pid_t child) {
    if (!cleanup)
        return true;
    pthread_mutex_lock(&cleanup->lock);
    bool ok = true;
    if (cleanup->child_count == cleanup->child_capacity) {
        size_t capacity = cleanup->child_capacity ? 2 * cleanup->child_capacity : 4;
        pid_t *children = realloc(cleanup->children, capacity * sizeof *children);
        if (children) {
            cleanup->children = children;
            cleanup->child_capacity = capacity;
        } else
            ok = false;
    }
    if (ok)
        cleanup->children[cleanup->child_count++] = child;
    pthread_mutex_unlock(&cleanup->lock);
    return ok;
}

void app_cleanup_forget_child(app_cleanup *cleanup, pid_t child) {
    if (!cleanup)
        return;
    pthread_mutex_lock(&cleanup->lock);
    for (size_t i = 0; i < cleanup->child_count; i++) {
        if (cleanup->children[i] == child) {
            cleanup->children[i] = cleanup->children[--cleanup->child_count];
            break;
        }
    }
    pthread_mutex_unlock(&cleanup->lock);
}
