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

    @MainActor
    public init(of widget: Widget) {
        let allocation = widget.allocation
        width = max(1, allocation.width)
        height = max(1, allocation.height)
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, gint(width), gint(height))
        let cr = cairo_create(surface)
        gtk_widget_draw(widget.widget, cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
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
