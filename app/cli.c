/*
 * cli.c - the loom command line parsed into options, without running anything
 * (main.c runs what it says; tests/fuzz/fuzz_cli.c feeds it any argv).
 */
#include "cli.h"
#include "moments.h"
#include "sweep_sheet.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char usage[] =
    "usage: loom SCENE.lua [--size WxH] [--fps F] [--scale S] [--set NAME=VALUE]...\n"
    "       loom render SCENE.lua --frames N (--out DIR | --video FILE) [--csv FILE]\n"
    "                   [--size WxH] [--fps F] [--scale S] [--threads T] [--set NAME=VALUE]...\n"
    "                   [--quiet]\n"
    "       loom render SCENE.lua --at T[,T...] --out DIR [--frames N] [--csv FILE] ...\n"
    "       loom sim SCENE.lua --frames N [--csv FILE] [--fps F] [--set NAME=VALUE]... [--quiet]\n"
    "       loom sweep SCENE.lua --set NAME=V1,V2,... ... (--at T[,T...] | --frames N) --out DIR\n"
    "                  [--page a4|letter] [--csv NAME.csv] [--video NAME.mp4] [--print | --sheet]\n"
    "       loom page SCENE.lua --out DIR [--frames N] [--at T] [--set NAME=V[,V...]]...\n"
    "       loom examples [DIR]   (the scenes of DIR, one line each)\n"
    "       loom DIR              (a window of DIR's scenes as pictures: click one to open it)\n"
    "       loom --help | --version\n";

static const char help[] =
    "\n"
    "loom is a physics sandbox: a scene is a Lua script that builds a world.\n"
    "\n"
    "commands:\n"
    "  (none)       open a window showing the running scene: drag particles with the\n"
    "               mouse, H lists the keys, Esc quits; saving the scene file reloads it\n"
    "  render       write N frames as DIR/frame_00000.png, DIR/frame_00001.png, ...\n"
    "               and/or a video\n"
    "  sim          run N frames without drawing (summary on stderr, the scene's prints\n"
    "               on stdout)\n"
    "  sweep        run every combination of --set lists on all cores, and make a\n"
    "               contact sheet DIR/sheet.png to print: the --at moments of each\n"
    "               variant on an A4 or Letter page at 300 dpi; without --at, every\n"
    "               frame into DIR/NAME=V,.../ and the last on the sheet\n"
    "  page         a lesson page in DIR that opens in any browser with no network:\n"
    "               index.html, the video and its poster, SVG charts of the plots, the\n"
    "               CSV, the scene's source and parameters; a gallery for --set lists\n"
    "\n"
    "options:\n"
    "  --frames N   number of frames (1 to 1000000); frame 0 is the scene as built\n"
    "  --out DIR    folder for the frames, created if missing\n"
    "  --at T,...   render: only the pictures of these moments (seconds; FROM:TO:STEP\n"
    "               for a range), simulating the frames between without drawing them;\n"
    "               sweep: the moments on the contact sheet\n"
    "  --page P     sweep: the sheet's page, a4 (default) or letter, optionally\n"
    "               -portrait or -landscape\n"
    "  --theme T    render, sweep, page: draw in the light, dark or print theme\n"
    "               instead of the scene's\n"
    "  --video FILE also (or only) a video: .mp4 (H.264), .webm (VP9) or .gif; needs ffmpeg\n"
    "  --csv FILE   the time and every loom.plot and loom.record series as columns,\n"
    "               units in the header, one row per frame (sweep: a file name, in\n"
    "               each variant's folder; --video too)\n"
    "  --set N=V    the value loom.param(N, ...) returns (a number, true/false or text);\n"
    "               repeat for more; in a sweep, V is a comma-separated list\n"
    "  --size WxH   picture size in pixels (default 1280x720)\n"
    "  --fps F      frames per second (1 to 10000): each frame advances the simulation\n"
    "               1/F s (default 60)\n"
    "  --scale S    text, lines and markers S times larger (0.5 to 4, default 1), for\n"
    "               the back row of a room; on top of the scene's loom.style{ scale }\n"
    "  --threads T  threads that draw and encode frames (default: one per processor)\n"
    "  --quiet      no progress line and no summary\n"
    "  --print      sweep: print the jobs' 'loom render' command lines (for GNU\n"
    "               parallel) instead of running them\n"
    "  --sheet      sweep: only make DIR/sheet.png from the pictures they wrote\n"
    "  --seed N     seed of loom.random, loom.noise and math.random (default: a hash of\n"
    "               the scene file, so the same scene gives the same frames)\n"
    "  --timeout S  stop a script call (loading, one frame's loom.update and steps)\n"
    "               that runs longer than S seconds (default 10)\n"
    "  --memory M   the script's memory limit in MiB (default 1024)\n"
    "  --trust      run the scene with the full Lua standard library (files,\n"
    "               processes): only for scenes you wrote or checked yourself;\n"
    "               without it a scene runs sandboxed (docs/untrusted.md)\n"
    "  -h, --help   show this help\n"
    "  --version    print the version\n"
    "\n"
    "environment:\n"
    "  LOOM_PATH    the folder of loom's Lua library (the one holding loom/cloth.lua),\n"
    "               instead of where loom was installed or built (man loom)\n"
    "\n"
    "exit status: 0 success, 1 the scene failed or a frame could not be written,\n"
    "2 bad command line (or a --set the scene has no parameter for, or out of its\n"
    "range), 128+N killed by signal N (SIGINT 130, SIGTERM 143)\n"
    "\n"
    "examples:\n"
    "  loom render examples/cloth_hanging.lua --frames 180 --out out/cloth\n"
    "  loom render examples/cloth_hanging.lua --frames 180 --video cloth.mp4\n"
    "  loom render examples/cloth_hanging.lua --at 0.5,1,2 --out moments\n"
    "  loom sweep examples/params_spring_sweep.lua --set k=10,40,160 --set damping=0,0.5 \\\n"
    "             --at 1,2 --out sweep\n"
    "  loom page examples/draw_projectile_energy.lua --out lesson\n"
    "  ffmpeg -framerate 60 -i out/cloth/frame_%05d.png -c:v libx264 -pix_fmt yuv420p \\\n"
    "         -movflags +faststart cloth.mp4\n";

__attribute__((format(printf, 1, 2))) static int usage_error(const char *format, ...) {
    va_list args;
    va_start(args, format);
    fputs("loom: ", stderr);
    vfprintf(stderr, format, args);
    va_end(args);
    fprintf(stderr, "\n%srun 'loom --help' for more\n", usage);
    return APP_EXIT_USAGE;
}

static bool parse_int(const char *text, long low, long high, int *out) {
    char *end;
    errno = 0;
    long value = strtol(text, &end, 10);
    if (errno || end == text || *end != '\0' || value < low || value > high)
        return false;
    *out = (int)value;
    return true;
}

static bool parse_double(const char *text, double low, double high, double *out) {
    char *end;
    errno = 0;
    double value = strtod(text, &end);
    if (errno || end == text || *end != '\0' || !isfinite(value) || !(value > low) || value > high)
        return false;
    *out = value;
    return true;
}

static bool parse_size(const char *text, int *width, int *height) {
    const char *x = strchr(text, 'x');
    if (!x || x - text > 15)
        return false;
    char left[16];
    memcpy(left, text, (size_t)(x - text));
    left[x - text] = '\0';
    return parse_int(left, 16, 8192, width) && parse_int(x + 1, 16, 8192, height);
}

/* Options that take a value. */
static const char *const valued[] = {
    "--frames",  "--out", "--size", "--fps", "--timeout", "--memory", "--video", "--csv",
    "--threads", "--set", "--seed", "--at",  "--theme",   "--page",   "--scale", NULL};

static bool is_valued(const char *name) {
    for (int i = 0; valued[i]; i++)
        if (strcmp(name, valued[i]) == 0)
            return true;
    return false;
}

/* One option with its value; returns APP_EXIT_OK or the usage error's status. */
static int take_option(app_cli *p, const char *name, const char *value) {
    app_options *options = &p->options;
    if (strcmp(name, "--frames") == 0) {
        if (!parse_int(value, 1, 1000000, &options->frames))
            return usage_error("--frames needs a whole number from 1 to 1000000, not '%s'", value);
        p->seen_frames = true;
    } else if (strcmp(name, "--out") == 0) {
        if (value[0] == '\0')
            return usage_error("--out needs a folder");
        options->out = value;
        p->seen_out = true;
    } else if (strcmp(name, "--video") == 0) {
        if (value[0] == '\0')
            return usage_error("--video needs a file name");
        options->video = value;
    } else if (strcmp(name, "--at") == 0) {
        if (value[0] == '\0')
            return usage_error("--at needs times in seconds, such as --at 1,2.5 or --at 0:2:0.5");
        options->at_text = value;
    } else if (strcmp(name, "--theme") == 0) {
        const char *const *names = lr_theme_names();
        options->theme = -1;
        for (int i = 0; names[i]; i++)
            if (strcmp(value, names[i]) == 0)
                options->theme = i;
        if (options->theme < 0)
            return usage_error("--theme needs light, dark or print, not '%s'", value);
    } else if (strcmp(name, "--page") == 0) {
        app_sheet_page page;
        if (!app_sheet_page_parse(value, &page))
            return usage_error("--page needs a4 or letter (or a4-portrait, a4-landscape, "
                               "letter-portrait, letter-landscape), not '%s'",
                               value);
        options->page = value;
        p->seen_page = true;
    } else if (strcmp(name, "--csv") == 0) {
        if (value[0] == '\0')
            return usage_error("--csv needs a file name");
        options->csv = value;
    } else if (strcmp(name, "--size") == 0) {
        if (!parse_size(value, &options->width, &options->height))
            return usage_error("--size needs WIDTHxHEIGHT in pixels, each 16 to 8192, not '%s'",
                               value);
    } else if (strcmp(name, "--fps") == 0) {
        /* At least 1: fewer frames per second would make one frame many
         * steps, and a tiny F would never finish a frame. */
        if (!parse_double(value, 0.0, 10000.0, &options->fps) || options->fps < 1.0)
            return usage_error("--fps needs a number from 1 to 10000, not '%s'", value);
    } else if (strcmp(name, "--scale") == 0) {
        if (!parse_double(value, 0.0, 4.0, &options->scale) || options->scale < 0.5)
            return usage_error("--scale needs a number from 0.5 to 4, not '%s'", value);
    } else if (strcmp(name, "--threads") == 0) {
        if (!parse_int(value, 1, 64, &options->threads))
            return usage_error("--threads needs a whole number from 1 to 64, not '%s'", value);
    } else if (strcmp(name, "--set") == 0) {
        char err[256];
        if (!app_params_set_arg(&p->params, value, err, sizeof err))
            return usage_error("%s", err);
    } else if (strcmp(name, "--seed") == 0) {
        char *end;
        errno = 0;
        unsigned long long seed = strtoull(value, &end, 10);
        if (value[0] < '0' || value[0] > '9' || *end != '\0' || errno != 0)
            return usage_error(
                "--seed needs a whole number from 0 to 18446744073709551615, not '%s'", value);
        options->limits.seeded = true;
        options->limits.seed = (uint64_t)seed;
    } else if (strcmp(name, "--timeout") == 0) {
        if (!parse_double(value, 0.0, 1e6, &options->limits.time_seconds))
            return usage_error("--timeout needs a number of seconds above 0, not '%s'", value);
    } else {
        int mib;
        if (!parse_int(value, 1, 1 << 20, &mib))
            return usage_error("--memory needs a whole number of MiB of at least 1, not '%s'",
                               value);
        options->limits.memory_bytes = (size_t)mib << 20;
    }
    return APP_EXIT_OK;
}

static bool is_directory(const char *path) {
    struct stat info;
    return stat(path, &info) == 0 && S_ISDIR(info.st_mode);
}

void app_cli_init(app_cli *cli, int argc, char **argv) {
    *cli = (app_cli){
        .options =
            {
                .command = APP_WINDOW,
                .width = 1280,
                .height = 720,
                .fps = 60.0,
                .limits = {.memory_bytes = (size_t)APP_DEFAULT_MEMORY_MIB << 20,
                           .time_seconds = APP_DEFAULT_TIMEOUT_S},
                .threads = app_default_threads(),
                .scale = 1.0,
                .theme = -1,
                .page = "a4",
                .argc = argc,
                .argv = argv,
            },
        .action = APP_CLI_DONE,
    };
    cli->options.params = &cli->params;
}

void app_cli_free(app_cli *cli) {
    app_params_free(&cli->params);
    free(cli->at_frames);
    cli->at_frames = NULL;
}

/* --at resolved at the final --fps: the frames, and --frames when not given. */
static int take_moments(app_cli *p) {
    app_options *options = &p->options;
    char err[256];
    if (!app_moments_parse(options->at_text, options->fps, &p->at_frames, &options->at_count, err,
                           sizeof err))
        return usage_error("%s", err);
    options->at = p->at_frames;
    int last = options->at[options->at_count - 1];
    if (!p->seen_frames)
        options->frames = last + 1;
    else if (last >= options->frames)
        return usage_error("--at reaches frame %d (%g s at %g fps), past the %d frames of "
                           "--frames %d",
                           last, last / options->fps, options->fps, options->frames,
                           options->frames);
    return APP_EXIT_OK;
}

int app_cli_parse(app_cli *p, int argc, char **argv) {
    app_options *options = &p->options;
    /* Finding the examples (app/examples.c, app/picker.c). */
    if (argc >= 2 && strcmp(argv[1], "examples") == 0 && argc <= 3) {
        p->action = APP_CLI_EXAMPLES;
        p->dir = argc == 3 ? argv[2] : NULL;
        return APP_EXIT_OK;
    }
    if (argc == 2 && is_directory(argv[1])) {
        p->action = APP_CLI_PICKER;
        p->dir = argv[1];
        return APP_EXIT_OK;
    }
    p->action = APP_CLI_DONE;
    const char *positional[2] = {NULL, NULL};
    int positionals = 0;
    bool seen_print = false, seen_sheet = false;

    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0) {
            fputs(usage, stdout);
            fputs(help, stdout);
            return APP_EXIT_OK;
        }
        if (strcmp(arg, "--version") == 0) {
            puts("loom " LM_VERSION_STRING);
            return APP_EXIT_OK;
        }
        if (arg[0] != '-' || arg[1] == '\0') {
            if (positionals == 2)
                return usage_error("unexpected argument '%s'", arg);
            positional[positionals++] = arg;
            continue;
        }
        if (strcmp(arg, "--quiet") == 0 || strcmp(arg, "-q") == 0) {
            options->quiet = true;
            continue;
        }
        if (strcmp(arg, "--print") == 0) {
            seen_print = true;
            continue;
        }
        if (strcmp(arg, "--trust") == 0) {
            options->limits.trust = true;
            continue;
        }
        if (strcmp(arg, "--sheet") == 0) {
            seen_sheet = true;
            continue;
        }
        /* Options take a value, as "--name value" or "--name=value". */
        char name[32];
        const char *value;
        const char *equals = strchr(arg, '=');
        if (equals && equals - arg < (long)sizeof name) {
            memcpy(name, arg, (size_t)(equals - arg));
            name[equals - arg] = '\0';
            value = equals + 1;
        } else {
            snprintf(name, sizeof name, "%s", arg);
            value = i + 1 < argc ? argv[i + 1] : NULL;
            if (value && is_valued(name))
                i++;
        }
        if (!is_valued(name))
            return usage_error("unknown option '%s'", arg);
        if (!value)
            return usage_error("%s needs a value", name);
        int status = take_option(p, name, value);
        if (status != APP_EXIT_OK)
            return status;
    }

    if (positionals == 0)
        return usage_error("no scene given");
    const char *command = positional[0];
    static const struct {
        const char *name;
        app_command command;
    } commands[] = {
        {"render", APP_RENDER}, {"sim", APP_SIM}, {"sweep", APP_SWEEP}, {"page", APP_PAGE}};
    int known = -1;
    for (int i = 0; i < (int)(sizeof commands / sizeof commands[0]); i++)
        if (strcmp(command, commands[i].name) == 0)
            known = i;
    if (known >= 0) {
        options->command = commands[known].command;
        if (positionals < 2)
            return usage_error("'loom %s' needs a scene", command);
        options->scene = positional[1];
    } else {
        /* A word that is neither a command nor a file is a mistyped command. */
        size_t length = strlen(command);
        bool lua_name = length > 4 && strcmp(command + length - 4, ".lua") == 0;
        if (!lua_name && access(command, F_OK) != 0)
            return usage_error("unknown command '%s'", command);
        if (positionals > 1)
            return usage_error("unexpected argument '%s'", positional[1]);
        options->scene = command;
    }
    if ((seen_print || seen_sheet) && options->command != APP_SWEEP)
        return usage_error("--print and --sheet are for 'loom sweep'");
    bool sweep = options->command == APP_SWEEP, page = options->command == APP_PAGE;
    if (options->video && options->command != APP_RENDER && !sweep)
        return usage_error("--video is for 'loom render' and 'loom sweep'");
    if (options->csv && (options->command == APP_WINDOW || page))
        return usage_error("--csv is for 'loom render', 'loom sim' and 'loom sweep'");
    if (options->at_text && options->command != APP_RENDER && !sweep && !page)
        return usage_error("--at is for 'loom render', 'loom sweep' and 'loom page'");
    if (options->theme >= 0 && options->command != APP_RENDER && !sweep && !page)
        return usage_error("--theme is for 'loom render', 'loom sweep' and 'loom page'");
    if (p->seen_page && !sweep)
        return usage_error("--page is for 'loom sweep'");
    options->print = seen_print;
    options->sheet_only = seen_sheet;
    if (options->at_text) {
        int status = take_moments(p);
        if (status != APP_EXIT_OK)
            return status;
    }

    switch (options->command) {
    case APP_RENDER:
        if (!p->seen_frames && !options->at)
            return usage_error("'loom render' needs --frames N (or --at T)");
        if (!p->seen_out && !options->video)
            return usage_error(options->at ? "'loom render --at' needs --out DIR"
                                           : "'loom render' needs --out DIR or --video FILE (or "
                                             "both)");
        break;
    case APP_SIM:
        if (!p->seen_frames)
            return usage_error("'loom sim' needs --frames N");
        if (p->seen_out)
            return usage_error("--out is only for 'loom render' and 'loom sweep'");
        break;
    case APP_SWEEP:
        if (!p->seen_frames && !options->at)
            return usage_error("'loom sweep' needs --frames N (or --at T)");
        for (int i = 0; i < 2; i++) {
            const char *file = i ? options->csv : options->video;
            if (file && strchr(file, '/'))
                return usage_error("in a sweep, %s is a file name for each variant's folder, "
                                   "without '/', not '%s'",
                                   i ? "--csv" : "--video", file);
        }
        if (!p->seen_out)
            return usage_error("'loom sweep' needs --out DIR");
        if (p->params.count == 0)
            return usage_error("'loom sweep' needs at least one --set NAME=V1,V2,...");
        if (seen_print && seen_sheet)
            return usage_error("--print and --sheet do not go together");
        break;
    case APP_PAGE:
        if (!p->seen_out)
            return usage_error("'loom page' needs --out DIR");
        if (options->at && options->at_count > 1)
            return usage_error("'loom page --at T' is the poster's moment: one time, not %d",
                               options->at_count);
        if (!p->seen_frames)
            options->frames = APP_PAGE_FRAMES;
        if (options->at && options->at[0] >= options->frames)
            return usage_error("--at puts the poster at frame %d, past the %d frames of the video",
                               options->at[0], options->frames);
        break;
    case APP_WINDOW:
        if (p->seen_frames || p->seen_out)
            return usage_error("--frames and --out are for 'loom render' and 'loom sim'");
        break;
    }
    p->action = APP_CLI_RUN;
    return APP_EXIT_OK;
}
