import CGtk

/// The desktop's clipboard (Ctrl+C, Ctrl+V).
@MainActor
public enum Clipboard {
    public static func setText(_ text: String) {
        let clipboard = gtk_clipboard_get(gdk_atom_intern_static_string("CLIPBOARD"))
        gtk_clipboard_set_text(clipboard, text, gint(text.utf8.count))
    }

    /// Puts a picture on the clipboard; GTK offers it in every format gdk-pixbuf writes (PNG
    /// first) to whoever pastes.
    public static func setImage(_ image: any PixbufSource) {
        let clipboard = gtk_clipboard_get(gdk_atom_intern_static_string("CLIPBOARD"))
        gtk_clipboard_set_image(clipboard, image.pixbufPointer)
    }

    /// What the clipboard holds as text now (asked of its owner, which may be this process).
    public static var text: String? {
        let clipboard = gtk_clipboard_get(gdk_atom_intern_static_string("CLIPBOARD"))
        guard let text = gtk_clipboard_wait_for_text(clipboard) else { return nil }
        defer { g_free(text) }
        return String(cString: text)
    }
}
