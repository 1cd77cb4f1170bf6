/*
 * lua_chunk.c - reads the functions of a compiled chunk back from its dump.
 *
 * lua_dump writes the chunk into memory the state's own allocator gives (so
 * a huge chunk counts against --memory like the chunk itself); the dump is
 * then walked once. Sizes are written as Lua 5.4 writes them: seven bits a
 * byte, most significant first, the last byte marked by its high bit.
 * Every read is checked against the end of the dump: a dump loom cannot read
 * is an error, never a read past the buffer.
 */
#include "lua_chunk.h"

#include <lua.h>
#include <stdlib.h>
#include <string.h>

enum {
    HEADER_SIZE = 4 + 1 + 1 + 6 + 1 + 1 + 1 + 8 + 8, /* signature .. LUAC_NUM */
    TAG_NIL = 0x00,
    TAG_FALSE = 0x01,
    TAG_TRUE = 0x11,
    TAG_INTEGER = 0x03,
    TAG_FLOAT = 0x13,
    TAG_SHORT_STRING = 0x04,
    TAG_LONG_STRING = 0x14,
    MAX_NESTING = 1000, /* Lua's parser stops at 200 */
};

/* ------------------------------------------------------------- reading -- */

typedef struct reader {
    const unsigned char *at, *end;
    bool failed;
} reader;

static size_t read_size(reader *r) {
    size_t x = 0;
    for (int n = 0; n < 10; n++) {
        if (r->at >= r->end) {
            r->failed = true;
            return 0;
        }
        unsigned char b = *r->at++;
        x = (x << 7) | (b & 0x7f);
        if (b & 0x80)
            return x;
    }
    r->failed = true;
    return 0;
}

/* A count of items of item_size bytes or more that must fit in the rest. */
static int read_count(reader *r, size_t item_size) {
    size_t n = read_size(r);
    if (n > (size_t)(r->end - r->at) / (item_size ? item_size : 1) || n > 0x7fffffff) {
        r->failed = true;
        return 0;
    }
    return (int)n;
}

static const unsigned char *skip(reader *r, size_t bytes) {
    if (r->failed || bytes > (size_t)(r->end - r->at)) {
        r->failed = true;
        return r->end;
    }
    const unsigned char *start = r->at;
    r->at += bytes;
    return start;
}

static void skip_string(reader *r) {
    size_t size = read_size(r);
    if (size > 0)
        skip(r, size - 1);
}

static void skip_constant(reader *r, unsigned char *tag) {
    const unsigned char *t = skip(r, 1);
    *tag = r->failed ? TAG_NIL : *t;
    switch (*tag) {
    case TAG_NIL:
    case TAG_FALSE:
    case TAG_TRUE:
        break;
    case TAG_INTEGER:
    case TAG_FLOAT:
        skip(r, 8);
        break;
    case TAG_SHORT_STRING:
    case TAG_LONG_STRING:
        skip_string(r);
        break;
    default:
        r->failed = true;
    }
}

/* --------------------------------------------------------- the sections -- */

int app_chunk_line(const app_chunk_function *f, int pc) {
    int line = f->linedefined;
    if (f->lineinfo_count != f->code_count)
        return line;
    reader r = {f->absline, f->end, false};
    int next_pc = -1, next_line = 0, left = f->absline_count;
    if (left > 0) {
        next_pc = (int)read_size(&r);
        next_line = (int)read_size(&r);
        left--;
    }
    for (int i = 0; i <= pc && i < f->code_count; i++) {
        if (i == next_pc && !r.failed) {
            line = next_line;
            next_pc = -1;
            if (left > 0) {
                next_pc = (int)read_size(&r);
                next_line = (int)read_size(&r);
                left--;
            }
        } else {
            line += f->lineinfo[i];
        }
    }
    return line;
}

bool app_chunk_constant_is_integer(const app_chunk_function *f, int index) {
    if (index < 0 || index >= f->constant_count)
        return false;
    reader r = {f->constants, f->end, false};
    unsigned char tag = TAG_NIL;
    for (int i = 0; i <= index && !r.failed; i++)
        skip_constant(&r, &tag);
    return !r.failed && tag == TAG_INTEGER;
}

bool app_chunk_is_local(const app_chunk_function *f, int reg, int pc) {
    reader r = {f->locals, f->end, false};
    int active = 0;
    for (int i = 0; i < f->local_count && !r.failed; i++) {
        skip_string(&r);
        int startpc = (int)read_size(&r), endpc = (int)read_size(&r);
        if (startpc > pc)
            break; /* locals are listed in the order they start */
        if (pc < endpc && active++ == reg)
            return true;
    }
    return false;
}

/* --------------------------------------------------------- the functions -- */

typedef struct walk {
    bool (*visit)(const app_chunk_function *f, void *context);
    void *context;
    bool stopped;
} walk;

/* Reads one function (and, first, the ones nested in it) and visits it. */
static void read_function(reader *r, walk *w, int nesting) {
    app_chunk_function f;
    memset(&f, 0, sizeof f);
    f.end = r->end;
    skip_string(r); /* source */
    f.linedefined = (int)read_size(r);
    read_size(r); /* lastlinedefined */
    skip(r, 3);   /* numparams, is_vararg, maxstacksize */
    f.code_count = read_count(r, 4);
    f.code = skip(r, 4 * (size_t)f.code_count);
    f.constant_count = read_count(r, 1);
    f.constants = r->at;
    unsigned char tag;
    for (int i = 0; i < f.constant_count && !r->failed; i++)
        skip_constant(r, &tag);
    int upvalues = read_count(r, 3);
    skip(r, 3 * (size_t)upvalues);
    int nested = read_count(r, 1);
    if (nesting > MAX_NESTING)
        r->failed = true;
    for (int i = 0; i < nested && !r->failed && !w->stopped; i++)
        read_function(r, w, nesting + 1);
    if (w->stopped || r->failed)
        return;
    f.lineinfo_count = read_count(r, 1);
    f.lineinfo = (const signed char *)skip(r, (size_t)f.lineinfo_count);
    f.absline_count = read_count(r, 2);
    f.absline = r->at;
    for (int i = 0; i < 2 * f.absline_count && !r->failed; i++)
        read_size(r);
    f.local_count = read_count(r, 3);
    f.locals = r->at;
    for (int i = 0; i < f.local_count && !r->failed; i++) {
        skip_string(r);
        read_size(r);
        read_size(r);
    }
    int names = read_count(r, 1);
    for (int i = 0; i < names && !r->failed; i++)
        skip_string(r);
    if (!r->failed && !w->visit(&f, w->context))
        w->stopped = true;
}

/* The dump, in memory from the state's allocator. */
typedef struct buffer {
    lua_Alloc alloc;
    void *ud;
    unsigned char *data;
    size_t size, capacity;
    bool refused;
} buffer;

static int append(lua_State *L, const void *p, size_t size, void *context) {
    (void)L;
    buffer *b = context;
    if (size > b->capacity - b->size) {
        size_t capacity = b->capacity ? b->capacity : 4096;
        while (capacity - b->size < size)
            capacity *= 2;
        unsigned char *grown = b->alloc(b->ud, b->data, b->capacity, capacity);
        if (!grown) {
            b->refused = true;
            return 1;
        }
        b->data = grown;
        b->capacity = capacity;
    }
    memcpy(b->data + b->size, p, size);
    b->size += size;
    return 0;
}

int app_chunk_visit(lua_State *L, bool (*visit)(const app_chunk_function *f, void *context),
                    void *context) {
    buffer b = {0};
    b.alloc = lua_getallocf(L, &b.ud);
    int status = lua_dump(L, append, &b, 0);
    int result = APP_CHUNK_OK;
    if (b.refused)
        result = APP_CHUNK_NO_MEMORY;
    else if (status != 0 || b.size < HEADER_SIZE + 1)
        result = APP_CHUNK_UNREADABLE;
    else {
        reader r = {b.data + HEADER_SIZE + 1, b.data + b.size, false}; /* + upvalue count */
        walk w = {visit, context, false};
        read_function(&r, &w, 0);
        if (r.failed)
            result = APP_CHUNK_UNREADABLE;
    }
    if (b.data)
        b.alloc(b.ud, b.data, b.capacity, 0);
    return result;
}
