/*
 * files.c - opening a script's files beneath a folder, and compiling them in
 * pieces under the time limit.
 */
#define _GNU_SOURCE /* O_PATH, O_NOFOLLOW, realpath */
#include "files.h"

#include <errno.h>
#include <fcntl.h>
#include <lauxlib.h>
#include <limits.h>
#include <linux/openat2.h>
#include <lua.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "guard.h"
#include "lua_load.h"

enum { PIECE = 4096 }; /* bytes compiled between two looks at the clock */

/* openat2(dir, name, how): -1 with errno ENOSYS on a kernel without it. */
static int open_beneath(int dir, const char *name, int flags) {
    /* openat2 refuses with O_PATH every flag but a few. */
    int extra = flags & O_PATH ? O_CLOEXEC : O_CLOEXEC | O_NOCTTY;
    struct open_how how = {
        .flags = (unsigned long long)(flags | extra),
        .resolve = RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS,
    };
    return (int)syscall(SYS_openat2, dir, name, &how, sizeof how);
}

/* Whether path (a real path) is root or inside it. */
static bool inside(const char *path, const char *root) {
    size_t length = strlen(root);
    if (length == 0 || strncmp(path, root, length) != 0)
        return false;
    return path[length] == '\0' || path[length] == '/' || root[length - 1] == '/';
}

static app_file_status status_of(int error) {
    return error == ENOENT || error == ENOTDIR ? APP_FILE_MISSING
           : error == EXDEV || error == ELOOP  ? APP_FILE_OUTSIDE
                                               : APP_FILE_FAILED;
}

/* Without openat2: the name's real path must lie in root's. */
static int open_resolved(const char *root, const char *name, app_file_status *status) {
    char joined[PATH_MAX], real[PATH_MAX], real_root[PATH_MAX];
    int length = snprintf(joined, sizeof joined, "%s/%s", root, name);
    if (length < 0 || (size_t)length >= sizeof joined) {
        errno = ENAMETOOLONG;
        *status = APP_FILE_FAILED;
        return -1;
    }
    if (!realpath(root, real_root) || !realpath(joined, real)) {
        *status = status_of(errno);
        return -1;
    }
    if (!inside(real, real_root)) {
        *status = APP_FILE_OUTSIDE;
        return -1;
    }
    return open(real, O_PATH | O_CLOEXEC);
}

/* From a path descriptor of a checked name: a descriptor open for reading
 * if it is a regular file. */
static int open_regular(int dir, const char *name, int path_fd, app_file_status *status,
                        size_t *size) {
    struct stat seen, opened;
    if (fstat(path_fd, &seen) != 0) {
        *status = APP_FILE_FAILED;
        return -1;
    }
    if (!S_ISREG(seen.st_mode)) {
        *status = APP_FILE_NOT_REGULAR;
        return -1;
    }
    /* Opened again by name (no /proc needed), without blocking in case it
     * was replaced meanwhile, and checked to be the file seen. */
    int fd = dir >= 0 ? open_beneath(dir, name, O_RDONLY | O_NONBLOCK)
                      : open(name, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW);
    if (fd < 0) {
        *status = status_of(errno);
        return -1;
    }
    if (fstat(fd, &opened) != 0 || opened.st_dev != seen.st_dev || opened.st_ino != seen.st_ino ||
        !S_ISREG(opened.st_mode)) {
        close(fd);
        *status = APP_FILE_NOT_REGULAR;
        return -1;
    }
    int flags = fcntl(fd, F_GETFL);
    if (flags >= 0)
        fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    if (size)
        *size = (size_t)opened.st_size;
    *status = APP_FILE_OPEN;
    return fd;
}

int app_files_open_beneath(const char *root, const char *name, app_file_status *status,
                           size_t *size) {
    int dir = open(root, O_PATH | O_DIRECTORY | O_CLOEXEC);
    if (dir < 0) {
        *status = status_of(errno);
        return -1;
    }
    int path_fd = open_beneath(dir, name, O_PATH);
    int fd = -1;
    if (path_fd < 0 && errno == ENOSYS) {
        path_fd = open_resolved(root, name, status);
        if (path_fd >= 0) { /* opened by its real path, which lies inside */
            char real[PATH_MAX], joined[PATH_MAX];
            snprintf(joined, sizeof joined, "%s/%s", root, name);
            if (realpath(joined, real))
                fd = open_regular(-1, real, path_fd, status, size);
            else
                *status = status_of(errno);
        }
    } else if (path_fd < 0) {
        *status = status_of(errno);
    } else {
        fd = open_regular(dir, name, path_fd, status, size);
    }
    int error = errno;
    if (path_fd >= 0)
        close(path_fd);
    close(dir);
    errno = error;
    return fd;
}

bool app_files_absolute(const char *path, char *out, size_t size) {
    char joined[PATH_MAX];
    if (path[0] == '/') {
        if (strlen(path) >= sizeof joined)
            return false;
        strcpy(joined, path);
    } else {
        char here[PATH_MAX];
        if (!getcwd(here, sizeof here))
            return false;
        int length = snprintf(joined, sizeof joined, "%s/%s", here, path);
        if (length < 0 || (size_t)length >= sizeof joined)
            return false;
    }
    /* Steps: "" and "." are dropped, ".." refused. */
    size_t used = 0;
    for (const char *p = joined; *p;) {
        while (*p == '/')
            p++;
        const char *end = strchr(p, '/');
        size_t step = end ? (size_t)(end - p) : strlen(p);
        if (step == 0)
            break;
        if (step == 2 && p[0] == '.' && p[1] == '.')
            return false;
        if (!(step == 1 && p[0] == '.')) {
            if (used + 1 + step + 1 > size)
                return false;
            out[used++] = '/';
            memcpy(out + used, p, step);
            used += step;
        }
        p += step;
    }
    if (used == 0) {
        if (size < 2)
            return false;
        out[used++] = '/';
    }
    out[used] = '\0';
    return true;
}

int app_files_open_within(const char *const *roots, int root_count, const char *path,
                          app_file_status *status, size_t *size) {
    char absolute[PATH_MAX], root[PATH_MAX];
    if (!app_files_absolute(path, absolute, sizeof absolute)) {
        *status = APP_FILE_OUTSIDE;
        return -1;
    }
    for (int i = 0; i < root_count; i++) {
        if (!roots[i] || !app_files_absolute(roots[i], root, sizeof root))
            continue;
        size_t length = strlen(root);
        if (strcmp(root, "/") == 0)
            length = 0;
        if (strncmp(absolute, root, length) == 0 && absolute[length] == '/' &&
            absolute[length + 1] != '\0')
            return app_files_open_beneath(roots[i], absolute + length + 1, status, size);
    }
    *status = APP_FILE_OUTSIDE;
    return -1;
}

int app_files_open_user(const char *path) {
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0)
        return -1;
    struct stat info;
    if (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
        int error = S_ISDIR(info.st_mode) ? EISDIR : EINVAL;
        close(fd);
        errno = error;
        return -1;
    }
    int flags = fcntl(fd, F_GETFL);
    if (flags >= 0)
        fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    return fd;
}

/* ------------------------------------------------------------ compiling -- */

typedef struct reader {
    int fd;
    bool started;
    char buffer[PIECE];
} reader;

/* The first bytes: a byte order mark is dropped, and a first line starting
 * with '#' is replaced by an empty one (the line numbers stay). */
static size_t first_piece(reader *r, size_t got) {
    char *b = r->buffer;
    size_t at = 0;
    if (got >= 3 && (unsigned char)b[0] == 0xEF && (unsigned char)b[1] == 0xBB &&
        (unsigned char)b[2] == 0xBF)
        at = 3;
    if (at < got && b[at] == '#') {
        while (at < got && b[at] != '\n')
            at++;
        if (at == got) /* the comment goes on: skip it piece by piece */
            return (size_t)-1;
    }
    memmove(b, b + at, got - at);
    return got - at;
}

static const char *next_piece(lua_State *L, void *data, size_t *size) {
    reader *r = data;
    app_guard *guard = app_guard_of(L);
    if (app_guard_over(guard))
        app_guard_raise(L);
    for (;;) {
        ssize_t got = read(r->fd, r->buffer, sizeof r->buffer);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            luaL_error(L, "cannot read: %s", strerror(errno));
        if (got == 0) {
            *size = 0;
            return NULL;
        }
        if (!r->started) {
            size_t kept = first_piece(r, (size_t)got);
            if (kept == (size_t)-1) { /* still inside a '#' line */
                char *newline = NULL;
                do {
                    got = read(r->fd, r->buffer, sizeof r->buffer);
                    newline = got > 0 ? memchr(r->buffer, '\n', (size_t)got) : NULL;
                } while (got > 0 && !newline);
                if (got <= 0) {
                    *size = 0;
                    return NULL;
                }
                kept = (size_t)(r->buffer + got - newline);
                memmove(r->buffer, newline, kept);
            }
            r->started = true;
            if (kept == 0)
                continue;
            *size = kept;
            return r->buffer;
        }
        *size = (size_t)got;
        return r->buffer;
    }
}

int app_files_load(lua_State *L, int fd, const char *chunkname, const char *mode) {
    reader *r = lua_newuserdatauv(L, sizeof *r, 0); /* freed by Lua whatever happens */
    r->fd = fd;
    r->started = false;
    int status = app_lua_load(L, next_piece, r, chunkname, mode);
    lua_remove(L, -2);
    return status;
}
