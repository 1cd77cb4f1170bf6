/*
 * cli.h - the loom command line parsed into options, without running
 * anything: main.c runs the result, tests/fuzz/fuzz_cli.c feeds it any argv.
 */
#ifndef LOOM_APP_CLI_H
#define LOOM_APP_CLI_H

#include "app.h"

typedef enum app_cli_action {
    APP_CLI_DONE,     /* nothing to run: --help or --version printed */
    APP_CLI_RUN,      /* run options.command */
    APP_CLI_EXAMPLES, /* loom examples [DIR]: list dir's scenes */
    APP_CLI_PICKER,   /* loom DIR: the picture picker of dir */
} app_cli_action;

typedef struct app_cli {
    app_options options;
    app_params params;
    int *at_frames; /* options.at */
    bool seen_frames, seen_out, seen_page;
    app_cli_action action;
    const char *dir; /* APP_CLI_EXAMPLES (NULL: the default folder), APP_CLI_PICKER */
} app_cli;

/* The defaults; argv must outlive cli (options point into it). */
void app_cli_init(app_cli *cli, int argc, char **argv);
/* Parses argv into cli: APP_EXIT_OK with cli->action set, or APP_EXIT_USAGE
 * after a usage message on stderr. --help and --version print and give
 * APP_CLI_DONE. Reads the file system only to tell a folder or a scene file
 * from a mistyped command. */
int app_cli_parse(app_cli *cli, int argc, char **argv);
void app_cli_free(app_cli *cli);

#endif
