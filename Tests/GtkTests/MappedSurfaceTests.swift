import CGtk
@testable import Gtk
import XCTest

/// Pictures' surfaces take their pixels from mappings of their own, given back whole when the
/// surface goes: checked in the process's own map of its memory.
final class MappedSurfaceTests: GtkTestCase {
    /// A picture of one colour.
    private final class Plain: PixbufSource, @unchecked Sendable {
        let pixbufPointer: OpaquePointer

        init(side: Int) {
            pixbufPointer = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, gint(side), gint(side))!
            gdk_pixbuf_fill(pixbufPointer, 0x3366_99FF)
        }

        deinit { g_object_unref(gpointer(pixbufPointer)) }
    }

    /// Whether a mapping of this process starts at `address`.
    private func mappingStarts(at address: UInt) throws -> Bool {
        let maps = try String(contentsOfFile: "/proc/self/maps", encoding: .utf8)
        return maps.split(separator: "\n").contains { line in
            line.split(separator: "-").first.flatMap { UInt($0, radix: 16) } == address
        }
    }

    func testATileSizedSurfaceIsAMappingOfItsOwnThatDrawsAndGoesWithIt() throws {
        let surface = MappedSurface.make(width: 200, height: 150)
        XCTAssertEqual(cairo_surface_status(surface), CAIRO_STATUS_SUCCESS)
        XCTAssertTrue(MappedSurface.isMapped(surface))
        XCTAssertEqual(cairo_image_surface_get_width(surface), 200)
        XCTAssertEqual(cairo_image_surface_get_height(surface), 150)
        let pixels = try XCTUnwrap(cairo_image_surface_get_data(surface))
        // The mapping starts a header's length before the pixels, on a page.
        let start = UInt(bitPattern: pixels) - 16
        XCTAssertEqual(start % UInt(sysconf(Int32(_SC_PAGESIZE))), 0)
        XCTAssertTrue(try mappingStarts(at: start), "the pixels are a mapping of their own")
        XCTAssertEqual(pixels[0], 0, "cleared: transparent")

        let cr = cairo_create(surface)!
        cairo_set_source_rgba(cr, 1, 0, 0, 1)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let last = pixels + 149 * stride + 199 * 4
        XCTAssertEqual(UnsafeRawPointer(last).loadUnaligned(as: UInt32.self), 0xFFFF_0000, "opaque red in its last pixel")

        cairo_surface_destroy(surface)
        XCTAssertFalse(try mappingStarts(at: start), "given back with the surface")
    }

    func testASmallSurfaceComesFromTheHeap() {
        let surface = MappedSurface.make(width: 32, height: 32)
        defer { cairo_surface_destroy(surface) }
        XCTAssertEqual(cairo_surface_status(surface), CAIRO_STATUS_SUCCESS)
        XCTAssertFalse(MappedSurface.isMapped(surface), "4 KB of pixels: a mapping would cost more than it saves")
    }

    /// A picture's surface at its size, made while drawing and made aside after a resize, is mapped.
    func testAPicturesSurfacesAreMapped() throws {
        try onMain {
            let window = Window()
            defer { window.destroy() }
            let picture = Picture(scaling: .fill)
            picture.setSizeRequest(width: 180, height: 180)
            let box = Box(.vertical)
            box.append(picture)
            window.add(box)
            window.showAll()
            picture.show(Plain(side: 300))
            try Self.drawFrame(window)
            XCTAssertEqual(picture.surfaceIsMapped, true, "made while drawing")
            picture.setSizeRequest(width: 220, height: 220)
            try Self.drawFrame(window)
            XCTAssertTrue(GtkRuntime.iterate(until: { picture.paintsAtItsSize }, timeout: .seconds(5)))
            XCTAssertEqual(picture.surfaceIsMapped, true, "made aside")
        }
    }
}
