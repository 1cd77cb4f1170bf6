/*
 * page_lesson.c - the scene's header comment as HTML (page_lesson.h).
 */
#include "page_lesson.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "markup.h"

typedef enum block { BLOCK_NONE, BLOCK_PARAGRAPH, BLOCK_LIST, BLOCK_PRE } block;

static void close_block(FILE *html, block *open) {
    static const char *const ends[] = {"", "</p>\n", "</li></ul>\n", "</pre>\n"};
    fputs(ends[*open], html);
    *open = BLOCK_NONE;
}

/* A line of the header: its text after "--" and one space, and its indent. */
typedef struct line {
    const char *text;
    size_t length;
    size_t indent; /* spaces before the text */
} line;

/* The next header line at *at, or false at the end of the header. */
static bool next_line(const char *source, size_t length, size_t *at, line *out) {
    if (*at >= length || length - *at < 2 || strncmp(source + *at, "--", 2) != 0)
        return false;
    size_t start = *at + 2, end = start;
    while (end < length && source[end] != '\n')
        end++;
    *at = end < length ? end + 1 : end;
    /* "--[[" opens a block comment, "---" is a doc comment: both end the header. */
    if (end - start >= 2 && source[start] == '[' && source[start + 1] == '[')
        return false;
    if (start < end && source[start] == ' ')
        start++;
    size_t indent = 0;
    while (start + indent < end && source[start + indent] == ' ')
        indent++;
    size_t stop = end;
    while (stop > start && (source[stop - 1] == '\r' || source[stop - 1] == ' '))
        stop--;
    *out =
        (line){source + start + indent, stop > start + indent ? stop - start - indent : 0, indent};
    return true;
}

/* "name.lua — rest" or "name.lua: rest" gives rest. */
static size_t after_name(const line *l, const char *file_name) {
    size_t n = strlen(file_name);
    if (l->length <= n || strncmp(l->text, file_name, n) != 0)
        return 0;
    size_t at = n;
    while (at < l->length && l->text[at] == ' ')
        at++;
    if (at + 3 <= l->length && strncmp(l->text + at, "\xE2\x80\x94", 3) == 0)
        at += 3; /* an em dash */
    else if (at < l->length && (l->text[at] == ':' || l->text[at] == '-'))
        at++;
    else
        return 0;
    while (at < l->length && l->text[at] == ' ')
        at++;
    return at;
}

void app_page_lesson(FILE *html, const char *source, size_t length, const char *file_name,
                     char *title, size_t title_size) {
    size_t at = 0, used = 0;
    line l;
    snprintf(title, title_size, "%s", file_name);
    /* The heading: the first paragraph, joined. */
    bool first = true;
    while (next_line(source, length, &at, &l) && l.length > 0) {
        size_t skip = first ? after_name(&l, file_name) : 0;
        if (first)
            used = 0;
        if (used + l.length - skip + 2 < title_size) {
            if (!first)
                title[used++] = ' ';
            memcpy(title + used, l.text + skip, l.length - skip);
            used += l.length - skip;
            title[used] = '\0';
        }
        first = false;
    }
    /* A heading starts with a capital, as the sentence it is. */
    if (title[0] >= 'a' && title[0] <= 'z' && strcmp(title, file_name) != 0)
        title[0] = (char)(title[0] - 'a' + 'A');
    block open = BLOCK_NONE;
    size_t list_indent = 0;
    while (next_line(source, length, &at, &l)) {
        if (l.length == 0) {
            close_block(html, &open);
            continue;
        }
        bool item = l.length >= 2 && l.text[0] == '-' && l.text[1] == ' ';
        if (item) {
            if (open == BLOCK_LIST)
                fputs("</li>\n<li>", html);
            else {
                close_block(html, &open);
                fputs("<ul>\n<li>", html);
                open = BLOCK_LIST;
            }
            list_indent = l.indent;
            app_markup_write(html, l.text + 2, l.length - 2);
            continue;
        }
        if (open == BLOCK_LIST && l.indent > list_indent) {
            fputc(' ', html);
            app_markup_write(html, l.text, l.length);
            continue;
        }
        if (l.indent >= 2) {
            if (open != BLOCK_PRE) {
                close_block(html, &open);
                fputs("<pre>", html);
                open = BLOCK_PRE;
            } else
                fputc('\n', html);
            for (size_t i = 2; i < l.indent; i++)
                fputc(' ', html);
            app_markup_write(html, l.text, l.length);
            continue;
        }
        if (open != BLOCK_PARAGRAPH) {
            close_block(html, &open);
            fputs("<p>", html);
            open = BLOCK_PARAGRAPH;
        } else
            fputc(' ', html);
        app_markup_write(html, l.text, l.length);
    }
    close_block(html, &open);
}
