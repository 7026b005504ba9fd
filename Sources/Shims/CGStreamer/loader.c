// Opens GStreamer on first use (dlopen, not linked: every library linked into an executable is
// loaded before `main`) and resolves the functions the other files call through `gst`.
#include "functions.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

_Static_assert((int)TESSERA_GST_STATE_NULL == (int)GST_STATE_NULL, "GStreamer's NULL state");
_Static_assert((int)TESSERA_GST_STATE_PAUSED == (int)GST_STATE_PAUSED, "GStreamer's PAUSED state");
_Static_assert((int)TESSERA_GST_STATE_PLAYING == (int)GST_STATE_PLAYING, "GStreamer's PLAYING state");

struct tessera_gst_functions gst;

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
