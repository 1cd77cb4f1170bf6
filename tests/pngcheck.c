/*
 * pngcheck.c - a small PNG inspector for the end-to-end tests.
 *
 *   pngcheck info FILE           prints "WIDTH HEIGHT blank" or "WIDTH HEIGHT varied"
 *                                (blank: every pixel the same colour)
 *   pngcheck differ A B          prints "differ N X0 Y0 X1 Y1" (N pixels differ, all inside
 *                                that box, corners inclusive) and exits 0 when the
 *                                pictures differ, prints "same" and exits 1 when not
 *   pngcheck pixel FILE X Y      prints the pixel's colour as "#rrggbb"
 *   pngcheck count FILE X0 Y0 X1 Y1 #rrggbb TOL
 *                                prints how many pixels of the box (corners inclusive,
 *                                clipped to the picture) are within TOL of the colour
 *                                in every channel
 *   pngcheck where FILE X0 Y0 X1 Y1 #rrggbb TOL
 *                                prints "N X0 Y0 X1 Y1": how many such pixels and the
 *                                box around them ("0" when none)
 *   pngcheck rmse A B            prints the root mean square of the differences of the
 *                                pictures' red, green and blue (0 to 255), for pictures
 *                                drawn by different renderers (an SVG or a PDF against
 *                                loom's PNG); exit 2 when their sizes differ
 *   pngcheck compare REF NEW TOL MAXBAD DIFF
 *                                golden images with a tolerance: counts the pixels
 *                                where some channel differs by more than TOL; prints
 *                                "same", or "close N" (N <= MAXBAD such pixels, exit 0),
 *                                or "far N X0 Y0 X1 Y1" and writes DIFF, a PNG of the
 *                                difference (the reference faded, pixels over TOL in
 *                                red, others that moved in orange), exit 1
 *
 * Exit status 2 on bad usage or an unreadable file.
 */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define STB_IMAGE_IMPLEMENTATION
#define STBI_ONLY_PNG
#include <stb/stb_image.h>
#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STB_IMAGE_WRITE_STATIC
#include <stb/stb_image_write.h>

typedef struct image {
    int width, height;
    unsigned char *rgba;
} image;

static bool load(const char *path, image *out) {
    int channels;
    out->rgba = stbi_load(path, &out->width, &out->height, &channels, 4);
    if (!out->rgba) {
        fprintf(stderr, "pngcheck: cannot read '%s': %s\n", path, stbi_failure_reason());
        return false;
    }
    return true;
}

static int info(const char *path) {
    image picture;
    if (!load(path, &picture))
        return 2;
    size_t pixels = (size_t)picture.width * (size_t)picture.height;
    bool blank = true;
    for (size_t i = 1; i < pixels && blank; i++)
        blank = memcmp(picture.rgba, picture.rgba + 4 * i, 4) == 0;
    printf("%d %d %s\n", picture.width, picture.height, blank ? "blank" : "varied");
    stbi_image_free(picture.rgba);
    return 0;
}

/* Both pictures, or neither (false: the message is printed). */
static bool load_two(const char *path_a, const char *path_b, image *a, image *b) {
    if (!load(path_a, a))
        return false;
    if (!load(path_b, b)) {
        stbi_image_free(a->rgba);
        return false;
    }
    return true;
}

static int differ(const char *path_a, const char *path_b) {
    image a, b;
    if (!load_two(path_a, path_b, &a, &b))
        return 2;
    int status;
    if (a.width != b.width || a.height != b.height) {
        printf("differ size %dx%d %dx%d\n", a.width, a.height, b.width, b.height);
        status = 0;
    } else {
        size_t count = 0;
        int x0 = a.width, y0 = a.height, x1 = -1, y1 = -1;
        for (int y = 0; y < a.height; y++)
            for (int x = 0; x < a.width; x++) {
                size_t i = (size_t)y * (size_t)a.width + (size_t)x;
                if (memcmp(a.rgba + 4 * i, b.rgba + 4 * i, 4) == 0)
                    continue;
                count++;
                x0 = x < x0 ? x : x0;
                y0 = y < y0 ? y : y0;
                x1 = x > x1 ? x : x1;
                y1 = y > y1 ? y : y1;
            }
        if (count)
            printf("differ %zu %d %d %d %d\n", count, x0, y0, x1, y1);
        else
            printf("same\n");
        status = count ? 0 : 1;
    }
    stbi_image_free(a.rgba);
    stbi_image_free(b.rgba);
    return status;
}

static int rmse(const char *path_a, const char *path_b) {
    image a, b;
    if (!load_two(path_a, path_b, &a, &b))
        return 2;
    int status = 0;
    if (a.width != b.width || a.height != b.height) {
        fprintf(stderr, "pngcheck: %dx%d and %dx%d\n", a.width, a.height, b.width, b.height);
        status = 2;
    } else {
        size_t pixels = (size_t)a.width * (size_t)a.height;
        double sum = 0.0;
        for (size_t i = 0; i < pixels; i++)
            for (int k = 0; k < 3; k++) {
                double d = (double)a.rgba[4 * i + k] - (double)b.rgba[4 * i + k];
                sum += d * d;
            }
        printf("%.2f\n", sqrt(sum / (3.0 * (double)pixels)));
    }
    stbi_image_free(a.rgba);
    stbi_image_free(b.rgba);
    return status;
}

static int pixel(const char *path, const char *x_text, const char *y_text) {
    image picture;
    if (!load(path, &picture))
        return 2;
    int x = atoi(x_text), y = atoi(y_text);
    int status = 0;
    if (x < 0 || y < 0 || x >= picture.width || y >= picture.height) {
        fprintf(stderr, "pngcheck: %d,%d is outside the %dx%d picture\n", x, y, picture.width,
                picture.height);
        status = 2;
    } else {
        const unsigned char *p = picture.rgba + 4 * ((size_t)y * (size_t)picture.width + (size_t)x);
        printf("#%02x%02x%02x\n", p[0], p[1], p[2]);
    }
    stbi_image_free(picture.rgba);
    return status;
}

static int count(char **argv) {
    image picture;
    if (!load(argv[2], &picture))
        return 2;
    int x0 = atoi(argv[3]), y0 = atoi(argv[4]), x1 = atoi(argv[5]), y1 = atoi(argv[6]);
    unsigned color = 0;
    int tolerance = atoi(argv[8]);
    if (argv[7][0] != '#' || sscanf(argv[7] + 1, "%6x", &color) != 1) {
        fprintf(stderr, "pngcheck: bad colour '%s' (expected #rrggbb)\n", argv[7]);
        stbi_image_free(picture.rgba);
        return 2;
    }
    int want[3] = {(int)(color >> 16) & 0xFF, (int)(color >> 8) & 0xFF, (int)color & 0xFF};
    size_t matches = 0;
    int bx0 = picture.width, by0 = picture.height, bx1 = -1, by1 = -1;
    for (int y = y0 < 0 ? 0 : y0; y <= y1 && y < picture.height; y++)
        for (int x = x0 < 0 ? 0 : x0; x <= x1 && x < picture.width; x++) {
            const unsigned char *p =
                picture.rgba + 4 * ((size_t)y * (size_t)picture.width + (size_t)x);
            bool near = true;
            for (int c = 0; c < 3; c++)
                near = near && abs((int)p[c] - want[c]) <= tolerance;
            matches += near;
            if (near) {
                bx0 = x < bx0 ? x : bx0;
                by0 = y < by0 ? y : by0;
                bx1 = x > bx1 ? x : bx1;
                by1 = y > by1 ? y : by1;
            }
        }
    if (strcmp(argv[1], "where") == 0) {
        if (matches)
            printf("%zu %d %d %d %d\n", matches, bx0, by0, bx1, by1);
        else
            printf("0\n");
    } else {
        printf("%zu\n", matches);
    }
    stbi_image_free(picture.rgba);
    return 0;
}

static int compare(const char *path_ref, const char *path_new, int tolerance, long max_bad,
                   const char *path_diff) {
    image a, b;
    if (!load_two(path_ref, path_new, &a, &b))
        return 2;
    if (a.width != b.width || a.height != b.height) {
        printf("far size %dx%d %dx%d\n", a.width, a.height, b.width, b.height);
        stbi_image_free(a.rgba);
        stbi_image_free(b.rgba);
        return 1;
    }
    size_t pixels = (size_t)a.width * (size_t)a.height;
    unsigned char *diff = malloc(pixels * 3);
    if (!diff) {
        stbi_image_free(a.rgba);
        stbi_image_free(b.rgba);
        return 2;
    }
    long bad = 0, moved = 0;
    int x0 = a.width, y0 = a.height, x1 = -1, y1 = -1;
    for (size_t i = 0; i < pixels; i++) {
        int most = 0;
        for (int c = 0; c < 3; c++) {
            int d = abs((int)a.rgba[4 * i + c] - (int)b.rgba[4 * i + c]);
            most = d > most ? d : most;
        }
        unsigned char *out = diff + 3 * i;
        int grey = (a.rgba[4 * i] + a.rgba[4 * i + 1] + a.rgba[4 * i + 2]) / 3;
        out[0] = out[1] = out[2] = (unsigned char)(192 + grey / 4); /* the reference, faded */
        if (most > tolerance) {
            int x = (int)(i % (size_t)a.width), y = (int)(i / (size_t)a.width);
            bad++;
            x0 = x < x0 ? x : x0;
            y0 = y < y0 ? y : y0;
            x1 = x > x1 ? x : x1;
            y1 = y > y1 ? y : y1;
            out[0] = 230, out[1] = 0, out[2] = 0;
        } else if (most > 0) {
            moved++;
            out[0] = 255, out[1] = 160, out[2] = 0;
        }
    }
    int status = 0;
    if (bad == 0 && moved == 0)
        printf("same\n");
    else if (bad <= max_bad)
        printf("close %ld\n", bad);
    else {
        printf("far %ld %d %d %d %d\n", bad, x0, y0, x1, y1);
        status = 1;
        if (!stbi_write_png(path_diff, a.width, a.height, 3, diff, 3 * a.width)) {
            fprintf(stderr, "pngcheck: cannot write '%s'\n", path_diff);
            status = 2;
        }
    }
    free(diff);
    stbi_image_free(a.rgba);
    stbi_image_free(b.rgba);
    return status;
}

int main(int argc, char **argv) {
    if (argc == 7 && strcmp(argv[1], "compare") == 0)
        return compare(argv[2], argv[3], atoi(argv[4]), atol(argv[5]), argv[6]);
    if (argc == 3 && strcmp(argv[1], "info") == 0)
        return info(argv[2]);
    if (argc == 4 && strcmp(argv[1], "differ") == 0)
        return differ(argv[2], argv[3]);
    if (argc == 4 && strcmp(argv[1], "rmse") == 0)
        return rmse(argv[2], argv[3]);
    if (argc == 5 && strcmp(argv[1], "pixel") == 0)
        return pixel(argv[2], argv[3], argv[4]);
    if (argc == 9 && (strcmp(argv[1], "count") == 0 || strcmp(argv[1], "where") == 0))
        return count(argv);
    fprintf(stderr, "usage: pngcheck info FILE | differ A B | rmse A B | pixel FILE X Y | "
                    "count|where FILE X0 Y0 "
                    "X1 Y1 #rrggbb TOL | compare REF NEW TOL MAXBAD DIFF\n");
    return 2;
}
