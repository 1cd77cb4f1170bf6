/*
 * frame_writer.c - a small pool of threads drawing and encoding frames,
 * committed in order.
 *
 * One mutex guards the slots and the queue. A slot goes FREE -> (composed
 * by the caller) -> QUEUED -> WORKING (drawn, its PNG encoded into a
 * temporary file) -> DONE -> COMMITTING (renamed, fed to the video) -> FREE,
 * committed strictly in frame order. Only the caller touches a FREE slot's renderer;
 * only the thread that took a slot touches a WORKING or committing one.
 * Committing (a rename, a write to ffmpeg's pipe that may block) happens
 * outside the lock, one frame at a time.
 */
#include "frame_writer.h"
#include "app.h"

#include <SDL.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The slots may use about this much memory together. */
#define SLOT_MEMORY_BUDGET ((size_t)256 << 20)
/* Bytes per pixel of one renderer: the picture and its display list (the
 * canvas is drawn a tile at a time). */
#define RENDERER_BYTES_PER_PIXEL 8

typedef enum slot_state {
    SLOT_FREE,
    SLOT_QUEUED,
    SLOT_WORKING,
    SLOT_DONE,
    SLOT_COMMITTING
} slot_state;

typedef struct slot {
    lr_renderer *renderer;
    slot_state state;
    int frame;
    bool ok;      /* DONE: drawn, and its temporary file complete */
    bool png;     /* a PNG is written for it */
    double start; /* when it was handed out to be composed (app_seconds) */
    char *path;   /* final name; the temporary one is path + ".tmp" */
    char *temp;
} slot;

struct frame_writer {
    pthread_mutex_t lock;
    pthread_cond_t queued;  /* a slot was queued, or the writer is closing */
    pthread_cond_t changed; /* a slot became FREE or a frame failed */
    slot *slots;
    int slot_count;
    int *queue; /* ring of slot indices, capacity slot_count */
    int queue_head, queue_length;
    int drawing;     /* the slot handed out by frame_writer_next, or -1 */
    int next_frame;  /* number of the next frame submitted */
    int next_commit; /* the next frame to commit */
    bool committing; /* a thread is committing a frame (outside the lock) */
    pthread_t *threads;
    int thread_count;
    bool closing;
    int failed_frame; /* the first frame that failed, or -1 */
    char error[1100]; /* "frame N: " and a message of up to 1024 bytes */
    double draw_seconds, encode_seconds, feed_seconds;
    int pictures;             /* PNG files committed */
    double limit;             /* seconds a frame's picture may take; 0: no limit */
    char limit_message[1024]; /* a frame's error past it */
    app_video *video;
    app_cleanup *cleanup;
};

/* Encodes s's picture into its temporary file; no lock held. */
static bool encode(frame_writer *writer, slot *s, char *err, size_t err_size) {
    unsigned char *png = NULL;
    size_t size = 0;
    if (!lr_renderer_encode_png(s->renderer, &png, &size, err, err_size))
        return false;
    bool ok = false;
    FILE *file = app_cleanup_open(writer->cleanup, s->temp);
    if (!file) {
        snprintf(err, err_size, "cannot write '%s': %s", s->temp,
                 errno == EEXIST ? "not a regular file" : strerror(errno));
    } else {
        errno = 0;
        bool written = fwrite(png, 1, size, file) == size;
        int error = errno ? errno : EIO;
        if (fclose(file) != 0 && written) {
            written = false;
            error = errno ? errno : EIO;
        }
        if (written)
            ok = true;
        else {
            snprintf(err, err_size, "cannot write '%s': %s", s->temp, strerror(error));
            app_cleanup_discard(writer->cleanup, s->temp);
        }
    }
    free(png);
    return ok;
}

static void fail_locked(frame_writer *writer, int frame, const char *message) {
    if (writer->failed_frame >= 0 && writer->failed_frame <= frame)
        return;
    writer->failed_frame = frame;
    snprintf(writer->error, sizeof writer->error, "frame %d: %s", frame, message);
}

/* The DONE slot of the next frame to commit, or NULL. */
static slot *next_done_locked(frame_writer *writer) {
    for (int i = 0; i < writer->slot_count; i++) {
        slot *s = &writer->slots[i];
        if (s->state == SLOT_DONE && s->frame == writer->next_commit)
            return s;
    }
    return NULL;
}

/* Commits DONE slots in frame order (renamed, fed to the video) and frees
 * them; drops frames after a failure. Called and returns with the lock held;
 * releases it while committing. */
static void commit_locked(frame_writer *writer) {
    /* Frames at or after a failure are dropped, in any order. */
    for (int i = 0; i < writer->slot_count; i++) {
        slot *s = &writer->slots[i];
        if (s->state == SLOT_DONE && writer->failed_frame >= 0 &&
            s->frame >= writer->failed_frame) {
            if (s->ok && s->png)
                app_cleanup_discard(writer->cleanup, s->temp);
            s->state = SLOT_FREE;
            pthread_cond_broadcast(&writer->changed);
        }
    }
    while (!writer->committing) {
        slot *s = next_done_locked(writer);
        if (!s || (writer->failed_frame >= 0 && s->frame >= writer->failed_frame))
            return;
        writer->committing = true;
        s->state = SLOT_COMMITTING;
        pthread_mutex_unlock(&writer->lock);
        char message[1024] = ""; /* with "frame N: ", within error */
        if (s->png && !app_cleanup_commit(writer->cleanup, s->temp, s->path)) {
            if (errno == EEXIST)
                snprintf(message, sizeof message,
                         "'%s' is not a regular file: loom replaces only regular files", s->path);
            else
                snprintf(message, sizeof message, "cannot rename '%s' to '%s': %s", s->temp,
                         s->path, strerror(errno));
        }
        double start = app_seconds(), fed = 0.0;
        if (!message[0] && writer->video) {
            const SDL_Surface *picture = lr_renderer_surface(s->renderer);
            if (!app_video_write(writer->video, picture->pixels, picture->pitch, message,
                                 sizeof message))
                message[sizeof message - 1] = '\0';
            fed = app_seconds() - start;
        }
        pthread_mutex_lock(&writer->lock);
        writer->committing = false;
        writer->feed_seconds += fed;
        if (message[0]) {
            fail_locked(writer, s->frame, message);
        } else {
            writer->next_commit++;
            writer->pictures += s->png;
        }
        s->state = SLOT_FREE;
        pthread_cond_broadcast(&writer->changed);
    }
}

/* The renderer's interrupt while a frame is drawn: its deadline passed. */
static bool past_deadline(void *deadline) {
    return app_seconds() > *(const double *)deadline;
}

/* Takes the oldest queued slot, draws and encodes it; called and returns
 * with the lock held. */
static void work_next_locked(frame_writer *writer) {
    slot *s = &writer->slots[writer->queue[writer->queue_head]];
    writer->queue_head = (writer->queue_head + 1) % writer->slot_count;
    writer->queue_length--;
    s->state = SLOT_WORKING;
    bool skip = writer->failed_frame >= 0 && s->frame >= writer->failed_frame;
    double limit = writer->limit;
    pthread_mutex_unlock(&writer->lock);

    char err[1024] = "";
    /* The limit counts from the frame's composing on: the picture's whole
     * work, waiting in the queue included (a frame waits for at most one
     * other's drawing), so frames drawn side by side stop together. */
    double start = app_seconds(), deadline = s->start + limit;
    if (limit > 0.0)
        lr_renderer_set_interrupt(s->renderer, past_deadline, &deadline);
    bool ok = !skip && lr_renderer_draw_list(s->renderer);
    bool stopped = !skip && lr_renderer_stopped(s->renderer);
    lr_renderer_set_interrupt(s->renderer, NULL, NULL);
    if (stopped) {
        ok = false;
        snprintf(err, sizeof err, "%s", writer->limit_message);
    } else if (!ok && !skip) {
        snprintf(err, sizeof err, "out of memory while drawing");
    }
    double drawn = app_seconds();
    if (ok && s->png)
        ok = encode(writer, s, err, sizeof err);
    double encoded = app_seconds();

    pthread_mutex_lock(&writer->lock);
    writer->draw_seconds += drawn - start;
    writer->encode_seconds += encoded - drawn;
    s->ok = ok;
    s->state = SLOT_DONE;
    if (!ok && !skip)
        fail_locked(writer, s->frame, err);
    commit_locked(writer);
}

static void *work_frames(void *context) {
    frame_writer *writer = context;
    pthread_mutex_lock(&writer->lock);
    for (;;) {
        while (writer->queue_length == 0 && !writer->closing)
            pthread_cond_wait(&writer->queued, &writer->lock);
        if (writer->queue_length == 0)
            break; /* closing, nothing left */
        work_next_locked(writer);
    }
    pthread_mutex_unlock(&writer->lock);
    return NULL;
}

void frame_writer_destroy(frame_writer *writer) {
    if (!writer)
        return;
    char err[64];
    frame_writer_finish(writer, err, sizeof err);
    pthread_mutex_lock(&writer->lock);
    writer->closing = true;
    pthread_cond_broadcast(&writer->queued);
    pthread_mutex_unlock(&writer->lock);
    for (int i = 0; i < writer->thread_count; i++)
        pthread_join(writer->threads[i], NULL);
    for (int i = 0; i < writer->slot_count; i++) {
        lr_renderer_destroy(writer->slots[i].renderer);
        free(writer->slots[i].path);
        free(writer->slots[i].temp);
    }
    pthread_cond_destroy(&writer->queued);
    pthread_cond_destroy(&writer->changed);
    pthread_mutex_destroy(&writer->lock);
    free(writer->slots);
    free(writer->queue);
    free(writer->threads);
    free(writer);
}

frame_writer *frame_writer_create(int width, int height, int threads, const lr_fonts *fonts,
                                  app_video *video, app_cleanup *cleanup, char *err,
                                  size_t err_size) {
    if (threads < 1)
        threads = 1;
    size_t slot_bytes = (size_t)width * (size_t)height * RENDERER_BYTES_PER_PIXEL;
    /* One slot per thread, and one more being composed while the others draw. */
    int slots = threads == 1 ? 1 : threads + 1;
    while (slots > 2 && (size_t)slots * slot_bytes > SLOT_MEMORY_BUDGET)
        slots--;

    frame_writer *writer = calloc(1, sizeof *writer);
    if (!writer) {
        snprintf(err, err_size, "out of memory");
        return NULL;
    }
    pthread_mutex_init(&writer->lock, NULL);
    pthread_cond_init(&writer->queued, NULL);
    pthread_cond_init(&writer->changed, NULL);
    writer->drawing = -1;
    writer->failed_frame = -1;
    writer->video = video;
    writer->cleanup = cleanup;
    writer->slots = calloc((size_t)slots, sizeof *writer->slots);
    writer->queue = calloc((size_t)slots, sizeof *writer->queue);
    writer->threads = calloc((size_t)threads, sizeof *writer->threads);
    if (!writer->slots || !writer->queue || !writer->threads) {
        snprintf(err, err_size, "out of memory");
        frame_writer_destroy(writer);
        return NULL;
    }
    for (; writer->slot_count < slots; writer->slot_count++) {
        lr_renderer *renderer = lr_renderer_create(width, height, fonts, err, err_size);
        if (!renderer) {
            if (writer->slot_count >= 2)
                break; /* fewer slots will do */
            frame_writer_destroy(writer);
            return NULL;
        }
        writer->slots[writer->slot_count].renderer = renderer;
    }
    /* The caller is one of the threads; a thread that does not start is
     * made up for by the caller working more. */
    int helpers = writer->slot_count > 1 ? threads - 1 : 0;
    for (; writer->thread_count < helpers; writer->thread_count++) {
        if (pthread_create(&writer->threads[writer->thread_count], NULL, work_frames, writer) != 0)
            break;
    }
    return writer;
}

lr_renderer *frame_writer_next(frame_writer *writer, char *err, size_t err_size) {
    lr_renderer *renderer = NULL;
    pthread_mutex_lock(&writer->lock);
    for (;;) {
        if (writer->failed_frame >= 0) {
            snprintf(err, err_size, "%s", writer->error);
            break;
        }
        for (int i = 0; i < writer->slot_count && !renderer; i++) {
            if (writer->slots[i].state == SLOT_FREE) {
                writer->drawing = i;
                writer->slots[i].start = app_seconds();
                renderer = writer->slots[i].renderer;
            }
        }
        if (renderer)
            break;
        if (writer->queue_length > 0)
            work_next_locked(writer);
        else
            pthread_cond_wait(&writer->changed, &writer->lock);
    }
    pthread_mutex_unlock(&writer->lock);
    return renderer;
}

static bool set_text(char **text, const char *value, const char *suffix) {
    size_t length = strlen(value), suffix_length = strlen(suffix);
    char *copy = realloc(*text, length + suffix_length + 1);
    if (!copy)
        return false;
    memcpy(copy, value, length);
    memcpy(copy + length, suffix, suffix_length + 1);
    *text = copy;
    return true;
}

bool frame_writer_submit(frame_writer *writer, const char *path, char *err, size_t err_size) {
    slot *s = &writer->slots[writer->drawing]; /* FREE: only this thread uses it */
    s->png = path != NULL;
    if (path && (!set_text(&s->path, path, "") || !set_text(&s->temp, path, ".tmp"))) {
        snprintf(err, err_size, "out of memory");
        return false;
    }
    pthread_mutex_lock(&writer->lock);
    s->state = SLOT_QUEUED;
    s->frame = writer->next_frame++;
    writer->queue[(writer->queue_head + writer->queue_length) % writer->slot_count] =
        writer->drawing;
    writer->queue_length++;
    writer->drawing = -1;
    pthread_cond_signal(&writer->queued);
    pthread_mutex_unlock(&writer->lock);
    return true;
}

void frame_writer_set_limit(frame_writer *writer, double seconds, const char *message) {
    pthread_mutex_lock(&writer->lock);
    writer->limit = seconds;
    snprintf(writer->limit_message, sizeof writer->limit_message, "%s", message);
    pthread_mutex_unlock(&writer->lock);
}

int frame_writer_pictures(frame_writer *writer) {
    pthread_mutex_lock(&writer->lock);
    int count = writer->pictures;
    pthread_mutex_unlock(&writer->lock);
    return count;
}

int frame_writer_written(frame_writer *writer) {
    pthread_mutex_lock(&writer->lock);
    int count = writer->next_commit;
    pthread_mutex_unlock(&writer->lock);
    return count;
}

void frame_writer_seconds(frame_writer *writer, double *draw, double *encode, double *feed) {
    pthread_mutex_lock(&writer->lock);
    *draw = writer->draw_seconds;
    *encode = writer->encode_seconds;
    *feed = writer->feed_seconds;
    pthread_mutex_unlock(&writer->lock);
}

bool frame_writer_finish(frame_writer *writer, char *err, size_t err_size) {
    pthread_mutex_lock(&writer->lock);
    for (;;) {
        bool busy = false;
        for (int i = 0; i < writer->slot_count; i++)
            busy = busy || writer->slots[i].state != SLOT_FREE;
        if (!busy)
            break;
        if (writer->queue_length > 0)
            work_next_locked(writer);
        else
            pthread_cond_wait(&writer->changed, &writer->lock);
    }
    bool ok = writer->failed_frame < 0;
    if (!ok)
        snprintf(err, err_size, "%s", writer->error);
    pthread_mutex_unlock(&writer->lock);
    return ok;
}
