/*
 * fonts.c - the four faces, their metrics, and glyphs made on demand.
 *
 * Measuring reads the faces' horizontal metrics only (no rasterising); a
 * glyph's coverage map is made by stb_truetype the first time it is placed
 * at a size: Latin-1 (code points 32 to 255), and the blocks a physics lesson
 * writes beyond it (EXTRA_RANGES: Latin Extended-A for h-bar, Greek, general
 * punctuation, super- and subscripts, letterlike symbols, arrows,
 * mathematical operators).
 *
 * An lr_glyphs keeps the glyphs of up to MAX_SETS (face, size) pairs. A pair
 * used by the picture being made is never forgotten while it is made (its
 * glyphs are drawn later); pairs unused for FORGET_AFTER pictures are. So
 * that no scene can fill memory with text, a picture may use at most
 * MAX_SETS pairs and the glyphs together at most GLYPH_BYTES: text beyond
 * that is left out of the picture.
 */
#include "fonts.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define STB_TRUETYPE_IMPLEMENTATION
#define STBTT_STATIC
#include <stb/stb_truetype.h>

enum { FIRST_GLYPH = 32, LATIN_COUNT = 256 - 32, TAB_SPACES = 4 };
enum { MAX_SETS = 48, FORGET_AFTER = 120 };
#define GLYPH_BYTES ((size_t)128 << 20)

/* Unicode blocks beyond Latin-1, in order. */
static const struct {
    unsigned first, count;
} EXTRA_RANGES[] = {
    {0x0100, 0x0180 - 0x0100}, /* Latin Extended-A: h-bar (U+0127) */
    {0x0370, 0x0400 - 0x0370}, /* Greek and Coptic: alpha to omega, theta, phi */
    {0x2000, 0x2070 - 0x2000}, /* general punctuation: dashes, bullet, ellipsis, prime */
    {0x2070, 0x20A0 - 0x2070}, /* superscripts and subscripts */
    {0x2100, 0x2150 - 0x2100}, /* letterlike symbols: h-bar, angstrom */
    {0x2190, 0x2200 - 0x2190}, /* arrows */
    {0x2200, 0x2300 - 0x2200}, /* mathematical operators */
};
enum { EXTRA_COUNT = 0x80 + 0x90 + 0x70 + 0x30 + 0x50 + 0x70 + 0x100 };
enum { GLYPH_SLOTS = LATIN_COUNT + EXTRA_COUNT };

typedef struct face {
    unsigned char *data; /* the TrueType file, which stbtt reads in place */
    stbtt_fontinfo info;
    int ascent, descent, gap; /* font units */
} face;

struct lr_fonts {
    face faces[LR_FACE_COUNT];
};

const char *lr_font_path(lr_face which) {
    /* Where Debian, Arch and Fedora install fonts-dejavu-core's files, and
     * where macOS finds fonts for every user (`brew install --cask
     * font-dejavu --fontdir /Library/Fonts`, docs/install.md). */
    static const char *const paths[][LR_FACE_COUNT] = {
        {"/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
         "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
         "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
         "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf"},
        {"/usr/share/fonts/TTF/DejaVuSans.ttf", "/usr/share/fonts/TTF/DejaVuSans-Bold.ttf",
         "/usr/share/fonts/TTF/DejaVuSansMono.ttf", "/usr/share/fonts/TTF/DejaVuSansMono-Bold.ttf"},
        {"/usr/share/fonts/dejavu/DejaVuSans.ttf", "/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf",
         "/usr/share/fonts/dejavu/DejaVuSansMono.ttf",
         "/usr/share/fonts/dejavu/DejaVuSansMono-Bold.ttf"},
        {"/Library/Fonts/DejaVuSans.ttf", "/Library/Fonts/DejaVuSans-Bold.ttf",
         "/Library/Fonts/DejaVuSansMono.ttf", "/Library/Fonts/DejaVuSansMono-Bold.ttf"},
    };
    for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++)
        if (access(paths[i][which], R_OK) == 0)
            return paths[i][which];
    return NULL;
}

static bool load_face(face *f, const char *path, char *err, size_t err_size) {
    FILE *file = fopen(path, "rb");
    if (!file) {
        snprintf(err, err_size, "cannot open font '%s': %s", path, strerror(errno));
        return false;
    }
    long length = -1;
    if (fseek(file, 0, SEEK_END) == 0)
        length = ftell(file);
    if (length > 0 && length < (64L << 20) && fseek(file, 0, SEEK_SET) == 0) {
        f->data = malloc((size_t)length);
        if (f->data && fread(f->data, 1, (size_t)length, file) != (size_t)length) {
            free(f->data);
            f->data = NULL;
        }
    }
    fclose(file);
    if (!f->data) {
        snprintf(err, err_size, "cannot read font '%s'", path);
        return false;
    }
    if (!stbtt_InitFont(&f->info, f->data, stbtt_GetFontOffsetForIndex(f->data, 0))) {
        snprintf(err, err_size, "'%s' is not a TrueType font", path);
        free(f->data);
        f->data = NULL;
        return false;
    }
    stbtt_GetFontVMetrics(&f->info, &f->ascent, &f->descent, &f->gap);
    return true;
}

lr_fonts *lr_fonts_load(char *err, size_t err_size) {
    lr_fonts *fonts = calloc(1, sizeof *fonts);
    if (!fonts) {
        snprintf(err, err_size, "out of memory");
        return NULL;
    }
    for (int i = 0; i < LR_FACE_COUNT; i++) {
        const char *path = lr_font_path((lr_face)i);
        if (!path) {
            snprintf(err, err_size, "no font (install fonts-dejavu-core)");
            lr_fonts_destroy(fonts);
            return NULL;
        }
        if (!load_face(&fonts->faces[i], path, err, err_size)) {
            lr_fonts_destroy(fonts);
            return NULL;
        }
    }
    return fonts;
}

void lr_fonts_destroy(lr_fonts *fonts) {
    if (!fonts)
        return;
    for (int i = 0; i < LR_FACE_COUNT; i++)
        free(fonts->faces[i].data);
    free(fonts);
}

int lr_text_size(double pixels) {
    if (!(pixels >= LR_TEXT_MIN_SIZE))
        return LR_TEXT_MIN_SIZE;
    if (pixels > LR_TEXT_MAX_SIZE)
        return LR_TEXT_MAX_SIZE;
    return (int)lround(pixels);
}

static const face *face_of(const lr_fonts *fonts, lr_face which) {
    return &fonts->faces[which < LR_FACE_COUNT ? which : LR_FACE_SANS];
}

static float scale_of(const face *f, int size) {
    return stbtt_ScaleForPixelHeight(&f->info, (float)size);
}

int lr_fonts_ascent(const lr_fonts *fonts, lr_face which, int size) {
    const face *f = face_of(fonts, which);
    return (int)ceilf((float)f->ascent * scale_of(f, size));
}

int lr_fonts_line_height(const lr_fonts *fonts, lr_face which, int size) {
    const face *f = face_of(fonts, which);
    return (int)ceilf((float)(f->ascent - f->descent + f->gap) * scale_of(f, size));
}

/* Decodes one UTF-8 character at *text (before end) and moves past it;
 * malformed bytes come back as '?' one at a time. */
static unsigned next_codepoint(const char **text, const char *end) {
    const unsigned char *s = (const unsigned char *)*text;
    unsigned c = s[0];
    int extra = c < 0x80             ? 0
                : (c & 0xE0) == 0xC0 ? 1
                : (c & 0xF0) == 0xE0 ? 2
                : (c & 0xF8) == 0xF0 ? 3
                                     : -1;
    if (extra < 0 || extra >= end - *text) {
        *text += 1;
        return '?';
    }
    unsigned codepoint = extra == 0 ? c : c & (0x3Fu >> extra);
    for (int i = 1; i <= extra; i++) {
        if ((s[i] & 0xC0) != 0x80) {
            *text += 1;
            return '?';
        }
        codepoint = (codepoint << 6) | (s[i] & 0x3Fu);
    }
    *text += 1 + extra;
    return codepoint;
}

/* The glyph slot of a code point (Latin-1 first, then EXTRA_RANGES), or -1. */
static int slot_of(unsigned codepoint) {
    if (codepoint >= FIRST_GLYPH && codepoint < FIRST_GLYPH + LATIN_COUNT)
        return (int)(codepoint - FIRST_GLYPH);
    unsigned at = LATIN_COUNT;
    for (size_t r = 0; r < sizeof EXTRA_RANGES / sizeof EXTRA_RANGES[0]; r++) {
        unsigned first = EXTRA_RANGES[r].first, count = EXTRA_RANGES[r].count;
        if (codepoint >= first && codepoint < first + count)
            return (int)(at + codepoint - first);
        at += count;
    }
    return -1;
}

/* The code point drawn for c: itself when the face has it, else '?'. */
static unsigned drawn_codepoint(const face *f, unsigned c) {
    if (c == ' ' || (slot_of(c) >= 0 && stbtt_FindGlyphIndex(&f->info, (int)c) != 0))
        return c;
    return '?';
}

static float advance_of(const face *f, unsigned c, float scale) {
    int advance, bearing;
    stbtt_GetCodepointHMetrics(&f->info, (int)c, &advance, &bearing);
    return (float)advance * scale;
}

int lr_fonts_width(const lr_fonts *fonts, lr_face which, int size, const char *text,
                   size_t length) {
    const face *f = face_of(fonts, which);
    float scale = scale_of(f, size), width = 0.0f;
    const char *end = text + length;
    while (text < end && *text && *text != '\n') {
        unsigned c = next_codepoint(&text, end);
        if (c == '\t')
            width += TAB_SPACES * advance_of(f, ' ', scale);
        else
            width += advance_of(f, drawn_codepoint(f, c), scale);
    }
    return (int)ceilf(width);
}

/* -------------------------------------------------------------- glyphs -- */

typedef struct glyph {
    unsigned char *coverage; /* width x height, or NULL for an empty glyph */
    int width, height;
    int x_offset, y_offset; /* from the pen position on the baseline */
    float advance;
    bool made;
} glyph;

typedef struct glyph_set {
    int face, size; /* size 0: a free set */
    float scale;
    int ascent;
    unsigned used; /* the picture that used it last */
    glyph *glyphs; /* GLYPH_SLOTS */
    size_t bytes;
} glyph_set;

struct lr_glyphs {
    const lr_fonts *fonts;
    glyph_set sets[MAX_SETS];
    unsigned picture;
    size_t bytes; /* coverage held */
};

lr_glyphs *lr_glyphs_create(const lr_fonts *fonts) {
    lr_glyphs *glyphs = calloc(1, sizeof *glyphs);
    if (glyphs) {
        glyphs->fonts = fonts;
        glyphs->picture = 1;
    }
    return glyphs;
}

static void forget(lr_glyphs *glyphs, glyph_set *set) {
    if (set->glyphs)
        for (int i = 0; i < GLYPH_SLOTS; i++)
            free(set->glyphs[i].coverage);
    free(set->glyphs);
    glyphs->bytes -= set->bytes;
    memset(set, 0, sizeof *set);
}

void lr_glyphs_destroy(lr_glyphs *glyphs) {
    if (!glyphs)
        return;
    for (int i = 0; i < MAX_SETS; i++)
        forget(glyphs, &glyphs->sets[i]);
    free(glyphs);
}

void lr_glyphs_next_picture(lr_glyphs *glyphs) {
    glyphs->picture++;
    for (int i = 0; i < MAX_SETS; i++) {
        glyph_set *set = &glyphs->sets[i];
        if (set->size && glyphs->picture - set->used > FORGET_AFTER)
            forget(glyphs, set);
    }
}

/* The set of (face, size), made when needed: NULL when every set is in use
 * by this picture, or out of memory. */
static glyph_set *set_of(lr_glyphs *glyphs, lr_face which, int size) {
    glyph_set *free_set = NULL, *oldest = NULL;
    for (int i = 0; i < MAX_SETS; i++) {
        glyph_set *set = &glyphs->sets[i];
        if (set->size == size && set->face == (int)which) {
            set->used = glyphs->picture;
            return set;
        }
        if (!set->size && !free_set)
            free_set = set;
        if (set->size && set->used != glyphs->picture && (!oldest || set->used < oldest->used))
            oldest = set;
    }
    glyph_set *set = free_set ? free_set : oldest;
    if (!set)
        return NULL;
    if (set->size)
        forget(glyphs, set);
    set->glyphs = calloc(GLYPH_SLOTS, sizeof(glyph));
    if (!set->glyphs)
        return NULL;
    const face *f = face_of(glyphs->fonts, which);
    set->face = (int)which;
    set->size = size;
    set->scale = scale_of(f, size);
    set->ascent = (int)ceilf((float)f->ascent * set->scale);
    set->used = glyphs->picture;
    return set;
}

/* The glyph of c (drawn as '?' when the face lacks it), made on first use;
 * NULL when out of memory or over the budget. */
static const glyph *glyph_of(lr_glyphs *glyphs, glyph_set *set, unsigned c) {
    const face *f = face_of(glyphs->fonts, (lr_face)set->face);
    c = drawn_codepoint(f, c);
    glyph *g = &set->glyphs[slot_of(c)];
    if (g->made)
        return g;
    if (glyphs->bytes > GLYPH_BYTES)
        return NULL;
    g->advance = advance_of(f, c, set->scale);
    if (c != ' ') {
        g->coverage = stbtt_GetCodepointBitmap(&f->info, set->scale, set->scale, (int)c, &g->width,
                                               &g->height, &g->x_offset, &g->y_offset);
        size_t bytes = g->coverage ? (size_t)g->width * (size_t)g->height : 0;
        set->bytes += bytes;
        glyphs->bytes += bytes;
    }
    g->made = true;
    return g;
}

bool lr_glyphs_place(lr_glyphs *glyphs, lr_face which, int size, const char *text, size_t length,
                     int x, int y, void (*place)(void *context, const lr_glyph_place *glyph),
                     void *context) {
    glyph_set *set = set_of(glyphs, which, size);
    if (!set)
        return false;
    const glyph *space = glyph_of(glyphs, set, ' ');
    if (!space)
        return false;
    float pen = (float)x;
    int baseline = y + set->ascent;
    const char *end = text + length;
    while (text < end && *text && *text != '\n') {
        unsigned c = next_codepoint(&text, end);
        if (c == '\t') {
            pen += TAB_SPACES * space->advance;
            continue;
        }
        const glyph *g = glyph_of(glyphs, set, c);
        if (!g)
            return false;
        if (g->coverage) {
            lr_glyph_place placed = {g->coverage, g->width, g->height,
                                     (int)lroundf(pen) + g->x_offset, baseline + g->y_offset};
            place(context, &placed);
        }
        pen += g->advance;
    }
    return true;
}
