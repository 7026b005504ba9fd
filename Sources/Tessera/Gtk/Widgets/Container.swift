import CGtk

/// A GtkContainer. Adding a child gives GTK its own reference; the Swift owner keeps the wrapper.
@MainActor
open class Container: Widget {
    var container: UnsafeMutablePointer<GtkContainer> { raw.cast() }

    public func add(_ child: Widget) { gtk_container_add(container, child.widget) }
    public func remove(_ child: Widget) { gtk_container_remove(container, child.widget) }
    /// How many children GTK holds now.
    public var childCount: Int { consumeList(gtk_container_get_children(container)).count }
}
