// Elements, their states, queries and messages, and a poster's preroll: what the app and the
// helpers both ask of a pipeline.
#include "functions.h"

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

gboolean tessera_gst_is_prerolled(TesseraGstElement *element) {
    GstState current = GST_STATE_NULL;
    return gst.gst_element_get_state(ELEMENT(element), &current, NULL, 0) == GST_STATE_CHANGE_SUCCESS
        && current >= GST_STATE_PAUSED;
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
