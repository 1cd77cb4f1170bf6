/*
 * video.c - a child ffmpeg fed through a pipe.
 *
 * A GIF's frame delay is a whole number of hundredths of a second, and
 * browsers play a delay of 0 or 1 as 10 (ffprobe's GIF reader does the
 * same). ffmpeg's GIF muxer makes each delay the difference of the frames'
 * times rounded to hundredths, so 60 frames per second came out as delays of
 * 2, 1, 2, 2, 1, ...: 200 frames played in 9.3 s instead of 3.3 s. Up to 50
 * frames per second every delay is at least 2 and the GIF keeps every frame;
 * above that it is written at 50 frames per second, each one the frame
 * nearest its time (frame round(k F / 50) of F per second), so every delay
 * is 2 and the GIF lasts as long as the frames do (within a hundredth).
 * MP4 and WebM keep every frame at the given rate.
 */
#include "video.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

struct app_video {
    pid_t child;
    int pipe; /* write end */
    int width, height;
    unsigned char *row; /* one packed row */
    char *path, *temp;
    char *log; /* ffmpeg's stderr, shown when it fails */
    app_cleanup *cleanup;
    /* A GIF above GIF_MAX_FPS keeps frame round(k fps / GIF_MAX_FPS) as its k-th. */
    bool thinned;
    double fps;
    long long given, sent;
    char note[256];
};

/* The highest rate whose GIF delays (hundredths of a second) are all 2 or more. */
#define GIF_MAX_FPS 50.0

typedef enum video_format { FORMAT_NONE, FORMAT_MP4, FORMAT_WEBM, FORMAT_GIF } video_format;

static video_format format_of(const char *path) {
    size_t length = strlen(path);
    if (length > 4 && strcmp(path + length - 4, ".mp4") == 0)
        return FORMAT_MP4;
    if (length > 5 && strcmp(path + length - 5, ".webm") == 0)
        return FORMAT_WEBM;
    if (length > 4 && strcmp(path + length - 4, ".gif") == 0)
        return FORMAT_GIF;
    return FORMAT_NONE;
}

bool app_video_format_known(const char *path) {
    return format_of(path) != FORMAT_NONE;
}

bool app_video_ffmpeg_found(void) {
    const char *path = getenv("PATH");
    if (!path)
        return false;
    while (*path) {
        const char *end = strchr(path, ':');
        size_t length = end ? (size_t)(end - path) : strlen(path);
        char candidate[4096];
        if (length > 0 && length < sizeof candidate - 8) {
            snprintf(candidate, sizeof candidate, "%.*s/ffmpeg", (int)length, path);
            if (access(candidate, X_OK) == 0)
                return true;
        }
        path += length;
        if (*path == ':')
            path++;
    }
    return false;
}

static char *joined(const char *a, const char *b) {
    char *text = malloc(strlen(a) + strlen(b) + 1);
    if (text) {
        strcpy(text, a);
        strcat(text, b);
    }
    return text;
}

static void free_video(app_video *video) {
    if (!video)
        return;
    if (video->log) {
        unlink(video->log);
        app_cleanup_forget_path(video->cleanup, video->log);
    }
    free(video->row);
    free(video->path);
    free(video->temp);
    free(video->log);
    free(video);
}

app_video *app_video_open(const char *path, int width, int height, double fps, app_cleanup *cleanup,
                          char *err, size_t err_size) {
    video_format format = format_of(path);
    if (format == FORMAT_NONE) {
        snprintf(err, err_size, "--video needs a file ending in .mp4, .webm or .gif, not '%s'",
                 path);
        return NULL;
    }
    if (!app_video_ffmpeg_found()) {
        snprintf(err, err_size,
                 "--video needs ffmpeg, which is not on the PATH (Debian: apt-get install ffmpeg)");
        return NULL;
    }
    app_video *video = calloc(1, sizeof *video);
    if (!video || !(video->row = malloc((size_t)width * 4)) || !(video->path = joined(path, "")) ||
        !(video->temp = joined(path, ".part")) || !(video->log = joined(path, ".log"))) {
        free_video(video);
        snprintf(err, err_size, "out of memory");
        return NULL;
    }
    video->width = width;
    video->height = height;
    video->cleanup = cleanup;
    video->fps = fps;
    video->thinned = format == FORMAT_GIF && fps > GIF_MAX_FPS;
    if (video->thinned)
        snprintf(video->note, sizeof video->note,
                 "%s plays at %g frames per second, %g of every %.6g frames (a GIF's frame delay "
                 "is in whole hundredths of a second and browsers play 1 hundredth as 10); "
                 "same duration, .mp4 and .webm keep every frame",
                 path, GIF_MAX_FPS, GIF_MAX_FPS, fps);

    char size[32], rate[32];
    snprintf(size, sizeof size, "%dx%d", width, height);
    snprintf(rate, sizeof rate, "%.17g", video->thinned ? GIF_MAX_FPS : fps);
    /* yuv420p needs even sizes: pad by a pixel when odd. */
    const char *even = "pad=ceil(iw/2)*2:ceil(ih/2)*2";
    const char *args_mp4[] = {"-c:v",      "libx264",    "-preset", "veryfast", "-crf",
                              "20",        "-pix_fmt",   "yuv420p", "-vf",      even,
                              "-movflags", "+faststart", "-f",      "mp4",      NULL};
    const char *args_webm[] = {"-c:v",    "libvpx-vp9", "-b:v",     "0",         "-crf",
                               "32",      "-deadline",  "realtime", "-cpu-used", "8",
                               "-row-mt", "1",          "-pix_fmt", "yuv420p",   "-vf",
                               even,      "-f",         "webm",     NULL};
    const char *args_gif[] = {"-filter_complex",
                              "[0:v]split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse",
                              "-f", "gif", NULL};
    const char **format_args = format == FORMAT_MP4    ? args_mp4
                               : format == FORMAT_WEBM ? args_webm
                                                       : args_gif;
    const char *argv[64];
    int argc = 0;
    const char *head[] = {"ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-y",
                          "-f",     "rawvideo", "-pix_fmt",     "rgba",      "-s",    size,
                          "-r",     rate,       "-i",           "-",         NULL};
    for (int i = 0; head[i]; i++)
        argv[argc++] = head[i];
    for (int i = 0; format_args[i]; i++)
        argv[argc++] = format_args[i];
    argv[argc++] = video->temp;
    argv[argc] = NULL;

    /* Only a regular file is replaced; the partial video and the log are
     * created new here (a stale one removed, a link never followed), so
     * ffmpeg writes into a regular file of loom's. */
    if (!app_cleanup_replaceable(path)) {
        snprintf(err, err_size, "'%s' is not a regular file: loom replaces only regular files",
                 path);
        free_video(video);
        return NULL;
    }
    app_cleanup_add_path(cleanup, video->temp);
    app_cleanup_add_path(cleanup, video->log);
    int part = app_cleanup_create_file(video->temp);
    int log = part >= 0 ? app_cleanup_create_file(video->log) : -1;
    if (part < 0 || log < 0) {
        snprintf(err, err_size, "cannot write '%s': %s", part < 0 ? video->temp : video->log,
                 errno == EEXIST ? "not a regular file" : strerror(errno));
        if (part >= 0) {
            close(part);
            unlink(video->temp);
        }
        app_cleanup_forget_path(cleanup, video->temp);
        app_cleanup_forget_path(cleanup, video->log);
        free(video->log); /* not ours to remove */
        video->log = NULL;
        free_video(video);
        return NULL;
    }
    close(part);
    int fds[2];
    if (pipe(fds) != 0) {
        snprintf(err, err_size, "cannot start ffmpeg: %s", strerror(errno));
        close(log);
        unlink(video->temp);
        app_cleanup_forget_path(cleanup, video->temp);
        free_video(video);
        return NULL;
    }
    pid_t child = fork();
    if (child < 0) {
        snprintf(err, err_size, "cannot start ffmpeg: %s", strerror(errno));
        close(fds[0]);
        close(fds[1]);
        close(log);
        unlink(video->temp);
        app_cleanup_forget_path(cleanup, video->temp);
        free_video(video);
        return NULL;
    }
    if (child == 0) {
        /* The child: stdin from the pipe, stdout and stderr into the log,
         * signals back to their defaults (the parent blocks some). */
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        dup2(fds[0], STDIN_FILENO);
        close(fds[0]);
        close(fds[1]);
        dup2(log, STDOUT_FILENO);
        dup2(log, STDERR_FILENO);
        close(log);
        execvp("ffmpeg", (char *const *)argv);
        _exit(127);
    }
    close(fds[0]);
    close(log);
    fcntl(fds[1], F_SETFD, FD_CLOEXEC);
    video->child = child;
    video->pipe = fds[1];
    app_cleanup_add_child(cleanup, child);
    return video;
}

const char *app_video_note(const app_video *video) {
    return video->note[0] ? video->note : NULL;
}

/* Whether the next frame given is one the video shows. */
static bool shown(app_video *video) {
    long long frame = video->given++;
    if (!video->thinned)
        return true;
    double wanted = floor((double)video->sent * video->fps / GIF_MAX_FPS + 0.5);
    if (wanted != (double)frame)
        return false;
    video->sent++;
    return true;
}

bool app_video_write(app_video *video, const void *pixels, int pitch, char *err, size_t err_size) {
    if (!shown(video))
        return true;
    size_t row_bytes = (size_t)video->width * 4;
    for (int y = 0; y < video->height; y++) {
        const unsigned char *in = (const unsigned char *)pixels + (size_t)y * (size_t)pitch;
        size_t done = 0;
        while (done < row_bytes) {
            ssize_t n = write(video->pipe, in + done, row_bytes - done);
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0) {
                snprintf(err, err_size, "ffmpeg stopped taking frames (%s)",
                         n < 0 ? strerror(errno) : "closed");
                return false;
            }
            done += (size_t)n;
        }
    }
    return true;
}

/* The last line ffmpeg wrote to its log, for the error message. */
static void last_log_line(const char *log, char *out, size_t size) {
    out[0] = '\0';
    FILE *file = fopen(log, "r");
    if (!file)
        return;
    char line[512];
    while (fgets(line, sizeof line, file)) {
        line[strcspn(line, "\n")] = '\0';
        if (line[0])
            snprintf(out, size, "%s", line);
    }
    fclose(file);
}

bool app_video_close(app_video *video, bool keep, char *err, size_t err_size) {
    close(video->pipe);
    int status = 0;
    while (waitpid(video->child, &status, 0) < 0 && errno == EINTR)
        ;
    app_cleanup_forget_child(video->cleanup, video->child);
    bool ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    if (!ok) {
        char line[512];
        last_log_line(video->log, line, sizeof line);
        if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
            snprintf(err, err_size, "cannot run ffmpeg");
        else
            snprintf(err, err_size, "ffmpeg failed making '%s'%s%s", video->path,
                     line[0] ? ": " : "", line);
    }
    if (ok && keep) {
        if (!app_cleanup_commit(video->cleanup, video->temp, video->path)) {
            if (errno == EEXIST)
                snprintf(err, err_size,
                         "'%s' is not a regular file: loom replaces only regular files",
                         video->path);
            else
                snprintf(err, err_size, "cannot rename '%s' to '%s': %s", video->temp, video->path,
                         strerror(errno));
            ok = false;
        }
    } else
        app_cleanup_discard(video->cleanup, video->temp);
    free_video(video);
    return ok;
}
