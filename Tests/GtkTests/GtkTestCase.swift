import Gtk
import XCTest

/// Base for tests that need a display: initialises GTK once and installs the main-loop bridge.
/// XCTest runs test methods on the main thread, one at a time, which is what GTK requires.
class GtkTestCase: XCTestCase {
    @MainActor private static var bridge: MainLoopBridge?

    override func setUp() {
        super.setUp()
        MainActor.assumeIsolated {
            guard Self.bridge == nil else { return }
            // Synthesised input (XTest/XSendEvent core events) only reaches GTK when GDK listens to
            // core events rather than XInput2.
            setenv("GDK_CORE_DEVICE_EVENTS", "1", 1)
            guard GtkRuntime.initialize() else {
                XCTFail("no display: run the tests under xvfb-run (make test does)")
                return
            }
            Self.bridge = MainLoopBridge()
        }
    }

    /// Runs `body` on the main actor (test methods run on the main thread).
    func onMain<T: Sendable>(_ body: @MainActor () throws -> T) rethrows -> T {
        try MainActor.assumeIsolated(body)
    }

    /// Queues a redraw of `window` and waits until it is drawn.
    @MainActor
    static func drawFrame(_ window: Window) throws {
        var drawn = false
        window.onNextDraw { drawn = true }
        window.queueDraw()
        XCTAssertTrue(GtkRuntime.iterate(until: { drawn }, timeout: .seconds(5)), "a frame was drawn")
    }
}

/// An object whose lifetime a test watches through a weak reference.
final class Sentinel {}
