/*
 * page_lesson.h - a scene's header comment as the lesson text of its page.
 *
 * The leading "--" lines of the scene are its lesson (every example starts
 * with what it shows and which text it follows). On the page: the first
 * paragraph, without its "name.lua — " prefix, is the heading; the rest are
 * paragraphs (a bare "--" line separates them), lists (lines starting with
 * "- " after their indent, continued by deeper-indented lines) and, for
 * other indented lines, preformatted blocks (command lines, formulas).
 */
#ifndef LOOM_APP_PAGE_LESSON_H
#define LOOM_APP_PAGE_LESSON_H

#include <stddef.h>
#include <stdio.h>

/* Writes the heading into title (plain text, title_size bytes; the file
 * name when the scene has no header) and the rest as HTML into html. */
void app_page_lesson(FILE *html, const char *source, size_t length, const char *file_name,
                     char *title, size_t title_size);

#endif
