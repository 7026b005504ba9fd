// The player helper's side of playback: a clip decoded by playbin into raw frames and sound,
// handed to the helper's Swift code sample by sample (`ClipDecoder`).
#include "functions.h"
#include <string.h>

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

/// A playbin decoding into the raw formats through `handlers`, reading `uri`.
static GstElement *clip_playbin(const char *uri, const TesseraGstClipHandlers *handlers, char **error) {
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
    // Video and sound only (playbin's flags 0x1 and 0x2): no subtitles, no volume of its own.
    g_object_set(playbin, "uri", uri, "flags", 0x3, "video-sink", video_sink, "audio-sink", audio_sink, NULL);
    return playbin;
}

TesseraGstElement *tessera_gst_clip_decoder(int clip, const TesseraGstClipHandlers *handlers, char **error) {
    char *uri = g_strdup_printf("fd://%d", clip);
    GstElement *playbin = clip_playbin(uri, handlers, error);
    g_free(uri);
    return (TesseraGstElement *)playbin;
}

// MARK: A streamed clip

typedef struct {
    TesseraGstClipFeed feed;
    guint64 length;
    GMutex lock;
    /// playbin's appsrc, once made (a reference of ours), NULL once the playbin lets it go.
    GstElement *source;
} ClipFeed;

static void feed_need(GstAppSrc *source, guint length, gpointer data) {
    (void)source;
    ClipFeed *feed = data;
    feed->feed.need(feed->feed.context, length);
}

static gboolean feed_seek(GstAppSrc *source, guint64 offset, gpointer data) {
    (void)source;
    ClipFeed *feed = data;
    feed->feed.seek(feed->feed.context, offset);
    return TRUE;
}

static void feed_free(gpointer data) {
    ClipFeed *feed = data;
    if (feed->source) gst.gst_object_unref(feed->source);
    g_mutex_clear(&feed->lock);
    g_free(feed);
}

/// playbin made its source: an appsrc read like a file (random access, pull mode) of the clip's
/// length.
static void feed_source_setup(GstElement *playbin, GstElement *source, gpointer data) {
    (void)playbin;
    ClipFeed *feed = data;
    g_object_set(source, "stream-type", 2 /* GST_APP_STREAM_TYPE_RANDOM_ACCESS */, "size", (gint64)feed->length,
                 "format", GST_FORMAT_BYTES, NULL);
    GstAppSrcCallbacks callbacks;
    memset(&callbacks, 0, sizeof callbacks);
    callbacks.need_data = feed_need;
    callbacks.seek_data = feed_seek;
    gst.gst_app_src_set_callbacks((GstAppSrc *)source, &callbacks, feed, NULL);
    g_mutex_lock(&feed->lock);
    if (feed->source) gst.gst_object_unref(feed->source);
    feed->source = source;
    g_object_ref(source);
    g_mutex_unlock(&feed->lock);
}

TesseraGstElement *tessera_gst_streamed_clip_decoder(guint64 length, const TesseraGstClipFeed *clip_feed,
                                                     const TesseraGstClipHandlers *handlers, char **error) {
    GstElement *playbin = clip_playbin("appsrc://", handlers, error);
    if (!playbin) return NULL;
    ClipFeed *feed = g_new0(ClipFeed, 1);
    feed->feed = *clip_feed;
    feed->length = length;
    g_mutex_init(&feed->lock);
    g_object_set_data_full(G_OBJECT(playbin), "tessera-clip-feed", feed, feed_free);
    g_signal_connect(playbin, "source-setup", G_CALLBACK(feed_source_setup), feed);
    return (TesseraGstElement *)playbin;
}

/// The streamed clip's appsrc, a reference for the caller, or NULL.
static GstElement *feed_source(TesseraGstElement *decoder) {
    ClipFeed *feed = g_object_get_data(G_OBJECT(decoder), "tessera-clip-feed");
    if (!feed) return NULL;
    g_mutex_lock(&feed->lock);
    GstElement *source = feed->source ? g_object_ref(feed->source) : NULL;
    g_mutex_unlock(&feed->lock);
    return source;
}

gboolean tessera_gst_clip_feed_push(TesseraGstElement *decoder, const guint8 *data, gsize length) {
    GstElement *source = feed_source(decoder);
    if (!source) return FALSE;
    gpointer copy = g_memdup2(data, length);
    GstBuffer *buffer = gst.gst_buffer_new_wrapped_full(0, copy, length, 0, length, copy, g_free);
    gboolean pushed = gst.gst_app_src_push_buffer((GstAppSrc *)source, buffer) == GST_FLOW_OK;
    gst.gst_object_unref(source);
    return pushed;
}

void tessera_gst_clip_feed_end(TesseraGstElement *decoder) {
    GstElement *source = feed_source(decoder);
    if (!source) return;
    gst.gst_app_src_end_of_stream((GstAppSrc *)source);
    gst.gst_object_unref(source);
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
