/*
 * png.c - writing the picture as a PNG file.
 *
 * stb_image_write encodes into memory chunks that we write ourselves, so a
 * failure reports errno. The file is written under a temporary name in the
 * same folder and renamed into place: a reader never sees half a frame.
 */
#include "render.h"

#include <SDL.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STBI_WRITE_NO_STDIO
#include <stb/stb_image_write.h>

typedef struct png_sink {
    FILE *file;
    int error; /* errno of the first failed write, or 0 */
} png_sink;

static void write_chunk(void *context, void *data, int size) {
    png_sink *sink = context;
    if (sink->error || size <= 0)
        return;
    if (fwrite(data, 1, (size_t)size, sink->file) != (size_t)size)
        sink->error = errno ? errno : EIO;
}

bool lm_renderer_write_png(lm_renderer *renderer, const char *path, char *err, size_t err_size) {
    const SDL_Surface *picture = lm_renderer_surface(renderer);
    int width = lm_renderer_width(renderer), height = lm_renderer_height(renderer);

    unsigned char *rgb = malloc((size_t)width * (size_t)height * 3);
    size_t temp_size = strlen(path) + 5;
    char *temp = malloc(temp_size);
    if (!rgb || !temp) {
        free(rgb);
        free(temp);
        snprintf(err, err_size, "cannot write '%s': out of memory", path);
        return false;
    }
    for (int y = 0; y < height; y++) {
        const unsigned char *in =
            (const unsigned char *)picture->pixels + (size_t)y * (size_t)picture->pitch;
        unsigned char *out = rgb + (size_t)y * (size_t)width * 3;
        for (int x = 0; x < width; x++) {
            out[3 * x] = in[4 * x];
            out[3 * x + 1] = in[4 * x + 1];
            out[3 * x + 2] = in[4 * x + 2];
        }
    }

    snprintf(temp, temp_size, "%s.tmp", path);
    bool ok = false;
    png_sink sink = {fopen(temp, "wb"), 0};
    if (!sink.file) {
        snprintf(err, err_size, "cannot write '%s': %s", temp, strerror(errno));
        goto done;
    }
    errno = 0;
    int encoded = stbi_write_png_to_func(write_chunk, &sink, width, height, 3, rgb, width * 3);
    if (fclose(sink.file) != 0 && !sink.error)
        sink.error = errno ? errno : EIO;
    if (!encoded) {
        snprintf(err, err_size, "cannot encode '%s' as PNG (out of memory?)", path);
        remove(temp);
        goto done;
    }
    if (sink.error) {
        snprintf(err, err_size, "cannot write '%s': %s", temp, strerror(sink.error));
        remove(temp);
        goto done;
    }
    if (rename(temp, path) != 0) {
        snprintf(err, err_size, "cannot rename '%s' to '%s': %s", temp, path, strerror(errno));
        remove(temp);
        goto done;
    }
    ok = true;
done:
    free(rgb);
    free(temp);
    return ok;
}
