/*
 * png.c - encoding the picture as PNG, and writing it to a file.
 *
 * stb_image_write lays out the PNG; its deflate is replaced by libdeflate's
 * through the STBIW_ZLIB_COMPRESS hook, and every row uses the "sub" filter
 * instead of stb's per-row search over five filters. Measured on frames of
 * examples/cloth_hanging.lua at 1280x720 (bench/RESULTS.md): stb's own deflate
 * at level 8 with the search ~60 ms a frame; zlib level 1-3 with the search
 * 26-34 ms (the search alone ~20 ms); with "sub", zlib level 3 8-14 ms
 * (62-73 KB), libdeflate 8-15 ms at any level from 1 to 6 (46-67 KB). In
 * instructions (callgrind, repeatable), libdeflate's level 1 deflates a frame
 * in 2.3 times fewer than its level 5 for files 9% larger, which makes a whole
 * `loom render` frame 22% cheaper: level 1 it is. Both libraries are
 * deterministic: the same picture always gives the same bytes.
 *
 * A file is written under a temporary name in the same folder and renamed
 * into place: a reader never sees half a frame. Only a regular file is
 * replaced (never a link, a device or a FIFO), and the temporary file is
 * created new, not opened through a link.
 */
#include "png.h"
#include "render.h"

#include <SDL.h>
#include <errno.h>
#include <fcntl.h>
#include <libdeflate.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { PNG_DEFLATE_LEVEL = 1, PNG_FILTER_SUB = 1 };

/* stb's zlib hook: a zlib stream of data, allocated with malloc (stb frees
 * it with STBIW_FREE, free by default). NULL when out of memory. */
static unsigned char *deflate_zlib(unsigned char *data, int data_length, int *out_length,
                                   int quality) {
    (void)quality; /* stb passes its own level; ours is PNG_DEFLATE_LEVEL */
    struct libdeflate_compressor *compressor = libdeflate_alloc_compressor(PNG_DEFLATE_LEVEL);
    if (!compressor)
        return NULL;
    size_t bound = libdeflate_zlib_compress_bound(compressor, (size_t)data_length);
    unsigned char *out = malloc(bound);
    size_t length =
        out ? libdeflate_zlib_compress(compressor, data, (size_t)data_length, out, bound) : 0;
    libdeflate_free_compressor(compressor);
    if (length == 0 || length > 0x7fffffff) {
        free(out);
        return NULL;
    }
    *out_length = (int)length;
    return out;
}

#define STBIW_ZLIB_COMPRESS deflate_zlib
#define STB_IMAGE_WRITE_STATIC
#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STBI_WRITE_NO_STDIO
/* Static: the writers loom does not use (TGA, HDR, ...) go unused, which GCC
 * reports at the end of the file, so the warning stays off to the end. */
#pragma GCC diagnostic ignored "-Wunused-function"
#include <stb/stb_image_write.h>

/* stb's filter choice is a variable of this file (STB_IMAGE_WRITE_STATIC):
 * set once, before any encoding, and never changed. */
static pthread_once_t filter_once = PTHREAD_ONCE_INIT;
static void choose_filter(void) {
    stbi_write_force_png_filter = PNG_FILTER_SUB;
}

/* A pHYs chunk (dots per metre) after the IHDR, which stb does not write. */
static bool add_resolution(unsigned char **png, size_t *size, int dpi) {
    enum { IHDR_END = 8 + 25, CHUNK = 12 + 9 };
    unsigned char *bigger = malloc(*size + CHUNK);
    if (!bigger)
        return false;
    uint32_t per_metre = (uint32_t)(dpi / 0.0254 + 0.5);
    unsigned char chunk[CHUNK] = {0, 0, 0, 9, 'p', 'H', 'Y', 's'};
    for (int i = 0; i < 2; i++)
        for (int k = 0; k < 4; k++)
            chunk[8 + 4 * i + k] = (unsigned char)(per_metre >> (24 - 8 * k));
    chunk[16] = 1; /* the unit is the metre */
    uint32_t crc = libdeflate_crc32(0, chunk + 4, 4 + 9);
    for (int k = 0; k < 4; k++)
        chunk[17 + k] = (unsigned char)(crc >> (24 - 8 * k));
    memcpy(bigger, *png, IHDR_END);
    memcpy(bigger + IHDR_END, chunk, CHUNK);
    memcpy(bigger + IHDR_END + CHUNK, *png + IHDR_END, *size - IHDR_END);
    free(*png);
    *png = bigger;
    *size += CHUNK;
    return true;
}

bool lr_png_encode(const void *pixels, int pitch, int width, int height, int dpi,
                   unsigned char **png, size_t *size, char *err, size_t err_size) {
    pthread_once(&filter_once, choose_filter);
    unsigned char *rgb = malloc((size_t)width * (size_t)height * 3);
    if (!rgb) {
        snprintf(err, err_size, "out of memory");
        return false;
    }
    for (int y = 0; y < height; y++) {
        const unsigned char *in = (const unsigned char *)pixels + (size_t)y * (size_t)pitch;
        unsigned char *out = rgb + (size_t)y * (size_t)width * 3;
        for (int x = 0; x < width; x++) {
            out[3 * x] = in[4 * x];
            out[3 * x + 1] = in[4 * x + 1];
            out[3 * x + 2] = in[4 * x + 2];
        }
    }
    int length = 0;
    *png = stbi_write_png_to_mem(rgb, width * 3, width, height, 3, &length);
    free(rgb);
    *size = (size_t)length;
    if (!*png || (dpi > 0 && !add_resolution(png, size, dpi))) {
        free(*png);
        *png = NULL;
        snprintf(err, err_size, "cannot encode the picture as PNG: out of memory");
        return false;
    }
    return true;
}

/* Whether path is absent or a regular file. */
static bool replaceable(const char *path) {
    struct stat info;
    return lstat(path, &info) != 0 ? errno == ENOENT : S_ISREG(info.st_mode);
}

/* Creates path new for writing: a regular file or a link left there is
 * removed first (never followed); anything else makes it fail (EEXIST). */
static int create_new(const char *path) {
    struct stat info;
    if (lstat(path, &info) == 0) {
        if (!S_ISREG(info.st_mode) && !S_ISLNK(info.st_mode)) {
            errno = EEXIST;
            return -1;
        }
        if (unlink(path) != 0)
            return -1;
    }
    return open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY, 0644);
}

bool lr_renderer_encode_png(lr_renderer *renderer, unsigned char **png, size_t *size, char *err,
                            size_t err_size) {
    const SDL_Surface *picture = lr_renderer_surface(renderer);
    return lr_png_encode(picture->pixels, picture->pitch, lr_renderer_width(renderer),
                         lr_renderer_height(renderer), 0, png, size, err, err_size);
}

bool lr_renderer_write_png(lr_renderer *renderer, const char *path, char *err, size_t err_size) {
    const SDL_Surface *picture = lr_renderer_surface(renderer);
    return lr_png_write(path, picture->pixels, picture->pitch, lr_renderer_width(renderer),
                        lr_renderer_height(renderer), 0, err, err_size);
}

bool lr_png_write(const char *path, const void *pixels, int pitch, int width, int height, int dpi,
                  char *err, size_t err_size) {
    unsigned char *png = NULL;
    size_t size = 0;
    char message[256];
    if (!lr_png_encode(pixels, pitch, width, height, dpi, &png, &size, message, sizeof message)) {
        snprintf(err, err_size, "cannot write '%s': %s", path, message);
        return false;
    }
    size_t temp_size = strlen(path) + 5;
    char *temp = malloc(temp_size);
    bool ok = false;
    if (!temp) {
        snprintf(err, err_size, "cannot write '%s': out of memory", path);
        goto done;
    }
    snprintf(temp, temp_size, "%s.tmp", path);
    FILE *file = NULL;
    if (!replaceable(path)) {
        snprintf(err, err_size, "'%s' is not a regular file: loom replaces only regular files",
                 path);
        goto done;
    }
    int fd = create_new(temp);
    if (fd < 0 || !(file = fdopen(fd, "wb"))) {
        snprintf(err, err_size, "cannot write '%s': %s", temp,
                 errno == EEXIST ? "not a regular file" : strerror(errno));
        if (fd >= 0) {
            close(fd);
            remove(temp);
        }
        goto done;
    }
    errno = 0;
    int error = 0;
    if (fwrite(png, 1, size, file) != size)
        error = errno ? errno : EIO;
    if (fclose(file) != 0 && !error)
        error = errno ? errno : EIO;
    if (error) {
        snprintf(err, err_size, "cannot write '%s': %s", temp, strerror(error));
        remove(temp);
        goto done;
    }
    if (!replaceable(path)) {
        snprintf(err, err_size, "'%s' is not a regular file: loom replaces only regular files",
                 path);
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
    free(png);
    free(temp);
    return ok;
}
