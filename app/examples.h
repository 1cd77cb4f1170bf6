/*
 * examples.h - finding the examples: `loom examples [DIR]` lists the scenes of
 * a folder with the first sentence of each one's header comment, and
 * `loom DIR` opens a picker window of their gallery pictures.
 */
#ifndef LOOM_APP_EXAMPLES_H
#define LOOM_APP_EXAMPLES_H

#include <stdbool.h>
#include <stddef.h>

/* A folder's scenes: "name.lua" files in name order, with the first
 * sentence of each one's leading "--" comment (without the "name.lua — "
 * prefix) and the path of its picture (DIR/../docs/gallery/name.png, else
 * DIR/name.png; NULL when neither exists). */
typedef struct app_example {
    char *path, *name, *summary, *picture;
} app_example;

/* Fills *out (free with app_examples_free); false with a message in err. */
bool app_examples_read(const char *dir, app_example **out, size_t *count, char *err,
                       size_t err_size);
void app_examples_free(app_example *examples, size_t count);

/* The examples folder loom ships with (app/library_path.h), else ./examples. */
const char *app_examples_default_dir(char *buffer, size_t size);

/* `loom examples [DIR]`: prints "name.lua  summary" per scene. */
int app_examples_list(const char *dir);
/* `loom DIR`: the picker window; a click opens that scene in the window
 * (this process becomes `loom SCENE.lua`). */
int app_picker(const char *dir);

#endif
