@testable import App
import Foundation
import Gtk
import SimulatedInput
import TestSupport
import XCTest

/// Alt+Return in the viewer, opened from the gallery in the main window: the Properties pane beside the
/// picture says what the file is and what exiftool reads of the same camera JPEG; a PNG without metadata
/// shows no camera; a narrow window has the pane over the picture; the menu's Properties hides it.
final class ViewerPropertiesTests: AppTestCase {
    func testAltReturnShowsTheCamerasDataBesideThePicture() throws {
        let names = ["camera.jpg", "quarters.png"]
        let files = names.map { TestServer.picturesDirectory.appendingPathComponent($0) }
        let data = try serverData(media: Dictionary(uniqueKeysWithValues: zip(names, files).map { ($0, $1) }))
        let exif = try ExifTool.reading(files[0])
        try onMain {
            let server = try startServer { $0.dataDirectory = data }
            defer { stop(server) }
            let (main, _, viewer) = try launchViewingGallery(names.map { server.base.appendingPathComponent("images/\($0)") },
                                                             backend: server.base)
            defer { main.window.destroy() }
            main.window.resize(width: 1100, height: 700)
            waitForServer("the picture", timeout: .seconds(20)) { viewer.image.viewport != nil }
            let pictureWidth = viewer.overlay.allocation.width
            @MainActor func rows() -> [String: String] {
                Dictionary(viewer.propertiesPane.rows.map { ($0.caption, $0.value) }, uniquingKeysWith: { first, _ in first })
            }

            XCTAssertTrue(InputSimulation.key("Return", modifiers: .alt, on: main.window))
            waitForServer("the camera's data", timeout: .seconds(10)) { rows()["Camera"] != nil && viewer.flap.revealProgress == 1 }
            let camera = rows()
            XCTAssertEqual(camera["Dimensions"], "60 × 40 pixels")
            XCTAssertEqual(camera["Format"], "JPEG")
            XCTAssertEqual(camera["File Size"], "1.6 kB")
            XCTAssertEqual(camera["Colour Profile"], "None (shown as sRGB)")
            XCTAssertEqual(camera["Address"], viewer.item.url.absoluteString)
            // Each as exiftool reads it: the model names its make, so it stands alone.
            XCTAssertEqual(camera["Camera"], exif["Model"] as? String)
            XCTAssertEqual(camera["Lens"], exif["LensModel"] as? String)
            let exposure = try XCTUnwrap(exif["ExposureTime"] as? Double)
            XCTAssertEqual(camera["Exposure"], "1/\(Int((1 / exposure).rounded())) s")
            XCTAssertEqual(camera["Aperture"], "ƒ/\(try XCTUnwrap(exif["FNumber"] as? Double))")
            XCTAssertEqual(camera["ISO"], (exif["ISO"] as? Int).map(String.init))
            XCTAssertEqual(camera["Focal Length"], "\(try XCTUnwrap(exif["FocalLength"] as? Int)) mm")
            let taken = try XCTUnwrap(camera["Taken"])
            XCTAssertTrue(taken.contains("2024") && taken.contains("May") && taken.contains("12:34"), taken)
            let latitude = try XCTUnwrap(exif["GPSLatitude"] as? Double), longitude = try XCTUnwrap(exif["GPSLongitude"] as? Double)
            XCTAssertEqual(camera["Place"], "\(latitude)° N, \(-longitude)° W")
            let link = try XCTUnwrap(viewer.propertiesPane.placeLink?.markup)
            XCTAssertTrue(link.contains("https://www.openstreetmap.org/?mlat=38.70770&amp;mlon=-9.13650"), link)
            // Beside the picture, which narrowed for it.
            XCTAssertFalse(viewer.flap.isFolded)
            let pane = try XCTUnwrap(viewer.propertiesPane.widget.origin(in: main.window)).x
            let picture = try XCTUnwrap(viewer.overlay.origin(in: main.window)).x
            XCTAssertGreaterThanOrEqual(pane, picture + viewer.overlay.allocation.width, "the pane at the picture's end")
            XCTAssertLessThan(viewer.overlay.allocation.width, pictureWidth - 200)

            // The next item, a PNG without metadata: the pane follows it, with no camera and no place.
            XCTAssertTrue(InputSimulation.key("Right", on: main.window))
            waitForServer("the PNG's properties", timeout: .seconds(10)) {
                viewer.index == 1 && rows()["Format"] == "PNG" && rows()["Dimensions"] == "60 × 40 pixels"
            }
            XCTAssertNil(rows()["Camera"])
            XCTAssertNil(rows()["Place"])
            XCTAssertEqual(rows()["Address"], viewer.item.url.absoluteString)

            // A narrow window: over the picture; the menu's Properties hides it.
            main.window.resize(width: 600, height: 700)
            waitFor("the pane over the picture") { viewer.flap.isFolded && viewer.overlay.allocation.width >= 560 }
            XCTAssertTrue(viewer.controls.menu.activateItem("Properties"))
            waitFor("the pane hidden") { !viewer.flap.revealsFlap && viewer.flap.revealProgress == 0 }
        }
    }
}
