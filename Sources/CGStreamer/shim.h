#ifndef TESSERA_CGSTREAMER_SHIM_H
#define TESSERA_CGSTREAMER_SHIM_H
// GStreamer for video posters (a frame taken off the main thread) and playback (playbin drawing
// into gtksink's widget).
#include <gst/gst.h>
#include <gst/app/gstappsink.h>
#include <gst/video/video.h>
#include <gdk-pixbuf/gdk-pixbuf.h>

static inline GstElement *tessera_gst_bin_child(GstElement *bin, const char *name) {
    return gst_bin_get_by_name(GST_BIN(bin), name);
}

// The first frame of a prerolled appsink as a new RGB GdkPixbuf (the caller owns it), or NULL.
static inline GdkPixbuf *tessera_gst_preroll_pixbuf(GstElement *sink, GstClockTime timeout) {
    GstSample *sample = gst_app_sink_try_pull_preroll(GST_APP_SINK(sink), timeout);
    if (!sample) return NULL;
    GstVideoInfo info;
    GdkPixbuf *pixbuf = NULL;
    GstCaps *caps = gst_sample_get_caps(sample);
    GstBuffer *buffer = gst_sample_get_buffer(sample);
    GstMapInfo map;
    if (caps && buffer && gst_video_info_from_caps(&info, caps) && gst_buffer_map(buffer, &map, GST_MAP_READ)) {
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
        gst_buffer_unmap(buffer, &map);
    }
    gst_sample_unref(sample);
    return pixbuf;
}

// g_object_get of an object-valued property (variadic in C).
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
