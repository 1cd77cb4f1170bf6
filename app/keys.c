/*
 * keys.c - the table between key names and SDL keycodes.
 *
 * Printable ASCII keys are named by their character (SDL's keycode for them
 * is the character itself); the others by the words LÖVE uses.
 */
#include "keys.h"

#include <SDL.h>
#include <string.h>

typedef struct named_key {
    const char *name;
    SDL_Keycode code;
} named_key;

static const named_key named_keys[] = {
    {"space", SDLK_SPACE},
    {"return", SDLK_RETURN},
    {"escape", SDLK_ESCAPE},
    {"backspace", SDLK_BACKSPACE},
    {"tab", SDLK_TAB},
    {"delete", SDLK_DELETE},
    {"insert", SDLK_INSERT},
    {"home", SDLK_HOME},
    {"end", SDLK_END},
    {"pageup", SDLK_PAGEUP},
    {"pagedown", SDLK_PAGEDOWN},
    {"up", SDLK_UP},
    {"down", SDLK_DOWN},
    {"left", SDLK_LEFT},
    {"right", SDLK_RIGHT},
    {"lshift", SDLK_LSHIFT},
    {"rshift", SDLK_RSHIFT},
    {"lctrl", SDLK_LCTRL},
    {"rctrl", SDLK_RCTRL},
    {"lalt", SDLK_LALT},
    {"ralt", SDLK_RALT},
    {"f1", SDLK_F1},
    {"f2", SDLK_F2},
    {"f3", SDLK_F3},
    {"f4", SDLK_F4},
    {"f5", SDLK_F5},
    {"f6", SDLK_F6},
    {"f7", SDLK_F7},
    {"f8", SDLK_F8},
    {"f9", SDLK_F9},
    {"f10", SDLK_F10},
    {"f11", SDLK_F11},
    {"f12", SDLK_F12},
    {"kp0", SDLK_KP_0},
    {"kp1", SDLK_KP_1},
    {"kp2", SDLK_KP_2},
    {"kp3", SDLK_KP_3},
    {"kp4", SDLK_KP_4},
    {"kp5", SDLK_KP_5},
    {"kp6", SDLK_KP_6},
    {"kp7", SDLK_KP_7},
    {"kp8", SDLK_KP_8},
    {"kp9", SDLK_KP_9},
    {"kp.", SDLK_KP_PERIOD},
    {"kp+", SDLK_KP_PLUS},
    {"kp-", SDLK_KP_MINUS},
    {"kp*", SDLK_KP_MULTIPLY},
    {"kp/", SDLK_KP_DIVIDE},
    {"kpenter", SDLK_KP_ENTER},
};

enum { NAMED_KEYS = sizeof named_keys / sizeof named_keys[0] };

static int printable(int code) {
    return code > ' ' && code < 127 && !(code >= 'A' && code <= 'Z');
}

int app_key_code(const char *name) {
    if (name[0] != '\0' && name[1] == '\0' && printable((unsigned char)name[0]))
        return (unsigned char)name[0];
    for (int i = 0; i < NAMED_KEYS; i++)
        if (strcmp(named_keys[i].name, name) == 0)
            return named_keys[i].code;
    return 0;
}

const char *app_key_name(int keycode, char buffer[2]) {
    if (printable(keycode)) {
        buffer[0] = (char)keycode;
        buffer[1] = '\0';
        return buffer;
    }
    for (int i = 0; i < NAMED_KEYS; i++)
        if (named_keys[i].code == keycode)
            return named_keys[i].name;
    return NULL;
}
