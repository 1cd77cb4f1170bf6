/*
 * progress.c - the progress line of `loom render` and `loom sim`.
 */
#include "progress.h"

#include <string.h>
#include <unistd.h>

enum { BAR_WIDTH = 24 };

app_progress app_progress_start(FILE *stream, int total, bool quiet, double now) {
    app_progress progress = {0};
    progress.stream = stream;
    progress.terminal = isatty(fileno(stream)) == 1;
    progress.quiet = quiet;
    progress.total = total > 0 ? total : 1;
    progress.start = now;
    progress.last_shown = now;
    return progress;
}

static void format_time(char *out, size_t size, double seconds) {
    if (!(seconds >= 0) || seconds > 359999)
        snprintf(out, size, "--:--");
    else if (seconds >= 3600)
        snprintf(out, size, "%d:%02d:%02d", (int)seconds / 3600, (int)seconds / 60 % 60,
                 (int)seconds % 60);
    else
        snprintf(out, size, "%d:%02d", (int)seconds / 60, (int)seconds % 60);
}

void app_progress_update(app_progress *progress, int done, double now) {
    if (progress->quiet)
        return;
    double elapsed = now - progress->start;
    double rate = elapsed > 0 ? done / elapsed : 0;
    char left[32];
    format_time(left, sizeof left, rate > 0 ? (progress->total - done) / rate : -1);
    if (progress->terminal) {
        if (now - progress->last_shown < 0.1 && done < progress->total)
            return;
        char bar[BAR_WIDTH + 1];
        int filled = (int)((long long)BAR_WIDTH * done / progress->total);
        for (int i = 0; i < BAR_WIDTH; i++)
            bar[i] = i < filled ? '#' : '.';
        bar[BAR_WIDTH] = '\0';
        fprintf(progress->stream, "\rloom: [%s] %d/%d frames  %.1f fps  %s left\033[K", bar, done,
                progress->total, rate, left);
    } else {
        /* A run over within a second needs no report. */
        int tenth = (int)(10LL * done / progress->total);
        if (elapsed < 1.0 || (tenth <= progress->last_tenth && now - progress->last_shown < 5.0))
            return;
        progress->last_tenth = tenth;
        fprintf(progress->stream, "loom: frame %d/%d (%d%%), %.1f fps, %s left\n", done,
                progress->total, (int)(100LL * done / progress->total), rate, left);
    }
    fflush(progress->stream);
    progress->last_shown = now;
    progress->shown = true;
}

void app_progress_end(app_progress *progress) {
    if (progress->quiet || !progress->terminal || !progress->shown)
        return;
    fputs("\r\033[K", progress->stream);
    fflush(progress->stream);
}
