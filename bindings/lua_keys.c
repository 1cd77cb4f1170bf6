/*
 * lua_keys.c - loom.keys{ key = "what it does", ... }: the scene names its
 * own keys, so the window's help (H) can list them under loom's.
 *
 * The list is kept in C, sorted by key, in a userdata in the registry under
 * the address of keys_key, so a host can read it between calls into the
 * script without allocating or raising (lmlua_each_scene_key). Calling
 * loom.keys again replaces the list; loom.keys{} empties it.
 */
#include <stdlib.h>
#include <string.h>

#include "lua_internal.h"

/* Registry key: only its address is used. */
static const char keys_key = 'k';

enum { MAX_KEYS = 24, KEY_BYTES = 24, TEXT_BYTES = 80 };

typedef struct scene_key {
    char key[KEY_BYTES];
    char text[TEXT_BYTES];
} scene_key;

typedef struct scene_keys {
    int count;
    scene_key keys[MAX_KEYS];
} scene_keys;

static int compare_keys(const void *a, const void *b) {
    return strcmp(((const scene_key *)a)->key, ((const scene_key *)b)->key);
}

/* loom.keys{ space = "drop a ball", r = "restart" } */
static int keys(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    scene_keys list;
    list.count = 0;
    lua_pushnil(L);
    while (lua_next(L, 1) != 0) {
        if (lua_type(L, -2) != LUA_TSTRING) {
            luaL_argerror(L, 1,
                          lua_pushfstring(L, "keys must be key names (strings), got %s",
                                          luaL_typename(L, -2)));
        }
        const char *key = lua_tostring(L, -2);
        if (lua_type(L, -1) != LUA_TSTRING) {
            luaL_argerror(L, 1,
                          lua_pushfstring(L, "key '%s' must be described by a string, got %s", key,
                                          luaL_typename(L, -1)));
        }
        size_t key_length = strlen(key), text_length = lua_rawlen(L, -1);
        if (key_length == 0 || key_length >= KEY_BYTES) {
            luaL_argerror(L, 1,
                          lua_pushfstring(L, "key names must be 1 to %d characters, got '%s'",
                                          KEY_BYTES - 1, key));
        }
        if (text_length >= TEXT_BYTES) {
            luaL_argerror(L, 1,
                          lua_pushfstring(L,
                                          "the description of key '%s' must be at most %d "
                                          "characters",
                                          key, TEXT_BYTES - 1));
        }
        if (list.count == MAX_KEYS) {
            luaL_argerror(L, 1, lua_pushfstring(L, "at most %d keys", MAX_KEYS));
        }
        memcpy(list.keys[list.count].key, key, key_length + 1);
        memcpy(list.keys[list.count].text, lua_tostring(L, -1), text_length + 1);
        list.count++;
        lua_pop(L, 1);
    }
    qsort(list.keys, (size_t)list.count, sizeof(scene_key), compare_keys);
    scene_keys *stored;
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &keys_key) == LUA_TUSERDATA) {
        stored = lua_touserdata(L, -1);
    } else {
        stored = lua_newuserdatauv(L, sizeof *stored, 0);
        lua_rawsetp(L, LUA_REGISTRYINDEX, &keys_key);
    }
    *stored = list;
    return 0;
}

void lmlua_each_scene_key(lua_State *L, lmlua_scene_key_fn fn, void *context) {
    if (!lua_checkstack(L, 1))
        return;
    const scene_keys *list = NULL;
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &keys_key) == LUA_TUSERDATA)
        list = lua_touserdata(L, -1);
    lua_pop(L, 1);
    for (int i = 0; list && i < list->count; i++)
        fn(context, list->keys[i].key, list->keys[i].text);
}

void lmlua_open_keys(lua_State *L) {
    lua_pushcfunction(L, keys);
    lua_setfield(L, -2, "keys");
}
