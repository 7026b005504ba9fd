import CGtk
import Domain
import Foundation
import Gtk
import SimulatedInput
import XCTest
@testable import App

/// Turning in the viewer, with real keys: the turned pixels on screen, and the turn kept for the address.
extension ViewerTests {
    /// Ctrl+R turns the picture a quarter clockwise, the zoom kept: at 100 % every screen pixel is the turned
    /// picture's. Ctrl+Shift+R turns it back. The turn is kept for the address: a later viewer shows it turned.
    func testControlRTurnsThePictureAtItsZoomAndALaterVisitShowsItTurned() throws {
        let (data, _) = try pictureData()
        try onMain {
            let server = try startServer { $0.dataDirectory = data }
            defer { stop(server) }
            let choices = ViewerChoices()
            do {
                let (viewer, window) = openViewer(server, choices: choices)
                defer { window.destroy() }
                XCTAssertTrue(InputSimulation.key("1", on: viewer.widget))
                waitForServer("100 % and sharp", timeout: .seconds(10)) { viewer.image.viewport?.percent == 100 && viewer.image.isSharp }
                XCTAssertTrue(InputSimulation.key("r", modifiers: .control, on: viewer.widget))
                // Shown as a move: the turned bitmap comes in from where the old one was, drawn on its way.
                waitForServer("the turn on its way", timeout: .seconds(10)) {
                    (viewer.image.picture.reorientationProgress ?? 0) > 0 && (viewer.image.picture.reorientationProgress ?? 1) < 1
                }
                if let folder = ProcessInfo.processInfo.environment["TESSERA_TEST_SHOTS"] {
                    try screen(of: window).writePNG(to: URL(fileURLWithPath: folder).appendingPathComponent("turning.png"))
                }
                waitFor("the turn in place") { viewer.image.picture.reorientationProgress == nil }
                waitForServer("turned, at 100 %", timeout: .seconds(10)) {
                    viewer.image.viewport?.imageWidth == Double(Self.height) && viewer.image.isSharp && viewer.image.isSettled
                }
                XCTAssertEqual(viewer.image.viewport?.percent, 100, "the zoom kept")
                // Turned clockwise, the shown picture's pixel (x, y) is the test picture's (y, height - 1 - x).
                try assertEveryPixelAtTheCentre(viewer, window, scale: 1) { x, y in Self.colour(y, Self.height - 1 - x) }
                XCTAssertEqual(choices.orientation(of: viewer.item.url).quarterTurns, 1)
                XCTAssertTrue(InputSimulation.key("r", modifiers: [.control, .shift], on: viewer.widget))
                waitForServer("turned back", timeout: .seconds(10)) {
                    viewer.image.viewport?.imageWidth == Double(Self.width) && viewer.image.isSharp && viewer.image.isSettled
                }
                try assertEveryPixelAtTheCentre(viewer, window, scale: 1)
                XCTAssertEqual(choices.orientation(of: viewer.item.url), .upright, "nothing kept for a picture turned back")
                XCTAssertTrue(InputSimulation.key("r", modifiers: [.control, .shift], on: viewer.widget))
                waitFor("turned back once more") { choices.orientation(of: viewer.item.url).quarterTurns == 3 }
            }
            // A later visit: turned a quarter back (three clockwise), fitted.
            let (viewer, window) = openViewer(server, choices: choices)
            defer { window.destroy() }
            XCTAssertEqual(viewer.image.viewport?.imageWidth, Double(Self.height), "shown turned from the start")
            XCTAssertTrue(InputSimulation.key("1", on: viewer.widget))
            waitForServer("100 % and sharp", timeout: .seconds(10)) { viewer.image.viewport?.percent == 100 && viewer.image.isSharp }
            try assertEveryPixelAtTheCentre(viewer, window, scale: 1) { x, y in Self.colour(Self.width - 1 - y, x) }
        }
    }

    /// The menu's flips mirror the picture at its zoom: left to right, then top to bottom (together a half turn,
    /// which is what is kept for the address).
    func testTheMenusFlipsMirrorThePictureAndAreKept() throws {
        let (data, _) = try pictureData()
        try onMain {
            let server = try startServer { $0.dataDirectory = data }
            defer { stop(server) }
            let choices = ViewerChoices()
            let (viewer, window) = openViewer(server, choices: choices)
            defer { window.destroy() }
            XCTAssertTrue(InputSimulation.key("1", on: viewer.widget))
            waitForServer("100 % and sharp", timeout: .seconds(10)) { viewer.image.viewport?.percent == 100 && viewer.image.isSharp }
            XCTAssertTrue(viewer.controls.menu.activateItem("Flip Horizontally"))
            waitFor("flipped left to right") { choices.orientation(of: viewer.item.url) == PictureOrientation.upright.flippedHorizontally }
            waitForServer("shown flipped, at 100 %", timeout: .seconds(10)) {
                viewer.image.viewport?.percent == 100 && viewer.image.isSharp && viewer.image.isSettled
            }
            try assertEveryPixelAtTheCentre(viewer, window, scale: 1) { x, y in Self.colour(Self.width - 1 - x, y) }
            XCTAssertTrue(viewer.controls.menu.activateItem("Flip Vertically"))
            waitFor("flipped top to bottom too") { choices.orientation(of: viewer.item.url) == PictureOrientation(quarterTurns: 2) }
            waitForServer("shown flipped both ways", timeout: .seconds(10)) { viewer.image.isSharp && viewer.image.isSettled }
            try assertEveryPixelAtTheCentre(viewer, window, scale: 1) { x, y in Self.colour(Self.width - 1 - x, Self.height - 1 - y) }
        }
    }

    /// Save As writes a turned picture as it is shown: the turned pixels, its sides swapped, losslessly for a PNG.
    func testSaveAsWritesATurnedPictureAsShown() throws {
        let (data, _) = try pictureData()
        let folder = dataDirectory.appendingPathComponent("saved-turned")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        setenv("TESSERA_SAVE_FOLDER", folder.path, 1)
        defer { unsetenv("TESSERA_SAVE_FOLDER") }
        try onMain {
            let server = try startServer { $0.dataDirectory = data }
            defer { stop(server) }
            let (viewer, window) = openViewer(server)
            defer { window.destroy() }
            XCTAssertTrue(InputSimulation.key("r", modifiers: .control, on: viewer.widget))
            waitForServer("turned", timeout: .seconds(10)) { viewer.image.viewport?.imageWidth == Double(Self.height) }
            XCTAssertTrue(InputSimulation.key("s", modifiers: .control, on: viewer.widget))
            waitForServer("the file chooser", timeout: .seconds(20)) { InputSimulation.toplevelTitled("Save Picture") }
            XCTAssertTrue(InputSimulation.key("Return", onWindowTitled: "Save Picture"))
            let saved = folder.appendingPathComponent("detail.png")
            waitFor("saved", timeout: .seconds(10)) { FileManager.default.fileExists(atPath: saved.path) }
            XCTAssertFalse(viewer.notice.isShown, viewer.notice.text ?? "")
        }
        let file = folder.appendingPathComponent("detail.png")
        let pixbuf = try XCTUnwrap(gdk_pixbuf_new_from_file(file.path, nil), "a picture gdk-pixbuf reads")
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        XCTAssertEqual([Int(gdk_pixbuf_get_width(pixbuf)), Int(gdk_pixbuf_get_height(pixbuf))], [Self.height, Self.width])
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf)), channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let pixels = try XCTUnwrap(gdk_pixbuf_get_pixels(pixbuf))
        for (x, y) in [(0, 0), (599, 0), (0, 899), (599, 899), (123, 456), (301, 77)] {
            let pixel = pixels + y * stride + x * channels
            let read = UInt32(pixel[0]) << 16 | UInt32(pixel[1]) << 8 | UInt32(pixel[2])
            // Turned clockwise, the saved pixel (x, y) is the test picture's (y, height - 1 - x).
            XCTAssertEqual(read, Self.colour(y, Self.height - 1 - x), "pixel (\(x), \(y))")
        }
    }
}
