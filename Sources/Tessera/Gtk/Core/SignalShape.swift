
/// The C shapes of the signals the app connects to. Every shape ends with the user data pointer.
enum SignalShape {
    /// `void (*)(GObject *, gpointer)`, or gboolean-returning ("popup-menu").
    case plain
    /// `void (*)(GObject *self, gpointer arg, gpointer data)`
    case pointer
    /// `gboolean (*)(GObject *self, gpointer arg, gpointer data)`: event handlers, `draw`.
    case pointerReturningBool
    /// `(self, arg1, arg2, data)`: the second argument goes to the closure.
    case pointerPointer
    /// `(self, arg1, gint, data)` ("draw-page"): the first argument goes to the closure.
    case pointerInt
    /// "drag-data-received": the selection data goes to the closure.
    case dragDataReceived
    /// "drag-data-get": the selection data goes to the closure.
    case dragDataGet
    /// `(self, gdouble, gdouble, data)` ("swipe"): a pointer to both doubles.
    case doubleDouble
    /// `(self, gdouble, data)` ("scale-changed"): a pointer to the double.
    case double
    /// "drag-motion" and "drag-drop": a pointer to a `DragPosition`.
    case dragPosition
    /// "drag-leave": `void (*)(self, context, time, data)`.
    case dragLeave
    /// `(self, gboolean, data)` ("network-changed"): a pointer to a `Bool`.
    case boolean
    /// GApplication's "open": a pointer to the files' URIs as `[String]`.
    case files
}
