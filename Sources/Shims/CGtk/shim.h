#ifndef TESSERA_CGTK_SHIM_H
#define TESSERA_CGTK_SHIM_H

// What Swift cannot import from GTK 3 directly: variadic calls and macros,
// plus the two libdispatch hooks that let GLib drain the main dispatch queue.

#include <gtk/gtk.h>
#include <glib-unix.h>
#include <gio/gio.h>
#include <cairo.h>

// MARK: libdispatch's hooks for foreign run loops (exported by libdispatch on Linux).
// The handle is an eventfd that becomes readable when the main queue has work.
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *msg);

// MARK: The X11 backend's forced window scale (gdk/gdkx.h would bring Xlib's names into Swift).
extern GType gdk_x11_display_get_type(void);
extern void gdk_x11_display_set_window_scale(GdkDisplay *display, gint scale);
/// Makes every window of `display` draw at `scale`, as a move to a screen of that scale would;
/// false (and nothing changes) when the display is not an X11 one.
static inline gboolean tessera_force_window_scale(GdkDisplay *display, gint scale) {
    if (!G_TYPE_CHECK_INSTANCE_TYPE(display, gdk_x11_display_get_type())) return FALSE;
    gdk_x11_display_set_window_scale(display, scale);
    return TRUE;
}

/// The X window of `window`, 0 when it is not an X11 one (tests move it as a window manager would).
extern GType gdk_x11_window_get_type(void);
extern unsigned long gdk_x11_window_get_xid(GdkWindow *window);
static inline unsigned long tessera_x11_window_id(GdkWindow *window) {
    if (!window || !G_TYPE_CHECK_INSTANCE_TYPE(window, gdk_x11_window_get_type())) return 0;
    return gdk_x11_window_get_xid(window);
}

// MARK: g_object_set / g_object_get with one property (variadic in C).
static inline void tessera_object_set_bool(gpointer object, const char *name, gboolean value) {
    g_object_set(object, name, value, NULL);
}
static inline void tessera_object_set_int(gpointer object, const char *name, gint value) {
    g_object_set(object, name, value, NULL);
}
static inline void tessera_object_set_string(gpointer object, const char *name, const char *value) {
    g_object_set(object, name, value, NULL);
}
static inline gboolean tessera_object_get_bool(gpointer object, const char *name) {
    gboolean value = FALSE;
    g_object_get(object, name, &value, NULL);
    return value;
}
static inline gchar *tessera_object_get_string(gpointer object, const char *name) {
    gchar *value = NULL;
    g_object_get(object, name, &value, NULL);
    return value;
}

// MARK: Variadic constructors.
static inline gpointer tessera_object_new(GType type) {
    return g_object_new(type, NULL);
}
static inline GtkWidget *tessera_message_dialog_new(GtkWindow *parent, GtkMessageType type,
                                                    GtkButtonsType buttons, const char *text) {
    return gtk_message_dialog_new(parent, GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                  type, buttons, "%s", text);
}
static inline void tessera_about_dialog_set_authors(GtkAboutDialog *about, const char *author) {
    const gchar *authors[] = { author, NULL };
    gtk_about_dialog_set_authors(about, authors);
}
static inline void tessera_application_set_accel(GtkApplication *app, const char *action, const char *accel) {
    const gchar *accels[] = { accel, NULL };
    gtk_application_set_accels_for_action(app, action, accels);
}
static inline void tessera_application_set_accels2(GtkApplication *app, const char *action,
                                                   const char *accel1, const char *accel2) {
    const gchar *accels[] = { accel1, accel2, NULL };
    gtk_application_set_accels_for_action(app, action, accels);
}

// MARK: Macros.
static inline gboolean tessera_is_a(gpointer instance, GType type) {
    return instance != NULL && G_TYPE_CHECK_INSTANCE_TYPE(instance, type);
}
static inline const char *tessera_type_name_of(gpointer instance) {
    return G_OBJECT_TYPE_NAME(instance);
}
static inline guint tessera_object_ref_count(gpointer object) {
    return G_OBJECT(object)->ref_count;
}
static inline gboolean tessera_object_is_floating(gpointer object) {
    return g_object_is_floating(object);
}

#endif
