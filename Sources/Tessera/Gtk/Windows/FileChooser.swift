import CGtk
import Foundation

/// The desktop's file chooser (the portal's where it runs); keep it alive until it answers.
@MainActor
public final class FileChooser: Object {
    public enum Purpose {
        /// Saving, under a suggested name; overwriting is asked about.
        case save(suggestedName: String)
        /// Opening one file, of the types `filter` names.
        case open(filter: String, mimeTypes: [String])
    }

    private var answered: (@MainActor (URL?) -> Void)?

    public init(_ purpose: Purpose, title: String, parent: Window?, acceptLabel: String, cancelLabel: String) {
        let action = if case .save = purpose { GTK_FILE_CHOOSER_ACTION_SAVE } else { GTK_FILE_CHOOSER_ACTION_OPEN }
        let chooser = gtk_file_chooser_native_new(title, parent?.window, action, acceptLabel, cancelLabel)!
        super.init(adopting: UnsafeMutableRawPointer(chooser))
        switch purpose {
        case .save(let suggestedName):
            gtk_file_chooser_set_do_overwrite_confirmation(OpaquePointer(raw), 1)
            gtk_file_chooser_set_current_name(OpaquePointer(raw), suggestedName)
        case .open(let name, let mimeTypes):
            let filter = gtk_file_filter_new()
            gtk_file_filter_set_name(filter, name)
            mimeTypes.forEach { gtk_file_filter_add_mime_type(filter, $0) }
            gtk_file_chooser_add_filter(OpaquePointer(raw), filter) // the chooser owns the filter
        }
        gtk_native_dialog_set_modal(raw.cast(), 1)
        connect("response", shape: .pointer) { [weak self] response in
            guard let self else { return false }
            // A gint in the register a pointer would take: only its low 32 bits are the value.
            let code = Int32(truncatingIfNeeded: Int(bitPattern: response))
            var url: URL?
            if code == GTK_RESPONSE_ACCEPT.rawValue, let path = gtk_file_chooser_get_filename(OpaquePointer(self.raw)) {
                url = URL(fileURLWithPath: String(cString: path))
                g_free(path)
            }
            let answered = self.answered
            self.answered = nil
            answered?(url)
            return false
        }
    }

    /// The folder it opens in.
    public func setFolder(_ folder: URL) {
        gtk_file_chooser_set_current_folder(OpaquePointer(raw), folder.path)
    }

    /// Shows the chooser; `answered` hears the file chosen, or nil when it was cancelled.
    public func show(_ answered: @escaping @MainActor (URL?) -> Void) {
        self.answered = answered
        gtk_native_dialog_show(raw.cast())
    }
}
