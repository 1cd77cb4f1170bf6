/*
 * examples.c - `loom examples [DIR]`: the scenes of a folder, one line each,
 * from their header comments (raylib's examples start with what they teach;
 * loom's do too, so the list writes itself).
 */
#include "examples.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app.h"
#include "library_path.h"

static char *copy(const char *text, size_t length) {
    char *out = malloc(length + 1);
    if (out) {
        memcpy(out, text, length);
        out[length] = '\0';
    }
    return out;
}

/* a/b, without doubling a slash that ends a ("examples/" + "x.lua"). */
static char *joined(const char *a, const char *b) {
    size_t a_length = strlen(a);
    while (a_length > 1 && a[a_length - 1] == '/')
        a_length--;
    size_t length = a_length + strlen(b) + 2;
    char *out = malloc(length);
    if (out)
        snprintf(out, length, "%.*s/%s", (int)a_length, a, b);
    return out;
}

static bool readable(const char *path) {
    return access(path, R_OK) == 0;
}

/* The first sentence of the leading comment: the "--" lines joined, up to
 * the first full stop that ends a word, without "name.lua — ". */
static char *read_summary(const char *path, const char *name) {
    FILE *file = fopen(path, "r");
    if (!file)
        return copy("", 0);
    char text[1024] = "", line[512];
    size_t used = 0;
    while (fgets(line, sizeof line, file) && strncmp(line, "--", 2) == 0) {
        char *start = line + 2;
        while (*start == ' ' || *start == '-')
            start++;
        size_t length = strcspn(start, "\r\n");
        if (length == 0)
            break; /* a blank comment line ends the first paragraph */
        if (used + length + 2 >= sizeof text)
            break;
        if (used > 0)
            text[used++] = ' ';
        memcpy(text + used, start, length);
        used += length;
        text[used] = '\0';
        char *stop = strstr(text, ". ");
        if (stop || text[used - 1] == '.') {
            used = stop ? (size_t)(stop - text) + 1 : used;
            text[used] = '\0';
            break;
        }
    }
    fclose(file);
    const char *summary = text;
    size_t name_length = strlen(name);
    if (strncmp(summary, name, name_length) == 0) {
        summary += name_length;
        /* " — ", " - " or ": " after the name */
        while (*summary == ' ' || *summary == '-' || *summary == ':' ||
               (unsigned char)*summary >= 0x80)
            summary++;
    }
    return copy(summary, strlen(summary));
}

static int by_name(const void *a, const void *b) {
    return strcmp(((const app_example *)a)->name, ((const app_example *)b)->name);
}

static char *find_picture(const char *dir, const char *name) {
    size_t stem = strlen(name) - 4; /* without ".lua" */
    char file[300];
    snprintf(file, sizeof file, "../docs/gallery/%.*s.png", (int)stem, name);
    char *path = joined(dir, file);
    if (path && readable(path))
        return path;
    free(path);
    snprintf(file, sizeof file, "%.*s.png", (int)stem, name);
    path = joined(dir, file);
    if (path && readable(path))
        return path;
    free(path);
    return NULL;
}

bool app_examples_read(const char *dir, app_example **out, size_t *count, char *err,
                       size_t err_size) {
    *out = NULL;
    *count = 0;
    DIR *folder = opendir(dir);
    if (!folder) {
        snprintf(err, err_size, "cannot open the folder %s", dir);
        return false;
    }
    app_example *list = NULL;
    size_t n = 0, capacity = 0;
    struct dirent *entry;
    bool ok = true;
    while (ok && (entry = readdir(folder)) != NULL) {
        size_t length = strlen(entry->d_name);
        if (length <= 4 || strcmp(entry->d_name + length - 4, ".lua") != 0 ||
            entry->d_name[0] == '.')
            continue;
        if (n == capacity) {
            capacity = capacity ? 2 * capacity : 32;
            app_example *grown = realloc(list, capacity * sizeof *grown);
            if (!grown) {
                ok = false;
                break;
            }
            list = grown;
        }
        app_example *e = &list[n];
        e->name = copy(entry->d_name, length);
        e->path = joined(dir, entry->d_name);
        e->summary = e->path && e->name ? read_summary(e->path, e->name) : NULL;
        e->picture = e->name ? find_picture(dir, e->name) : NULL;
        n++;
        ok = e->name && e->path && e->summary;
    }
    closedir(folder);
    if (!ok) {
        app_examples_free(list, n);
        snprintf(err, err_size, "out of memory");
        return false;
    }
    qsort(list, n, sizeof *list, by_name);
    *out = list;
    *count = n;
    return true;
}

void app_examples_free(app_example *examples, size_t count) {
    for (size_t i = 0; i < count; i++) {
        free(examples[i].path);
        free(examples[i].name);
        free(examples[i].summary);
        free(examples[i].picture);
    }
    free(examples);
}

const char *app_examples_default_dir(char *buffer, size_t size) {
    if (!app_library_examples(buffer, size))
        snprintf(buffer, size, "examples");
    return buffer;
}

int app_examples_list(const char *dir) {
    char buffer[4200];
    if (!dir)
        dir = app_examples_default_dir(buffer, sizeof buffer);
    app_example *examples;
    size_t count;
    char err[256];
    if (!app_examples_read(dir, &examples, &count, err, sizeof err)) {
        fprintf(stderr, "loom: %s\n", err);
        return APP_EXIT_FAILURE;
    }
    if (count == 0) {
        fprintf(stderr, "loom: no scenes (*.lua) in %s\n", dir);
        return APP_EXIT_FAILURE;
    }
    size_t width = 0;
    for (size_t i = 0; i < count; i++)
        width = strlen(examples[i].name) > width ? strlen(examples[i].name) : width;
    for (size_t i = 0; i < count; i++)
        printf("%-*s  %s\n", (int)width, examples[i].name, examples[i].summary);
    app_examples_free(examples, count);
    return APP_EXIT_OK;
}
