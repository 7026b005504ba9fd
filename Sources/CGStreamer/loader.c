// Opens GStreamer on first use and forwards the calls declared in CGStreamer.h to it.
#include "CGStreamer.h"
#include <gst/gst.h>
#include <gst/app/gstappsink.h>
#include <gst/app/gstappsrc.h>
#include <gst/video/video.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

_Static_assert((int)TESSERA_GST_STATE_NULL == (int)GST_STATE_NULL, "GStreamer's NULL state");
_Static_assert((int)TESSERA_GST_STATE_PAUSED == (int)GST_STATE_PAUSED, "GStreamer's PAUSED state");
_Static_assert((int)TESSERA_GST_STATE_PLAYING == (int)GST_STATE_PLAYING, "GStreamer's PLAYING state");

// Each function Tessera uses, with the library (0 core, 1 app, 2 video) that has it.
#define TESSERA_GST_FUNCTIONS(X) \
    X(0, gst_init_check) X(0, gst_parse_launch) X(0, gst_element_factory_make) \
    X(0, gst_object_ref_sink) X(0, gst_object_unref) X(0, gst_bin_get_by_name) \
    X(0, gst_element_set_state) X(0, gst_element_get_state) X(0, gst_element_query_duration) \
    X(0, gst_element_query_position) X(0, gst_element_seek_simple) X(0, gst_element_get_bus) \
    X(0, gst_bus_pop_filtered) X(0, gst_message_parse_error) X(0, gst_mini_object_unref) \
    X(0, gst_sample_get_caps) X(0, gst_sample_get_buffer) X(0, gst_buffer_map) X(0, gst_buffer_unmap) \
    X(0, gst_plugin_load_by_name) X(0, gst_parse_bin_from_description) X(0, gst_element_get_static_pad) \
    X(0, gst_pad_add_probe) X(0, gst_sample_get_segment) X(0, gst_segment_to_stream_time) \
    X(0, gst_bus_timed_pop_filtered) X(0, gst_caps_from_string) X(0, gst_buffer_new_allocate) \
    X(0, gst_buffer_get_size) X(0, gst_bin_add) X(0, gst_element_link) X(0, gst_pipeline_new) \
    X(0, gst_structure_get_uint64) X(0, gst_structure_free) X(0, gst_mini_object_weak_ref) \
    X(0, gst_buffer_new_wrapped_full) \
    X(1, gst_app_sink_try_pull_preroll) X(1, gst_app_sink_set_callbacks) X(1, gst_app_sink_pull_sample) \
    X(1, gst_app_src_push_buffer) X(1, gst_app_src_end_of_stream) X(1, gst_app_src_set_caps) \
    X(2, gst_video_info_from_caps)

static struct {
#define TESSERA_FIELD(library, name) __typeof__(&name) name;
    TESSERA_GST_FUNCTIONS(TESSERA_FIELD)
#undef TESSERA_FIELD
} gst;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char error_text[512];
static const char *start_error = "GStreamer is not loaded";

static void start(void) {
    static const char *const names[] = { "libgstreamer-1.0.so.0", "libgstapp-1.0.so.0", "libgstvideo-1.0.so.0" };
    void *libraries[3];
    for (int index = 0; index < 3; index++) {
        libraries[index] = dlopen(names[index], RTLD_LAZY | RTLD_LOCAL);
        if (!libraries[index]) {
            snprintf(error_text, sizeof error_text, "%s could not be loaded (%s)", names[index], dlerror());
            start_error = error_text;
            return;
        }
    }
#define TESSERA_RESOLVE(library, name) \
    gst.name = (__typeof__(gst.name))dlsym(libraries[library], #name); \
    if (!gst.name) { \
        snprintf(error_text, sizeof error_text, "%s has no %s", names[library], #name); \
        start_error = error_text; \
        return; \
    }
    TESSERA_GST_FUNCTIONS(TESSERA_RESOLVE)
#undef TESSERA_RESOLVE
    GError *error = NULL;
    if (!gst.gst_init_check(NULL, NULL, &error)) {
        snprintf(error_text, sizeof error_text, "GStreamer did not start (%s)", error ? error->message : "no reason given");
        if (error) g_error_free(error);
        start_error = error_text;
        return;
    }
    start_error = NULL;
}

const char *tessera_gst_start(void) {
    pthread_once(&once, start);
    return start_error;
}

gboolean tessera_gst_load_plugin(const char *name) {
    GstPlugin *plugin = gst.gst_plugin_load_by_name(name);
    if (!plugin) return FALSE;
    gst.gst_object_unref(plugin);
    return TRUE;
}

#define ELEMENT(element) ((GstElement *)(element))

TesseraGstElement *tessera_gst_parse_launch(const char *description, char **error) {
    GError *failure = NULL;
    GstElement *pipeline = gst.gst_parse_launch(description, &failure);
    if (!pipeline && error) *error = g_strdup(failure ? failure->message : "no pipeline");
    if (failure) g_error_free(failure);
    return (TesseraGstElement *)pipeline;
}

TesseraGstElement *tessera_gst_parse_bin(const char *description, char **error) {
    GError *failure = NULL;
    GstElement *bin = gst.gst_parse_bin_from_description(description, TRUE, &failure);
    if (!bin && error) *error = g_strdup(failure ? failure->message : "no bin");
    if (failure) g_error_free(failure);
    return (TesseraGstElement *)bin;
}

// Each decoder the pipeline plugs in gets one thread if it has a choice: libav's decoders start a
// thread per core, each with its own frames, to decode a single frame.
static void use_one_thread(GstBin *bin, GstBin *sub_bin, GstElement *element, gpointer data) {
    (void)bin; (void)sub_bin; (void)data;
    GParamSpec *property = g_object_class_find_property(G_OBJECT_GET_CLASS(element), "max-threads");
    if (property && property->value_type == G_TYPE_INT) g_object_set(element, "max-threads", 1, NULL);
}

void tessera_gst_decode_on_one_thread(TesseraGstElement *pipeline) {
    g_signal_connect(pipeline, "deep-element-added", G_CALLBACK(use_one_thread), NULL);
}

TesseraGstElement *tessera_gst_make(const char *factory) {
    return (TesseraGstElement *)gst.gst_element_factory_make(factory, NULL);
}

void tessera_gst_ref_sink(TesseraGstElement *element) {
    gst.gst_object_ref_sink(element);
}

void tessera_gst_unref(TesseraGstElement *element) {
    gst.gst_object_unref(element);
}

TesseraGstElement *tessera_gst_bin_child(TesseraGstElement *bin, const char *name) {
    return (TesseraGstElement *)gst.gst_bin_get_by_name((GstBin *)bin, name);
}

void tessera_gst_set_state(TesseraGstElement *element, TesseraGstState state) {
    gst.gst_element_set_state(ELEMENT(element), (GstState)state);
}

gboolean tessera_gst_wait_for_state(TesseraGstElement *element, guint64 timeout) {
    return gst.gst_element_get_state(ELEMENT(element), NULL, NULL, timeout) == GST_STATE_CHANGE_SUCCESS;
}

gboolean tessera_gst_query_duration(TesseraGstElement *element, gint64 *nanoseconds) {
    return gst.gst_element_query_duration(ELEMENT(element), GST_FORMAT_TIME, nanoseconds);
}

gboolean tessera_gst_query_position(TesseraGstElement *element, gint64 *nanoseconds) {
    return gst.gst_element_query_position(ELEMENT(element), GST_FORMAT_TIME, nanoseconds);
}

gboolean tessera_gst_seek(TesseraGstElement *element, gint64 nanoseconds) {
    return gst.gst_element_seek_simple(ELEMENT(element), GST_FORMAT_TIME,
                                       GST_SEEK_FLAG_FLUSH | GST_SEEK_FLAG_ACCURATE, nanoseconds);
}

TesseraGstMessage tessera_gst_next_message(TesseraGstElement *element, char **error) {
    GstBus *bus = gst.gst_element_get_bus(ELEMENT(element));
    if (!bus) return TESSERA_GST_MESSAGE_NONE;
    GstMessage *message = gst.gst_bus_pop_filtered(bus, GST_MESSAGE_EOS | GST_MESSAGE_ERROR);
    gst.gst_object_unref(bus);
    if (!message) return TESSERA_GST_MESSAGE_NONE;
    TesseraGstMessage kind = TESSERA_GST_MESSAGE_END_OF_STREAM;
    if (GST_MESSAGE_TYPE(message) == GST_MESSAGE_ERROR) {
        kind = TESSERA_GST_MESSAGE_ERROR;
        GError *failure = NULL;
        gst.gst_message_parse_error(message, &failure, NULL);
        if (error) *error = g_strdup(failure ? failure->message : "The video could not be played.");
        if (failure) g_error_free(failure);
    }
    gst.gst_mini_object_unref(GST_MINI_OBJECT_CAST(message));
    return kind;
}

GdkPixbuf *tessera_gst_preroll_pixbuf(TesseraGstElement *sink, guint64 timeout) {
    GstSample *sample = gst.gst_app_sink_try_pull_preroll((GstAppSink *)sink, timeout);
    if (!sample) return NULL;
    GstVideoInfo info;
    GdkPixbuf *pixbuf = NULL;
    GstCaps *caps = gst.gst_sample_get_caps(sample);
    GstBuffer *buffer = gst.gst_sample_get_buffer(sample);
    GstMapInfo map;
    if (caps && buffer && gst.gst_video_info_from_caps(&info, caps) && gst.gst_buffer_map(buffer, &map, GST_MAP_READ)) {
        int width = GST_VIDEO_INFO_WIDTH(&info), height = GST_VIDEO_INFO_HEIGHT(&info);
        int stride = GST_VIDEO_INFO_PLANE_STRIDE(&info, 0);
        pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, FALSE, 8, width, height);
        if (pixbuf) {
            guchar *pixels = gdk_pixbuf_get_pixels(pixbuf);
            int rowstride = gdk_pixbuf_get_rowstride(pixbuf);
            for (int y = 0; y < height; y++) {
                memcpy(pixels + (gsize)y * rowstride, map.data + (gsize)y * stride, (gsize)width * 3);
            }
        }
        gst.gst_buffer_unmap(buffer, &map);
    }
    gst.gst_mini_object_unref(GST_MINI_OBJECT_CAST(sample));
    return pixbuf;
}

// MARK: Playback, the helper's side

/// The raw formats the helper hands over: what gtksink draws, and sound any output takes.
#define TESSERA_VIDEO_CAPS "video/x-raw,format=BGRx"
#define TESSERA_AUDIO_CAPS "audio/x-raw,format=S16LE,layout=interleaved,rate=48000,channels=2"

typedef struct {
    TesseraGstClipHandlers handlers;
    TesseraGstStream stream;
} ClipBranch;

static GstFlowReturn clip_new_sample(GstAppSink *sink, gpointer data) {
    ClipBranch *branch = data;
    GstSample *sample = gst.gst_app_sink_pull_sample(sink);
    if (!sample) return GST_FLOW_OK;
    GstBuffer *buffer = gst.gst_sample_get_buffer(sample);
    const GstSegment *segment = gst.gst_sample_get_segment(sample);
    GstMapInfo map;
    if (buffer && gst.gst_buffer_map(buffer, &map, GST_MAP_READ)) {
        TesseraGstSample out = { .stream = branch->stream, .data = map.data, .length = map.size,
                                 .time = -1, .duration = -1, .aspect_numerator = 1, .aspect_denominator = 1 };
        if (GST_BUFFER_PTS_IS_VALID(buffer) && segment) {
            guint64 time = gst.gst_segment_to_stream_time(segment, GST_FORMAT_TIME, GST_BUFFER_PTS(buffer));
            if (time != GST_CLOCK_TIME_NONE) out.time = (gint64)time;
        }
        if (GST_BUFFER_DURATION_IS_VALID(buffer)) out.duration = (gint64)GST_BUFFER_DURATION(buffer);
        gboolean usable = TRUE;
        if (branch->stream == TESSERA_GST_STREAM_VIDEO) {
            GstVideoInfo info;
            GstCaps *caps = gst.gst_sample_get_caps(sample);
            usable = caps && gst.gst_video_info_from_caps(&info, caps)
                && GST_VIDEO_INFO_PLANE_STRIDE(&info, 0) == GST_VIDEO_INFO_WIDTH(&info) * 4;
            if (usable) {
                out.width = GST_VIDEO_INFO_WIDTH(&info);
                out.height = GST_VIDEO_INFO_HEIGHT(&info);
                out.aspect_numerator = GST_VIDEO_INFO_PAR_N(&info);
                out.aspect_denominator = GST_VIDEO_INFO_PAR_D(&info);
            }
        }
        if (usable) branch->handlers.sample(branch->handlers.context, &out);
        gst.gst_buffer_unmap(buffer, &map);
    }
    gst.gst_mini_object_unref(GST_MINI_OBJECT_CAST(sample));
    return GST_FLOW_OK;
}

static void clip_ended(GstAppSink *sink, gpointer data) {
    (void)sink;
    ClipBranch *branch = data;
    branch->handlers.ended(branch->handlers.context, branch->stream);
}

static GstPadProbeReturn clip_flushed(GstPad *pad, GstPadProbeInfo *info, gpointer data) {
    (void)pad;
    ClipBranch *branch = data;
    if (GST_EVENT_TYPE(GST_PAD_PROBE_INFO_EVENT(info)) == GST_EVENT_FLUSH_STOP) {
        branch->handlers.flushed(branch->handlers.context, branch->stream);
    }
    return GST_PAD_PROBE_OK;
}

/// A bin converting to `caps` into an appsink that calls `branch`, for playbin's video-sink or
/// audio-sink; NULL with `error` set when an element is missing.
static GstElement *clip_branch(const char *description, ClipBranch *branch, char **error) {
    GstElement *bin = (GstElement *)tessera_gst_parse_bin(description, error);
    if (!bin) return NULL;
    GstElement *sink = gst.gst_bin_get_by_name(((GstBin *)bin), "sink");
    GstAppSinkCallbacks callbacks;
    memset(&callbacks, 0, sizeof callbacks);
    callbacks.new_sample = clip_new_sample;
    callbacks.eos = clip_ended;
    gst.gst_app_sink_set_callbacks((GstAppSink *)sink, &callbacks, branch, NULL);
    GstPad *pad = gst.gst_element_get_static_pad(sink, "sink");
    gst.gst_pad_add_probe(pad, GST_PAD_PROBE_TYPE_EVENT_FLUSH, clip_flushed, branch, NULL);
    gst.gst_object_unref(pad);
    gst.gst_object_unref(sink);
    return bin;
}

TesseraGstElement *tessera_gst_clip_decoder(int clip, const TesseraGstClipHandlers *handlers, char **error) {
    GstElement *playbin = gst.gst_element_factory_make("playbin", NULL);
    if (!playbin) {
        if (error) *error = g_strdup("GStreamer's playbin is not installed");
        return NULL;
    }
    gst.gst_object_ref_sink(playbin);
    ClipBranch *video = g_new0(ClipBranch, 1), *audio = g_new0(ClipBranch, 1);
    video->handlers = *handlers;
    video->stream = TESSERA_GST_STREAM_VIDEO;
    audio->handlers = *handlers;
    audio->stream = TESSERA_GST_STREAM_AUDIO;
    // Freed with the playbin, after its threads are gone.
    g_object_set_data_full(G_OBJECT(playbin), "tessera-video-branch", video, g_free);
    g_object_set_data_full(G_OBJECT(playbin), "tessera-audio-branch", audio, g_free);
    GstElement *video_sink = clip_branch("videoconvert ! " TESSERA_VIDEO_CAPS " ! appsink name=sink sync=false", video, error);
    GstElement *audio_sink = video_sink
        ? clip_branch("audioconvert ! audioresample ! " TESSERA_AUDIO_CAPS " ! appsink name=sink sync=false", audio, error)
        : NULL;
    if (!video_sink || !audio_sink) {
        if (video_sink) gst.gst_object_unref(video_sink);
        gst.gst_object_unref(playbin);
        return NULL;
    }
    char *uri = g_strdup_printf("fd://%d", clip);
    // Video and sound only (playbin's flags 0x1 and 0x2): no subtitles, no volume of its own.
    g_object_set(playbin, "uri", uri, "flags", 0x3, "video-sink", video_sink, "audio-sink", audio_sink, NULL);
    g_free(uri);
    return (TesseraGstElement *)playbin;
}

char *tessera_gst_wait_for_error(TesseraGstElement *element) {
    GstBus *bus = gst.gst_element_get_bus(ELEMENT(element));
    if (!bus) return NULL;
    GstMessage *message = gst.gst_bus_timed_pop_filtered(bus, GST_CLOCK_TIME_NONE, GST_MESSAGE_ERROR);
    gst.gst_object_unref(bus);
    if (!message) return NULL;
    GError *failure = NULL;
    gst.gst_message_parse_error(message, &failure, NULL);
    char *text = g_strdup(failure ? failure->message : "The video could not be decoded.");
    if (failure) g_error_free(failure);
    gst.gst_mini_object_unref(GST_MINI_OBJECT_CAST(message));
    return text;
}

// MARK: Playback, the app's side

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
