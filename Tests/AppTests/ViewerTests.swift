@testable import App
import CGtk
import Domain
import Foundation
import Gtk
import ImagePipeline
import Networking
import HelperClients
import SimulatedInput
import TestSupport
import XCTest

/// The viewer with real input (XTest through xdotool, and GDK's key events): 100 % is every
/// picture pixel on one screen pixel at scale 1 and 2, a drag moves the picture with the pointer,
/// Ctrl+scroll and double-click zoom around the pointer, the keys, the clipboard read back by
/// another program, and Save As writing the server's exact bytes.
final class ViewerTests: AppTestCase {
    /// The test picture's size: one-pixel detail everywhere, no two neighbours alike.
    static let width = 900, height = 600

    /// The colour of the test picture's pixel (x, y), 0xRRGGBB.
    static func colour(_ x: Int, _ y: Int) -> UInt32 {
        let r = UInt32((x * 7 + y * 3) & 0xFF), g = UInt32((x * 13) ^ (y * 5)) & 0xFF, b = UInt32((x + y) % 2 == 0 ? 40 : 210)
        return r << 16 | g << 8 | b
    }

    /// The test picture, written as a PNG (RGB, no alpha, no profile) into a server data folder.
    func pictureData() throws -> (folder: URL, png: URL) {
        let png = dataDirectory.appendingPathComponent("detail.png")
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, gint(Self.width), gint(Self.height))!
        defer { cairo_surface_destroy(surface) }
        let data = cairo_image_surface_get_data(surface)!
        let stride = Int(cairo_image_surface_get_stride(surface))
        for y in 0..<Self.height {
            let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<Self.width { row[x] = Self.colour(x, y) }
        }
        cairo_surface_mark_dirty(surface)
        XCTAssertEqual(cairo_surface_write_to_png(surface, png.path), CAIRO_STATUS_SUCCESS)
        return (try serverData(media: ["detail.png": png]), png)
    }

    /// A viewer of the test picture in a window of its own, at `scale`.
    @MainActor
    func openViewer(_ server: TestServer, scale: Int = 1, width: Int = 500, height: Int = 400,
                            choices: ViewerChoices? = nil) -> (ViewerPage, Window) {
        // Helpers of its own: a test's decodes wait for none of an earlier test's.
        let pipeline = ImagePipeline(client: CurlHTTPClient(), configuration: .init(retryDelays: []),
                                     decoders: [SandboxedImageDecoder(processes: DecoderProcesses())])
        let url = server.base.appendingPathComponent("images/detail.png")
        let items = [ViewerItem(id: "0", url: url, kind: .picture, name: "Detail"),
                     ViewerItem(id: "1", url: url.appendingPathExtension("missing"), kind: .picture, name: "Missing")]
        let viewer = ViewerPage(items: items, index: 0, pipeline: pipeline, goBack: {}, viewerChoices: choices ?? ViewerChoices())
        let window = Window()
        window.add(viewer.widget)
        window.setDefaultSize(width: width, height: height)
        window.showAll()
        InputSimulation.movePointerAway(from: window)
        waitFor("the window at scale \(scale)") { window.scaleFactor == scale }
        waitForServer("the picture fitted", timeout: .seconds(15)) { viewer.isSettled && viewer.image.viewport != nil }
        if !viewer.isSettled { XCTFail("the picture's progress: \(viewer.image.progress)") }
        return (viewer, window)
    }

    /// Runs `body` with a viewer of the test picture in a window of its own, served by a server
    /// of its own.
    private func withViewer(_ body: @MainActor (ViewerPage, Window) throws -> Void) throws {
        let (data, _) = try pictureData()
        try onMain {
            let server = try startServer { $0.dataDirectory = data }
            defer { stop(server) }
            let (viewer, window) = openViewer(server)
            defer { window.destroy() }
            try body(viewer, window)
        }
    }

    /// Where a point of the picture area is on the screen, for xdotool.
    @MainActor
    private func screenPoint(_ viewer: ViewerPage, _ x: Double, _ y: Double, in window: Window) throws -> (Int, Int) {
        let screen = try XCTUnwrap(window.screenOrigin), inWindow = try XCTUnwrap(viewer.image.picture.origin(in: window))
        return (screen.x + inWindow.x + Int(x), screen.y + inWindow.y + Int(y))
    }

    func testAtOneHundredPercentEachPicturePixelIsOneScreenPixelAtScale1And2() throws {
        let (data, _) = try pictureData()
        try onMain {
            let server = try startServer { $0.dataDirectory = data }
            defer { stop(server) }
            for scale in [1, 2] {
                XCTAssertTrue(GtkRuntime.forceWindowScale(scale))
                defer { _ = GtkRuntime.forceWindowScale(1) }
                let (viewer, window) = openViewer(server, scale: scale, width: 400, height: 300)
                defer { window.destroy() }
                let fitted = try XCTUnwrap(viewer.image.viewport)
                XCTAssertTrue(fitted.isFitted)
                XCTAssertLessThan(fitted.zoom, 1, "a large picture opens fitted")
                XCTAssertTrue(InputSimulation.key("1", on: viewer.widget))
                waitForServer("100 % and sharp", timeout: .seconds(10)) { viewer.image.viewport?.percent == 100 && viewer.image.isSharp }
                XCTAssertEqual(viewer.controls.zoomLevel.label, "100 %")
                XCTAssertEqual(viewer.controls.zoomLevel.accessibleName, "Zoom Level, 100 %")
                XCTAssertEqual(viewer.image.picture.accessibleDescription, "Zoom 100 %")
                try assertEveryPixelAtTheCentre(viewer, window, scale: scale)
                if scale == 1 {
                    // At scale 1 the picture at 100 % is over four times the view: only the part
                    // in view (and a margin) is decoded, and a pan past the margin brings the next.
                    let part = try XCTUnwrap(viewer.image.detailShown, "decoded by its part in view")
                    XCTAssertLessThanOrEqual(part.width * part.height, Self.width * Self.height / 2, "the view and a margin")
                    for _ in 0..<6 { XCTAssertTrue(InputSimulation.key("Right", on: viewer.widget)) }
                    waitFor("panned to the right edge") { (viewer.image.viewport?.centerX ?? 0) >= Double(Self.width) - 200 }
                    waitForServer("the next part, sharp", timeout: .seconds(10)) { viewer.image.isSharp && viewer.image.isSettled }
                    XCTAssertNotEqual(viewer.image.detailShown, part)
                    try assertEveryPixelAtTheCentre(viewer, window, scale: scale)
                } else {
                    XCTAssertNil(viewer.image.detailShown, "at scale 2 the view is large enough to decode the picture whole")
                }
            }
        }
    }

    /// A block at the view's centre: screen pixel for picture pixel, exactly; `colour` is the shown picture's
    /// pixel (the test picture's, or a turned one's).
    @MainActor
    func assertEveryPixelAtTheCentre(_ viewer: ViewerPage, _ window: Window, scale: Int,
                                             colour: (Int, Int) -> UInt32 = ViewerTests.colour,
                                             file: StaticString = #filePath, line: UInt = #line) throws {
        let viewport = try XCTUnwrap(viewer.image.viewport)
        let shot = try screen(of: window)
        XCTAssertEqual(shot.scale, scale)
        let origin = try XCTUnwrap(viewer.image.picture.origin(in: window))
        var wrong = 0, first: String?
        let centre = viewport.picturePoint(atViewX: viewport.viewWidth / 2, y: viewport.viewHeight / 2)
        for dy in -20..<20 {
            for dx in -20..<20 {
                let px = Int(centre.x) + dx, py = Int(centre.y) + dy
                let sx = origin.x * scale + Int(viewport.origin.x) + px, sy = origin.y * scale + Int(viewport.origin.y) + py
                let seen = shot.pixel(x: sx, y: sy) & 0xFFFFFF
                if seen != colour(px, py) {
                    wrong += 1
                    if first == nil { first = "(\(px), \(py)): \(String(format: "%06X", seen)) for \(String(format: "%06X", colour(px, py)))" }
                }
            }
        }
        XCTAssertEqual(wrong, 0, "scale \(scale): every pixel as the picture has it; first wrong: \(first ?? "")", file: file, line: line)
    }

    /// A touchpad pinch zooms by the fingers' distance around the point between them, which
    /// stays where it was on the picture (each step larger than the view both ways: a picture
    /// that fits one way is centred that way).
    func testAPinchZoomsAroundThePointBetweenTheFingers() throws {
        try withViewer { viewer, _ in
            let fitted = try XCTUnwrap(viewer.image.viewport)
            let allocation = viewer.image.picture.allocation
            let (x, y) = (Double(allocation.width) * 0.3, Double(allocation.height) * 0.4)
            let before = fitted.picturePoint(atViewX: x, y: y)
            XCTAssertTrue(InputSimulation.pinch(on: viewer.image.picture, x: x, y: y, scales: [1.5, 1.8, 2.0]))
            waitFor("zoomed by the pinch") { abs((viewer.image.viewport?.zoom ?? 0) - fitted.zoom * 2) < 0.001 }
            let after = try XCTUnwrap(viewer.image.viewport).picturePoint(atViewX: x, y: y)
            XCTAssertEqual(after.x, before.x, accuracy: 1, "the point between the fingers stays")
            XCTAssertEqual(after.y, before.y, accuracy: 1)
            waitForServer("sharp at the new zoom", timeout: .seconds(10)) { viewer.image.isSharp && viewer.image.isSettled }
        }
    }

    func testADragMovesThePictureWithThePointerAndDoubleClickTogglesFit() throws {
        try withViewer { viewer, window in
            // A double-click at a point zooms to 100 % there: the picture's point under it stays.
            let (x, y) = (150.0, 120.0)
            let under = try XCTUnwrap(viewer.image.viewport).picturePoint(atViewX: x, y: y)
            let (sx, sy) = try screenPoint(viewer, x, y, in: window)
            try xdotool(["mousemove", "\(sx)", "\(sy)", "click", "--repeat", "2", "--delay", "80", "1"])
            waitFor("100 % after a double-click") { viewer.image.viewport?.percent == 100 }
            let zoomed = try XCTUnwrap(viewer.image.viewport)
            let after = zoomed.picturePoint(atViewX: x, y: y)
            XCTAssertEqual(after.x, under.x, accuracy: 1)
            XCTAssertEqual(after.y, under.y, accuracy: 1)
            XCTAssertTrue(zoomed.canPan)

            // A drag left and up by (60, 40): the picture moves with the pointer.
            let before = zoomed.origin
            try xdotool(["mousemove", "\(sx)", "\(sy)", "mousedown", "1", "mousemove", "\(sx - 30)", "\(sy - 20)",
                         "mousemove", "\(sx - 60)", "\(sy - 40)", "mouseup", "1"])
            waitFor("the picture dragged") { viewer.image.viewport?.origin.x != before.x }
            waitFor("the drag's end") { viewer.image.viewport?.origin.x == before.x - 60 }
            let dragged = try XCTUnwrap(viewer.image.viewport)
            XCTAssertEqual(dragged.origin.x, before.x - 60, "the picture followed the pointer across")
            XCTAssertEqual(dragged.origin.y, before.y - 40, "and down")
            XCTAssertEqual(dragged.percent, 100, "a drag does not zoom")

            // A double-click again: best fit.
            try xdotool(["click", "--repeat", "2", "--delay", "80", "1"])
            waitFor("best fit after a double-click") { viewer.image.viewport?.isFitted == true }
        }
    }

    func testCtrlScrollZoomsAroundThePointerAndTheKeysZoom() throws {
        try withViewer { viewer, window in
            let fit = try XCTUnwrap(viewer.image.viewport).zoom
            // Right of the centre, on its level: zooming there moves no edge into the view.
            let (x, y) = (330.0, 200.0)
            let under = try XCTUnwrap(viewer.image.viewport).picturePoint(atViewX: x, y: y)
            let (sx, sy) = try screenPoint(viewer, x, y, in: window)
            try xdotool(["mousemove", "\(sx)", "\(sy)", "keydown", "ctrl", "click", "--repeat", "3", "4", "keyup", "ctrl"])
            waitFor("zoomed in by the wheel") { (viewer.image.viewport?.zoom ?? 0) > fit * 1.2 }
            let zoomed = try XCTUnwrap(viewer.image.viewport)
            let after = zoomed.picturePoint(atViewX: x, y: y)
            XCTAssertEqual(after.x, under.x, accuracy: 1, "the point under the pointer stays under it")
            XCTAssertEqual(after.y, under.y, accuracy: 1)

            // The keys: 2 is 200 %, minus a step out, 0 best fit, Ctrl+plus a step in.
            XCTAssertTrue(InputSimulation.key("2", on: viewer.widget))
            waitFor("200 %") { viewer.image.viewport?.percent == 200 }
            XCTAssertTrue(InputSimulation.key("minus", on: viewer.widget))
            waitFor("133 %") { viewer.image.viewport?.percent == 133 }
            XCTAssertTrue(InputSimulation.key("0", on: viewer.widget))
            waitFor("best fit") { viewer.image.viewport?.isFitted == true }
            XCTAssertFalse(viewer.controls.zoomOut.isSensitive, "no further out than best fit")
            XCTAssertTrue(InputSimulation.key("plus", modifiers: .control, on: viewer.widget))
            waitFor("a step in") { abs((viewer.image.viewport?.zoom ?? 0) - fit * 1.5) < 0.001 }
            // Zoomed in, Right pans; fitted, it goes to the next item.
            let origin = try XCTUnwrap(viewer.image.viewport).origin.x
            XCTAssertTrue(InputSimulation.key("Right", on: viewer.widget))
            waitFor("panned right") { (viewer.image.viewport?.origin.x ?? origin) < origin }
            XCTAssertEqual(viewer.index, 0)
            XCTAssertTrue(InputSimulation.key("0", on: viewer.widget))
            XCTAssertTrue(InputSimulation.key("Right", on: viewer.widget))
            waitFor("the next item") { viewer.index == 1 }
            waitForServer("its failure in words") { viewer.image.failure != nil }
            XCTAssertEqual(viewer.image.picture.shownIcon, ImageView.brokenIcon)
            // Said on screen under the icon, not only to a screen reader.
            XCTAssertEqual(viewer.image.failureShown, viewer.image.failure)
            waitFor("the words on screen") { viewer.image.downloadLabel.isMapped }
            XCTAssertNil(viewer.image.downloadShown, "no download bar with them")
            XCTAssertFalse(viewer.controls.next.isVisible, "the last item has no next")
            viewer.controls.previous.click()
            waitFor("back to the first") { viewer.index == 0 }
            XCTAssertNil(viewer.image.failureShown, "the failure goes with its picture")
            waitForServer("its picture again", timeout: .seconds(10)) { viewer.image.viewport != nil && viewer.isSettled }
        }
    }

    func testCopyPutsTheWholePictureOnTheClipboardForAnotherProgram() throws {
        try withViewer { viewer, window in
            Clipboard.setText("not a picture")
            XCTAssertTrue(InputSimulation.key("c", modifiers: .control, on: viewer.widget))
            waitUntilTheClipboardOffersAPicture(timeout: .seconds(10))
            let answer = try clipboardImageAsAnotherProgramReadsIt()
            XCTAssertEqual(answer.count, 3, "the other program read an image: \(answer)")
            XCTAssertEqual(Array(answer.prefix(2)), [String(Self.width), String(Self.height)], "the whole picture, not the fitted one")
            // Its pixel (123, 45), as the picture has it.
            XCTAssertEqual(answer.last, String(format: "%06X", Self.colour(123, 45)))
        }
    }

    func testSaveAsWritesTheServersBytesUnderTheirFormatsName() throws {
        let (data, png) = try pictureData()
        let folder = dataDirectory.appendingPathComponent("saved")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        setenv("TESSERA_SAVE_FOLDER", folder.path, 1)
        defer { unsetenv("TESSERA_SAVE_FOLDER") }
        try onMain {
            let server = try startServer { $0.dataDirectory = data }
            defer { stop(server) }
            let (viewer, window) = openViewer(server)
            defer { window.destroy() }
            XCTAssertTrue(InputSimulation.key("s", modifiers: .control, on: viewer.widget))
            waitForServer("the file chooser", timeout: .seconds(10)) { InputSimulation.toplevelTitled("Save Picture") }
            // Enter takes the name suggested: the address's, with the real format's extension.
            XCTAssertTrue(InputSimulation.key("Return", onWindowTitled: "Save Picture"))
            let expected = try Data(contentsOf: png)
            waitFor("saved as detail.png, the exact bytes the server sent", timeout: .seconds(10)) {
                (try? Data(contentsOf: folder.appendingPathComponent("detail.png"))) == expected
            }
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["detail.png"])
        }
    }

    /// A viewer closed after zooming, panning and copying is freed with its bitmaps: an evening of
    /// opening pictures does not grow (the viewer benchmark's --rounds found 7 MB a round).
    func testAClosedViewerIsFreedWithItsPictures() throws {
        let (data, _) = try pictureData()
        try onMain {
            let server = try startServer { $0.dataDirectory = data }
            defer { stop(server) }
            weak var freedViewer: ViewerPage?
            weak var freedPicture: ZoomablePicture?
            do {
                let (viewer, window) = openViewer(server)
                freedViewer = viewer
                freedPicture = viewer.image.picture
                XCTAssertTrue(InputSimulation.key("1", on: viewer.widget))
                waitForServer("100 % and sharp", timeout: .seconds(10)) { viewer.image.viewport?.percent == 100 && viewer.image.isSharp }
                XCTAssertTrue(InputSimulation.key("Right", on: viewer.widget))
                XCTAssertTrue(InputSimulation.key("0", on: viewer.widget))
                waitForServer("fitted and sharp", timeout: .seconds(10)) { viewer.image.isFitted && viewer.image.isSharp && viewer.image.isSettled }
                window.destroy()
            }
            waitFor("the viewer freed", timeout: .seconds(5)) { freedViewer == nil && freedPicture == nil }
            GtkRuntime.iterate(until: { false }, timeout: .milliseconds(500))
        }
    }

    /// The zoom level speaks of the picture shown: while the next one loads, and when it fails,
    /// the button said the last picture's level ("100 %") and its neighbours still zoomed.
    func testTheZoomLevelSaysNoLevelWhileNoPictureIsShown() throws {
        try withViewer { viewer, _ in
            XCTAssertTrue(InputSimulation.key("1", on: viewer.widget))
            waitFor("100 %") { viewer.image.viewport?.percent == 100 }
            XCTAssertEqual(viewer.controls.zoomLevel.label, "100 %")
            XCTAssertTrue(InputSimulation.key("0", on: viewer.widget))
            waitFor("fitted") { viewer.image.isFitted }
            let fitted = try XCTUnwrap(viewer.image.viewport?.percent)
            XCTAssertTrue(InputSimulation.key("Right", on: viewer.widget))
            waitFor("the next item") { viewer.index == 1 }
            for moment in ["loading", "failed"] {
                if moment == "failed" { waitForServer("the missing picture failed") { viewer.image.failure != nil } }
                XCTAssertEqual(viewer.controls.zoomLevel.label, ViewerControls.noZoomLevel, moment)
                XCTAssertEqual(viewer.controls.zoomLevel.accessibleName, "Zoom Level", moment)
                for button in [viewer.controls.zoomOut, viewer.controls.zoomLevel, viewer.controls.zoomIn] {
                    XCTAssertFalse(button.isSensitive, "\(moment): \(button.accessibleName)")
                }
            }
            XCTAssertTrue(InputSimulation.key("Left", on: viewer.widget))
            waitFor("back to the first") { viewer.index == 0 }
            waitForServer("the picture fitted again") { viewer.isSettled && viewer.image.viewport != nil }
            XCTAssertEqual(viewer.controls.zoomLevel.label, "\(fitted) %")
            XCTAssertEqual(viewer.controls.zoomLevel.accessibleName, "Zoom Level, \(fitted) %")
            XCTAssertTrue(viewer.controls.zoomLevel.isSensitive)
            XCTAssertTrue(viewer.controls.zoomIn.isSensitive)
            XCTAssertFalse(viewer.controls.zoomOut.isSensitive, "fitted: nothing to zoom out to")
        }
    }

    /// Panning and zooming change the buttons only when what they show changes: replacing the
    /// fullscreen icon at every change laid the page out again and again (at scale 2 the buttons
    /// were remade every frame and never drawn).
    func testTheButtonsAreNotRemadeWhileThePictureMoves() throws {
        try withViewer { viewer, _ in
            XCTAssertTrue(InputSimulation.key("1", on: viewer.widget))
            waitFor("100 %") { viewer.image.viewport?.percent == 100 }
            let icon = viewer.controls.fullscreen.iconIdentity
            XCTAssertNotNil(icon)
            for key in ["Right", "Down", "Left", "Up", "Right"] {
                let before = viewer.image.viewport?.origin.x
                XCTAssertTrue(InputSimulation.key(key, on: viewer.widget))
                waitFor("panned by \(key)") { viewer.image.viewport?.origin.x != before || key == "Down" || key == "Up" }
            }
            XCTAssertTrue(viewer.controls.fullscreen.iconIdentity == icon, "the fullscreen icon stayed the same widget")
            XCTAssertEqual(viewer.controls.zoomLevel.label, "100 %")
        }
    }
}
