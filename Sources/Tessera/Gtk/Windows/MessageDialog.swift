import CGtk

/// A modal dialog for questions and errors: always a heading and a body, as GNOME's are, and buttons.
@MainActor
public final class MessageDialog: Dialog {
    public enum Kind: Sendable { case info, warning, question, error }

    public init(parent: Window?, kind: Kind, heading: String, body: String) {
        let type: GtkMessageType = switch kind {
        case .info: GTK_MESSAGE_INFO
        case .warning: GTK_MESSAGE_WARNING
        case .question: GTK_MESSAGE_QUESTION
        case .error: GTK_MESSAGE_ERROR
        }
        super.init(taking: UnsafeMutableRawPointer(tessera_message_dialog_new(parent?.window, type, GTK_BUTTONS_NONE, heading)))
        tessera_object_set_string(raw, "secondary-text", body)
    }
    /// The text shown in bold.
    public var text: String { stringProperty("text") ?? "" }
    /// The text shown under it.
    public var secondaryText: String { stringProperty("secondary-text") ?? "" }

    /// Every message dialog's bold text on screen now, for tests.
    public static func textsOnScreen() -> [String] {
        guard let list = gtk_window_list_toplevels() else { return [] }
        defer { g_list_free(list) }
        var texts: [String] = []
        var node: UnsafeMutablePointer<GList>? = list
        while let current = node {
            if let window = current.pointee.data, tessera_is_a(window, gtk_message_dialog_get_type()) != 0,
               gtk_widget_get_mapped(window.assumingMemoryBound(to: GtkWidget.self)) != 0 {
                let value = tessera_object_get_string(window, "text")
                texts.append(value.map { String(cString: $0) } ?? "")
                g_free(value)
            }
            node = current.pointee.next
        }
        return texts
    }
}
