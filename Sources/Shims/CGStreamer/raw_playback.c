// The app's side of playback: the raw frames and sound the player helper hands over, pushed into
// appsrc elements and played through gtksink and the sound output (`ClipPlayback`).
#include "functions.h"
#include <string.h>

/// The sources take what they are given at once and hold it without a limit: how far ahead the
/// helper decodes is its business (`SampleFlow`), so that a full source never stops the app
/// reading the stream the other waits for.
#define TESSERA_SOURCE "format=time stream-type=seekable block=false max-bytes=0 max-buffers=0 max-time=0"

/// The size the video source's caps say, to set them again only when a frame's differs.
typedef struct {
    int width, height, aspect_numerator, aspect_denominator;
} SourceSize;

// The helper seeks the clip itself when the app asks (the app tells it before seeking here); the
// sources only have to accept the seek.
static gboolean accept_seek(GstAppSrc *source, guint64 offset, gpointer data) {
    (void)source; (void)offset; (void)data;
    return TRUE;
}

TesseraGstElement *tessera_gst_raw_playback(TesseraGstElement *video_sink, gboolean audio, char **error) {
    GstElement *pipeline = gst.gst_pipeline_new(NULL);
    gst.gst_object_ref_sink(pipeline);
    GstElement *video = (GstElement *)tessera_gst_parse_launch(
        "appsrc name=video " TESSERA_SOURCE, error);
    if (!video) {
        gst.gst_object_unref(pipeline);
        return NULL;
    }
    gst.gst_bin_add((GstBin *)pipeline, video);
    gst.gst_bin_add((GstBin *)pipeline, ELEMENT(video_sink));
    g_object_set_data_full(G_OBJECT(video), "tessera-size", g_new0(SourceSize, 1), g_free);
    g_signal_connect(video, "seek-data", G_CALLBACK(accept_seek), NULL);
    if (!gst.gst_element_link(video, ELEMENT(video_sink))) {
        if (error) *error = g_strdup("the video sink does not take raw frames");
        gst.gst_object_unref(pipeline);
        return NULL;
    }
    if (audio) {
        // Whole from source to output: no pad is left to ghost.
        GstElement *sound = (GstElement *)tessera_gst_parse_bin(
            "appsrc name=audio " TESSERA_SOURCE
            " caps=" TESSERA_AUDIO_CAPS " ! audioconvert ! audioresample ! volume name=volume ! autoaudiosink", error);
        if (!sound) {
            gst.gst_object_unref(pipeline);
            return NULL;
        }
        gst.gst_bin_add((GstBin *)pipeline, sound);
        GstElement *source = gst.gst_bin_get_by_name((GstBin *)pipeline, "audio");
        g_signal_connect(source, "seek-data", G_CALLBACK(accept_seek), NULL);
        gst.gst_object_unref(source);
    }
    return (TesseraGstElement *)pipeline;
}

TesseraGstSource *tessera_gst_playback_source(TesseraGstElement *playback, TesseraGstStream stream) {
    GstElement *source = gst.gst_bin_get_by_name(((GstBin *)playback), stream == TESSERA_GST_STREAM_VIDEO ? "video" : "audio");
    if (!source) return NULL;
    // The pipeline holds it as long as it lives.
    gst.gst_object_unref(source);
    return (TesseraGstSource *)source;
}

struct TesseraGstBuffer {
    GstBuffer *buffer;
    /// Mapped for writing while the caller fills it (buffers of its own memory).
    gboolean mapped;
    GstMapInfo map;
};

/// Whom a buffer tells when it is let go.
typedef struct {
    void (*released)(void *context);
    void *context;
} Release;

static void buffer_released(gpointer data, GstMiniObject *buffer) {
    (void)buffer;
    Release *release = data;
    release->released(release->context);
    g_free(release);
}

/// Has `buffer` call `released` with `context` when it is finalized.
static void tell_when_released(GstBuffer *buffer, void (*released)(void *context), void *context) {
    Release *release = g_new(Release, 1);
    release->released = released;
    release->context = context;
    gst.gst_mini_object_weak_ref(GST_MINI_OBJECT_CAST(buffer), buffer_released, release);
}

TesseraGstBuffer *tessera_gst_buffer_new(gsize length, guint8 **data, void (*released)(void *context), void *context) {
    TesseraGstBuffer *made = g_new0(TesseraGstBuffer, 1);
    made->buffer = gst.gst_buffer_new_allocate(NULL, length, NULL);
    if (!made->buffer || !gst.gst_buffer_map(made->buffer, &made->map, GST_MAP_WRITE)) {
        if (made->buffer) gst.gst_mini_object_unref(GST_MINI_OBJECT_CAST(made->buffer));
        g_free(made);
        return NULL;
    }
    tell_when_released(made->buffer, released, context);
    made->mapped = TRUE;
    *data = made->map.data;
    return made;
}

TesseraGstBuffer *tessera_gst_buffer_wrap(const guint8 *data, gsize length, void (*released)(void *context), void *context) {
    // The memory is someone else's: nothing to free with it; the weak reference tells them.
    GstBuffer *buffer = gst.gst_buffer_new_wrapped_full(GST_MEMORY_FLAG_READONLY, (gpointer)data, length, 0, length, NULL, NULL);
    if (!buffer) return NULL;
    tell_when_released(buffer, released, context);
    TesseraGstBuffer *made = g_new0(TesseraGstBuffer, 1);
    made->buffer = buffer;
    return made;
}

void tessera_gst_buffer_free(TesseraGstBuffer *buffer) {
    if (buffer->mapped) gst.gst_buffer_unmap(buffer->buffer, &buffer->map);
    gst.gst_mini_object_unref(GST_MINI_OBJECT_CAST(buffer->buffer));
    g_free(buffer);
}

/// Whether `sample` fits its source (a frame's length is its size's; sound is whole stereo
/// frames), setting the video source's caps when the frame's size changed.
static gboolean fits(GstElement *source, const TesseraGstSample *sample) {
    SourceSize *size = g_object_get_data(G_OBJECT(source), "tessera-size");
    if (!size) return sample->length % 4 == 0;
    if (sample->width <= 0 || sample->height <= 0 || sample->aspect_numerator <= 0 || sample->aspect_denominator <= 0
        || sample->length != (gsize)sample->width * (gsize)sample->height * 4) return FALSE;
    if (sample->width == size->width && sample->height == size->height
        && sample->aspect_numerator == size->aspect_numerator && sample->aspect_denominator == size->aspect_denominator) return TRUE;
    char *text = g_strdup_printf(TESSERA_VIDEO_CAPS ",width=%d,height=%d,pixel-aspect-ratio=%d/%d,framerate=0/1",
                                 sample->width, sample->height, sample->aspect_numerator, sample->aspect_denominator);
    GstCaps *caps = gst.gst_caps_from_string(text);
    g_free(text);
    if (!caps) return FALSE;
    gst.gst_app_src_set_caps((GstAppSrc *)source, caps);
    gst.gst_mini_object_unref(GST_MINI_OBJECT_CAST(caps));
    size->width = sample->width;
    size->height = sample->height;
    size->aspect_numerator = sample->aspect_numerator;
    size->aspect_denominator = sample->aspect_denominator;
    return TRUE;
}

gboolean tessera_gst_source_push_buffer(TesseraGstSource *source, TesseraGstBuffer *buffer, const TesseraGstSample *sample) {
    GstBuffer *filled = buffer->buffer;
    if (buffer->mapped) gst.gst_buffer_unmap(filled, &buffer->map);
    g_free(buffer);
    TesseraGstSample header = *sample;
    header.length = gst.gst_buffer_get_size(filled);
    if (!fits((GstElement *)source, &header)) {
        gst.gst_mini_object_unref(GST_MINI_OBJECT_CAST(filled));
        return FALSE;
    }
    GST_BUFFER_PTS(filled) = sample->time >= 0 ? (GstClockTime)sample->time : GST_CLOCK_TIME_NONE;
    GST_BUFFER_DURATION(filled) = sample->duration >= 0 ? (GstClockTime)sample->duration : GST_CLOCK_TIME_NONE;
    return gst.gst_app_src_push_buffer((GstAppSrc *)source, filled) == GST_FLOW_OK;
}

void tessera_gst_source_end(TesseraGstSource *source) {
    gst.gst_app_src_end_of_stream((GstAppSrc *)source);
}

void tessera_gst_playback_set_muted(TesseraGstElement *playback, gboolean muted) {
    GstElement *volume = gst.gst_bin_get_by_name(((GstBin *)playback), "volume");
    if (!volume) return;
    g_object_set(volume, "mute", muted, NULL);
    gst.gst_object_unref(volume);
}

gboolean tessera_gst_sink_counts(TesseraGstElement *sink, guint64 *rendered, guint64 *dropped) {
    if (!g_object_class_find_property(G_OBJECT_GET_CLASS(sink), "stats")) return FALSE;
    GstStructure *stats = NULL;
    g_object_get(sink, "stats", &stats, NULL);
    if (!stats) return FALSE;
    gboolean found = gst.gst_structure_get_uint64(stats, "rendered", rendered) && gst.gst_structure_get_uint64(stats, "dropped", dropped);
    gst.gst_structure_free(stats);
    return found;
}

gboolean tessera_gst_sink_has_sample(TesseraGstElement *sink) {
    if (!g_object_class_find_property(G_OBJECT_GET_CLASS(sink), "last-sample")) return FALSE;
    GstSample *sample = NULL;
    g_object_get(sink, "last-sample", &sample, NULL);
    if (!sample) return FALSE;
    gst.gst_mini_object_unref(GST_MINI_OBJECT_CAST(sample));
    return TRUE;
}
