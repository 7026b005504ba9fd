#ifndef TESSERA_CGDKPIXBUF_SHIM_H
#define TESSERA_CGDKPIXBUF_SHIM_H
// gdk-pixbuf without GTK: decoding and encoding off the main thread.
#include <gdk-pixbuf/gdk-pixbuf.h>

// gdk_pixbuf_save_to_buffer is variadic.
static inline gboolean tessera_pixbuf_save(GdkPixbuf *pixbuf, gchar **buffer, gsize *size,
                                           const char *type, GError **error) {
    if (type[0] == 'j') {
        return gdk_pixbuf_save_to_buffer(pixbuf, buffer, size, "jpeg", error, "quality", "85", NULL);
    }
    return gdk_pixbuf_save_to_buffer(pixbuf, buffer, size, type, error, NULL);
}

// JPEG at `quality` ("0" to "100"); other types as their saver's defaults.
static inline gboolean tessera_pixbuf_save_at_quality(GdkPixbuf *pixbuf, gchar **buffer, gsize *size,
                                                      const char *type, const char *quality, GError **error) {
    if (type[0] == 'j') {
        return gdk_pixbuf_save_to_buffer(pixbuf, buffer, size, "jpeg", error, "quality", quality, NULL);
    }
    return gdk_pixbuf_save_to_buffer(pixbuf, buffer, size, type, error, NULL);
}

// The same with an ICC profile embedded (`icc_base64`, the profile's bytes in Base64, as
// gdk-pixbuf's JPEG and PNG savers take it).
static inline gboolean tessera_pixbuf_save_with_profile(GdkPixbuf *pixbuf, gchar **buffer, gsize *size,
                                                        const char *type, const char *icc_base64, GError **error) {
    if (type[0] == 'j') {
        return gdk_pixbuf_save_to_buffer(pixbuf, buffer, size, "jpeg", error, "quality", "85",
                                         "icc-profile", icc_base64, NULL);
    }
    return gdk_pixbuf_save_to_buffer(pixbuf, buffer, size, type, error, "icc-profile", icc_base64, NULL);
}

// An animation's clock in milliseconds of wall time (some loaders' iterators measure from the
// real time, whatever start they are given): gdk-pixbuf's iterators take a GTimeVal, which GLib
// deprecates with no replacement in this API.
G_GNUC_BEGIN_IGNORE_DEPRECATIONS
static inline GdkPixbufAnimationIter *tessera_pixbuf_animation_start(GdkPixbufAnimation *animation, gint64 milliseconds) {
    GTimeVal start = { milliseconds / 1000, (milliseconds % 1000) * 1000 };
    return gdk_pixbuf_animation_get_iter(animation, &start);
}
static inline gboolean tessera_pixbuf_animation_advance(GdkPixbufAnimationIter *iterator, gint64 milliseconds) {
    GTimeVal now = { milliseconds / 1000, (milliseconds % 1000) * 1000 };
    return gdk_pixbuf_animation_iter_advance(iterator, &now);
}
G_GNUC_END_IGNORE_DEPRECATIONS

// Where decoded pixels are allocated: glibc's mallopt (LargeAllocations in ImagePipeline).
#include <malloc.h>
static inline int tessera_pin_mmap_threshold(int bytes) { return mallopt(M_MMAP_THRESHOLD, bytes); }
// The allocator's totals, for the benchmarks' memory breakdown.
typedef struct { size_t heap; size_t inUse; size_t free; size_t mapped; } tessera_malloc_totals;
static inline tessera_malloc_totals tessera_malloc_stats(void) {
    struct mallinfo2 info = mallinfo2();
    tessera_malloc_totals totals = { info.arena, info.uordblks, info.fordblks, info.hblkhd };
    return totals;
}
#endif
