/*
 * sweep.c - `loom sweep`: every combination of --set lists rendered into its
 * own folder, then a contact sheet.
 *
 * Each variant is a child `loom render` (one thread each, as many at once as
 * there are processors), so a sweep is exactly the command lines --print
 * lists: GNU parallel can run those on other machines instead, and
 * `loom sweep ... --sheet` then makes the sheet from what they wrote.
 */
#include "app.h"
#include "cleanup.h"
#include "sweep_sheet.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

/* The command line of variant v, as an argv (strings in buffer). */
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

static bool build_command(const app_options *options, const sweep *s, int v, const char *loom,
                          command *c) {
    c->argc = 0;
    c->used = 0;
    char text[4096 + 64], name[2048];
    variant_name(s, v, name, sizeof name);
    size_t out_length = strlen(options->out);
    const char *separator = out_length && options->out[out_length - 1] == '/' ? "" : "/";
    bool ok = add(c, loom) && add(c, "render") && add(c, options->scene) && add(c, "--frames");
    snprintf(text, sizeof text, "%d", options->frames);
    ok = ok && add(c, text) && add(c, "--out");
    snprintf(text, sizeof text, "%s%s%s", options->out, separator, name);
    ok = ok && add(c, text);
    for (int a = 0; a < s->axis_count && ok; a++) {
        snprintf(text, sizeof text, "%s=%s", s->axes[a].name, value_of(s, v, a));
        ok = add(c, "--set") && add(c, text);
    }
    snprintf(text, sizeof text, "%dx%d", options->width, options->height);
    ok = ok && add(c, "--size") && add(c, text);
    snprintf(text, sizeof text, "%.17g", options->fps);
    ok = ok && add(c, "--fps") && add(c, text);
    snprintf(text, sizeof text, "%.17g", options->limits.time_seconds);
    ok = ok && add(c, "--timeout") && add(c, text);
    snprintf(text, sizeof text, "%zu", options->limits.memory_bytes >> 20);
    ok = ok && add(c, "--memory") && add(c, text);
    if (options->limits.trust)
        ok = ok && add(c, "--trust");
    return ok && add(c, "--threads") && add(c, "1") && add(c, "--quiet");
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

static int run_variants(const app_options *options, const sweep *s) {
    char loom[PATH_MAX];
    own_path(options->argv[0], loom, sizeof loom);
    int jobs = app_default_threads();
    pid_t *running = calloc((size_t)s->variants, sizeof *running);
    command *c = malloc(sizeof *c);
    if (!running || !c) {
        free(running);
        free(c);
        fprintf(stderr, "loom: out of memory\n");
        return APP_EXIT_FAILURE;
    }
    /* A signal stops the variants too (each removes its own temporary files). */
    app_cleanup *cleanup = app_cleanup_create();
    int next = 0, active = 0, done = 0, failed = 0;
    double begin = app_seconds();
    while (done < s->variants) {
        while (active < jobs && next < s->variants) {
            if (!build_command(options, s, next, loom, c) || (running[next] = start(c)) < 0) {
                fprintf(stderr, "loom: cannot start variant %d\n", next);
                running[next] = 0;
                failed++;
                done++;
            } else {
                app_cleanup_add_child(cleanup, running[next]);
                active++;
            }
            next++;
        }
        if (active == 0)
            break;
        int status;
        pid_t child = wait(&status);
        if (child < 0)
            break;
        for (int v = 0; v < s->variants; v++) {
            if (running[v] != child)
                continue;
            running[v] = 0;
            app_cleanup_forget_child(cleanup, child);
            active--;
            done++;
            if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
                char name[2048];
                variant_name(s, v, name, sizeof name);
                fprintf(stderr, "loom: variant %s failed (exit %d)\n", name,
                        WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
                failed++;
            }
            if (!options->quiet)
                fprintf(stderr, "loom: sweep: %d/%d variants done in %.1f s\n", done, s->variants,
                        app_seconds() - begin);
        }
    }
    app_cleanup_destroy(cleanup);
    free(running);
    free(c);
    return failed ? APP_EXIT_FAILURE : APP_EXIT_OK;
}

int app_sweep(const app_options *options) {
    sweep s;
    char err[1024];
    if (!parse_sweep(options->params, &s, err, sizeof err)) {
        free_sweep(&s);
        fprintf(stderr, "loom: %s\n", err);
        return APP_EXIT_USAGE;
    }
    int status = APP_EXIT_OK;
    if (options->print) {
        command *c = malloc(sizeof *c);
        for (int v = 0; c && v < s.variants; v++) {
            if (!build_command(options, &s, v, options->argv[0], c))
                continue;
            for (int i = 0; i < c->argc; i++) {
                if (i)
                    putchar(' ');
                print_quoted(c->argv[i]);
            }
            putchar('\n');
        }
        free(c);
        free_sweep(&s);
        return c ? APP_EXIT_OK : APP_EXIT_FAILURE;
    }
    if (!options->sheet_only)
        status = run_variants(options, &s);

    /* The sheet: the last frame of each variant, labelled. */
    char **names = calloc((size_t)s.variants, sizeof *names);
    for (int v = 0; names && v < s.variants; v++) {
        names[v] = malloc(2048);
        if (names[v])
            variant_name(&s, v, names[v], 2048);
    }
    if (!names || !app_sweep_sheet(options->out, (const char *const *)names, s.variants,
                                   options->frames - 1, err, sizeof err)) {
        fprintf(stderr, "loom: %s\n", names ? err : "out of memory");
        status = APP_EXIT_FAILURE;
    } else if (!options->quiet) {
        size_t length = strlen(options->out);
        fprintf(stderr, "loom: sweep of %d variants: contact sheet %s%ssheet.png\n", s.variants,
                options->out, length && options->out[length - 1] == '/' ? "" : "/");
    }
    for (int v = 0; names && v < s.variants; v++)
        free(names[v]);
    free(names);
    free_sweep(&s);
    return status;
}
