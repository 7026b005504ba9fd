import CGtk

/// The main window of a `GtkApplication`.
@MainActor
public final class ApplicationWindow: Window {
    public init(application: Application) {
        super.init(taking: UnsafeMutableRawPointer(gtk_application_window_new(application.application)))
    }
}
