/*
 * text.c - TrueType text and translucent panels on an RGBA32 picture.
 *
 * The font file is read once; at each size the glyphs of Latin-1 (code points
 * 32 to 255) are rasterised by stb_truetype into 8-bit coverage maps and kept
 * until the size changes. The other characters a physics lesson writes
 * (EXTRA_RANGES: Greek, sub- and superscripts, arrows, mathematical operators
 * such as the sum, integral, root, approximately equal, not equal, less or
 * equal; h-bar; letterlike symbols; general punctuation) are
 * rasterised the first time they are drawn at a size. Drawing blends a colour into the picture by
 * each pixel's coverage, so text has smooth edges without any SDL_ttf.
 */
#include "text.h"

#include <SDL.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define STB_TRUETYPE_IMPLEMENTATION
#define STBTT_STATIC
#include <stb/stb_truetype.h>

enum { FIRST_GLYPH = 32, GLYPH_COUNT = 256 - 32, MIN_SIZE = 6, TAB_SPACES = 4 };

/* Unicode blocks baked beside Latin-1, in order. */
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

typedef struct glyph {
    unsigned char *coverage; /* width x height, or NULL for an empty glyph */
    int width, height;
    int x_offset, y_offset; /* from the pen position on the baseline */
    float advance;
} glyph;

struct lr_font {
    unsigned char *data; /* the TrueType file, which stbtt reads in place */
    stbtt_fontinfo info;
    int size;        /* pixel height the glyphs are made at, 0 before the first */
    int ascent;      /* pixels above the baseline */
    int line_height; /* pixels between two lines' tops */
    glyph glyphs[GLYPH_COUNT];
    glyph extra[EXTRA_COUNT]; /* EXTRA_RANGES, made on first use at this size */
    bool extra_made[EXTRA_COUNT];
};

/* DejaVu where Debian, Arch and Fedora put it, and where macOS finds fonts
 * for every user (`brew install --cask font-dejavu --fontdir /Library/Fonts`,
 * docs/install.md). */
const char *lr_font_default_path(bool bold) {
    static const char *const regular[] = {
        "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
        "/usr/share/fonts/TTF/DejaVuSansMono.ttf",
        "/usr/share/fonts/dejavu/DejaVuSansMono.ttf",
        "/Library/Fonts/DejaVuSansMono.ttf",
        NULL,
    };
    static const char *const heavy[] = {
        "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf",
        "/usr/share/fonts/TTF/DejaVuSansMono-Bold.ttf",
        "/usr/share/fonts/dejavu/DejaVuSansMono-Bold.ttf",
        "/Library/Fonts/DejaVuSansMono-Bold.ttf",
        NULL,
    };
    for (const char *const *path = bold ? heavy : regular; *path; path++)
        if (access(*path, R_OK) == 0)
            return *path;
    return NULL;
}

const char *lr_font_sans_path(bool bold) {
    static const char *const regular[] = {
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/TTF/DejaVuSans.ttf",
        "/usr/share/fonts/dejavu/DejaVuSans.ttf",
        "/Library/Fonts/DejaVuSans.ttf",
        NULL,
    };
    static const char *const heavy[] = {
        "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
        "/usr/share/fonts/TTF/DejaVuSans-Bold.ttf",
        "/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf",
        "/Library/Fonts/DejaVuSans-Bold.ttf",
        NULL,
    };
    for (const char *const *path = bold ? heavy : regular; *path; path++)
        if (access(*path, R_OK) == 0)
            return *path;
    return NULL;
}

static void free_glyphs(lr_font *font) {
    for (int i = 0; i < GLYPH_COUNT; i++) {
        free(font->glyphs[i].coverage);
        font->glyphs[i].coverage = NULL;
    }
    for (int i = 0; i < EXTRA_COUNT; i++) {
        free(font->extra[i].coverage);
        font->extra[i].coverage = NULL;
        font->extra_made[i] = false;
    }
}

/* Rasterises code point c into g at the font's size; advance -1 when the
 * font lacks it. */
static void make_glyph(lr_font *font, unsigned c, glyph *g) {
    float scale = stbtt_ScaleForPixelHeight(&font->info, (float)font->size);
    int advance, bearing;
    stbtt_GetCodepointHMetrics(&font->info, (int)c, &advance, &bearing);
    g->advance = (float)advance * scale;
    g->coverage = NULL;
    if (stbtt_FindGlyphIndex(&font->info, (int)c) == 0 && c != ' ') {
        g->advance = -1.0f; /* missing: drawn as '?' */
        return;
    }
    g->coverage = stbtt_GetCodepointBitmap(&font->info, scale, scale, (int)c, &g->width, &g->height,
                                           &g->x_offset, &g->y_offset);
}

lr_font *lr_font_load(const char *path, char *err, size_t err_size) {
    FILE *file = fopen(path, "rb");
    if (!file) {
        snprintf(err, err_size, "cannot open font '%s': %s", path, strerror(errno));
        return NULL;
    }
    lr_font *font = calloc(1, sizeof *font);
    long length = -1;
    if (font && fseek(file, 0, SEEK_END) == 0)
        length = ftell(file);
    if (font && length > 0 && length < (64L << 20) && fseek(file, 0, SEEK_SET) == 0) {
        font->data = malloc((size_t)length);
        if (font->data && fread(font->data, 1, (size_t)length, file) != (size_t)length) {
            free(font->data);
            font->data = NULL;
        }
    }
    fclose(file);
    if (!font || !font->data) {
        snprintf(err, err_size, "cannot read font '%s'", path);
        if (font)
            free(font);
        return NULL;
    }
    if (!stbtt_InitFont(&font->info, font->data, stbtt_GetFontOffsetForIndex(font->data, 0))) {
        snprintf(err, err_size, "'%s' is not a TrueType font", path);
        free(font->data);
        free(font);
        return NULL;
    }
    lr_font_set_size(font, 16);
    return font;
}

void lr_font_destroy(lr_font *font) {
    if (!font)
        return;
    free_glyphs(font);
    free(font->data);
    free(font);
}

void lr_font_set_size(lr_font *font, int pixel_height) {
    if (pixel_height < MIN_SIZE)
        pixel_height = MIN_SIZE;
    if (pixel_height == font->size)
        return;
    free_glyphs(font);
    font->size = pixel_height;
    float scale = stbtt_ScaleForPixelHeight(&font->info, (float)pixel_height);
    int ascent, descent, gap;
    stbtt_GetFontVMetrics(&font->info, &ascent, &descent, &gap);
    font->ascent = (int)ceilf((float)ascent * scale);
    font->line_height = (int)ceilf((float)(ascent - descent + gap) * scale);
    for (int i = 0; i < GLYPH_COUNT; i++) {
        glyph *g = &font->glyphs[i];
        int advance, bearing;
        stbtt_GetCodepointHMetrics(&font->info, FIRST_GLYPH + i, &advance, &bearing);
        g->advance = (float)advance * scale;
        if (stbtt_FindGlyphIndex(&font->info, FIRST_GLYPH + i) == 0 && i + FIRST_GLYPH != ' ') {
            g->advance = -1.0f; /* missing: drawn as '?' */
            continue;
        }
        g->coverage = stbtt_GetCodepointBitmap(&font->info, scale, scale, FIRST_GLYPH + i,
                                               &g->width, &g->height, &g->x_offset, &g->y_offset);
    }
}

int lr_font_line_height(const lr_font *font) {
    return font->line_height;
}

/* Decodes one UTF-8 character at *text and moves past it; malformed bytes
 * come back as '?' one at a time. */
static unsigned next_codepoint(const char **text) {
    const unsigned char *s = (const unsigned char *)*text;
    unsigned c = s[0];
    int extra = c < 0x80             ? 0
                : (c & 0xE0) == 0xC0 ? 1
                : (c & 0xF0) == 0xE0 ? 2
                : (c & 0xF8) == 0xF0 ? 3
                                     : -1;
    if (extra < 0) {
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

static const glyph *glyph_for(lr_font *font, unsigned codepoint) {
    if (codepoint >= FIRST_GLYPH && codepoint < FIRST_GLYPH + GLYPH_COUNT &&
        font->glyphs[codepoint - FIRST_GLYPH].advance >= 0.0f)
        return &font->glyphs[codepoint - FIRST_GLYPH];
    unsigned at = 0;
    for (size_t r = 0; r < sizeof EXTRA_RANGES / sizeof EXTRA_RANGES[0]; r++) {
        unsigned first = EXTRA_RANGES[r].first, count = EXTRA_RANGES[r].count;
        if (codepoint >= first && codepoint < first + count) {
            unsigned i = at + codepoint - first;
            if (!font->extra_made[i]) {
                make_glyph(font, codepoint, &font->extra[i]);
                font->extra_made[i] = true;
            }
            if (font->extra[i].advance >= 0.0f)
                return &font->extra[i];
            break;
        }
        at += count;
    }
    return &font->glyphs['?' - FIRST_GLYPH];
}

int lr_text_width(lr_font *font, const char *text) {
    float width = 0.0f;
    while (*text && *text != '\n') {
        unsigned c = next_codepoint(&text);
        if (c == '\t')
            width += TAB_SPACES * glyph_for(font, ' ')->advance;
        else
            width += glyph_for(font, c)->advance;
    }
    return (int)ceilf(width);
}

/* Blends colour (r, g, b) with opacity alpha (0..255) times coverage
 * (0..255) into one RGBA32 pixel; the picture stays opaque. */
static void blend_pixel(unsigned char *pixel, unsigned r, unsigned g, unsigned b, unsigned alpha,
                        unsigned coverage) {
    unsigned a = alpha * coverage; /* 0..65025 */
    unsigned keep = 65025u - a;
    pixel[0] = (unsigned char)((r * a + pixel[0] * keep + 32512u) / 65025u);
    pixel[1] = (unsigned char)((g * a + pixel[1] * keep + 32512u) / 65025u);
    pixel[2] = (unsigned char)((b * a + pixel[2] * keep + 32512u) / 65025u);
    pixel[3] = 255;
}

int lr_text_draw(lr_font *font, void *surface_pointer, int x, int y, const char *text,
                 uint32_t rgba) {
    SDL_Surface *surface = surface_pointer;
    unsigned r = rgba >> 24, g = (rgba >> 16) & 0xFFu, b = (rgba >> 8) & 0xFFu,
             alpha = rgba & 0xFFu;
    float pen = (float)x;
    int baseline = y + font->ascent;
    while (*text && *text != '\n') {
        unsigned c = next_codepoint(&text);
        if (c == '\t') {
            pen += TAB_SPACES * glyph_for(font, ' ')->advance;
            continue;
        }
        const glyph *gl = glyph_for(font, c);
        int left = (int)lroundf(pen) + gl->x_offset, top = baseline + gl->y_offset;
        for (int row = 0; gl->coverage && row < gl->height; row++) {
            int py = top + row;
            if (py < 0 || py >= surface->h)
                continue;
            unsigned char *line = (unsigned char *)surface->pixels + (size_t)py * surface->pitch;
            for (int column = 0; column < gl->width; column++) {
                int px = left + column;
                unsigned coverage = gl->coverage[row * gl->width + column];
                if (coverage == 0 || px < 0 || px >= surface->w)
                    continue;
                blend_pixel(line + 4 * px, r, g, b, alpha, coverage);
            }
        }
        pen += gl->advance;
    }
    return (int)ceilf(pen);
}

void lr_fill_rect(void *surface_pointer, int x, int y, int width, int height, uint32_t rgba) {
    SDL_Surface *surface = surface_pointer;
    int x0 = x < 0 ? 0 : x, y0 = y < 0 ? 0 : y;
    int x1 = x + width > surface->w ? surface->w : x + width;
    int y1 = y + height > surface->h ? surface->h : y + height;
    unsigned r = rgba >> 24, g = (rgba >> 16) & 0xFFu, b = (rgba >> 8) & 0xFFu,
             alpha = rgba & 0xFFu;
    for (int py = y0; py < y1; py++) {
        unsigned char *line = (unsigned char *)surface->pixels + (size_t)py * surface->pitch;
        for (int px = x0; px < x1; px++)
            blend_pixel(line + 4 * px, r, g, b, alpha, 255);
    }
}
