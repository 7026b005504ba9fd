import CGtk
@_spi(SimulatedInput) import Gtk
import XCTest

/// A frame's layout is timed within that frame: the wait before a later frame's paint is no one's work.
final class FrameTimingTests: GtkTestCase {
    func testAFrameThatOnlyLaysOutLendsNoTimeToTheNextPaint() throws {
        try onMain {
            let window = Window()
            let label = Label("Laid out, not painted")
            window.add(label)
            window.setDefaultSize(width: 300, height: 200)
            window.showAll()
            defer { window.destroy() }
            try Self.drawFrame(window)
            let timing = try XCTUnwrap(FrameTiming(widget: window))
            var layouts: [Double] = []
            timing.onFrame = { layout, _ in layouts.append(layout) }
            // A frame with a layout phase and nothing to paint.
            gdk_frame_clock_request_phase(gtk_widget_get_frame_clock(window.gtkWidget), GDK_FRAME_CLOCK_PHASE_LAYOUT)
            let idle = ContinuousClock.now + .milliseconds(400)
            _ = GtkRuntime.iterate(until: { ContinuousClock.now >= idle }, timeout: .seconds(1))
            try Self.drawFrame(window)
            XCTAssertFalse(layouts.isEmpty, "the painted frame was timed")
            XCTAssertLessThan(layouts.max() ?? 0, 200, "the 400 ms between the frames counted as layout: \(layouts)")
        }
    }
}
