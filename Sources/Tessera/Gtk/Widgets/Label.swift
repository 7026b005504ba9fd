import CGtk

@MainActor
public final class Label: Widget {
    public init(_ text: String = "") {
        super.init(taking: UnsafeMutableRawPointer(gtk_label_new(text)))
    }
    public var text: String {
        get { String(cString: gtk_label_get_text(raw.cast())) }
        set { gtk_label_set_text(raw.cast(), newValue) }
    }
    /// The markup last set (or the text): what is bold, for tests.
    public var markup: String { String(cString: gtk_label_get_label(raw.cast())) }
    /// Sets the text with Pango markup (`Label.escaped` for text that must show as it is).
    public func setMarkup(_ markup: String) {
        if markup.contains("<a ") { LabelLinkExtents.installed }
        gtk_label_set_markup(raw.cast(), markup)
    }
    /// A markup link clicked: true when `body` opened it, else the desktop does.
    @discardableResult
    public func onActivateLink(_ body: @escaping @MainActor (String) -> Bool) -> SignalConnection {
        connect("activate-link", shape: .pointerReturningBool) { pointer in
            guard let pointer else { return false }
            return body(String(cString: pointer.assumingMemoryBound(to: CChar.self)))
        }
    }
    /// The link the keyboard is on or being activated; nil when none.
    public var currentLinkAddress: String? {
        gtk_label_get_current_uri(raw.cast()).map { String(cString: $0) }
    }
    /// `text` with the characters Pango markup gives a meaning to written as entities.
    public nonisolated static func escaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
    /// The most characters a line takes before a wrapping label asks for another (-1: no limit).
    public var maxWidthChars: Int {
        get { Int(gtk_label_get_max_width_chars(raw.cast())) }
        set { gtk_label_set_max_width_chars(raw.cast(), gint(newValue)) }
    }
    public var wraps: Bool {
        get { gtk_label_get_line_wrap(raw.cast()) != 0 }
        set { gtk_label_set_line_wrap(raw.cast(), newValue ? 1 : 0) }
    }
    /// Wraps at words, and within a word too long for a line (an address).
    public func wrapAnywhere() {
        wraps = true
        gtk_label_set_line_wrap_mode(raw.cast(), PANGO_WRAP_WORD_CHAR)
    }
    public enum Justification: Sendable { case left, center, right }
    public func setJustification(_ value: Justification) {
        let gtk: GtkJustification = switch value {
        case .left: GTK_JUSTIFY_LEFT
        case .center: GTK_JUSTIFY_CENTER
        case .right: GTK_JUSTIFY_RIGHT
        }
        gtk_label_set_justify(raw.cast(), gtk)
    }
    /// Horizontal alignment of the text inside the label, 0 (start) to 1 (end).
    public var xalign: Double {
        get { Double(gtk_label_get_xalign(raw.cast())) }
        set { gtk_label_set_xalign(raw.cast(), Float(newValue)) }
    }
    public func setMaxWidthChars(_ chars: Int) { gtk_label_set_max_width_chars(raw.cast(), gint(chars)) }
    /// Shows at most `lines` lines (with wrapping), ending in an ellipsis; 0: one line ellipsized.
    public func ellipsize(afterLines lines: Int = 0) {
        gtk_label_set_ellipsize(raw.cast(), PANGO_ELLIPSIZE_END)
        if lines > 0 { gtk_label_set_lines(raw.cast(), gint(lines)) }
    }
    /// Selects nothing (a selectable label selects all of itself when it takes focus).
    public func clearSelection() { gtk_label_select_region(raw.cast(), 0, 0) }
    /// The selected characters' offsets, or nil when nothing is selected.
    public var selection: Range<Int>? {
        var start: gint = 0, end: gint = 0
        guard gtk_label_get_selection_bounds(raw.cast(), &start, &end) != 0, start != end else { return nil }
        return Int(min(start, end))..<Int(max(start, end))
    }
    /// Whether the text can be selected and copied.
    public var isSelectable: Bool {
        get { gtk_label_get_selectable(raw.cast()) != 0 }
        set { gtk_label_set_selectable(raw.cast(), newValue ? 1 : 0) }
    }
}
