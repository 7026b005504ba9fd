import CGdkPixbuf
import CGtk
@testable import Gtk
import XCTest

/// An avatar showing initials costs no memory per frame: libhandy 1.8's own drawing of initials
/// leaks a font description each time, and a chat scrolled for an hour draws them thousands of times.
final class AvatarTests: GtkTestCase {
    func testDrawingInitialsAgainAndAgainKeepsTheHeapWhereItWas() throws {
        try onMain {
            let (window, avatar) = try Self.shown(Avatar(size: 40, text: "Ada Lovelace"))
            defer { window.destroy() }
            for _ in 0..<50 { Self.draw(avatar) }
            let before = tessera_malloc_stats().inUse
            for _ in 0..<3_000 { Self.draw(avatar) }
            let grown = Int(tessera_malloc_stats().inUse) - Int(before)
            XCTAssertLessThan(grown, 64 << 10, "3,000 frames of an avatar's initials took \(grown) bytes of heap that stayed")
        }
    }

    func testWhatIsPaintedIsTheThemesDrawingOfTheInitials() throws {
        try onMain {
            let (window, avatar) = try Self.shown(Avatar(size: 40, text: "Ada Lovelace"))
            defer { window.destroy() }
            let painted = Self.draw(avatar)
            let themes = Self.draw(avatar, byTheTheme: true)
            XCTAssertEqual(painted, themes, "the avatar shows what HdyAvatar draws")
            XCTAssertGreaterThan(Set(painted).count, 8, "initials on a colour, not one flat colour")
            avatar.text = "Grace Hopper"
            let renamed = Self.draw(avatar)
            XCTAssertNotEqual(renamed, painted, "a new name is drawn again")
            XCTAssertEqual(renamed, Self.draw(avatar, byTheTheme: true))
        }
    }

    @MainActor
    private static func shown(_ avatar: Avatar) throws -> (Window, Avatar) {
        let window = Window()
        window.add(avatar)
        window.showAll()
        try drawFrame(window)
        return (window, avatar)
    }

    /// The avatar's pixels, drawn as a frame draws it (the `draw` signal) or by HdyAvatar's own drawing.
    @MainActor
    @discardableResult
    private static func draw(_ avatar: Avatar, byTheTheme: Bool = false) -> [UInt32] {
        let side = Int32(gtk_widget_get_allocated_width(avatar.widget))
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, side, side)
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)
        if byTheTheme {
            let type = UnsafeMutableRawPointer(avatar.widget).assumingMemoryBound(to: GTypeInstance.self).pointee.g_class.pointee.g_type
            _ = g_type_class_peek(type)?.assumingMemoryBound(to: GtkWidgetClass.self).pointee.draw?(avatar.widget, cr)
        } else {
            gtk_widget_draw(avatar.widget, cr)
        }
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface)) / 4
        let pixels = cairo_image_surface_get_data(surface)!.withMemoryRebound(to: UInt32.self, capacity: stride * Int(side)) {
            Array(UnsafeBufferPointer(start: $0, count: stride * Int(side)))
        }
        return pixels
    }
}
