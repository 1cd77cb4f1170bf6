/*
 * main.c - the loom command line: parses arguments (cli.c), then runs a command.
 *
 * Exit status: 0 success, 1 the scene or the output failed, 2 bad usage.
 */
#include "cli.h"
#include "examples.h"
#include "threads.h"

#include <stdio.h>

/* Once, before a trusted scene runs (docs/untrusted.md). */
static void say_trust(const app_options *options) {
    if (options->limits.trust)
        fputs(APP_TRUST_MESSAGE "\n", stderr);
}

static int run(const app_cli *cli) {
    const app_options *options = &cli->options;
    switch (cli->action) {
    case APP_CLI_EXAMPLES:
        return app_examples_list(cli->dir);
    case APP_CLI_PICKER:
        return app_picker(cli->dir);
    case APP_CLI_DONE:
        return APP_EXIT_OK;
    case APP_CLI_RUN:
        break;
    }
    switch (options->command) {
    case APP_RENDER:
        say_trust(options);
        return app_render(options);
    case APP_SIM:
        say_trust(options);
        return app_sim(options);
    case APP_SWEEP:
        return app_sweep(options);
    case APP_PAGE:
        say_trust(options);
        return app_page(options);
    case APP_WINDOW:
        say_trust(options);
        return app_window(options);
    }
    return APP_EXIT_USAGE;
}

int main(int argc, char **argv) {
    app_cli cli;
    app_cli_init(&cli, argc, argv);
    int status = app_cli_parse(&cli, argc, argv);
    /* One budget of worker threads for every world of this process. */
    app_threads threads;
    app_threads_init(&threads, APP_MAX_WORKERS);
    cli.options.limits.threads = &threads;
    if (status == APP_EXIT_OK)
        status = run(&cli);
    app_cli_free(&cli);
    return status;
}
