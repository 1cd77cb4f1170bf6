/*
 * lua_stacks.c - finds the moves of Lua stacks in the allocator's traffic
 * and stops a thread whose stack moves under a __concat metamethod (the
 * why: app/lua_stacks.h).
 *
 * What Lua 5.4.4 does, and what the guard reads from it:
 *   - a thread is made by an allocation tagged LUA_TTHREAD (the state's own
 *     main thread too), immediately followed by its first stack, an
 *     untagged block of (40 + 5) slots of 16 bytes. The lua_State is at
 *     LUA_EXTRASPACE bytes into the thread's block (lua_getextraspace);
 *   - a stack moves (luaD_reallocstack: growing, shrunk by a collection or
 *     by lua_resetthread, to 21 + 5 slots at least) by a new untagged block,
 *     then the free of the old one, nothing in between. So a free of a known stack that follows an
 * untagged fresh block is a move; any other free of it is its thread going away;
 *   - the thread's calls are a chain of CallInfo: each knows its caller and,
 *     for Lua functions, where it is in its code (the instruction after the
 *     current one). A call made from a CONCAT instruction is a __concat
 *     metamethod, or a message handler for an error in the concatenation
 *     (exempted: loom's handlers are C functions it names).
 * Nothing here allocates or runs Lua code: it runs inside the allocator.
 */
#include "lua_stacks.h"

#include <lauxlib.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum {
    FIRST_STACK_BYTES = (40 + 5) * 16, /* BASIC_STACK_SIZE + EXTRA_STACK slots */
    LEAST_STACK_BYTES = (21 + 5) * 16, /* after lua_resetthread: one call's LUA_MINSTACK */
    SLOT_BYTES = 16,
    OP_CALL = 68,
    OP_CONCAT = 53,
    CIST_C = 1 << 1,
    MAX_EXEMPT = 8,
};

/* The start of Lua 5.4.4's CallInfo (lstate.h), as far as the guard reads
 * it; app_lua_stacks_verify checks it against the running library. */
typedef struct call_info {
    void *func, *top;
    struct call_info *previous, *next;
    union {
        struct {
            const uint32_t *savedpc;
            volatile int trap;
            int nextraargs;
        } l;
        struct {
            void *k;
            ptrdiff_t old_errfunc;
            intptr_t ctx;
        } c;
    } u;
    union {
        int funcidx, nyield, nres;
        struct {
            unsigned short ftransfer, ntransfer;
        } transfer;
    } u2;
    short nresults;
    unsigned short callstatus;
} call_info;

typedef struct entry {
    void *block;
    lua_State *thread;
} entry;

struct app_lua_stacks {
    entry *table; /* open addressing, linear probing; block NULL is free */
    size_t capacity, count;
    lua_State *pending;  /* a thread made, its stack not yet */
    void *pending_block; /* the thread's own block */
    void *fresh;         /* the previous request was this untagged new block */
    size_t fresh_size;
    lua_State **stopped;
    size_t stopped_count, stopped_capacity;
    lua_CFunction exempt[MAX_EXEMPT];
    int exempt_count;
    lua_Hook hook;
    bool verified;
};

/* --------------------------------------------------------- the table -- */

static size_t slot_of(const app_lua_stacks *s, const void *block) {
    uintptr_t h = (uintptr_t)block >> 4;
    h ^= h >> 17;
    h *= 0x9e3779b97f4a7c15u;
    return (size_t)(h >> 7) & (s->capacity - 1);
}

static lua_State *find(const app_lua_stacks *s, const void *block) {
    if (!s->capacity)
        return NULL;
    for (size_t i = slot_of(s, block);; i = (i + 1) & (s->capacity - 1)) {
        if (s->table[i].block == block)
            return s->table[i].thread;
        if (!s->table[i].block)
            return NULL;
    }
}

static void put(app_lua_stacks *s, void *block, lua_State *thread) {
    size_t i = slot_of(s, block);
    while (s->table[i].block && s->table[i].block != block)
        i = (i + 1) & (s->capacity - 1);
    if (!s->table[i].block)
        s->count++;
    s->table[i] = (entry){block, thread};
}

static void take(app_lua_stacks *s, void *block) {
    size_t mask = s->capacity - 1, i = slot_of(s, block);
    while (s->table[i].block != block)
        i = (i + 1) & mask;
    s->table[i].block = NULL;
    s->count--;
    /* Moves the entries after the hole back (deletion without tombstones). */
    for (size_t j = (i + 1) & mask; s->table[j].block; j = (j + 1) & mask) {
        size_t home = slot_of(s, s->table[j].block);
        bool stays = i <= j ? (home > i && home <= j) : (home > i || home <= j);
        if (!stays) {
            s->table[i] = s->table[j];
            s->table[j].block = NULL;
            i = j;
        }
    }
}

/* Room for one more entry; false when memory is short. */
static bool reserve(app_lua_stacks *s) {
    if (s->count + 1 <= s->capacity / 2)
        return true;
    size_t capacity = s->capacity ? 2 * s->capacity : 64;
    entry *old = s->table;
    size_t old_capacity = s->capacity;
    s->table = calloc(capacity, sizeof *s->table);
    if (!s->table) {
        s->table = old;
        return false;
    }
    s->capacity = capacity;
    s->count = 0;
    for (size_t i = 0; i < old_capacity; i++)
        if (old[i].block)
            put(s, old[i].block, old[i].thread);
    free(old);
    return true;
}

/* ----------------------------------------------------------- threads -- */

static bool is_lua(const call_info *ci) {
    return !(ci->callstatus & CIST_C);
}

/* The opcode of the instruction ci (a Lua call) is at. */
static int current_op(const call_info *ci) {
    return (int)(ci->u.l.savedpc[-1] & 0x7f);
}

static bool exempt(const app_lua_stacks *s, lua_State *T, call_info *ci) {
    if (is_lua(ci))
        return false;
    lua_Debug ar;
    ar.i_ci = (struct CallInfo *)ci;
    lua_getinfo(T, "f", &ar);
    lua_CFunction f = lua_tocfunction(T, -1);
    lua_settop(T, -2);
    for (int i = 0; i < s->exempt_count; i++)
        if (f == s->exempt[i])
            return true;
    return false;
}

/* Whether the three values on top of T's stack are a __concat metamethod
 * and the two values it is called with (luaT_callTMres pushes them so). */
static bool calling_concat(lua_State *T) {
    int top = lua_gettop(T);
    if (top < 3)
        return false;
    for (int operand = top - 1; operand <= top; operand++) {
        if (!lua_getmetatable(T, operand))
            continue;
        lua_pushnil(T);
        while (lua_next(T, -2)) {
            bool match = lua_type(T, -2) == LUA_TSTRING &&
                         strcmp(lua_tostring(T, -2), "__concat") == 0 &&
                         lua_rawequal(T, -1, top - 2);
            lua_settop(T, -2);
            if (match) {
                lua_settop(T, top);
                return true;
            }
        }
        lua_settop(T, top);
    }
    return false;
}

static bool stopped(const app_lua_stacks *s, lua_State *T) {
    for (size_t i = 0; i < s->stopped_count; i++)
        if (s->stopped[i] == T)
            return true;
    return false;
}

static void stop(app_lua_stacks *s, lua_State *T) {
    if (!stopped(s, T) && s->stopped_count == s->stopped_capacity) {
        size_t capacity = s->stopped_capacity ? 2 * s->stopped_capacity : 8;
        lua_State **grown = realloc(s->stopped, capacity * sizeof *grown);
        if (grown) {
            s->stopped = grown;
            s->stopped_capacity = capacity;
        }
    }
    if (!stopped(s, T) && s->stopped_count < s->stopped_capacity)
        s->stopped[s->stopped_count++] = T;
    /* Even unlisted (no memory), the thread raises at its next instruction:
     * the hook raises for any thread whose hook runs at every return. */
    lua_sethook(T, s->hook, LUA_MASKCOUNT | LUA_MASKRET, 1);
}

/* T's stack moved (growing when grew): stops T when a __concat metamethod
 * is running in it, or about to be called. */
static void moved(app_lua_stacks *s, lua_State *T, bool grew) {
    if (!s->verified || lua_status(T) == LUA_YIELD)
        return; /* a suspended thread has no C frame under way */
    lua_Debug ar;
    if (!lua_getstack(T, 0, &ar))
        return;
    call_info *ci = (call_info *)ar.i_ci;
    if (grew && is_lua(ci) && current_op(ci) == OP_CONCAT && calling_concat(T)) {
        stop(s, T);
        return;
    }
    for (; ci->previous; ci = ci->previous) {
        call_info *caller = ci->previous;
        if (caller->previous && is_lua(caller) && current_op(caller) == OP_CONCAT &&
            !exempt(s, T, ci)) {
            stop(s, T);
            return;
        }
    }
}

/* ---------------------------------------------------------- interface -- */

app_lua_stacks *app_lua_stacks_create(lua_Hook hook) {
    app_lua_stacks *s = calloc(1, sizeof *s);
    if (s)
        s->hook = hook;
    return s;
}

void app_lua_stacks_destroy(app_lua_stacks *s) {
    if (!s)
        return;
    free(s->table);
    free(s->stopped);
    free(s);
}

bool app_lua_stacks_before(app_lua_stacks *s, void *block, size_t old_size, size_t new_size) {
    void *fresh = s->fresh;
    size_t fresh_size = s->fresh_size;
    s->fresh = NULL;
    if (!block)
        return new_size != FIRST_STACK_BYTES || old_size != 0 || !s->pending || reserve(s);
    if (new_size != 0 || old_size < LEAST_STACK_BYTES || old_size % SLOT_BYTES != 0) {
        if (new_size == 0 && block == s->pending_block)
            s->pending = NULL; /* the thread went before its stack came */
        return true;
    }
    /* A free that may be a stack's. */
    lua_State *T = find(s, block);
    if (block == s->pending_block)
        s->pending = NULL;
    if (!T)
        return true;
    take(s, block);
    if (fresh) {
        put(s, fresh, T); /* the old entry's room */
        moved(s, T, fresh_size > old_size);
    } else {
        for (size_t i = 0; i < s->stopped_count; i++)
            if (s->stopped[i] == T)
                s->stopped[i] = s->stopped[--s->stopped_count];
    }
    return true;
}

void app_lua_stacks_after(app_lua_stacks *s, void *block, size_t old_size, size_t new_size,
                          void *result) {
    if (block || !result || new_size == 0)
        return;
    if (old_size == LUA_TTHREAD) {
        s->pending = (lua_State *)((char *)result + LUA_EXTRASPACE);
        s->pending_block = result;
        return;
    }
    if (old_size != 0) {
        s->pending = NULL; /* a new thread's stack comes next, or never */
        return;
    }
    if (s->pending && new_size == FIRST_STACK_BYTES) {
        put(s, result, s->pending); /* room reserved before */
        s->pending = NULL;
        return;
    }
    s->fresh = result;
    s->fresh_size = new_size;
}

void app_lua_stacks_exempt(app_lua_stacks *s, lua_CFunction function) {
    if (s->exempt_count < MAX_EXEMPT)
        s->exempt[s->exempt_count++] = function;
}

bool app_lua_stacks_stopped(const app_lua_stacks *s, lua_State *L) {
    return s && (stopped(s, L) || lua_gethookmask(L) == (LUA_MASKCOUNT | LUA_MASKRET));
}

const char *app_lua_stacks_message(void) {
    return "a __concat metamethod was running when Lua moved this thread's stack, which "
           "Debian's Lua 5.4.4 would then use (upstream bug 603b2c64); loom stopped it "
           "(keep __concat metamethods shallow)";
}

void app_lua_stacks_release(app_lua_stacks *s, lua_State *L, int count) {
    if (!s)
        return;
    for (size_t i = 0; i < s->stopped_count; i++)
        if (s->stopped[i] == L)
            s->stopped[i] = s->stopped[--s->stopped_count];
    if (lua_gethookmask(L) & LUA_MASKRET)
        lua_sethook(L, s->hook, LUA_MASKCOUNT, count);
}

/* ------------------------------------------------------- verification -- */

typedef struct probe {
    int expected_op; /* the caller's instruction: a call, then a concatenation */
    int passed;
} probe;

/* Called from Lua, by a call then as a __concat metamethod: checks the
 * guard's view of the calls against lua_getstack's and the instruction. */
static int check_frames(lua_State *L) {
    probe *p = lua_touserdata(L, lua_upvalueindex(1));
    lua_Debug self, caller;
    if (lua_getstack(L, 0, &self) && lua_getstack(L, 1, &caller) && lua_getinfo(L, "S", &caller)) {
        call_info *ci = (call_info *)self.i_ci;
        call_info *up = (call_info *)caller.i_ci;
        if (ci->previous == up && !is_lua(ci) && is_lua(up) && strcmp(caller.what, "C") != 0 &&
            current_op(up) == p->expected_op)
            p->passed++;
    }
    p->expected_op = OP_CONCAT;
    lua_pushliteral(L, "");
    return 1;
}

/* Whether thread T's stack is known. */
static bool tracked(const app_lua_stacks *s, const lua_State *T) {
    for (size_t i = 0; i < s->capacity; i++)
        if (s->table[i].block && s->table[i].thread == T)
            return true;
    return false;
}

void app_lua_stacks_verify(app_lua_stacks *s, lua_State *L) {
    static const char code[] = "local t, f = ...\nf()\nreturn t .. 'x'";
    probe p = {OP_CALL, 0};
    s->verified = false;
    if (luaL_loadbuffer(L, code, sizeof code - 1, "=loom") != LUA_OK)
        lua_error(L);
    lua_newtable(L);
    lua_newtable(L);
    lua_pushlightuserdata(L, &p);
    lua_pushcclosure(L, check_frames, 1);
    lua_setfield(L, -2, "__concat");
    lua_setmetatable(L, -2);
    lua_pushlightuserdata(L, &p);
    lua_pushcclosure(L, check_frames, 1);
    lua_call(L, 2, 1);
    lua_pop(L, 1);
    lua_State *T = lua_newthread(L);
    s->verified = p.passed == 2 && tracked(s, L) && tracked(s, T);
    lua_pop(L, 1);
}

bool app_lua_stacks_verified(const app_lua_stacks *s) {
    return s && s->verified;
}
