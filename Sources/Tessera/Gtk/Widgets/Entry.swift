import CGtk

@MainActor
public final class Entry: Widget {
    public init(placeholder: String = "") {
        super.init(taking: UnsafeMutableRawPointer(gtk_entry_new()))
        gtk_entry_set_placeholder_text(raw.cast(), placeholder)
        gtk_entry_set_activates_default(raw.cast(), 1)
    }
    /// GtkSearchEntry: a magnifier at the start, and a clear button at the end while there is text.
    public init(searchPlaceholder placeholder: String) {
        super.init(taking: UnsafeMutableRawPointer(gtk_search_entry_new()))
        gtk_entry_set_placeholder_text(raw.cast(), placeholder)
    }
    /// The icon at the entry's start (a search entry's magnifier), by its theme name.
    public var primaryIconName: String? { gtk_entry_get_icon_name(raw.cast(), GTK_ENTRY_ICON_PRIMARY).map { String(cString: $0) } }
    public var secondaryIconName: String? { gtk_entry_get_icon_name(raw.cast(), GTK_ENTRY_ICON_SECONDARY).map { String(cString: $0) } }
    /// How many characters wide the entry asks to be.
    public var widthChars: Int {
        get { Int(gtk_entry_get_width_chars(raw.cast())) }
        set { gtk_entry_set_width_chars(raw.cast(), gint(newValue)) }
    }
    public var text: String {
        get { String(cString: gtk_entry_get_text(raw.cast())) }
        set { gtk_entry_set_text(raw.cast(), newValue) }
    }
    /// Focus without selecting (`grabFocus` selects all, which the next key replaces).
    /// Pastes the clipboard's text at the cursor, as Ctrl+V does.
    public func pasteClipboard() {
        gtk_editable_paste_clipboard(OpaquePointer(raw))
    }

    public func grabFocusWithoutSelecting() {
        gtk_entry_grab_focus_without_selecting(raw.cast())
    }
    /// Where the caret is, in characters; -1 puts it after the last.
    public var cursorPosition: Int {
        get { Int(gtk_editable_get_position(OpaquePointer(raw))) }
        set { gtk_editable_set_position(OpaquePointer(raw), gint(newValue)) }
    }
    @discardableResult
    public func onChanged(_ body: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("changed", shape: .plain) { _ in body(); return false }
    }
    /// Called when the user presses Enter in the entry.
    @discardableResult
    public func onActivate(_ body: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("activate", shape: .plain) { _ in body(); return false }
    }
}
