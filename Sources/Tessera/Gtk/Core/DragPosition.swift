import CGtk

/// Where a drag is over a widget, and the context and time to answer it with.
struct DragPosition {
    let context: OpaquePointer?
    let x: Int
    let y: Int
    let time: guint
}
