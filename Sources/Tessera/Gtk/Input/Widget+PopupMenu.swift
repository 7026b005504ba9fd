import CGtk

extension Widget {
    public func insertActionGroup(_ group: ActionGroup, prefix: String) {
        gtk_widget_insert_action_group(widget, prefix, OpaquePointer(group.raw))
    }

    /// The Menu key and Shift+F10 (GTK's "popup-menu" keybinding); return true when a menu opened.
    @discardableResult
    public func onPopupMenu(_ body: @escaping @MainActor () -> Bool) -> SignalConnection {
        connect("popup-menu", shape: .plain) { _ in body() }
    }
}
