import CGtk
import Localization

/// A GLib error turned into a Swift error.
public struct GtkError: Error, CustomStringConvertible, Sendable {
    public let message: String
    init(consuming error: UnsafeMutablePointer<GError>?) {
        message = error.map { String(cString: $0.pointee.message) } ?? tr("unknown error")
        if let error { g_error_free(error) }
    }
    public init(message: String) { self.message = message }
    public var description: String { message }
}
