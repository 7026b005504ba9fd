
/// The C shapes of the signals the app connects to. Every shape ends with the user data pointer.
enum SignalShape {
    /// `void (*)(GObject *self, gpointer data)`, or the same returning gboolean ("popup-menu"):
    /// the trampoline returns the closure's answer, which GLib ignores for void signals.
    case plain
    /// `void (*)(GObject *self, gpointer arg, gpointer data)`
    case pointer
    /// `gboolean (*)(GObject *self, gpointer arg, gpointer data)`: event handlers, `draw`.
    case pointerReturningBool
    /// `void (*)(GObject *self, gpointer arg1, gpointer arg2, gpointer data)`: the second argument
    /// is passed to the closure.
    case pointerPointer
    /// "drag-data-received": `(self, context, x, y, selection_data, info, time, data)`; the
    /// selection data is passed to the closure.
    case dragDataReceived
    /// "drag-data-get": `(self, context, selection_data, info, time, data)`; the selection data is
    /// passed to the closure.
    case dragDataGet
    /// `void (*)(GObject *self, gdouble a, gdouble b, gpointer data)` ("swipe"): the closure gets a
    /// pointer to the two doubles.
    case doubleDouble
    /// `void (*)(GObject *self, gdouble value, gpointer data)` ("scale-changed"): the closure gets
    /// a pointer to the double.
    case double
    /// "drag-motion" and "drag-drop": `gboolean (*)(self, context, x, y, time, data)`; the
    /// closure gets a pointer to a `DragPosition`.
    case dragPosition
    /// "drag-leave": `void (*)(self, context, time, data)`.
    case dragLeave
    /// `void (*)(GObject *self, gboolean value, gpointer data)` ("network-changed"): the closure
    /// gets a pointer to a Swift `Bool`.
    case boolean
    /// GApplication's "open": `(self, GFile **files, gint count, gchar *hint, data)`; the closure
    /// gets a pointer to a Swift `[String]` of the files' URIs.
    case files
}
