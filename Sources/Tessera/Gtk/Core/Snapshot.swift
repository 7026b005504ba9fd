import CGtk
import Foundation

/// A widget drawn into an image for screenshots and tests: drawn on the main thread, encoded anywhere.
public final class Snapshot: @unchecked Sendable {
    private let surface: OpaquePointer
    /// The image's size in device pixels.
    public let width: Int
    public let height: Int
    /// Device pixels per logical pixel of the window it was taken from (1 for a file).
    public let scale: Int

    /// What the display shows of `window`, read back at device pixels; nil unmapped.
    @MainActor
    public init?(onScreen window: Window) {
        guard window.isMapped, let gdkWindow = gtk_widget_get_window(window.widget) else { return nil }
        let logicalWidth = gdk_window_get_width(gdkWindow), logicalHeight = gdk_window_get_height(gdkWindow)
        // GDK reads the window at its device pixels.
        guard let pixbuf = gdk_pixbuf_get_from_window(gdkWindow, 0, 0, logicalWidth, logicalHeight) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        width = Int(gdk_pixbuf_get_width(pixbuf))
        height = Int(gdk_pixbuf_get_height(pixbuf))
        scale = max(1, width / max(1, Int(logicalWidth)))
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, gint(width), gint(height))
        let cr = cairo_create(surface)
        gdk_cairo_set_source_pixbuf(cr, pixbuf, 0, 0)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
    }

    /// `window` drawn by its widgets, no window system needed (Wayland too); nil unrealized.
    @MainActor
    public init?(drawing window: Window) {
        guard window.isRealized else { return nil }
        // A pending resize first, as the next frame would.
        gtk_container_check_resize(UnsafeMutableRawPointer(window.widget).assumingMemoryBound(to: GtkContainer.self))
        let allocation = window.allocation
        guard allocation.width > 0, allocation.height > 0 else { return nil }
        scale = window.scaleFactor
        width = allocation.width * scale
        height = allocation.height * scale
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, gint(width), gint(height))
        cairo_surface_set_device_scale(surface, Double(scale), Double(scale))
        let cr = cairo_create(surface)
        gtk_widget_draw(window.widget, cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
    }

    /// A picture resampled to cover `width` x `height`, centred and cropped, as a filling widget paints.
    @MainActor
    public init(of source: any PixbufSource, covering width: Int, _ height: Int) {
        self.width = width
        self.height = height
        scale = 1
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, gint(width), gint(height))
        Picture.paint(source.pixbufPointer, into: surface, width: width, height: height, scaling: .fill)
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
        scale = 1
    }

    deinit { cairo_surface_destroy(surface) }

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
