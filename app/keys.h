/*
 * keys.h - key names as scenes see them, in LÖVE's style: "a", "1", "-",
 * "space", "return", "escape", "up", "lshift", "f1", "kp+", ...
 */
#ifndef LOOM_APP_KEYS_H
#define LOOM_APP_KEYS_H

#include <stddef.h>

/* The SDL keycode for a name, or 0 when loom does not know the name. */
int app_key_code(const char *name);
/* The name of an SDL keycode, or NULL for a key without one. */
const char *app_key_name(int keycode, char buffer[2]);

#endif
