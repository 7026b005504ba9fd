import CGtk

/// Read-only selectable wrapping text, laid out a paragraph at a time; offsets in Unicode scalars.
@MainActor
public final class TextView: Widget {
    public init() {
        super.init(taking: UnsafeMutableRawPointer(gtk_text_view_new()))
        gtk_text_view_set_editable(raw.cast(), 0)
        gtk_text_view_set_cursor_visible(raw.cast(), 0)
        gtk_text_view_set_wrap_mode(raw.cast(), GTK_WRAP_WORD_CHAR)
    }

    private var buffer: UnsafeMutablePointer<GtkTextBuffer> { gtk_text_view_get_buffer(raw.cast()) }

    /// Adds `text` after what the view holds.
    public func append(_ text: String) {
        var end = GtkTextIter()
        gtk_text_buffer_get_end_iter(buffer, &end)
        gtk_text_buffer_insert(buffer, &end, text, gint(text.utf8.count))
    }

    public func clear() { gtk_text_buffer_set_text(buffer, "", 0) }

    /// How many Unicode scalars the view holds.
    public var characterCount: Int { Int(gtk_text_buffer_get_char_count(buffer)) }

    /// The text between two offsets.
    public func text(in range: Range<Int>) -> String {
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(buffer, &start, gint(range.lowerBound))
        gtk_text_buffer_get_iter_at_offset(buffer, &end, gint(range.upperBound))
        guard let text = gtk_text_buffer_get_text(buffer, &start, &end, 0) else { return "" }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// The selected offsets, or nil when nothing is selected.
    public var selection: Range<Int>? {
        var start = GtkTextIter(), end = GtkTextIter()
        guard gtk_text_buffer_get_selection_bounds(buffer, &start, &end) != 0 else { return nil }
        let a = Int(gtk_text_iter_get_offset(&start)), b = Int(gtk_text_iter_get_offset(&end))
        return a == b ? nil : min(a, b)..<max(a, b)
    }

    /// Selects `range` (offsets), as a drag of the pointer would.
    public func select(_ range: Range<Int>) {
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(buffer, &start, gint(range.lowerBound))
        gtk_text_buffer_get_iter_at_offset(buffer, &end, gint(range.upperBound))
        gtk_text_buffer_select_range(buffer, &start, &end)
    }

    public func setJustification(_ value: Label.Justification) {
        let gtk: GtkJustification = switch value {
        case .left: GTK_JUSTIFY_LEFT
        case .center: GTK_JUSTIFY_CENTER
        case .right: GTK_JUSTIFY_RIGHT
        }
        gtk_text_view_set_justification(raw.cast(), gtk)
    }

    /// Room between the view's edges and its text, in logical pixels.
    public func setTextMargins(top: Int, bottom: Int, start: Int, end: Int) {
        gtk_text_view_set_top_margin(raw.cast(), gint(top))
        gtk_text_view_set_bottom_margin(raw.cast(), gint(bottom))
        gtk_text_view_set_left_margin(raw.cast(), gint(start))
        gtk_text_view_set_right_margin(raw.cast(), gint(end))
    }

    /// `body` replaces GTK's copy, to put the text as sent on the clipboard.
    public func onCopy(_ body: @escaping @MainActor () -> Void) {
        connect("copy-clipboard", shape: .plain) { [weak self] _ in
            guard let self else { return false }
            g_signal_stop_emission_by_name(self.raw, "copy-clipboard")
            body()
            return false
        }
    }
}
