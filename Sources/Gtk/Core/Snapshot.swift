import CGtk
import Foundation

/// A widget drawn into an image, for the screenshot mode and tests.
///
/// Drawing happens on the main thread; encoding and writing the PNG may happen on any thread,
/// since the surface is no longer touched by GTK once drawn.
public final class Snapshot: @unchecked Sendable {
    private let surface: OpaquePointer
    public let width: Int
    public let height: Int

    /// What the display shows of `window` now (read back from the window system), which is
    /// exactly what a person sees. Nil when the window is not mapped.
    @MainActor
    public init?(onScreen window: Window) {
        guard window.isMapped, let gdkWindow = gtk_widget_get_window(window.widget) else { return nil }
        width = Int(gdk_window_get_width(gdkWindow))
        height = Int(gdk_window_get_height(gdkWindow))
        guard let pixbuf = gdk_pixbuf_get_from_window(gdkWindow, 0, 0, gint(width), gint(height)) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, gint(width), gint(height))
        let cr = cairo_create(surface)
        gdk_cairo_set_source_pixbuf(cr, pixbuf, 0, 0)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
    }

    /// Reads a PNG file; nil if it is not a readable PNG.
    public init?(pngAt url: URL) {
        let surface = cairo_image_surface_create_from_png(url.path)
        guard let surface, cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            if let surface { cairo_surface_destroy(surface) }
            return nil
        }
        self.surface = surface
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
    }

    deinit { cairo_surface_destroy(surface) }

    /// Writes the image as PNG.
    public func writePNG(to url: URL) throws {
        let status = cairo_surface_write_to_png(surface, url.path)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw GtkError(message: "could not write \(url.path): \(String(cString: cairo_status_to_string(status)))")
        }
    }

    /// How many distinct pixel values the image has, counting at most `limit`.
    public func distinctColors(limit: Int = 64) -> Int {
        guard let data = cairo_image_surface_get_data(surface) else { return 0 }
        let stride = Int(cairo_image_surface_get_stride(surface))
        var seen = Set<UInt32>()
        for y in 0..<height {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                seen.insert(row[x])
                if seen.count >= limit { return limit }
            }
        }
        return seen.count
    }

    /// The pixel at (x, y) as 0xAARRGGBB (premultiplied).
    public func pixel(x: Int, y: Int) -> UInt32 {
        guard let data = cairo_image_surface_get_data(surface), x < width, y < height else { return 0 }
        let stride = Int(cairo_image_surface_get_stride(surface))
        return UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)[x]
    }
}
