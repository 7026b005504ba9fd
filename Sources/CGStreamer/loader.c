// Opens GStreamer on first use and forwards the calls declared in CGStreamer.h to it.
#include "CGStreamer.h"
#include <gst/gst.h>
#include <gst/app/gstappsink.h>
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
    X(0, gst_plugin_load_by_name) \
    X(1, gst_app_sink_try_pull_preroll) X(2, gst_video_info_from_caps)

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
                                       GST_SEEK_FLAG_FLUSH | GST_SEEK_FLAG_KEY_UNIT, nanoseconds);
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
