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
#include "cleanup.h"
#include "sweep_sheet.h"
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

enum { MAX_VARIANTS = 1000, MAX_VALUES = 64 };

typedef struct axis {
    const char *name;
    char *values[MAX_VALUES];
    int count;
} axis;

typedef struct sweep {
    axis *axes;
    int axis_count;
    int variants;
    char *storage; /* the lists, split in place */
} sweep;

static void free_sweep(sweep *s) {
    free(s->axes);
    free(s->storage);
}

/* Splits every --set list at its commas. False with a message in err. */
static bool parse_sweep(const app_params *params, sweep *s, char *err, size_t err_size) {
    *s = (sweep){0};
    size_t total = 0;
    for (int i = 0; i < params->count; i++)
        total += strlen(params->values[i]) + 1;
    s->axes = calloc((size_t)params->count, sizeof *s->axes);
    s->storage = malloc(total);
    if (!s->axes || !s->storage) {
        snprintf(err, err_size, "out of memory");
        return false;
    }
    char *next = s->storage;
    s->variants = 1;
    for (int i = 0; i < params->count; i++) {
        axis *a = &s->axes[s->axis_count++];
        a->name = params->names[i];
        strcpy(next, params->values[i]);
        char *value = next;
        next += strlen(next) + 1;
        for (;;) {
            char *comma = strchr(value, ',');
            if (comma)
                *comma = '\0';
            if (value[0] == '\0' || strchr(value, '/')) {
                snprintf(err, err_size, "--set %s: each value must be non-empty, without '/'",
                         a->name);
                return false;
            }
            if (a->count == MAX_VALUES) {
                snprintf(err, err_size, "--set %s: at most %d values", a->name, MAX_VALUES);
                return false;
            }
            a->values[a->count++] = value;
            if (!comma)
                break;
            value = comma + 1;
        }
        if (strchr(a->name, '/') || strchr(a->name, ',')) {
            snprintf(err, err_size, "--set %s: a name without '/' or ','", a->name);
            return false;
        }
        if (s->variants > MAX_VARIANTS / a->count) {
            snprintf(err, err_size, "a sweep makes at most %d variants", MAX_VARIANTS);
            return false;
        }
        s->variants *= a->count;
    }
    return true;
}

/* The value of axis a in variant v (the first --set varies slowest). */
static const char *value_of(const sweep *s, int v, int a) {
    int stride = 1;
    for (int k = s->axis_count - 1; k > a; k--)
        stride *= s->axes[k].count;
    return s->axes[a].values[(v / stride) % s->axes[a].count];
}

/* "k=10,damping=0" */
static void variant_name(const sweep *s, int v, char *out, size_t size) {
    size_t used = 0;
    out[0] = '\0';
    for (int a = 0; a < s->axis_count && used < size; a++)
        used += (size_t)snprintf(out + used, size - used, "%s%s=%s", a ? "," : "", s->axes[a].name,
                                 value_of(s, v, a));
}

/* What varies in variant v: "k = 10, damping = 0.05" (axes of one value
 * are left out: they go into the title). */
static void variant_label(const sweep *s, int v, char *out, size_t size) {
    size_t used = 0;
    out[0] = '\0';
    for (int a = 0; a < s->axis_count && used < size; a++)
        if (s->axes[a].count > 1)
            used += (size_t)snprintf(out + used, size - used, "%s%s = %s", used ? ", " : "",
                                     s->axes[a].name, value_of(s, v, a));
}

/* The sheet's title: the scene's file name and what every variant shares. */
static void sheet_title(const app_options *options, const sweep *s, char *out, size_t size) {
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

/* The command line of one job, as an argv (strings in buffer). */
typedef struct command {
    char *argv[64 + 2 * 64];
    int argc;
    char buffer[8192];
    size_t used;
} command;

static char *keep(command *c, const char *text) {
    size_t length = strlen(text) + 1;
    if (c->used + length > sizeof c->buffer)
        return NULL;
    char *copy = c->buffer + c->used;
    memcpy(copy, text, length);
    c->used += length;
    return copy;
}

static bool add(command *c, const char *text) {
    if (c->argc >= (int)(sizeof c->argv / sizeof c->argv[0]) - 1)
        return false;
    char *copy = keep(c, text);
    if (!copy)
        return false;
    c->argv[c->argc++] = copy;
    c->argv[c->argc] = NULL;
    return true;
}

typedef enum job_kind {
    JOB_PICTURES, /* the sheet's pictures */
    JOB_MEDIA,    /* frames, video, table */
} job_kind;

/* Everything a sweep's jobs share. */
typedef struct plan {
    const app_options *options;
    sweep s;
    const char *separator; /* after options->out */
    bool media;            /* some variant output beside the sheet */
    app_sheet_plan sheet;
    char at[64]; /* without --at: the last frame's time */
} plan;

static bool wants_frames(const app_options *options) {
    return !options->at;
}

static bool build_command(const plan *p, int v, job_kind kind, const char *loom, command *c) {
    const app_options *options = p->options;
    const sweep *s = &p->s;
    c->argc = 0;
    c->used = 0;
    char text[4096 + 2200], name[2048];
    variant_name(s, v, name, sizeof name);
    bool table_only = kind == JOB_MEDIA && !wants_frames(options) && !options->video;
    bool ok = add(c, loom) && add(c, table_only ? "sim" : "render") && add(c, options->scene);
    if (kind == JOB_PICTURES) {
        ok = ok && add(c, "--at") && add(c, options->at ? options->at_text : p->at);
        snprintf(text, sizeof text, "%s%s.sheet/%s", options->out, p->separator, name);
        ok = ok && add(c, "--out") && add(c, text) && add(c, "--theme") && add(c, "print");
        snprintf(text, sizeof text, "%dx%d", p->sheet.cell_width, p->sheet.cell_height);
        ok = ok && add(c, "--size") && add(c, text);
    } else {
        snprintf(text, sizeof text, "%d", options->frames);
        ok = ok && add(c, "--frames") && add(c, text);
        if (wants_frames(options)) {
            snprintf(text, sizeof text, "%s%s%s", options->out, p->separator, name);
            ok = ok && add(c, "--out") && add(c, text);
        }
        if (options->video) {
            snprintf(text, sizeof text, "%s%s%s/%s", options->out, p->separator, name,
                     options->video);
            ok = ok && add(c, "--video") && add(c, text);
        }
        if (options->csv) {
            snprintf(text, sizeof text, "%s%s%s/%s", options->out, p->separator, name,
                     options->csv);
            ok = ok && add(c, "--csv") && add(c, text);
        }
        if (!table_only) {
            snprintf(text, sizeof text, "%dx%d", options->width, options->height);
            ok = ok && add(c, "--size") && add(c, text);
            if (options->theme >= 0)
                ok = ok && add(c, "--theme") && add(c, lr_theme_names()[options->theme]);
        }
    }
    for (int a = 0; a < s->axis_count && ok; a++) {
        snprintf(text, sizeof text, "%s=%s", s->axes[a].name, value_of(s, v, a));
        ok = add(c, "--set") && add(c, text);
    }
    snprintf(text, sizeof text, "%.17g", options->fps);
    ok = ok && add(c, "--fps") && add(c, text);
    snprintf(text, sizeof text, "%.17g", options->limits.time_seconds);
    ok = ok && add(c, "--timeout") && add(c, text);
    snprintf(text, sizeof text, "%zu", options->limits.memory_bytes >> 20);
    ok = ok && add(c, "--memory") && add(c, text);
    if (options->limits.seeded) {
        snprintf(text, sizeof text, "%llu", (unsigned long long)options->limits.seed);
        ok = ok && add(c, "--seed") && add(c, text);
    }
    if (options->limits.trust)
        ok = ok && add(c, "--trust");
    if (!table_only)
        ok = ok && add(c, "--threads") && add(c, "1");
    return ok && add(c, "--quiet");
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

/* This executable, to run the variants with. */
static void own_path(const char *argv0, char *out, size_t size) {
    ssize_t n = readlink("/proc/self/exe", out, size - 1);
    if (n > 0) {
        out[n] = '\0';
        return;
    }
    snprintf(out, size, "%s", argv0);
}

static pid_t start(const command *c) {
    pid_t child = fork();
    if (child == 0) {
        sigset_t none; /* the parent blocks the signals its cleanup thread waits for */
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        execv(c->argv[0], c->argv);
        fprintf(stderr, "loom: cannot run %s: %s\n", c->argv[0], strerror(errno));
        _exit(127);
    }
    return child;
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
    own_path(options->argv[0], loom, sizeof loom);
    int parallel = app_default_threads(), jobs = jobs_of(p);
    pid_t *running = calloc((size_t)jobs, sizeof *running);
    bool *failed_variant = calloc((size_t)p->s.variants, sizeof *failed_variant);
    command *c = malloc(sizeof *c);
    if (!running || !failed_variant || !c) {
        free(running);
        free(failed_variant);
        free(c);
        fprintf(stderr, "loom: out of memory\n");
        return APP_EXIT_FAILURE;
    }
    /* A signal stops the jobs too (each removes its own temporary files). */
    app_cleanup *cleanup = app_cleanup_create();
    int next = 0, active = 0, failed = 0, done = 0, variants_done = 0;
    int *left = calloc((size_t)p->s.variants, sizeof *left);
    for (int v = 0; left && v < p->s.variants; v++)
        left[v] = p->media ? 2 : 1;
    double begin = app_seconds();
    while (left) {
        while (active < parallel && next < jobs) {
            int job = next++;
            if (!job_runs(p, job))
                continue;
            if (!build_command(p, job / 2, job % 2 ? JOB_MEDIA : JOB_PICTURES, loom, c) ||
                (running[job] = start(c)) < 0) {
                fprintf(stderr, "loom: cannot start a job of variant %d\n", job / 2);
                running[job] = 0;
                failed_variant[job / 2] = true;
                failed++;
                done++;
            } else {
                app_cleanup_add_child(cleanup, running[job]);
                active++;
            }
        }
        if (active == 0)
            break;
        int status;
        pid_t child = wait(&status);
        if (child < 0)
            break;
        for (int job = 0; job < jobs; job++) {
            if (running[job] != child)
                continue;
            int v = job / 2;
            running[job] = 0;
            app_cleanup_forget_child(cleanup, child);
            active--;
            if ((!WIFEXITED(status) || WEXITSTATUS(status) != 0) && !failed_variant[v]) {
                char name[2048];
                variant_name(&p->s, v, name, sizeof name);
                fprintf(stderr, "loom: variant %s failed (exit %d)\n", name,
                        WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
                failed_variant[v] = true;
                failed++;
            }
            if (--left[v] == 0) {
                variants_done++;
                if (!options->quiet)
                    fprintf(stderr, "loom: sweep: %d/%d variants done in %.1f s\n", variants_done,
                            p->s.variants, app_seconds() - begin);
            }
        }
    }
    app_cleanup_destroy(cleanup);
    free(running);
    free(failed_variant);
    free(left);
    free(c);
    return failed || !left ? APP_EXIT_FAILURE : APP_EXIT_OK;
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
        variant_name(&p->s, v, name, sizeof name);
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
        variant_name(&p->s, v, name, sizeof name);
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
        variant_name(&p->s, v, names[v], 2048);
        variant_label(&p->s, v, labels[v], 2048);
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
    if (!parse_sweep(options->params, &p.s, err, sizeof err)) {
        free_sweep(&p.s);
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
        free_sweep(&p.s);
        return APP_EXIT_USAGE;
    }
    if (options->video && !app_video_ffmpeg_found()) {
        fprintf(stderr, "loom: --video needs ffmpeg, which is not on the PATH (Debian: apt-get "
                        "install ffmpeg)\n");
        free_sweep(&p.s);
        return APP_EXIT_FAILURE;
    }
    int status = APP_EXIT_OK;
    if (options->print) {
        command *c = malloc(sizeof *c);
        if (c && !make_folders(&p, true))
            status = APP_EXIT_FAILURE;
        for (int job = 0; c && status == APP_EXIT_OK && job < jobs_of(&p); job++) {
            if (!job_runs(&p, job) ||
                !build_command(&p, job / 2, job % 2 ? JOB_MEDIA : JOB_PICTURES, options->argv[0],
                               c))
                continue;
            for (int i = 0; i < c->argc; i++) {
                if (i)
                    putchar(' ');
                print_quoted(c->argv[i]);
            }
            putchar('\n');
        }
        free(c);
        free_sweep(&p.s);
        return c ? status : APP_EXIT_FAILURE;
    }
    if (!options->sheet_only)
        status = make_folders(&p, true) ? run_jobs(&p) : APP_EXIT_FAILURE;
    if (make_sheet(&p, frames, moments) != APP_EXIT_OK)
        status = APP_EXIT_FAILURE;
    free_sweep(&p.s);
    return status;
}
