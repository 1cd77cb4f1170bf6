/*
 * markup.c - escaping text for HTML and SVG (markup.h).
 */
#include "markup.h"

#include <string.h>

/* The length of the valid UTF-8 sequence at text (1 to 4), or 0. */
static size_t sequence(const unsigned char *text, size_t left) {
    unsigned char c = text[0];
    size_t length = c < 0x80             ? 1
                    : (c & 0xE0) == 0xC0 ? 2
                    : (c & 0xF0) == 0xE0 ? 3
                    : (c & 0xF8) == 0xF0 ? 4
                                         : 0;
    if (length == 0 || length > left || (length == 2 && c < 0xC2))
        return 0;
    for (size_t i = 1; i < length; i++)
        if ((text[i] & 0xC0) != 0x80)
            return 0;
    return length;
}

void app_markup_write(FILE *file, const char *text, size_t length) {
    const unsigned char *t = (const unsigned char *)text;
    for (size_t i = 0; i < length;) {
        unsigned char c = t[i];
        switch (c) {
        case '&':
            fputs("&amp;", file);
            i++;
            continue;
        case '<':
            fputs("&lt;", file);
            i++;
            continue;
        case '>':
            fputs("&gt;", file);
            i++;
            continue;
        case '"':
            fputs("&quot;", file);
            i++;
            continue;
        case '\'':
            fputs("&#39;", file);
            i++;
            continue;
        default:
            break;
        }
        /* Control characters other than tab and newline are not allowed in XML. */
        if (c < 0x20 && c != '\t' && c != '\n') {
            i++;
            continue;
        }
        size_t n = sequence(t + i, length - i);
        if (n == 0) {
            fputs("\xEF\xBF\xBD", file);
            i++;
            continue;
        }
        fwrite(t + i, 1, n, file);
        i += n;
    }
}

void app_markup_puts(FILE *file, const char *text) {
    app_markup_write(file, text, strlen(text));
}
