@testable import App
import Domain
import Foundation
import Gtk
import Persistence
import SimulatedInput
import TestSupport
import XCTest

/// Open With… in the viewer's menu, opened from the gallery in the main window: the desktop's chooser for the
/// picture's type offers the stand-in program (`PictureViewerStandIn`, the default for PNG), and the program it
/// starts gets the server's exact bytes in a file of their own, still there once the viewer has closed.
final class ViewerOpenWithTests: AppTestCase {
    func testTheChosenProgramGetsTheServersExactBytesInAFileThatOutlivesTheViewer() throws {
        PictureViewerStandIn.clear()
        let png = TestServer.picturesDirectory.appendingPathComponent("quarters.png")
        let data = try serverData(media: ["quarters.png": png])
        try onMain {
            let server = try startServer { $0.dataDirectory = data }
            defer { stop(server) }
            let url = server.base.appendingPathComponent("images/quarters.png")
            let (main, coordinator, viewer) = try launchViewingGallery([url], backend: server.base)
            defer { main.window.destroy() }
            waitForServer("the picture", timeout: .seconds(20)) { viewer.image.viewport != nil }

            XCTAssertTrue(InputSimulation.click(viewer.controls.menu, in: main.window))
            waitFor("the picture's menu", timeout: .seconds(10)) { viewer.controls.menu.isActive }
            XCTAssertTrue(viewer.controls.menu.activateItem("Open With…"))
            waitForServer("the application chooser", timeout: .seconds(10)) { viewer.handOff.chooser?.isVisible == true }
            let chooser = try XCTUnwrap(viewer.handOff.chooser)
            XCTAssertEqual(chooser.chosen?.name, "Picture viewer stand-in", "the desktop's default for PNG, chosen to start with")
            XCTAssertTrue(InputSimulation.key("Return", on: chooser))
            // The stand-in copies the file, then writes its path.
            waitFor("the program started with the picture", timeout: .seconds(10)) {
                (try? Data(contentsOf: PictureViewerStandIn.received)) == (try? Data(contentsOf: png))
                    && (try? String(contentsOf: PictureViewerStandIn.startedWith, encoding: .utf8))?.hasSuffix("\n") == true
            }
            XCTAssertFalse(viewer.notice.isShown, "no failure said: \(viewer.notice.text ?? "")")
            let startedWith = try String(contentsOf: PictureViewerStandIn.startedWith, encoding: .utf8)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            XCTAssertEqual(URL(fileURLWithPath: startedWith).lastPathComponent, "quarters.png", "named as the address names it")

            XCTAssertTrue(InputSimulation.key("Escape", on: main.window))
            waitFor("back at the gallery") { coordinator.depth == 1 }
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: startedWith)), try Data(contentsOf: png), "the copy outlives the viewer")
        }
    }
}
