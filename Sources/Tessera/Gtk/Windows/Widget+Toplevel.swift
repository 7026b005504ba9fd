import CGtk
import Foundation
import Localization

extension Widget {
    /// The window the widget is in, as GTK has it (nil while it is in none).
    private var toplevelWindow: UnsafeMutablePointer<GtkWindow>? {
        guard let top = gtk_widget_get_toplevel(widget), gtk_widget_is_toplevel(top) != 0 else { return nil }
        return UnsafeMutableRawPointer(top).assumingMemoryBound(to: GtkWindow.self)
    }

    /// Which widget has the keyboard focus of the widget's window, to tell later whether it moved.
    public var toplevelFocusMark: FocusMark {
        FocusMark(focus: toplevelWindow.flatMap { gtk_window_get_focus($0) }.map { UnsafeRawPointer($0) })
    }

    /// Whether the window the widget is in fills the screen.
    public var toplevelIsFullscreen: Bool {
        guard let window = toplevelWindow, let surface = gtk_widget_get_window(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWidget.self)) else {
            return false
        }
        return gdk_window_get_state(surface).rawValue & GDK_WINDOW_STATE_FULLSCREEN.rawValue != 0
    }

    /// Makes the window the widget is in fill the screen, or gives it back its size.
    public func setToplevelFullscreen(_ fullscreen: Bool) {
        guard let window = toplevelWindow else { return }
        if fullscreen { gtk_window_fullscreen(window) } else { gtk_window_unfullscreen(window) }
    }

    /// The user's pictures folder (XDG's, in their language), if they have one.
    public static var picturesFolder: URL? {
        guard let path = g_get_user_special_dir(G_USER_DIRECTORY_PICTURES) else { return nil }
        let url = URL(fileURLWithPath: String(cString: path))
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// Opens `uri` with the desktop's handler; the system's words when it cannot.
    public func showURI(_ uri: String) -> String? {
        var error: UnsafeMutablePointer<GError>?
        guard gtk_show_uri_on_window(toplevelWindow, uri, guint32(GDK_CURRENT_TIME), &error) == 0 else { return nil }
        defer { if let error { g_error_free(error) } }
        return error.map { String(cString: $0.pointee.message) } ?? tr("no application opens this address")
    }
}

/// A window's focus widget at a moment; equal marks mean focus stayed.
public struct FocusMark: Equatable {
    fileprivate let focus: UnsafeRawPointer?
}
