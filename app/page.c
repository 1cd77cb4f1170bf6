/*
 * page.c - `loom page SCENE --out DIR`: a lesson page students open with
 * nothing but a browser.
 *
 * DIR gets index.html and everything it shows, side by side, so the folder
 * opens from a file (file://), from any static web server and from a USB
 * stick, with no network: no external fonts, scripts or styles; one small
 * inline script writes the video's duration under it. The page is one
 * column that fits a phone (a viewport meta tag, images and the video at
 * 100% width at most, tables scrolling sideways).
 *
 *   index.html    the lesson: the scene's header comment as text, the video
 *                 (H.264 with its poster), the parameters, the plots, the
 *                 data, the scene's source
 *   video.mp4     every frame (`loom render --video`), poster.png one of them
 *   plot-N.svg    each loom.plot panel as an SVG chart (page_chart.c)
 *   data.csv      the table of every frame (--csv)
 *   NAME.lua      the scene, to download and run
 *
 * With --set lists (k=10,20,40) each variant gets a page of its own in
 * DIR/<variant>/ (a child `loom page` each, as many at once as there are
 * processors) and index.html shows them as a gallery of posters.
 */
#include "app.h"
#include "jobs.h"
#include "markup.h"
#include "page_chart.h"
#include "page_lesson.h"
#include "variants.h"
#include "video.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../bindings/loom_lua.h"

enum { PATH_SIZE = 4096 + 2200 };

static const char style[] =
    ":root{--ink:#1d1f23;--muted:#5b6068;--line:#d9dce1;--accent:#1f5fc8;--code:#f1f2ee}\n"
    "*{box-sizing:border-box}\n"
    "body{margin:0;font:17px/1.55 system-ui,-apple-system,\"Segoe UI\",Roboto,\"DejaVu "
    "Sans\",sans-serif;color:var(--ink);background:#fbfbf8}\n"
    "main{max-width:60rem;margin:0 auto;padding:.5rem 1rem 3rem}\n"
    "h1{font-size:1.55rem;line-height:1.25;margin:1rem 0 .8rem}\n"
    "h2{font-size:1.2rem;margin:2.2rem 0 .6rem;padding-bottom:.2rem;border-bottom:1px solid "
    "var(--line)}\n"
    "video,img{display:block;max-width:100%;height:auto}\n"
    "video{width:100%;background:#000;border-radius:6px}\n"
    "figure{margin:1rem 0}\n"
    "figcaption{color:var(--muted);font-size:.9rem;margin-top:.3rem}\n"
    "pre{overflow-x:auto;background:var(--code);padding:.8rem;border-radius:6px;font-size:.85rem;"
    "line-height:1.4}\n"
    "code,pre{font-family:ui-monospace,\"DejaVu Sans Mono\",Menlo,Consolas,monospace}\n"
    ".wide{overflow-x:auto}\n"
    "table{border-collapse:collapse;width:100%;font-size:.95rem}\n"
    "th,td{text-align:left;padding:.35rem .5rem;border-bottom:1px solid var(--line);"
    "vertical-align:top}\n"
    ".charts{display:grid;gap:1rem;grid-template-columns:repeat(auto-fit,minmax(18rem,1fr))}\n"
    ".charts figure{margin:0}\n"
    ".charts img{width:100%;border:1px solid var(--line);border-radius:6px}\n"
    ".gallery{display:grid;gap:1rem;grid-template-columns:repeat(auto-fill,minmax(14rem,1fr))}\n"
    ".gallery a{color:inherit;text-decoration:none}\n"
    ".gallery figure{margin:0}\n"
    ".gallery img{border:1px solid var(--line);border-radius:6px}\n"
    "a{color:var(--accent)}\n"
    ".download{display:inline-block;padding:.45rem .9rem;border:1px solid var(--accent);"
    "border-radius:6px;text-decoration:none}\n"
    "footer{margin-top:3rem;color:var(--muted);font-size:.85rem}\n";

/* The video's duration, written into the page once the browser knows it. */
static const char duration_script[] =
    "<script>\n"
    "(function(){var v=document.getElementById('video'),d=document.getElementById('duration');\n"
    "function show(){if(isFinite(v.duration)&&v.duration>0){d.textContent=v.duration.toFixed(2)+"
    "' s';d.setAttribute('data-seconds',v.duration);}}\n"
    "v.addEventListener('loadedmetadata',show);show();})();\n"
    "</script>\n";

static const char *file_name(const char *path) {
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* Reads a whole file; NULL when it cannot (errno set). */
static char *read_file(const char *path, size_t *length) {
    FILE *file = fopen(path, "rb");
    if (!file)
        return NULL;
    char *text = NULL;
    size_t size = 0, used = 0;
    for (;;) {
        if (used + 4096 > size) {
            size_t bigger = size ? 2 * size : 65536;
            char *grown = realloc(text, bigger + 1);
            if (!grown) {
                free(text);
                fclose(file);
                errno = ENOMEM;
                return NULL;
            }
            text = grown;
            size = bigger;
        }
        size_t n = fread(text + used, 1, size - used, file);
        used += n;
        if (n == 0)
            break;
    }
    bool failed = ferror(file);
    fclose(file);
    if (failed) {
        free(text);
        errno = EIO;
        return NULL;
    }
    text[used] = '\0';
    *length = used;
    return text;
}

static bool write_file(const char *path, const char *text, size_t length) {
    FILE *file = fopen(path, "wb");
    if (!file)
        return false;
    bool ok = fwrite(text, 1, length, file) == length;
    return fclose(file) == 0 && ok;
}

/* A path component as a URL: anything but letters, digits and -._~=, as %XX. */
static void url_puts(FILE *html, const char *text) {
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
        if ((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') ||
            strchr("-._~=,", *c))
            fputc(*c, html);
        else
            fprintf(html, "%%%02X", *c);
    }
}

/* The lesson text as HTML (malloc'd, NULL when out of memory) and the
 * page's title from the scene's header. */
static char *lesson_of(const app_options *options, const char *source, size_t length, char *title,
                       size_t title_size, size_t *lesson_length) {
    const char *name = file_name(options->scene);
    char *lesson = NULL;
    *lesson_length = 0;
    FILE *text = open_memstream(&lesson, lesson_length);
    if (!text) {
        snprintf(title, title_size, "%s", name);
        return NULL;
    }
    app_page_lesson(text, source, length, name, title, title_size);
    fclose(text);
    return lesson;
}

static void head(FILE *html, const char *title) {
    fputs("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>",
          html);
    app_markup_puts(html, title);
    fprintf(html, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<main>\n<h1>", style);
    app_markup_puts(html, title);
    fputs("</h1>\n", html);
}

static void source_section(FILE *html, const char *name, const char *source, size_t length) {
    fputs("<h2>The scene</h2>\n<p><a class=\"download\" href=\"", html);
    url_puts(html, name);
    fputs("\" download>", html);
    app_markup_puts(html, name);
    fputs("</a> runs in loom: <code>loom ", html);
    app_markup_puts(html, name);
    fputs("</code> opens it in a window.</p>\n<pre><code>", html);
    app_markup_write(html, source, length);
    fputs("</code></pre>\n", html);
}

static void footer(FILE *html, const app_options *options) {
    fputs("<footer>Made with loom " LM_VERSION_STRING ": <code>loom", html);
    for (int i = 1; i < options->argc; i++) {
        fputc(' ', html);
        app_markup_puts(html, options->argv[i]);
    }
    fputs("</code></footer>\n</main>\n</body>\n</html>\n", html);
}

/* ------------------------------------------------------- one scene -- */

typedef struct page {
    const app_options *options;
    const char *dir;
    const char *source;
    size_t length;
    int poster; /* its frame */
    int charts; /* plot-N.svg written */
    char err[PATH_SIZE + 256];
} page;

static void parameters_section(FILE *html, app_scene *scene) {
    lua_State *L = app_scene_state(scene);
    size_t count = lmlua_params_count(L);
    if (count == 0)
        return;
    fputs("<h2>Parameters</h2>\n<div class=\"wide\"><table>\n<thead><tr><th>name</th>"
          "<th>value</th><th>range</th><th>meaning</th></tr></thead>\n<tbody>\n",
          html);
    for (size_t i = 0; i < count; i++) {
        lmlua_parameter p;
        if (!lmlua_params_at(L, i, &p))
            continue;
        fputs("<tr><td><code>", html);
        app_markup_puts(html, p.name);
        fputs("</code></td><td>", html);
        if (p.kind == LMLUA_PARAM_NUMBER)
            fprintf(html, "%.10g", p.number);
        else if (p.kind == LMLUA_PARAM_BOOLEAN)
            fputs(p.boolean ? "true" : "false", html);
        else
            app_markup_puts(html, p.text);
        fputs("</td><td>", html);
        if (p.ranged)
            fprintf(html, "%.10g to %.10g", p.low, p.high);
        fputs("</td><td>", html);
        if (p.label && strcmp(p.label, p.name) != 0)
            app_markup_puts(html, p.label);
        fputs("</td></tr>\n", html);
    }
    fputs("</tbody></table></div>\n<p>Change them with <code>--set NAME=VALUE</code>, or with "
          "the sliders of loom's window.</p>\n",
          html);
}

/* Writes plot-N.svg for each panel, and their section. */
static bool plots_section(FILE *html, page *pg, app_scene *scene) {
    const lr_plots *plots = app_scene_plots(scene);
    size_t count = plots ? lr_plots_count(plots) : 0;
    const char *panels[LR_PLOT_MAX_SERIES];
    int panel_count = 0;
    for (size_t i = 0; i < count; i++) {
        const char *panel = lr_plots_series(plots, i).panel;
        bool seen = false;
        for (int k = 0; k < panel_count; k++)
            seen = seen || strcmp(panels[k], panel) == 0;
        if (!seen && panel_count < LR_PLOT_MAX_SERIES)
            panels[panel_count++] = panel;
    }
    if (panel_count == 0)
        return true;
    fputs("<h2>Plots</h2>\n<div class=\"charts\">\n", html);
    char path[PATH_SIZE];
    for (int k = 0; k < panel_count; k++) {
        snprintf(path, sizeof path, "%s/plot-%d.svg", pg->dir, k + 1);
        if (!app_chart_write(path, plots, panels[k], pg->err, sizeof pg->err))
            return false;
        pg->charts++;
        fprintf(html,
                "<figure><a href=\"plot-%d.svg\"><img src=\"plot-%d.svg\" width=\"720\" "
                "height=\"405\" alt=\"",
                k + 1, k + 1);
        app_markup_puts(html, panels[k]);
        fputs(" against time\"></a><figcaption>", html);
        app_markup_puts(html, panels[k]);
        fprintf(html, " (<a href=\"plot-%d.svg\" download>SVG</a>)</figcaption></figure>\n", k + 1);
    }
    fputs("</div>\n", html);
    return true;
}

/* The data section: the link, and the table's columns from its header. */
static void data_section(FILE *html, page *pg) {
    char path[PATH_SIZE];
    snprintf(path, sizeof path, "%s/data.csv", pg->dir);
    size_t length = 0;
    char *csv = read_file(path, &length);
    if (!csv)
        return;
    int rows = 0;
    for (size_t i = 0; i < length; i++)
        rows += csv[i] == '\n';
    size_t header = strcspn(csv, "\n");
    fputs("<h2>Data</h2>\n<p><a class=\"download\" href=\"data.csv\" download>data.csv</a> ", html);
    fprintf(html, "%d rows, one per frame, for a spreadsheet. Columns: ", rows - 1);
    /* The header's fields, unquoted ("speed, up (m/s)" is one). */
    bool quoted = false, open = false;
    for (size_t i = 0; i < header; i++) {
        char c = csv[i];
        if (!open) {
            fputs("<code>", html);
            open = true;
        }
        if (c == '"') {
            if (quoted && i + 1 < header && csv[i + 1] == '"') {
                fputs("&quot;", html);
                i++;
            } else
                quoted = !quoted;
        } else if (c == ',' && !quoted) {
            fputs("</code>, ", html);
            open = false;
        } else
            app_markup_write(html, &c, 1);
    }
    fputs(open ? "</code>.</p>\n" : ".</p>\n", html);
    free(csv);
}

static bool write_page(app_scene *scene, void *context) {
    page *pg = context;
    const app_options *options = pg->options;
    char path[PATH_SIZE], title[512];
    snprintf(path, sizeof path, "%s/index.html.tmp", pg->dir);
    FILE *html = fopen(path, "w");
    if (!html) {
        snprintf(pg->err, sizeof pg->err, "cannot write '%s': %s", path, strerror(errno));
        return false;
    }
    const char *name = file_name(options->scene);
    /* The lesson goes after the video; its heading is the page's title. */
    size_t lesson_length;
    char *lesson = lesson_of(options, pg->source, pg->length, title, sizeof title, &lesson_length);
    head(html, title);
    double seconds = options->frames / options->fps;
    fprintf(html,
            "<figure><video id=\"video\" controls playsinline preload=\"metadata\" "
            "poster=\"poster.png\" width=\"%d\" height=\"%d\"><source src=\"video.mp4\" "
            "type=\"video/mp4\">Your browser cannot play this video: <a href=\"video.mp4\">"
            "download it</a>.</video>\n<figcaption>%d frames at %g frames per second: "
            "<span id=\"duration\">%.2f s</span> of simulated time, shown in real time. "
            "<a href=\"video.mp4\" download>video.mp4</a>, <a href=\"poster.png\" "
            "download>poster.png</a> (t = %g s)</figcaption></figure>\n",
            options->width, options->height, options->frames, options->fps, seconds,
            pg->poster / options->fps);
    if (lesson)
        fwrite(lesson, 1, lesson_length, html);
    free(lesson);
    parameters_section(html, scene);
    bool ok = plots_section(html, pg, scene);
    data_section(html, pg);
    source_section(html, name, pg->source, pg->length);
    fputs(duration_script, html);
    footer(html, options);
    ok = !ferror(html) && ok;
    if (fclose(html) != 0 && ok) {
        snprintf(pg->err, sizeof pg->err, "cannot write '%s': %s", path, strerror(errno));
        ok = false;
    }
    char final[PATH_SIZE];
    snprintf(final, sizeof final, "%s/index.html", pg->dir);
    if (ok && rename(path, final) != 0) {
        snprintf(pg->err, sizeof pg->err, "cannot write '%s': %s", final, strerror(errno));
        ok = false;
    }
    if (!ok)
        remove(path);
    return ok;
}

static int one_page(const app_options *options, const char *dir, const char *source,
                    size_t length) {
    page pg = {.options = options, .dir = dir, .source = source, .length = length};
    pg.poster = options->at ? options->at[0] : options->frames / 2;
    char video[PATH_SIZE], csv[PATH_SIZE], posters[PATH_SIZE], path[PATH_SIZE + 32];
    snprintf(video, sizeof video, "%s/video.mp4", dir);
    snprintf(csv, sizeof csv, "%s/data.csv", dir);
    snprintf(posters, sizeof posters, "%s/.poster", dir);
    app_options render = *options;
    render.command = APP_RENDER;
    render.video = video;
    render.csv = csv;
    render.out = posters;
    render.at = &pg.poster;
    render.at_count = 1;
    render.quiet = true; /* the page says what it made */
    double start = app_seconds();
    int status = app_render_then(&render, write_page, &pg);
    snprintf(path, sizeof path, "%s/frame_%05d.png", posters, pg.poster);
    char poster[PATH_SIZE];
    snprintf(poster, sizeof poster, "%s/poster.png", dir);
    if (status == APP_EXIT_OK && rename(path, poster) != 0) {
        fprintf(stderr, "loom: cannot write '%s': %s\n", poster, strerror(errno));
        status = APP_EXIT_FAILURE;
    }
    remove(path);
    rmdir(posters);
    if (status != APP_EXIT_OK && pg.err[0])
        fprintf(stderr, "loom: %s\n", pg.err);
    if (status == APP_EXIT_OK && !options->quiet)
        fprintf(stderr, "loom: %d frames (%dx%d), %d chart%s and the table in %.1f s\n",
                options->frames, options->width, options->height, pg.charts,
                pg.charts == 1 ? "" : "s", app_seconds() - start);
    return status;
}

/* ------------------------------------------------------- variants -- */

/* The command line of variant v's page. */
static bool build_variant(const app_options *options, const app_variants *s, int v,
                          const char *loom, const char *dir, app_argv *c) {
    char text[PATH_SIZE], name[2048];
    app_argv_clear(c);
    app_variants_name(s, v, name, sizeof name);
    snprintf(text, sizeof text, "%s/%s", dir, name);
    bool ok = app_argv_add(c, loom) && app_argv_add(c, "page") && app_argv_add(c, options->scene) &&
              app_argv_add(c, "--out") && app_argv_add(c, text);
    for (int a = 0; a < s->axis_count && ok; a++) {
        snprintf(text, sizeof text, "%s=%s", s->axes[a].name, app_variants_value(s, v, a));
        ok = app_argv_add(c, "--set") && app_argv_add(c, text);
    }
    snprintf(text, sizeof text, "%d", options->frames);
    ok = ok && app_argv_add(c, "--frames") && app_argv_add(c, text);
    snprintf(text, sizeof text, "%dx%d", options->width, options->height);
    ok = ok && app_argv_add(c, "--size") && app_argv_add(c, text);
    if (options->at) {
        snprintf(text, sizeof text, "%.17g", options->at[0] / options->fps);
        ok = ok && app_argv_add(c, "--at") && app_argv_add(c, text);
    }
    if (options->theme >= 0)
        ok = ok && app_argv_add(c, "--theme") && app_argv_add(c, lr_theme_names()[options->theme]);
    return ok && app_argv_add_settings(c, options) && app_argv_add(c, "--threads") &&
           app_argv_add(c, "1") && app_argv_add(c, "--quiet");
}

static bool gallery_page(const app_options *options, const app_variants *s, const char *dir,
                         const char *source, size_t length) {
    char path[PATH_SIZE], final[PATH_SIZE], title[512];
    snprintf(path, sizeof path, "%s/index.html.tmp", dir);
    snprintf(final, sizeof final, "%s/index.html", dir);
    FILE *html = fopen(path, "w");
    if (!html) {
        fprintf(stderr, "loom: cannot write '%s': %s\n", path, strerror(errno));
        return false;
    }
    const char *name = file_name(options->scene);
    size_t lesson_length;
    char *lesson = lesson_of(options, source, length, title, sizeof title, &lesson_length);
    head(html, title);
    fputs("<h2>Variants</h2>\n<p>", html);
    for (int a = 0; a < s->axis_count; a++) {
        fputs(a ? "; " : "", html);
        fputs("<code>", html);
        app_markup_puts(html, s->axes[a].name);
        fputs("</code> = ", html);
        for (int k = 0; k < s->axes[a].count; k++) {
            fputs(k ? ", " : "", html);
            app_markup_puts(html, s->axes[a].values[k]);
        }
    }
    fprintf(html,
            ": %d variants, each with its own page (video, plots, data).</p>\n"
            "<div class=\"gallery\">\n",
            s->variants);
    char folder[2048], label[2048];
    for (int v = 0; v < s->variants; v++) {
        app_variants_name(s, v, folder, sizeof folder);
        app_variants_label(s, v, label, sizeof label);
        fputs("<a href=\"", html);
        url_puts(html, folder);
        fputs("/index.html\"><figure><img src=\"", html);
        url_puts(html, folder);
        fprintf(html, "/poster.png\" width=\"%d\" height=\"%d\" loading=\"lazy\" alt=\"",
                options->width, options->height);
        app_markup_puts(html, label[0] ? label : folder);
        fputs("\"><figcaption>", html);
        app_markup_puts(html, label[0] ? label : folder);
        fputs("</figcaption></figure></a>\n", html);
    }
    fputs("</div>\n", html);
    if (lesson)
        fwrite(lesson, 1, lesson_length, html);
    free(lesson);
    source_section(html, name, source, length);
    footer(html, options);
    bool ok = !ferror(html);
    ok = fclose(html) == 0 && ok && rename(path, final) == 0;
    if (!ok) {
        fprintf(stderr, "loom: cannot write '%s': %s\n", final, strerror(errno));
        remove(path);
    }
    return ok;
}

static int variants_page(const app_options *options, const app_variants *s, const char *dir,
                         const char *source, size_t length) {
    char loom[PATH_MAX];
    app_jobs_own_path(options->argv[0], loom, sizeof loom);
    app_argv *commands = malloc((size_t)s->variants * sizeof *commands);
    app_job *jobs = malloc((size_t)s->variants * sizeof *jobs);
    char **names = calloc((size_t)s->variants, sizeof *names);
    int status = APP_EXIT_FAILURE;
    if (!commands || !jobs || !names) {
        fprintf(stderr, "loom: out of memory\n");
        goto done;
    }
    for (int v = 0; v < s->variants; v++) {
        if (!(names[v] = malloc(2048)))
            goto done;
        app_variants_name(s, v, names[v], 2048);
        if (!build_variant(options, s, v, loom, dir, &commands[v])) {
            fprintf(stderr, "loom: the command line of variant %s is too long\n", names[v]);
            goto done;
        }
        jobs[v] = (app_job){commands[v].argv, v};
    }
    int failed = app_jobs_run(jobs, s->variants, app_default_threads(), (const char *const *)names,
                              s->variants, "variant", options->quiet);
    if (gallery_page(options, s, dir, source, length))
        status = failed ? APP_EXIT_FAILURE : APP_EXIT_OK;
done:
    for (int v = 0; names && v < s->variants; v++)
        free(names[v]);
    free(names);
    free(jobs);
    free(commands);
    return status;
}

/* ------------------------------------------------------------ page -- */

int app_page(const app_options *options) {
    const char *dir = options->out;
    char err[1024];
    if (!app_video_ffmpeg_found()) {
        fprintf(stderr, "loom: 'loom page' needs ffmpeg for its video, which is not on the PATH "
                        "(Debian: apt-get install ffmpeg)\n");
        return APP_EXIT_FAILURE;
    }
    if (!app_make_folder(dir, err, sizeof err)) {
        fprintf(stderr, "loom: %s\n", err);
        return APP_EXIT_FAILURE;
    }
    size_t length = 0;
    char *source = read_file(options->scene, &length);
    if (!source) {
        fprintf(stderr, "loom: cannot read '%s': %s\n", options->scene, strerror(errno));
        return APP_EXIT_FAILURE;
    }
    char path[PATH_SIZE];
    snprintf(path, sizeof path, "%s/%s", dir, file_name(options->scene));
    if (!write_file(path, source, length)) {
        fprintf(stderr, "loom: cannot write '%s': %s\n", path, strerror(errno));
        free(source);
        return APP_EXIT_FAILURE;
    }
    app_variants s;
    if (!app_variants_parse(options->params, &s, err, sizeof err)) {
        fprintf(stderr, "loom: %s\n", err);
        app_variants_free(&s);
        free(source);
        return APP_EXIT_USAGE;
    }
    int status = s.variants > 1 ? variants_page(options, &s, dir, source, length)
                                : one_page(options, dir, source, length);
    if (status == APP_EXIT_OK && !options->quiet)
        fprintf(stderr,
                "loom: the lesson page is %s/index.html (open it in a browser; the folder "
                "works from a file, a USB stick or any web server)\n",
                dir);
    app_variants_free(&s);
    free(source);
    return status;
}
