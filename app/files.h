/*
 * files.h - opening the files a script may read, decided before any open.
 *
 * A scene names files relative to its folder (dofile, loadfile, loom.read)
 * or through package.path (require). Whether such a name may be opened is
 * decided without looking at anything outside the folder it must stay in:
 * the kernel resolves the name beneath that folder (openat2 with
 * RESOLVE_BENEATH: a "..", an absolute symbolic link or a link leading out
 * fails as "not in the folder" whether or not its target exists), and the
 * file is first opened as a path only (O_PATH: no read, no side effect, no
 * wait on a FIFO or a device), then opened for reading only if it is a
 * regular file, without blocking (O_NONBLOCK) and checked to be the same
 * file. So a scene can neither learn what exists elsewhere nor block loom
 * on a FIFO. On a kernel without openat2 (before Linux 5.6) the name is
 * resolved with realpath instead, which follows links and so tells whether
 * a link's target exists.
 */
#ifndef LOOM_APP_FILES_H
#define LOOM_APP_FILES_H

#include <stdbool.h>
#include <stddef.h>

struct lua_State;

typedef enum app_file_status {
    APP_FILE_OPEN,        /* a regular file, open for reading */
    APP_FILE_MISSING,     /* no such file (or a folder on its way is missing) */
    APP_FILE_OUTSIDE,     /* the name leads out of the folder */
    APP_FILE_NOT_REGULAR, /* a folder, a FIFO, a device, a socket */
    APP_FILE_FAILED,      /* another error (errno says which) */
} app_file_status;

/* Opens name (relative, no "..") beneath the folder root (an existing
 * folder, as a path the caller trusts). Returns a descriptor open for
 * reading and *status APP_FILE_OPEN, or -1 and why (errno set for
 * APP_FILE_FAILED). *size gets the file's size; may be NULL. */
int app_files_open_beneath(const char *root, const char *name, app_file_status *status,
                           size_t *size);

/* Opens path (absolute, or relative to the working folder) if it lies
 * beneath one of the roots by its spelling: the path is made absolute and
 * cleaned of "." and doubled slashes without asking the file system, ".."
 * makes it outside, and each root is given as the absolute spellings it may
 * have (its real path and the path it was named by). Then as
 * app_files_open_beneath. */
int app_files_open_within(const char *const *roots, int root_count, const char *path,
                          app_file_status *status, size_t *size);

/* An absolute spelling of path (relative to the working folder), cleaned as
 * above, into out; false when it holds ".." or does not fit. */
bool app_files_absolute(const char *path, char *out, size_t size);

/* Opens a file the user named (the scene on the command line) for reading,
 * without blocking: -1 (errno set; EISDIR or EINVAL for what is not a
 * regular file) unless it is a regular file. */
int app_files_open_user(const char *path);

/* Loads the Lua text read from fd (closed by the caller), named chunkname,
 * through loom's loader (app/lua_load.h: no binary chunk, Lua 5.4.4's bugs
 * refused), in pieces: before each piece the host's guard is asked
 * (app/guard.h), so compiling a long text stops at the deadline (Lua's
 * parser is C: it runs no instruction the hook could count). Skips a first
 * line starting with '#' and a UTF-8 byte order mark as luaL_loadfilex
 * does. Leaves the function or the message; returns Lua's status. May raise
 * a memory error: call it from a protected call. */
int app_files_load(struct lua_State *L, int fd, const char *chunkname, const char *mode);

#endif
