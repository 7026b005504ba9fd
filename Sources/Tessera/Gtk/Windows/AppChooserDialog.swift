import CGtk
import Foundation
import Localization

/// The desktop's application chooser for a type of file (GtkAppChooserDialog).
@MainActor
public final class AppChooserDialog: Dialog {
    /// For a file named `name` whose first bytes are `sample`: its type is guessed from both.
    public init(forFileNamed name: String, sample: Data, heading: String, parent: Window?) {
        var uncertain: gboolean = 0
        let type = sample.withUnsafeBytes { bytes in
            g_content_type_guess(name, bytes.baseAddress?.assumingMemoryBound(to: guchar.self), gsize(bytes.count), &uncertain)
        }
        defer { g_free(type) }
        let flags = GtkDialogFlags(rawValue: GTK_DIALOG_MODAL.rawValue | GTK_DIALOG_DESTROY_WITH_PARENT.rawValue)
        super.init(taking: UnsafeMutableRawPointer(gtk_app_chooser_dialog_new_for_content_type(parent?.window, flags, type)))
        gtk_app_chooser_dialog_set_heading(raw.cast(), heading)
    }

    override init(taking raw: UnsafeMutableRawPointer) { super.init(taking: raw) }

    /// The program chosen, once the dialog answered `Dialog.accept`.
    public var chosen: ChosenApplication? {
        gtk_app_chooser_get_app_info(OpaquePointer(raw)).map(ChosenApplication.init(adopting:))
    }

    /// A program the desktop knows, to start with files.
    @MainActor
    public final class ChosenApplication {
        private let info: OpaquePointer

        init(adopting info: OpaquePointer) {
            self.info = info
        }

        isolated deinit { g_object_unref(UnsafeMutableRawPointer(info)) }

        public var name: String { String(cString: g_app_info_get_display_name(info)) }

        /// Starts the program with `file` on `widget`'s display; what went wrong, in words, or nil.
        public func launch(with file: URL, on widget: Widget) -> String? {
            let gfile = g_file_new_for_path(file.path)
            let files = g_list_append(nil, UnsafeMutableRawPointer(gfile))
            let context = gdk_display_get_app_launch_context(gtk_widget_get_display(widget.gtkWidget))
            defer {
                g_list_free(files)
                g_object_unref(UnsafeMutableRawPointer(gfile))
                g_object_unref(UnsafeMutableRawPointer(context))
            }
            var error: UnsafeMutablePointer<GError>?
            guard g_app_info_launch(info, files, context.map { UnsafeMutableRawPointer($0).cast() }, &error) == 0 else { return nil }
            defer { if let error { g_error_free(error) } }
            return error.map { String(cString: $0.pointee.message) } ?? tr("the program did not start")
        }
    }
}
