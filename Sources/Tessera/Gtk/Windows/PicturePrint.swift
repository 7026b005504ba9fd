import CGtk

/// GTK's print dialog for one picture, fitted on the page in the picture's orientation; keep it alive until it ends.
@MainActor
public final class PicturePrint: Object {
    /// How a print ended; `printed` carries the dialog's choices, for the next print to start from.
    public enum Outcome: Equatable {
        case printed(settings: [String: String])
        case cancelled
        case failed(String)
    }

    private let source: any PixbufSource
    private var ended: (@MainActor (Outcome) -> Void)?

    /// `settings` are the last print's choices (GtkPrintSettings' keys and values: printer, paper, file).
    public init(_ source: any PixbufSource, title: String, settings: [String: String]) {
        self.source = source
        super.init(adopting: UnsafeMutableRawPointer(gtk_print_operation_new()))
        let operation = self.operation
        gtk_print_operation_set_job_name(operation, title)
        gtk_print_operation_set_n_pages(operation, 1)
        gtk_print_operation_set_allow_async(operation, 1)
        gtk_print_operation_set_embed_page_setup(operation, 1)
        let printSettings = gtk_print_settings_new()!
        for (key, value) in settings { gtk_print_settings_set(printSettings, key, value) }
        let page = gtk_page_setup_new()!
        if let paper = gtk_print_settings_get_paper_size(printSettings) {
            gtk_page_setup_set_paper_size_and_default_margins(page, paper)
            gtk_paper_size_free(paper)
        }
        let width = gdk_pixbuf_get_width(source.pixbufPointer), height = gdk_pixbuf_get_height(source.pixbufPointer)
        let orientation = width > height ? GTK_PAGE_ORIENTATION_LANDSCAPE : GTK_PAGE_ORIENTATION_PORTRAIT
        gtk_page_setup_set_orientation(page, orientation)
        gtk_print_settings_set_orientation(printSettings, orientation)
        gtk_print_operation_set_default_page_setup(operation, page)
        gtk_print_operation_set_print_settings(operation, printSettings)
        g_object_unref(UnsafeMutableRawPointer(page))
        g_object_unref(UnsafeMutableRawPointer(printSettings))
        connect("draw-page", shape: .pointerInt) { [weak self] context in
            if let self, let context { self.draw(on: OpaquePointer(context)) }
            return false
        }
        connect("done", shape: .pointer) { [weak self] result in
            // A GtkPrintOperationResult in the register a pointer would take: its low 32 bits.
            self?.end(GtkPrintOperationResult(UInt32(truncatingIfNeeded: Int(bitPattern: result))))
            return false
        }
    }

    private var operation: UnsafeMutablePointer<GtkPrintOperation> { raw.cast() }

    /// Shows the dialog over `parent`; `ended` hears once how the print went.
    public func run(parent: Window?, _ ended: @escaping @MainActor (Outcome) -> Void) {
        self.ended = ended
        var error: UnsafeMutablePointer<GError>?
        let result = gtk_print_operation_run(operation, GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG, parent?.window, &error)
        if let error {
            let message = String(cString: error.pointee.message)
            g_error_free(error)
            finish(.failed(message))
        } else if result != GTK_PRINT_OPERATION_RESULT_IN_PROGRESS {
            end(result)
        }
    }

    private func end(_ result: GtkPrintOperationResult) {
        switch result {
        case GTK_PRINT_OPERATION_RESULT_APPLY:
            var settings: [String: String] = [:]
            if let chosen = gtk_print_operation_get_print_settings(operation) {
                withUnsafeMutablePointer(to: &settings) { pointer in
                    gtk_print_settings_foreach(chosen, { key, value, data in
                        guard let key, let value, let data else { return }
                        data.assumingMemoryBound(to: [String: String].self).pointee[String(cString: key)] = String(cString: value)
                    }, pointer)
                }
            }
            finish(.printed(settings: settings))
        case GTK_PRINT_OPERATION_RESULT_ERROR:
            var error: UnsafeMutablePointer<GError>?
            gtk_print_operation_get_error(operation, &error) // a copy
            finish(.failed(error.map { String(cString: $0.pointee.message) } ?? ""))
            if let error { g_error_free(error) }
        default:
            finish(.cancelled)
        }
    }

    private func finish(_ outcome: Outcome) {
        let ended = self.ended
        self.ended = nil
        ended?(outcome)
    }

    /// The picture as large as the printable area allows, its aspect kept, centred.
    private func draw(on context: OpaquePointer) {
        let cr = gtk_print_context_get_cairo_context(context)!
        let areaWidth = gtk_print_context_get_width(context), areaHeight = gtk_print_context_get_height(context)
        let made = source.isCairoARGB32 ? ZoomablePicture.surface(over: source) : ZoomablePicture.surface(of: source.pixbufPointer)
        defer { cairo_surface_destroy(made.surface) }
        let width = Double(made.width), height = Double(made.height)
        let scale = min(areaWidth / width, areaHeight / height)
        cairo_save(cr)
        cairo_translate(cr, (areaWidth - width * scale) / 2, (areaHeight - height * scale) / 2)
        cairo_scale(cr, scale, scale)
        cairo_set_source_surface(cr, made.surface, 0, 0)
        cairo_paint(cr)
        cairo_restore(cr)
    }
}
