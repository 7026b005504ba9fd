import CGtk

/// A drop-down of text choices, each with an id (GtkComboBoxText), as preferences rows end with.
@MainActor
public final class ComboBoxText: Widget {
    public init() {
        super.init(taking: UnsafeMutableRawPointer(gtk_combo_box_text_new()))
        valign = .center
    }

    public func append(id: String, text: String) {
        gtk_combo_box_text_append(raw.cast(), id, text)
    }

    /// The chosen choice's id; setting an id not appended chooses nothing.
    public var activeID: String? {
        get { gtk_combo_box_get_active_id(raw.cast()).map { String(cString: $0) } }
        set { gtk_combo_box_set_active_id(raw.cast(), newValue) }
    }

    public var activeText: String? {
        guard let text = gtk_combo_box_text_get_active_text(raw.cast()) else { return nil }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// Called when the choice changes, by the user or by `activeID`.
    @discardableResult
    public func onChanged(_ body: @escaping @MainActor () -> Void) -> SignalConnection {
        onNotify("active-id", body)
    }
}
