/*
 * main.c - the loom command line: parses arguments, then runs a command.
 *
 * Exit status: 0 success, 1 the scene or the output failed, 2 bad usage.
 */
#include "app.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char usage[] =
    "usage: loom SCENE.lua [--size WxH] [--fps F]\n"
    "       loom render SCENE.lua --frames N --out DIR [--size WxH] [--fps F]\n"
    "       loom sim SCENE.lua --frames N [--fps F]\n"
    "       loom --help | --version\n";

static const char help[] =
    "\n"
    "loom is a physics sandbox: a scene is a Lua script that builds a world.\n"
    "\n"
    "commands:\n"
    "  (none)       open a window showing the running scene: drag particles with the\n"
    "               mouse, H lists the keys, Esc quits; saving the scene file reloads it\n"
    "  render       write N frames as DIR/frame_00000.png, DIR/frame_00001.png, ...\n"
    "  sim          run N frames without drawing and print a summary\n"
    "\n"
    "options:\n"
    "  --frames N   number of frames; frame 0 is the scene as built, before any step\n"
    "  --out DIR    folder for the frames, created if missing\n"
    "  --size WxH   picture size in pixels (default 1280x720)\n"
    "  --fps F      frames per second: each frame advances the simulation 1/F s (default 60)\n"
    "  --timeout S  stop a script call (loading, one loom.update, one step) that runs\n"
    "               longer than S seconds (default 10)\n"
    "  --memory M   the script's memory limit in MiB (default 1024)\n"
    "  -h, --help   show this help\n"
    "  --version    print the version\n"
    "\n"
    "exit status: 0 success, 1 the scene failed or a frame could not be written,\n"
    "2 bad command line\n"
    "\n"
    "example:\n"
    "  loom render examples/cloth_hanging.lua --frames 180 --out out/cloth\n"
    "  ffmpeg -framerate 60 -i out/cloth/frame_%05d.png cloth.mp4\n";

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

int main(int argc, char **argv) {
    app_options options = {
        .command = APP_WINDOW,
        .width = 1280,
        .height = 720,
        .fps = 60.0,
        .limits = {(size_t)APP_DEFAULT_MEMORY_MIB << 20, APP_DEFAULT_TIMEOUT_S},
    };
    const char *positional[2] = {NULL, NULL};
    int positionals = 0;
    bool seen_frames = false, seen_out = false;

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
            if (value)
                i++;
        }
        bool known = strcmp(name, "--frames") == 0 || strcmp(name, "--out") == 0 ||
                     strcmp(name, "--size") == 0 || strcmp(name, "--fps") == 0 ||
                     strcmp(name, "--timeout") == 0 || strcmp(name, "--memory") == 0;
        if (!known)
            return usage_error("unknown option '%s'", arg);
        if (!value)
            return usage_error("%s needs a value", name);
        if (strcmp(name, "--frames") == 0) {
            if (!parse_int(value, 1, 100000000, &options.frames))
                return usage_error("--frames needs a whole number of at least 1, not '%s'", value);
            seen_frames = true;
        } else if (strcmp(name, "--out") == 0) {
            if (value[0] == '\0')
                return usage_error("--out needs a folder");
            options.out = value;
            seen_out = true;
        } else if (strcmp(name, "--size") == 0) {
            if (!parse_size(value, &options.width, &options.height))
                return usage_error("--size needs WIDTHxHEIGHT in pixels, each 16 to 8192, not '%s'",
                                   value);
        } else if (strcmp(name, "--fps") == 0) {
            if (!parse_double(value, 0.0, 10000.0, &options.fps))
                return usage_error("--fps needs a number above 0 (at most 10000), not '%s'", value);
        } else if (strcmp(name, "--timeout") == 0) {
            if (!parse_double(value, 0.0, 1e6, &options.limits.time_seconds))
                return usage_error("--timeout needs a number of seconds above 0, not '%s'", value);
        } else {
            int mib;
            if (!parse_int(value, 1, 1 << 20, &mib))
                return usage_error("--memory needs a whole number of MiB of at least 1, not '%s'",
                                   value);
            options.limits.memory_bytes = (size_t)mib << 20;
        }
    }

    if (positionals == 0)
        return usage_error("no scene given");
    const char *command = positional[0];
    if (strcmp(command, "render") == 0 || strcmp(command, "sim") == 0) {
        options.command = strcmp(command, "render") == 0 ? APP_RENDER : APP_SIM;
        if (positionals < 2)
            return usage_error("'loom %s' needs a scene", command);
        options.scene = positional[1];
    } else {
        /* A word that is neither a command nor a file is a mistyped command. */
        size_t length = strlen(command);
        bool lua_name = length > 4 && strcmp(command + length - 4, ".lua") == 0;
        if (!lua_name && access(command, F_OK) != 0)
            return usage_error("unknown command '%s'", command);
        if (positionals > 1)
            return usage_error("unexpected argument '%s'", positional[1]);
        options.scene = command;
    }

    switch (options.command) {
    case APP_RENDER:
        if (!seen_frames)
            return usage_error("'loom render' needs --frames N");
        if (!seen_out)
            return usage_error("'loom render' needs --out DIR");
        return app_render(&options);
    case APP_SIM:
        if (!seen_frames)
            return usage_error("'loom sim' needs --frames N");
        if (seen_out)
            return usage_error("--out is only for 'loom render'");
        return app_sim(&options);
    case APP_WINDOW:
        if (seen_frames || seen_out)
            return usage_error("--frames and --out are for 'loom render' and 'loom sim'");
        return app_window(&options);
    }
    return APP_EXIT_USAGE;
}
