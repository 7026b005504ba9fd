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
