/*
 * lua_load.c - loading Lua text: the reader every chunk goes through, the
 * file reader, and load.
 *
 * Every chunk is read through `pieces`, which wraps the real source (a
 * string cut into LOAD_PIECE bytes, a file read BUFSIZ at a time, a Lua
 * reader function): before each piece it asks the host's deadline, and on
 * the first byte it refuses a binary chunk when the mode would let Lua load
 * it (when the mode forbids it, Lua's own check says so). After lua_load,
 * the function is checked for Lua 5.4.4's bugs in a protected call.
 *
 * load(chunk, chunkname, mode, env) is Lua 5.4's, written here: a reader
 * function's errors keep the caller's place ("scene.lua:3: reader function
 * must return a string"), a failure returns exactly fail and the message,
 * argument errors name 'load'.
 */
#include "lua_load.h"

#include <errno.h>
#include <lauxlib.h>
#include <string.h>

#include "host.h"
#include "lua_bugs.h"

enum { LOAD_PIECE = 1 << 16 }; /* bytes of a string chunk read at a time */

/* ------------------------------------------------------------- pieces -- */

typedef struct pieces {
    lua_Reader reader; /* the source */
    void *data;
    const char *mode; /* as given to lua_load; NULL is "bt" */
    bool started;     /* the first byte was seen */
} pieces;

static const char *next_piece(lua_State *L, void *data, size_t *size) {
    pieces *p = data;
    app_host *host = app_host_of(L);
    if (app_host_over_time(host))
        app_host_time_error(L);
    const char *piece = p->reader(L, p->data, size);
    if (!p->started && piece && *size > 0) {
        p->started = true;
        bool binary_allowed = !p->mode || strchr(p->mode, 'b');
        if (piece[0] == LUA_SIGNATURE[0] && binary_allowed) {
            lua_pushliteral(L, "attempt to load a binary chunk (loom loads Lua text only: Lua "
                               "does not check bytecode, and a crafted chunk crashes it)");
            lua_error(L);
        }
    }
    return piece;
}

/* Runs protected: checks the function at 1. */
static int check(lua_State *L) {
    app_lua_bugs_check(L);
    return 1;
}

enum { READER_SLOT = 5 }; /* where a reader function's last piece is kept */

int app_lua_load(lua_State *L, lua_Reader reader, void *data, const char *chunkname,
                 const char *mode) {
    pieces p = {reader, data, mode, false};
    /* Lua's parser runs under the message handler of the call it is in: an
     * error its reader raises (a reader function's, the binary refusal, the
     * time limit) reaches the host's handler before lua_load catches it.
     * The host is told, so it does not take it for the call's failure. */
    app_host *host = app_host_of(L);
    app_host_parsing(host, true);
    int status = lua_load(L, next_piece, &p, chunkname, mode);
    app_host_parsing(host, false);
    if (status != LUA_OK)
        return status;
    luaL_checkstack(L, 2, "too many nested functions");
    lua_pushcfunction(L, check);
    lua_insert(L, -2);
    status = lua_pcall(L, 1, 1, 0);
    if (status == LUA_OK && lua_type(L, -1) != LUA_TFUNCTION)
        status = LUA_ERRSYNTAX; /* refused: the message is on top */
    return status;
}

/* --------------------------------------------------------------- files -- */

typedef struct file_source {
    FILE *file;
    int first;    /* a character read ahead, or EOF */
    bool newline; /* a skipped first line leaves a newline, for the line numbers */
    char buffer[BUFSIZ];
} file_source;

static const char *read_file(lua_State *L, void *data, size_t *size) {
    (void)L;
    file_source *s = data;
    size_t n = 0;
    if (s->newline) {
        s->buffer[n++] = '\n';
        s->newline = false;
    }
    if (s->first != EOF) {
        s->buffer[n++] = (char)s->first;
        s->first = EOF;
    }
    if (!feof(s->file))
        n += fread(s->buffer + n, 1, sizeof s->buffer - n, s->file);
    *size = n;
    return n > 0 ? s->buffer : NULL;
}

/* Reads past a UTF-8 byte order mark and a first line starting with '#',
 * as luaL_loadfilex does; leaves the first character of the chunk. */
static void skip_start(file_source *s) {
    int c = getc(s->file);
    if (c == 0xEF && (c = getc(s->file)) == 0xBB && (c = getc(s->file)) == 0xBF)
        c = getc(s->file);
    if (c == '#') {
        do
            c = getc(s->file);
        while (c != EOF && c != '\n');
        c = getc(s->file);
        s->newline = c != LUA_SIGNATURE[0]; /* a binary chunk gets no newline */
    }
    s->first = c;
}

int app_lua_load_stream(lua_State *L, FILE *file, const char *chunkname, const char *mode) {
    file_source *s = lua_newuserdatauv(L, sizeof *s, 0); /* under the memory limit */
    s->file = file;
    s->first = EOF;
    s->newline = false;
    skip_start(s);
    int status = app_lua_load(L, read_file, s, chunkname, mode);
    bool failed = ferror(file);
    lua_remove(L, -2); /* the source */
    if (failed) {
        lua_pop(L, 1);
        lua_pushfstring(L, "cannot read %s: %s", chunkname[0] == '@' ? chunkname + 1 : chunkname,
                        strerror(errno));
        return LUA_ERRFILE;
    }
    return status;
}

int app_lua_load_path(lua_State *L, const char *path, const char *mode) {
    if (!path)
        return app_lua_load_stream(L, stdin, "=stdin", mode);
    const char *chunkname = lua_pushfstring(L, "@%s", path);
    FILE *file = fopen(path, "r");
    if (!file) {
        lua_pushfstring(L, "cannot open %s: %s", path, strerror(errno));
        lua_remove(L, -2);
        return LUA_ERRFILE;
    }
    int status = app_lua_load_stream(L, file, chunkname, mode);
    int saved = errno;
    fclose(file);
    errno = saved;
    lua_remove(L, -2); /* the chunk name */
    return status;
}

/* ---------------------------------------------------------------- load -- */

typedef struct string_source {
    const char *text;
    size_t left;
} string_source;

static const char *read_string(lua_State *L, void *data, size_t *size) {
    (void)L;
    string_source *s = data;
    *size = s->left < LOAD_PIECE ? s->left : LOAD_PIECE;
    const char *piece = s->text;
    s->text += *size;
    s->left -= *size;
    return *size > 0 ? piece : NULL;
}

/* The reader for load(function): each call of the function gives the next
 * text, handed on LOAD_PIECE bytes at a time (a function returning 9.5 MB
 * at once is compiled in pieces, the deadline asked before each, like a
 * string). The text is kept in READER_SLOT while it is read. */
static const char *read_function(lua_State *L, void *data, size_t *size) {
    string_source *s = data;
    if (s->left == 0) {
        luaL_checkstack(L, 2, "too many nested functions");
        lua_pushvalue(L, 1);
        lua_call(L, 0, 1);
        if (lua_isnil(L, -1)) {
            lua_pop(L, 1);
            *size = 0;
            return NULL;
        }
        if (!lua_isstring(L, -1))
            luaL_error(L, "reader function must return a string");
        lua_replace(L, READER_SLOT);
        s->text = lua_tolstring(L, READER_SLOT, &s->left);
        if (s->left == 0) { /* an empty string ends the chunk, as in Lua */
            *size = 0;
            return NULL;
        }
    }
    return read_string(L, s, size);
}

/* load(chunk [, chunkname [, mode [, env]]]) */
static int load(lua_State *L) {
    size_t length;
    const char *text = lua_tolstring(L, 1, &length);
    const char *mode = luaL_optstring(L, 3, "bt");
    int env = lua_isnone(L, 4) ? 0 : 4;
    int status;
    if (text) {
        const char *chunkname = luaL_optstring(L, 2, text);
        string_source s = {text, length};
        status = app_lua_load(L, read_string, &s, chunkname, mode);
    } else {
        const char *chunkname = luaL_optstring(L, 2, "=(load)");
        luaL_checktype(L, 1, LUA_TFUNCTION);
        lua_settop(L, READER_SLOT);
        string_source s = {NULL, 0};
        status = app_lua_load(L, read_function, &s, chunkname, mode);
    }
    return app_lua_loaded(L, status, env);
}

int app_lua_loaded(lua_State *L, int status, int env) {
    if (status != LUA_OK) {
        luaL_pushfail(L);
        lua_insert(L, -2);
        return 2;
    }
    if (env) {
        lua_pushvalue(L, env);
        if (!lua_setupvalue(L, -2, 1))
            lua_pop(L, 1);
    }
    return 1;
}

void app_lua_load_open(lua_State *L) {
    lua_pushcfunction(L, load);
    lua_setglobal(L, "load");
}
