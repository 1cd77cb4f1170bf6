/*
 * sweep.c - `loom sweep`: every combination of --set lists, each run as its
 * own `loom render`, and a contact sheet for a handout.
 *
 * Each variant gives at most two jobs, each a child loom (one thread each,
 * as many at once as there are processors):
 *   - the sheet's pictures: `loom render --at` of the chosen moments (the
 *     last frame without --at), at the size of a cell of the page, in the
 *     print theme, into DIR/.sheet/<variant>/, which the sheet removes once
 *     it is made;
 *   - what was asked for beside the sheet: without --at every frame into
 *     DIR/<variant>/ (as `loom render --out`); --video and --csv into that
 *     folder too (`loom sim` when only a table is wanted).
 * So a sweep with --at writes the sheet and nothing else unless asked, and
 * the frames before a moment are simulated but never drawn. A sweep is
 * exactly the command lines --print lists: GNU parallel can run those on
 * other machines instead, and `loom sweep ... --sheet` then makes the sheet
 * from what they wrote.
 */
#include "app.h"
#include "jobs.h"
#include "sweep_sheet.h"
#include "variants.h"
#include "video.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* The sheet's title: the scene's file name and what every variant shares. */
static void sheet_title(const app_options *options, const app_variants *s, char *out, size_t size) {
    const char *slash = strrchr(options->scene, '/');
    size_t used = (size_t)snprintf(out, size, "%s", slash ? slash + 1 : options->scene);
    bool first = true;
    for (int a = 0; a < s->axis_count && used < size; a++)
        if (s->axes[a].count == 1) {
            used += (size_t)snprintf(out + used, size - used, "%s%s = %s", first ? "   " : ", ",
                                     s->axes[a].name, s->axes[a].values[0]);
            first = false;
        }
}

typedef enum job_kind {
    JOB_PICTURES, /* the sheet's pictures */
    JOB_MEDIA,    /* frames, video, table */
} job_kind;

/* Everything a sweep's jobs share. */
typedef struct plan {
    const app_options *options;
    app_variants s;
    const char *separator; /* after options->out */
    bool media;            /* some variant output beside the sheet */
    app_sheet_plan sheet;
    char at[64]; /* without --at: the last frame's time */
} plan;

static bool wants_frames(const app_options *options) {
    return !options->at;
}

static bool build_command(const plan *p, int v, job_kind kind, const char *loom, app_argv *c) {
    const app_options *options = p->options;
    const app_variants *s = &p->s;
    app_argv_clear(c);
    char text[4096 + 2200], name[2048];
    app_variants_name(s, v, name, sizeof name);
    bool table_only = kind == JOB_MEDIA && !wants_frames(options) && !options->video;
    bool ok = app_argv_add(c, loom) && app_argv_add(c, table_only ? "sim" : "render") &&
              app_argv_add(c, options->scene);
    if (kind == JOB_PICTURES) {
        ok = ok && app_argv_add(c, "--at") &&
             app_argv_add(c, options->at ? options->at_text : p->at);
        snprintf(text, sizeof text, "%s%s.sheet/%s", options->out, p->separator, name);
        ok = ok && app_argv_add(c, "--out") && app_argv_add(c, text) &&
             app_argv_add(c, "--theme") && app_argv_add(c, "print");
        snprintf(text, sizeof text, "%dx%d", p->sheet.cell_width, p->sheet.cell_height);
        ok = ok && app_argv_add(c, "--size") && app_argv_add(c, text);
    } else {
        snprintf(text, sizeof text, "%d", options->frames);
        ok = ok && app_argv_add(c, "--frames") && app_argv_add(c, text);
        if (wants_frames(options)) {
            snprintf(text, sizeof text, "%s%s%s", options->out, p->separator, name);
            ok = ok && app_argv_add(c, "--out") && app_argv_add(c, text);
        }
        if (options->video) {
            snprintf(text, sizeof text, "%s%s%s/%s", options->out, p->separator, name,
                     options->video);
            ok = ok && app_argv_add(c, "--video") && app_argv_add(c, text);
        }
        if (options->csv) {
            snprintf(text, sizeof text, "%s%s%s/%s", options->out, p->separator, name,
                     options->csv);
            ok = ok && app_argv_add(c, "--csv") && app_argv_add(c, text);
        }
        if (!table_only) {
            snprintf(text, sizeof text, "%dx%d", options->width, options->height);
            ok = ok && app_argv_add(c, "--size") && app_argv_add(c, text);
            if (options->theme >= 0)
                ok = ok && app_argv_add(c, "--theme") &&
                     app_argv_add(c, lr_theme_names()[options->theme]);
        }
    }
    for (int a = 0; a < s->axis_count && ok; a++) {
        snprintf(text, sizeof text, "%s=%s", s->axes[a].name, app_variants_value(s, v, a));
        ok = app_argv_add(c, "--set") && app_argv_add(c, text);
    }
    ok = ok && app_argv_add_settings(c, options);
    if (!table_only)
        ok = ok && app_argv_add(c, "--threads") && app_argv_add(c, "1");
    return ok && app_argv_add(c, "--quiet");
}

/* Prints text quoted for a POSIX shell when it needs it. */
static void print_quoted(const char *text) {
    if (text[0] && strspn(text, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                "0123456789-_./=,:+@%") == strlen(text)) {
        fputs(text, stdout);
        return;
    }
    putchar('\'');
    for (const char *c = text; *c; c++) {
        if (*c == '\'')
            fputs("'\\''", stdout);
        else
            putchar(*c);
    }
    putchar('\'');
}

/* Jobs: variant v's pictures are job 2v, its media job 2v + 1. */
static int jobs_of(const plan *p) {
    return 2 * p->s.variants;
}

static bool job_runs(const plan *p, int job) {
    return job % 2 == 0 || p->media;
}

static int run_jobs(const plan *p) {
    const app_options *options = p->options;
    char loom[PATH_MAX];
    app_jobs_own_path(options->argv[0], loom, sizeof loom);
    int total = jobs_of(p), count = 0;
    app_argv *commands = malloc((size_t)total * sizeof *commands);
    app_job *jobs = malloc((size_t)total * sizeof *jobs);
    char **names = calloc((size_t)p->s.variants, sizeof *names);
    int status = APP_EXIT_FAILURE;
    if (!commands || !jobs || !names) {
        fprintf(stderr, "loom: out of memory\n");
        goto done;
    }
    for (int v = 0; v < p->s.variants; v++) {
        if (!(names[v] = malloc(2048))) {
            fprintf(stderr, "loom: out of memory\n");
            goto done;
        }
        app_variants_name(&p->s, v, names[v], 2048);
    }
    for (int job = 0; job < total; job++) {
        if (!job_runs(p, job))
            continue;
        if (!build_command(p, job / 2, job % 2 ? JOB_MEDIA : JOB_PICTURES, loom,
                           &commands[count])) {
            fprintf(stderr, "loom: the command line of variant %s is too long\n", names[job / 2]);
            goto done;
        }
        jobs[count] = (app_job){commands[count].argv, job / 2};
        count++;
    }
    int failed = app_jobs_run(jobs, count, app_default_threads(), (const char *const *)names,
                              p->s.variants, "variant", options->quiet);
    status = failed ? APP_EXIT_FAILURE : APP_EXIT_OK;
done:
    for (int v = 0; names && v < p->s.variants; v++)
        free(names[v]);
    free(names);
    free(jobs);
    free(commands);
    return status;
}

/* mkdir, and fine when it is there. */
static bool make_dir(const char *path) {
    return mkdir(path, 0777) == 0 || errno == EEXIST;
}

/* The folders the jobs write into: DIR, DIR/.sheet/<variant>, and
 * DIR/<variant> for a video or a table (a render with --out makes its own). */
static bool make_folders(const plan *p, bool pictures) {
    const app_options *options = p->options;
    char path[4096 + 2200], name[2048];
    if (!make_dir(options->out)) {
        fprintf(stderr, "loom: cannot create output folder '%s': %s\n", options->out,
                strerror(errno));
        return false;
    }
    snprintf(path, sizeof path, "%s%s.sheet", options->out, p->separator);
    if (pictures && !make_dir(path)) {
        fprintf(stderr, "loom: cannot create '%s': %s\n", path, strerror(errno));
        return false;
    }
    for (int v = 0; v < p->s.variants; v++) {
        app_variants_name(&p->s, v, name, sizeof name);
        snprintf(path, sizeof path, "%s%s.sheet/%s", options->out, p->separator, name);
        if (pictures && !make_dir(path)) {
            fprintf(stderr, "loom: cannot create '%s': %s\n", path, strerror(errno));
            return false;
        }
        snprintf(path, sizeof path, "%s%s%s", options->out, p->separator, name);
        if ((options->video || options->csv) && !make_dir(path)) {
            fprintf(stderr, "loom: cannot create '%s': %s\n", path, strerror(errno));
            return false;
        }
    }
    return true;
}

/* Removes DIR/.sheet: the pictures the sheet was made of. */
static void remove_pictures(const plan *p, const int *frames, int moments) {
    const app_options *options = p->options;
    char path[4096 + 2300], name[2048];
    for (int v = 0; v < p->s.variants; v++) {
        app_variants_name(&p->s, v, name, sizeof name);
        for (int m = 0; m < moments; m++) {
            snprintf(path, sizeof path, "%s%s.sheet/%s/frame_%05d.png", options->out, p->separator,
                     name, frames[m]);
            unlink(path);
        }
        snprintf(path, sizeof path, "%s%s.sheet/%s", options->out, p->separator, name);
        rmdir(path);
    }
    snprintf(path, sizeof path, "%s%s.sheet", options->out, p->separator);
    rmdir(path);
}

static int make_sheet(const plan *p, const int *frames, int moments) {
    const app_options *options = p->options;
    int variants = p->s.variants;
    char **names = calloc((size_t)variants, sizeof *names);
    char **labels = calloc((size_t)variants, sizeof *labels);
    char *pictures = malloc(strlen(options->out) + 16);
    char title[1024], err[1024];
    int status = APP_EXIT_FAILURE;
    for (int v = 0; names && labels && v < variants; v++) {
        names[v] = malloc(2048);
        labels[v] = malloc(2048);
        if (!names[v] || !labels[v])
            break;
        app_variants_name(&p->s, v, names[v], 2048);
        app_variants_label(&p->s, v, labels[v], 2048);
    }
    bool all = names && labels && pictures && labels[variants - 1];
    if (all) {
        sprintf(pictures, "%s%s.sheet", options->out, p->separator);
        sheet_title(options, &p->s, title, sizeof title);
        app_sheet sheet = {.dir = options->out,
                           .pictures = pictures,
                           .names = (const char *const *)names,
                           .labels = (const char *const *)labels,
                           .variants = variants,
                           .frames = frames,
                           .moments = moments,
                           .fps = options->fps,
                           .title = title,
                           .plan = p->sheet};
        if (app_sweep_sheet(&sheet, err, sizeof err))
            status = APP_EXIT_OK;
        else
            fprintf(stderr, "loom: %s\n", err);
    } else
        fprintf(stderr, "loom: out of memory\n");
    remove_pictures(p, frames, moments);
    if (status == APP_EXIT_OK) {
        if (!options->quiet)
            fprintf(stderr,
                    "loom: sweep of %d variants: contact sheet %s%ssheet.png (%s %s, %d picture%s "
                    "of %dx%d, 300 dpi)\n",
                    variants, options->out, p->separator, options->page,
                    p->sheet.page_width > p->sheet.page_height ? "landscape" : "portrait",
                    variants * moments, variants * moments == 1 ? "" : "s", p->sheet.cell_width,
                    p->sheet.cell_height);
    }
    for (int v = 0; names && labels && v < variants; v++) {
        free(names[v]);
        free(labels[v]);
    }
    free(names);
    free(labels);
    free(pictures);
    return status;
}

int app_sweep(const app_options *options) {
    plan p = {.options = options};
    char err[1024];
    if (!app_variants_parse(options->params, &p.s, err, sizeof err)) {
        app_variants_free(&p.s);
        fprintf(stderr, "loom: %s\n", err);
        return APP_EXIT_USAGE;
    }
    size_t out_length = strlen(options->out);
    p.separator = out_length && options->out[out_length - 1] == '/' ? "" : "/";
    p.media = wants_frames(options) || options->video || options->csv;
    int last = options->frames - 1;
    const int *frames = options->at ? options->at : &last;
    int moments = options->at ? options->at_count : 1;
    snprintf(p.at, sizeof p.at, "%.17g", last / options->fps);
    app_sheet_page page;
    app_sheet_page_parse(options->page, &page);
    p.sheet =
        app_sheet_plan_make(page, p.s.variants, moments, (double)options->width / options->height);
    if (p.sheet.cell_height < app_sheet_min_cell_height()) {
        fprintf(stderr,
                "loom: %d variants x %d moments do not fit on one %s page with pictures at least "
                "1 cm high; sweep fewer values or moments\n",
                p.s.variants, moments, options->page);
        app_variants_free(&p.s);
        return APP_EXIT_USAGE;
    }
    if (options->video && !app_video_format_known(options->video)) {
        fprintf(stderr, "loom: --video needs a file name ending in .mp4, .webm or .gif, not '%s'\n",
                options->video);
        app_variants_free(&p.s);
        return APP_EXIT_USAGE;
    }
    if (options->video && !app_video_ffmpeg_found()) {
        fprintf(stderr, "loom: --video needs ffmpeg, which is not on the PATH (Debian: apt-get "
                        "install ffmpeg)\n");
        app_variants_free(&p.s);
        return APP_EXIT_FAILURE;
    }
    int status = APP_EXIT_OK;
    if (options->print) {
        app_argv *c = malloc(sizeof *c);
        if (!c || !make_folders(&p, true))
            status = APP_EXIT_FAILURE;
        for (int job = 0; status == APP_EXIT_OK && job < jobs_of(&p); job++) {
            if (!job_runs(&p, job))
                continue;
            if (!build_command(&p, job / 2, job % 2 ? JOB_MEDIA : JOB_PICTURES, options->argv[0],
                               c)) {
                fprintf(stderr, "loom: the command line of variant %d is too long\n", job / 2);
                status = APP_EXIT_FAILURE;
                break;
            }
            for (int i = 0; i < c->argc; i++) {
                if (i)
                    putchar(' ');
                print_quoted(c->argv[i]);
            }
            putchar('\n');
        }
        free(c);
        app_variants_free(&p.s);
        return status;
    }
    if (!options->sheet_only)
        status = make_folders(&p, true) ? run_jobs(&p) : APP_EXIT_FAILURE;
    if (make_sheet(&p, frames, moments) != APP_EXIT_OK)
        status = APP_EXIT_FAILURE;
    app_variants_free(&p.s);
    return status;
}
