/*
 * ui.c - the window's panels laid out around the scene's picture (see
 * compose.h): the error panel along the bottom, the sliders above it in the
 * scene's bottom-left corner, the heads-up display in the corner where it
 * covers nothing the scene wrote, the help in the middle.
 *
 * The sliders go to the bottom-left corner unless the scene wrote there
 * (then the next free corner: bottom right, top left, top right).
 * The panels are dark and translucent whatever the theme, their text light:
 * they read over any picture. Text is DejaVu Sans Mono at TEXT_POINTS, in
 * points of a window at least MIN_LINES tall (a small window keeps readable
 * text), times the scale.
 */
#include "compose.h"

#include "text.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* Colours 0xRRGGBBAA; sizes in points. */
#define PANEL_COLOR    0x202327D8u
#define TEXT_COLOR     0xF4F4F0FFu
#define DIM_TEXT_COLOR 0xB8BCC4FFu
#define KEY_COLOR      0xFFD166FFu
#define HELP_PANEL     0x202327F2u
#define ERROR_PANEL    0x7A1712E8u
#define TRACK_COLOR    0x5A606BFFu
#define FILL_COLOR     0xFFD166FFu
#define TEXT_POINTS    20.0
#define MARGIN_POINTS  12.0
#define PADDING_POINTS 10.0
#define SLIDER_WIDTH   300.0
#define SLIDER_TRACK   4.0
#define SLIDER_KNOB    7.0
#define SLIDER_GAP     18.0
#define MIN_LINES      504
#define MARK_POINTS    18.0
enum { ERROR_LINES = 14, WRAP_BYTES = 512 };

typedef struct ui_context {
    const lr_fonts *fonts;
    lr_list *list;
    int width, height;
    double point;
    int size, line, pad, margin; /* pixels */
} ui_context;

static int points(const ui_context *u, double value) {
    return (int)(value * u->point);
}

/* A panel of lines at (x, y); width 0 fits the text. Returns its height. */
static int panel(ui_context *u, int x, int y, int width, const lr_ui_line *lines, int count,
                 int key_width, uint32_t color, bool dim_after_first) {
    if (width == 0) {
        for (int i = 0; i < count; i++) {
            int w = key_width;
            if (lines[i].text)
                w += lr_fonts_width(u->fonts, LR_FACE_MONO, u->size, lines[i].text,
                                    strlen(lines[i].text));
            if (lines[i].key && key_width == 0)
                w += lr_fonts_width(u->fonts, LR_FACE_MONO_BOLD, u->size, lines[i].key,
                                    strlen(lines[i].key));
            if (w > width)
                width = w;
        }
        width += 2 * u->pad;
    }
    int height = count * u->line + 2 * u->pad;
    if (color & 0xFFu)
        lr_list_rect(u->list, (float)x, (float)y, (float)width, (float)height, color);
    for (int i = 0; i < count; i++) {
        int ty = y + u->pad + i * u->line;
        int kx = x + u->pad;
        if (lines[i].key)
            kx += lr_text_line(u->list, u->fonts, lines[i].key, kx, ty, LR_FACE_MONO_BOLD, u->size,
                               KEY_COLOR);
        if (lines[i].text)
            lr_text_line(u->list, u->fonts, lines[i].text, key_width ? x + u->pad + key_width : kx,
                         ty, LR_FACE_MONO, u->size,
                         dim_after_first && i > 0 && !lines[i].key ? DIM_TEXT_COLOR : TEXT_COLOR);
    }
    return height;
}

static double overlap(lr_area a, lr_area b) {
    double w = fmin(a.x + a.width, b.x + b.width) - fmax(a.x, b.x);
    double h = fmin(a.y + a.height, b.y + b.height) - fmax(a.y, b.y);
    return w > 0.0 && h > 0.0 ? w * h : 0.0;
}

/* Corners: 0 top left, 1 top right, 2 bottom left, 3 bottom right. */
static const int hud_corners[4] = {0, 1, 2, 3};
static const int slider_corners[4] = {2, 3, 0, 1};

/* Places a box of width x height in the area, margin from a corner, where
 * it covers none of the boxes: at a corner, or slid along the side from it
 * (down from a top corner, up from a bottom one), the shortest slide winning
 * (in the order given, the first of equals). Where every place covers some,
 * at the place covering the least of the soft boxes among those that cover
 * no hard box. */
static lr_area free_corner(lr_area area, int width, int height, int margin, const int order[4],
                           const lr_area *soft, int soft_count, const lr_area *hard,
                           int hard_count) {
    int step = margin > 4 ? margin / 2 : 2;
    double best_slide = -1.0, least = -1.0;
    lr_area best = {area.x + margin, area.y + margin, width, height}, least_place = best;
    for (int k = 0; k < 4; k++) {
        int corner = order[k];
        double cx = corner % 2 ? area.x + area.width - margin - width : area.x + margin;
        bool top = corner / 2 == 0;
        for (int slide = 0; slide + height + 2 * margin <= area.height || slide == 0;
             slide += step) {
            if (best_slide >= 0.0 && slide >= best_slide)
                break;
            lr_area place = {
                cx, top ? area.y + margin + slide : area.y + area.height - margin - height - slide,
                width, height};
            bool blocked = false;
            for (int i = 0; i < hard_count && !blocked; i++)
                blocked = overlap(place, hard[i]) > 0.0;
            if (blocked)
                continue;
            double covered = 0.0;
            for (int i = 0; i < soft_count; i++)
                covered += overlap(place, soft[i]);
            if (least < 0.0 || covered < least) {
                least = covered;
                least_place = place;
            }
            if (covered == 0.0) {
                best_slide = slide;
                best = place;
                break;
            }
        }
    }
    return best_slide >= 0.0 ? best : least_place;
}

/* Splits text at newlines and wraps it at max_chars characters (a tab
 * counts as four) into at most max_pieces lines; returns how many. */
static int wrap_text(const char *text, int max_chars, char pieces[][WRAP_BYTES], int max_pieces) {
    int count = 0;
    while (*text && count < max_pieces) {
        int used = 0, chars = 0;
        while (*text && *text != '\n' && used < WRAP_BYTES - 1) {
            unsigned char c = (unsigned char)*text;
            bool starts_character = (c & 0xC0) != 0x80;
            int width = c == '\t' ? 4 : 1;
            if (starts_character && chars + width > max_chars)
                break;
            if (starts_character)
                chars += width;
            pieces[count][used++] = *text++;
        }
        pieces[count++][used] = '\0';
        if (*text == '\n')
            text++;
    }
    return count;
}

/* The error along the bottom of the picture, wrapped to its width, with
 * what to do about it on the last line. */
static lr_area draw_error(ui_context *u, const lr_ui *ui) {
    static const int MAX = ERROR_LINES + 1;
    char pieces[ERROR_LINES + 1][WRAP_BYTES];
    int char_width = lr_fonts_width(u->fonts, LR_FACE_MONO_BOLD, u->size, "M", 1);
    int max_chars = char_width > 0 ? (u->width - 2 * u->pad) / char_width : 80;
    if (max_chars < 10)
        max_chars = 10;
    int count = wrap_text(ui->error, max_chars, pieces, ERROR_LINES);
    if (ui->error_hint && count < MAX)
        snprintf(pieces[count++], WRAP_BYTES, "%s", ui->error_hint);
    int height = count * u->line + 2 * u->pad;
    int y = u->height - height;
    lr_list_rect(u->list, 0.0f, (float)y, (float)u->width, (float)height, ERROR_PANEL);
    for (int i = 0; i < count; i++) {
        bool hint = ui->error_hint && i == count - 1;
        lr_text_line(u->list, u->fonts, pieces[i], u->pad, y + u->pad + i * u->line,
                     i == 0 || hint ? LR_FACE_MONO_BOLD : LR_FACE_MONO, u->size,
                     hint ? KEY_COLOR : TEXT_COLOR);
    }
    return (lr_area){0, y, u->width, height};
}

/* The scene's text: what the panels should not cover. */
static int scene_text(const lr_layout *layout, lr_area *boxes) {
    int count = 0;
    for (int i = 0; i < layout->text_count; i++)
        boxes[count++] = layout->text[i];
    if (layout->title.width > 0.0)
        boxes[count++] = layout->title;
    return count;
}

/* The sliders' panel in the bottom-left corner of the scene's part (above
 * the error panel), or the next corner free of the scene's text. */
static lr_area draw_sliders(ui_context *u, const lr_ui *ui, const lr_layout *layout, int bottom,
                            lr_ui_layout *placed) {
    int count = ui->slider_count < LR_UI_SLIDERS ? ui->slider_count : LR_UI_SLIDERS;
    int row = u->line + points(u, SLIDER_GAP);
    int width = points(u, SLIDER_WIDTH);
    int height = 2 * u->pad + count * row;
    lr_area area = layout->scene;
    if (bottom < area.y + area.height)
        area.height = bottom - area.y;
    lr_area soft[LR_LAYOUT_BOXES + 1];
    int soft_count = scene_text(layout, soft);
    lr_area place =
        free_corner(area, width, height, u->margin, slider_corners, soft, soft_count, NULL, 0);
    int x0 = (int)place.x, y0 = (int)place.y;
    lr_list_rect(u->list, (float)x0, (float)y0, (float)width, (float)height, PANEL_COLOR);
    int track = points(u, SLIDER_TRACK), knob = points(u, SLIDER_KNOB);
    if (track < 1)
        track = 1;
    for (int i = 0; i < count; i++) {
        const lr_ui_slider *s = &ui->sliders[i];
        int top = y0 + u->pad + i * row;
        lr_text_line(u->list, u->fonts, s->text, x0 + u->pad, top, LR_FACE_MONO, u->size,
                     TEXT_COLOR);
        int tx0 = x0 + u->pad + knob, tx1 = x0 + width - u->pad - knob;
        int ty = top + u->line + (row - u->line) / 2;
        double t = s->fraction < 0.0 ? 0.0 : s->fraction > 1.0 ? 1.0 : s->fraction;
        int knob_x = tx0 + (int)lround(t * (tx1 - tx0));
        lr_list_rect(u->list, (float)tx0, (float)(ty - track / 2), (float)(tx1 - tx0), (float)track,
                     TRACK_COLOR);
        lr_list_rect(u->list, (float)tx0, (float)(ty - track / 2), (float)(knob_x - tx0),
                     (float)track, FILL_COLOR);
        lr_list_rect(u->list, (float)(knob_x - knob), (float)(ty - knob), (float)(2 * knob),
                     (float)(2 * knob), FILL_COLOR);
        if (placed) {
            placed->slider[i].track_x0 = tx0;
            placed->slider[i].track_x1 = tx1;
            placed->slider[i].track_y = ty;
            placed->slider[i].row_y0 = top;
            placed->slider[i].row_y1 = top + row;
        }
    }
    if (placed)
        placed->slider_count = count;
    return (lr_area){x0, y0, width, height};
}

static lr_area draw_hud(ui_context *u, const lr_ui *ui, const lr_layout *layout,
                        const lr_area *hard, int hard_count) {
    enum { MOST = 16 };
    lr_ui_line lines[MOST];
    int count = ui->hud_count < MOST ? ui->hud_count : MOST;
    int width = 0;
    for (int i = 0; i < count; i++) {
        lines[i] = (lr_ui_line){NULL, ui->hud[i]};
        int w = lr_fonts_width(u->fonts, LR_FACE_MONO, u->size, ui->hud[i], strlen(ui->hud[i]));
        width = w > width ? w : width;
    }
    const char *extra[2] = {ui->warning, ui->notice};
    for (int k = 0; k < 2; k++)
        if (extra[k]) {
            int w =
                lr_fonts_width(u->fonts, LR_FACE_MONO_BOLD, u->size, extra[k], strlen(extra[k]));
            width = w > width ? w : width;
        }
    width += 2 * u->pad;
    int height = count * u->line + 2 * u->pad;
    for (int k = 0; k < 2; k++)
        if (extra[k])
            height += u->line + 2 * u->pad + u->margin / 2;
    /* The scene's text is what the HUD should not cover. */
    lr_area soft[LR_LAYOUT_BOXES + 1];
    int soft_count = scene_text(layout, soft);
    lr_area place = free_corner(layout->scene, width, height, u->margin, hud_corners, soft,
                                soft_count, hard, hard_count);
    int x = (int)place.x, y = (int)place.y;
    y += panel(u, x, y, 0, lines, count, 0, PANEL_COLOR, true) + u->margin / 2;
    for (int k = 0; k < 2; k++)
        if (extra[k]) {
            lr_ui_line line = {extra[k], NULL};
            y += panel(u, x, y, 0, &line, 1, 0, PANEL_COLOR, false) + u->margin / 2;
        }
    return place;
}

/* loom's keys, then the scene's own, in the middle. */
static lr_area draw_help(ui_context *u, const lr_ui *ui) {
    int gap = points(u, 20.0);
    int key_width = lr_fonts_width(u->fonts, LR_FACE_MONO_BOLD, u->size, "right drag", 10) + gap;
    int width = 0;
    for (int i = 0; i < ui->help_count + ui->scene_key_count; i++) {
        const lr_ui_line *line =
            i < ui->help_count ? &ui->help[i] : &ui->scene_keys[i - ui->help_count];
        if (line->key) {
            int k =
                lr_fonts_width(u->fonts, LR_FACE_MONO_BOLD, u->size, line->key, strlen(line->key)) +
                gap;
            key_width = k > key_width ? k : key_width;
        }
        int w = line->text ? lr_fonts_width(u->fonts, LR_FACE_MONO, u->size, line->text,
                                            strlen(line->text))
                           : 0;
        width = w > width ? w : width;
    }
    width += key_width + 2 * u->pad;
    int height = (ui->help_count + 2) * u->line + 2 * u->pad +
                 (ui->scene_key_count ? (ui->scene_key_count + 2) * u->line : 0);
    int x = (u->width - width) / 2, y = (u->height - height) / 2;
    if (y < 0)
        y = 0;
    lr_list_rect(u->list, (float)x, (float)y, (float)width, (float)height, HELP_PANEL);
    lr_text_line(u->list, u->fonts, "loom - keys and mouse", x + u->pad, y + u->pad,
                 LR_FACE_MONO_BOLD, u->size, TEXT_COLOR);
    panel(u, x, y + 2 * u->line, width, ui->help, ui->help_count, key_width, 0, false);
    if (ui->scene_key_count) {
        int top = y + (ui->help_count + 2) * u->line + u->pad;
        lr_text_line(u->list, u->fonts, "this scene", x + u->pad, top + u->pad, LR_FACE_MONO_BOLD,
                     u->size, TEXT_COLOR);
        panel(u, x, top + 2 * u->line, width, ui->scene_keys, ui->scene_key_count, key_width, 0,
              false);
    }
    return (lr_area){x, y, width, height};
}

/* The measurements: lines and boxes always, labels with fonts. */
static void draw_marks(const lr_fonts *fonts, const lr_ui *ui, double point, lr_list *list) {
    for (int i = 0; i < ui->mark_count; i++) {
        const lr_ui_mark *m = &ui->marks[i];
        if (m->kind == LR_UI_LINE) {
            lr_list_line(list, m->x0, m->y0, m->x1, m->y1, (float)(m->width * point), m->color, 0);
        } else if (m->kind == LR_UI_BOX) {
            lr_list_rect(list, m->x0 < m->x1 ? m->x0 : m->x1, m->y0 < m->y1 ? m->y0 : m->y1,
                         fabsf(m->x1 - m->x0), fabsf(m->y1 - m->y0), m->color);
        } else if (fonts && m->text) {
            lr_text_style style = {LR_FACE_MONO, lr_text_size(MARK_POINTS * point), m->color,
                                   LR_ALIGN_CENTER, m->panel};
            lr_text_place(list, fonts, m->text, m->x0, m->y0, &style);
        }
    }
}

void lr_compose_ui(const lr_fonts *fonts, const lr_ui *ui, const lr_layout *layout, int width,
                   int height, lr_list *list, lr_ui_layout *placed) {
    lr_list_reset(list, width, height, 0);
    lr_ui_layout none;
    if (!placed)
        placed = &none;
    memset(placed, 0, sizeof *placed);
    double scale = ui->scale > 0.0 ? ui->scale : 1.0;
    draw_marks(fonts, ui, (height < MIN_LINES ? MIN_LINES : height) / 720.0 * scale, list);
    if (!fonts)
        return;
    ui_context u = {
        fonts, list, width, height, (height < MIN_LINES ? MIN_LINES : height) / 720.0 * scale,
        0,     0,    0,     0};
    u.size = lr_text_size(TEXT_POINTS * u.point);
    u.line = lr_fonts_line_height(fonts, LR_FACE_MONO, u.size);
    u.pad = points(&u, PADDING_POINTS);
    u.margin = points(&u, MARGIN_POINTS);

    lr_area hard[2];
    int hard_count = 0;
    int bottom = height;
    if (ui->error) {
        placed->error = draw_error(&u, ui);
        hard[hard_count++] = placed->error;
        bottom = (int)placed->error.y;
    }
    if (ui->slider_count > 0) {
        placed->sliders = draw_sliders(&u, ui, layout, bottom, placed);
        hard[hard_count++] = placed->sliders;
    }
    if (ui->hud && ui->hud_count > 0)
        placed->hud = draw_hud(&u, ui, layout, hard, hard_count);
    if (ui->help)
        placed->help = draw_help(&u, ui);
}
