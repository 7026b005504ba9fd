#ifndef TESSERA_CGSTREAMER_H
#define TESSERA_CGSTREAMER_H
// GStreamer for video posters (a frame taken off the main thread) and playback (a clip decoded by
// playbin in the confined player helper, its raw frames and sound played by the app through
// appsrc into gtksink's widget and the sound output), opened on first use instead of linked: only videos need it, and linking
// it made every launch load and bind GStreamer and its libraries before the window could appear.
// The calls Tessera makes are wrapped here; GStreamer's headers stay inside this module.
#include <glib-object.h>
#include <gdk-pixbuf/gdk-pixbuf.h>

/// A GstElement (a pipeline, a bin or an element in one).
typedef struct TesseraGstElement TesseraGstElement;

/// The pipeline states Tessera asks for (GStreamer's own values).
typedef enum {
    TESSERA_GST_STATE_NULL = 1,
    TESSERA_GST_STATE_PAUSED = 3,
    TESSERA_GST_STATE_PLAYING = 4,
} TesseraGstState;

/// What `tessera_gst_next_message` found on a pipeline's bus.
typedef enum {
    TESSERA_GST_MESSAGE_NONE = 0,
    TESSERA_GST_MESSAGE_END_OF_STREAM = 1,
    TESSERA_GST_MESSAGE_ERROR = 2,
} TesseraGstMessage;

/// Loads and initialises GStreamer once (any thread). NULL when it is ready; otherwise why it is
/// not, kept for the process's life. Every call below needs it to have returned NULL.
const char *tessera_gst_start(void);
/// Loads the plugin called `name` now (its library and what it links), so that nothing is opened
/// when a pipeline later makes one of its elements; false when there is no such plugin.
gboolean tessera_gst_load_plugin(const char *name);

/// A pipeline from a gst-launch description, owned by the caller; on failure NULL and, in
/// `error`, a message to free with g_free.
TesseraGstElement *tessera_gst_parse_launch(const char *description, char **error);
/// A bin from a gst-launch description, its unlinked pads ghosted (a sink for playbin's
/// video-sink), as tessera_gst_parse_launch.
TesseraGstElement *tessera_gst_parse_bin(const char *description, char **error);
/// A new element of `factory` (a floating reference), or NULL when no plugin provides it.
/// Has every decoder `pipeline` plugs in decode on one thread (for a single frame, more threads
/// only cost memory).
void tessera_gst_decode_on_one_thread(TesseraGstElement *pipeline);
TesseraGstElement *tessera_gst_make(const char *factory);
void tessera_gst_ref_sink(TesseraGstElement *element);
void tessera_gst_unref(TesseraGstElement *element);
/// The element named `name` in `bin`, owned by the caller, or NULL.
TesseraGstElement *tessera_gst_bin_child(TesseraGstElement *bin, const char *name);

void tessera_gst_set_state(TesseraGstElement *element, TesseraGstState state);
/// Waits up to `timeout` nanoseconds for the element's state change; TRUE when it succeeded.
gboolean tessera_gst_wait_for_state(TesseraGstElement *element, guint64 timeout);
/// TRUE when the element is at least PAUSED with no state change under way (a sink holds its frame).
gboolean tessera_gst_is_prerolled(TesseraGstElement *element);
gboolean tessera_gst_query_duration(TesseraGstElement *element, gint64 *nanoseconds);
gboolean tessera_gst_query_position(TesseraGstElement *element, gint64 *nanoseconds);
/// A flushing seek to exactly `nanoseconds`.
gboolean tessera_gst_seek(TesseraGstElement *element, gint64 nanoseconds);
/// Takes the next end-of-stream or error message off the element's bus; for an error, `error`
/// gets a message to free with g_free.
TesseraGstMessage tessera_gst_next_message(TesseraGstElement *element, char **error);

/// The first frame of a prerolled appsink as a new RGB GdkPixbuf (the caller owns it), or NULL.
GdkPixbuf *tessera_gst_preroll_pixbuf(TesseraGstElement *sink, guint64 timeout);

// MARK: Playback, the helper's side: a clip decoded to raw frames and sound

/// The two streams of a clip, as the helper hands them to the app.
typedef enum {
    TESSERA_GST_STREAM_VIDEO = 0,
    TESSERA_GST_STREAM_AUDIO = 1,
} TesseraGstStream;

/// One decoded sample: a video frame, BGRx (4 bytes a pixel, rows `width * 4` apart, nothing
/// between them), or sound, 16-bit little-endian stereo at 48 kHz, interleaved. `time` is the
/// clip's own time (stream time) in nanoseconds, -1 when unknown; so is `duration`.
typedef struct {
    TesseraGstStream stream;
    const guint8 *data;
    gsize length;
    gint64 time;
    gint64 duration;
    int width, height;
    int aspect_numerator, aspect_denominator;
} TesseraGstSample;

/// What a clip decoder calls, on GStreamer's streaming threads (one per stream).
typedef struct {
    void *context;
    /// A sample, valid during the call.
    void (*sample)(void *context, const TesseraGstSample *sample);
    /// The stream reached its end.
    void (*ended)(void *context, TesseraGstStream stream);
    /// A flushing seek reached the stream's end of the pipeline: what it hands over next comes
    /// from the new position.
    void (*flushed)(void *context, TesseraGstStream stream);
} TesseraGstClipHandlers;

/// A playbin reading the clip in the memory file `clip` (a descriptor it reads and seeks) into
/// the raw formats above, as fast as the handlers take them (no clock: the app keeps time). No
/// subtitles. Owned by the caller; NULL and, in `error`, a message to free with g_free when it
/// cannot be made. `handlers` is copied.
TesseraGstElement *tessera_gst_clip_decoder(int clip, const TesseraGstClipHandlers *handlers, char **error);
/// Where a streamed clip's bytes come from: the decoder asks for them as it reads, on its
/// streaming thread, and they are pushed (`tessera_gst_clip_feed_push`) then or later.
typedef struct {
    void *context;
    /// The decoder wants the `length` bytes from where it is (the clip's start, or the offset of
    /// the last `seek`); at the clip's end, `tessera_gst_clip_feed_end` instead.
    void (*need)(void *context, guint length);
    /// The decoder reads from `offset` next: what was asked before is wanted no more.
    void (*seek)(void *context, guint64 offset);
} TesseraGstClipFeed;

/// A playbin as `tessera_gst_clip_decoder`, reading a clip of `length` bytes from `feed` (an
/// appsrc it reads and seeks at will, as from a file): the clip plays as its bytes arrive.
TesseraGstElement *tessera_gst_streamed_clip_decoder(guint64 length, const TesseraGstClipFeed *feed,
                                                     const TesseraGstClipHandlers *handlers, char **error);
/// Hands the decoder of a streamed clip the bytes it asked for (copied); false once it has no
/// source (not started, or stopping).
gboolean tessera_gst_clip_feed_push(TesseraGstElement *decoder, const guint8 *data, gsize length);
/// Tells the decoder of a streamed clip that nothing follows where it asked.
void tessera_gst_clip_feed_end(TesseraGstElement *decoder);
/// Blocks until the element's bus has an error, and returns its message (free with g_free).
char *tessera_gst_wait_for_error(TesseraGstElement *element);

// MARK: Playback, the app's side: raw frames and sound into the window and the speakers

/// An appsrc the app pushes one stream's samples into.
typedef struct TesseraGstSource TesseraGstSource;

/// The app's playback pipeline: video frames pushed into an appsrc drawn by `video_sink` (which
/// it adds), and, when `audio`, sound into the system's output through a volume. Owned by the
/// caller; NULL and a message in `error` when an element is missing.
TesseraGstElement *tessera_gst_raw_playback(TesseraGstElement *video_sink, gboolean audio, char **error);
/// The pipeline's source of `stream` (NULL for sound when it has none); it lives as long as the
/// pipeline.
TesseraGstSource *tessera_gst_playback_source(TesseraGstElement *playback, TesseraGstStream stream);
/// A sample's buffer, filled by the caller before it is pushed.
typedef struct TesseraGstBuffer TesseraGstBuffer;
/// A new buffer of `length` bytes, its memory at `*data` to be filled, which calls `released`
/// with `context` when it is let go (pushed or not, at any thread); NULL when there is no memory
/// for it.
TesseraGstBuffer *tessera_gst_buffer_new(gsize length, guint8 **data, void (*released)(void *context), void *context);
/// A buffer over `length` bytes at `data` that someone else owns (a frame in memory shared with
/// the player helper), read-only, which calls `released` with `context` when it is let go.
TesseraGstBuffer *tessera_gst_buffer_wrap(const guint8 *data, gsize length, void (*released)(void *context), void *context);
/// Pushes `buffer` (which it takes) into the source as `sample` says (its data and length are
/// the buffer's); never waits. FALSE when the source refused it (flushing, stopped, or a frame
/// whose length is not its size's).
gboolean tessera_gst_source_push_buffer(TesseraGstSource *source, TesseraGstBuffer *buffer, const TesseraGstSample *sample);
/// Lets go of a buffer that is not pushed.
void tessera_gst_buffer_free(TesseraGstBuffer *buffer);
/// The source's stream ends.
void tessera_gst_source_end(TesseraGstSource *source);
void tessera_gst_playback_set_muted(TesseraGstElement *playback, gboolean muted);

/// Whether a sink (GstBaseSink) has been given a frame to show yet.
gboolean tessera_gst_sink_has_sample(TesseraGstElement *sink);
/// What a sink (GstBaseSink) rendered and dropped as late so far; FALSE when it keeps no count.
gboolean tessera_gst_sink_counts(TesseraGstElement *sink, guint64 *rendered, guint64 *dropped);

// g_object_get and g_object_set of one property (variadic in C).
static inline int tessera_gst_get_int(gpointer object, const char *name) {
    int value = 0;
    g_object_get(object, name, &value, NULL);
    return value;
}
static inline gpointer tessera_gst_get_object(gpointer object, const char *name) {
    gpointer value = NULL;
    g_object_get(object, name, &value, NULL);
    return value;
}
static inline void tessera_gst_set_object(gpointer object, const char *name, gpointer value) {
    g_object_set(object, name, value, NULL);
}
static inline void tessera_gst_set_string(gpointer object, const char *name, const char *value) {
    g_object_set(object, name, value, NULL);
}
static inline void tessera_gst_set_bool(gpointer object, const char *name, gboolean value) {
    g_object_set(object, name, value, NULL);
}
static inline gboolean tessera_gst_get_bool(gpointer object, const char *name) {
    gboolean value = FALSE;
    g_object_get(object, name, &value, NULL);
    return value;
}
#endif
