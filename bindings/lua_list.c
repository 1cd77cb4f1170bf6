/*
 * lua_list.c - loom.handles(): a list of handles that keeps at most 4 bytes
 * per handle, instead of a userdata each.
 *
 * A 256 x 256 cloth has 326,000 particles and sticks; a table of their
 * userdata costs about 100 bytes a handle in Lua. This list is a table with
 * a metatable of its own: it keeps what each handle refers to (kind, slot,
 * generation) in a compact form, and `list[i]` makes the handle userdata when
 * it is read (the world's cache hands out the same userdata while one is
 * alive, so identity, `==` and use as a table key behave as in a table).
 *
 * The compact form: while the slots run on one by one (a builder's fresh
 * objects), with one kind and one generation, the list keeps only the first
 * slot and the count; an array of slots (4 bytes a handle) appears at the
 * first handle that breaks the run, and arrays of generations and kinds only
 * if they ever differ.
 *
 * It behaves as a table for what builders' results are used for: `list[i]`,
 * `#list`, `ipairs`, `pairs`, appending a handle of the same world at
 * `#list + 1` (`table.insert(list, h)`), the table library. Any other write
 * (a value that is not a handle, a handle of another world, another key)
 * first turns it into a plain table holding every handle, so it always ends
 * up doing what a table would. `next`, `rawget` and `rawlen` see an empty
 * table until then.
 *
 * The arrays are allocated with the state's allocator, so a host's memory
 * limit counts them, and freed by the state userdata's __gc.
 */
#include <string.h>

#include "lua_internal.h"

#define STATE_METATABLE "loom.handles_state"

typedef struct list_state {
    uint32_t count, capacity; /* handles; room in the arrays that exist */
    uint32_t first;           /* slot + 1 of the first handle */
    uint32_t generation;      /* of every handle while generations is NULL */
    uint8_t kind;             /* lmlua_kind of every handle while kinds is NULL */
    uint32_t *index1;         /* slot + 1 of each; NULL while they run on from first */
    uint32_t *generations;    /* NULL while all are `generation` */
    uint8_t *kinds;           /* NULL while all are `kind` */
    const lmlua_world *owner; /* the world of every handle (user value 1 keeps it alive) */
} list_state;

static void *resize(lua_State *L, void *block, size_t old_size, size_t new_size) {
    void *context;
    lua_Alloc alloc = lua_getallocf(L, &context);
    return alloc(context, block, old_size, new_size);
}

static int state_gc(lua_State *L) {
    list_state *s = luaL_checkudata(L, 1, STATE_METATABLE);
    if (s->index1) {
        resize(L, s->index1, (size_t)s->capacity * sizeof *s->index1, 0);
    }
    if (s->generations) {
        resize(L, s->generations, (size_t)s->capacity * sizeof *s->generations, 0);
    }
    if (s->kinds) {
        resize(L, s->kinds, (size_t)s->capacity * sizeof *s->kinds, 0);
    }
    memset(s, 0, sizeof *s);
    return 0;
}

/* The state of the list at index 1 (pushed on the stack), or NULL when the
 * list became a plain table. */
static list_state *state_of(lua_State *L) {
    if (!lua_getmetatable(L, 1)) {
        return NULL;
    }
    lua_rawgeti(L, -1, 1);
    list_state *s = luaL_testudata(L, -1, STATE_METATABLE);
    lua_remove(L, -2);
    return s;
}

/* The key at index as a position, 0 if it is not an integral number (a
 * float with an integral value is the same key as the integer in a table). */
static lua_Integer position_of(lua_State *L, int index) {
    if (lua_type(L, index) != LUA_TNUMBER) {
        return 0;
    }
    int is_integral = 0;
    lua_Integer i = lua_tointegerx(L, index, &is_integral);
    return is_integral ? i : 0;
}

/* Pushes handle i (0-based); the state is at index state_index. */
static void push_entry(lua_State *L, int state_index, const list_state *s, uint32_t i) {
    lua_getiuservalue(L, state_index, 1); /* the world */
    uint32_t index1 = s->index1 ? s->index1[i] : s->first + i;
    uint32_t generation = s->generations ? s->generations[i] : s->generation;
    lmlua_kind kind = (lmlua_kind)(s->kinds ? s->kinds[i] : s->kind);
    lmlua_push_handle(L, -1, kind, index1, generation);
    lua_remove(L, -2);
}

static int list_index(lua_State *L) {
    list_state *s = state_of(L);
    int state_index = lua_gettop(L);
    lua_Integer i = position_of(L, 2);
    if (s && i >= 1 && i <= (lua_Integer)s->count) {
        push_entry(L, state_index, s, (uint32_t)(i - 1));
    } else {
        lua_pushnil(L);
    }
    return 1;
}

static int list_len(lua_State *L) {
    list_state *s = state_of(L);
    lua_pushinteger(L, s ? (lua_Integer)s->count : 0);
    return 1;
}

/* pairs(list): 1, list[1], 2, list[2], ... */
static int list_next(lua_State *L) {
    lua_Integer i = lua_isnil(L, 2) ? 1 : position_of(L, 2) + 1;
    list_state *s = state_of(L);
    int state_index = lua_gettop(L);
    if (!s || i < 1 || i > (lua_Integer)s->count) {
        lua_pushnil(L);
        return 1;
    }
    lua_pushinteger(L, i);
    push_entry(L, state_index, s, (uint32_t)(i - 1));
    return 2;
}

static int list_pairs(lua_State *L) {
    lua_pushcfunction(L, list_next);
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}

/* Grows the arrays that exist to `capacity` entries; false when out of
 * memory (the state is then unchanged). */
static bool grow_to(lua_State *L, list_state *s, uint32_t capacity) {
    size_t old = s->capacity, room = capacity;
    uint32_t *index1 = s->index1, *generations = s->generations;
    uint8_t *kinds = s->kinds;
    if (index1 && !(index1 = resize(L, index1, old * 4, room * 4))) {
        return false;
    }
    s->index1 = index1;
    if (generations && !(generations = resize(L, generations, old * 4, room * 4))) {
        /* index1 already grew: shrink it back so the sizes stay one */
        s->index1 = index1 ? resize(L, index1, room * 4, old * 4) : NULL;
        return false;
    }
    s->generations = generations;
    if (kinds && !(kinds = resize(L, kinds, old, room))) {
        s->index1 = index1 ? resize(L, index1, room * 4, old * 4) : NULL;
        s->generations = generations ? resize(L, generations, room * 4, old * 4) : NULL;
        return false;
    }
    s->kinds = kinds;
    s->capacity = capacity;
    return true;
}

/* Room for entry `count` in every array that exists or must now exist
 * (`need_*`); false when out of memory (nothing changed). */
static bool make_room(lua_State *L, list_state *s, bool need_index, bool need_generations,
                      bool need_kinds) {
    bool any =
        s->index1 || s->generations || s->kinds || need_index || need_generations || need_kinds;
    if (!any) {
        return true;
    }
    if (s->count >= s->capacity || s->capacity == 0) {
        uint32_t capacity = s->capacity ? s->capacity : 16;
        while (capacity <= s->count) {
            if (capacity > UINT32_MAX / 8) {
                return false;
            }
            capacity *= 2;
        }
        if (!grow_to(L, s, capacity)) {
            return false;
        }
    }
    if (!need_index && !need_generations && !need_kinds) {
        return true;
    }
    size_t room = s->capacity;
    uint32_t *index1 = NULL, *generations = NULL;
    uint8_t *kinds = NULL;
    if ((need_index && !(index1 = resize(L, NULL, 0, room * 4))) ||
        (need_generations && !(generations = resize(L, NULL, 0, room * 4))) ||
        (need_kinds && !(kinds = resize(L, NULL, 0, room)))) {
        if (index1) {
            resize(L, index1, room * 4, 0);
        }
        if (generations) {
            resize(L, generations, room * 4, 0);
        }
        return false;
    }
    for (uint32_t i = 0; i < s->count; i++) {
        if (index1) {
            index1[i] = s->first + i;
        }
        if (generations) {
            generations[i] = s->generation;
        }
        if (kinds) {
            kinds[i] = s->kind;
        }
    }
    s->index1 = index1 ? index1 : s->index1;
    s->generations = generations ? generations : s->generations;
    s->kinds = kinds ? kinds : s->kinds;
    return true;
}

/* Appends the handle; false when out of memory (nothing changed). */
static bool append(lua_State *L, list_state *s, lmlua_kind kind, const lmlua_handle *h) {
    if (s->count == 0 && !s->index1 && !s->generations && !s->kinds) {
        s->first = h->index1;
        s->generation = h->generation;
        s->kind = (uint8_t)kind;
        s->count = 1;
        return true;
    }
    bool need_index = !s->index1 && h->index1 != s->first + s->count;
    bool need_generations = !s->generations && h->generation != s->generation;
    bool need_kinds = !s->kinds && (uint8_t)kind != s->kind;
    if (!make_room(L, s, need_index, need_generations, need_kinds)) {
        return false;
    }
    if (s->index1) {
        s->index1[s->count] = h->index1;
    }
    if (s->generations) {
        s->generations[s->count] = h->generation;
    }
    if (s->kinds) {
        s->kinds[s->count] = (uint8_t)kind;
    }
    s->count++;
    return true;
}

/* The handle at index, its kind in *kind, or NULL. */
static const lmlua_handle *handle_at(lua_State *L, int index, lmlua_kind *kind) {
    for (int k = 0; k < LMLUA_KIND_COUNT; k++) {
        const lmlua_handle *h = lmlua_test_handle(L, index, (lmlua_kind)k);
        if (h) {
            *kind = (lmlua_kind)k;
            return h;
        }
    }
    return NULL;
}

/* Turns the list at 1 into a plain table holding every handle (an error
 * midway leaves it a list whose first handles are also raw entries: the
 * same values). */
static void become_table(lua_State *L, list_state *s, int state_index) {
    luaL_checkstack(L, 4, "loom.handles");
    for (uint32_t i = 0; i < s->count; i++) {
        push_entry(L, state_index, s, i);
        lua_rawseti(L, 1, (lua_Integer)i + 1);
    }
    lua_pushnil(L);
    lua_setmetatable(L, 1);
    lua_pushcfunction(L, state_gc); /* the arrays go now, not at the next cycle */
    lua_pushvalue(L, state_index);
    lua_call(L, 1, 0);
}

static int list_newindex(lua_State *L) {
    list_state *s = state_of(L);
    int state_index = lua_gettop(L);
    if (s) {
        lmlua_kind kind = LMLUA_KIND_COUNT;
        const lmlua_handle *h = handle_at(L, 3, &kind);
        bool at_end = position_of(L, 2) == (lua_Integer)s->count + 1;
        if (at_end && h && (s->count == 0 || h->owner == s->owner)) {
            if (!append(L, s, kind, h)) {
                return lmlua_memory_error(L);
            }
            if (s->count == 1) {
                lua_getiuservalue(L, 3, 1); /* the handle's world */
                lua_setiuservalue(L, state_index, 1);
                s->owner = h->owner;
            }
            return 0;
        }
        if (lua_isnil(L, 3) && !(position_of(L, 2) >= 1 && position_of(L, 2) <= s->count)) {
            return 0; /* as a table: assigning nil to an absent key changes nothing */
        }
        become_table(L, s, state_index);
    }
    lua_settop(L, 3);
    lua_rawset(L, 1);
    return 0;
}

/* The state of the loom.handles() list at index (pushed), or NULL with
 * nothing pushed: raw reads only. */
static list_state *raw_state_of(lua_State *L, int index) {
    if (lua_type(L, index) != LUA_TTABLE || !lua_getmetatable(L, index)) {
        return NULL;
    }
    lua_rawgeti(L, -1, 1);
    list_state *s = luaL_testudata(L, -1, STATE_METATABLE);
    if (s == NULL) {
        lua_pop(L, 2);
        return NULL;
    }
    lua_remove(L, -2);
    return s;
}

lua_Integer lmlua_list_len(lua_State *L, int index) {
    list_state *s = raw_state_of(L, index);
    if (s == NULL) {
        return (lua_Integer)lua_rawlen(L, index);
    }
    lua_pop(L, 1);
    return (lua_Integer)s->count;
}

int lmlua_list_geti(lua_State *L, int index, lua_Integer i) {
    index = lua_absindex(L, index);
    list_state *s = raw_state_of(L, index);
    if (s == NULL) {
        return lua_rawgeti(L, index, i);
    }
    int state_index = lua_gettop(L);
    if (i >= 1 && i <= (lua_Integer)s->count) {
        push_entry(L, state_index, s, (uint32_t)(i - 1));
    } else {
        lua_pushnil(L);
    }
    lua_remove(L, state_index);
    return lua_type(L, -1);
}

/* loom.handles() */
static int handles_new(lua_State *L) {
    if (!lua_isnone(L, 1)) {
        return luaL_argerror(
            L, 1, lua_pushfstring(L, "no arguments expected, got %s", luaL_typename(L, 1)));
    }
    lua_createtable(L, 0, 0);
    lua_createtable(L, 1, 5);
    list_state *s = lua_newuserdatauv(L, sizeof *s, 1);
    memset(s, 0, sizeof *s);
    luaL_setmetatable(L, STATE_METATABLE);
    lua_rawseti(L, -2, 1);
    static const luaL_Reg methods[] = {{"__index", list_index},
                                       {"__newindex", list_newindex},
                                       {"__len", list_len},
                                       {"__pairs", list_pairs},
                                       {NULL, NULL}};
    luaL_setfuncs(L, methods, 0);
    lua_pushliteral(L, "loom.handles");
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, -2);
    return 1;
}

void lmlua_open_handles(lua_State *L) {
    if (luaL_newmetatable(L, STATE_METATABLE)) {
        lua_pushcfunction(L, state_gc);
        lua_setfield(L, -2, "__gc");
        lua_pushliteral(L, "loom.handles");
        lua_setfield(L, -2, "__metatable");
    }
    lua_pop(L, 1);
    lua_pushcfunction(L, handles_new);
    lua_setfield(L, -2, "handles");
}
