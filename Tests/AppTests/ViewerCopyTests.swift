@testable import App
import Domain
import Foundation
import Gtk
import Persistence
import SimulatedInput
import XCTest

/// Ctrl+C in the viewer, opened from the gallery in the main window, puts the picture's own
/// pixels on the clipboard, whole, past the pipeline's largest size bucket.
final class ViewerCopyTests: AppTestCase {
    func testControlCCopiesALargePictureAtItsOwnSize() throws {
        try onMain {
            let server = try startServer { $0.maximumSyntheticSide = 6000 }
            defer { stop(server) }
            let url = server.base.appendingPathComponent("synthetic/7/6000x4000.jpg")
            let (main, _, viewer) = try launchViewingGallery([url], backend: server.base)
            defer { main.window.destroy() }
            waitForServer("the picture", timeout: .seconds(20)) { viewer.image.viewport != nil }

            Clipboard.setText("not a picture")
            XCTAssertTrue(InputSimulation.key("c", modifiers: .control, on: main.window))
            waitUntilTheClipboardOffersAPicture(timeout: .seconds(20))
            // Another program reads it back at its own size.
            XCTAssertEqual(try clipboardImageAsAnotherProgramReadsIt().prefix(2), ["6000", "4000"])
        }
    }
}
