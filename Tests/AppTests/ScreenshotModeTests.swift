import Foundation
import Gtk
import TestSupport
import XCTest

/// `tessera-automated --screenshot DIR`, which `make screenshots` runs: every section and scene
/// in light and dark, from the real app in a process of its own on its built-in backend.
final class ScreenshotModeTests: XCTestCase {
    private let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("tessera-automated")
    /// The window's size for screenshots (`Automation.windowSize`) and the Preferences window's.
    private let window = (width: 1100, height: 760), preferencesWidth = 640

    func testScreenshotModeWritesEverySectionAndSceneInBothVariants() throws {
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw XCTSkip("tessera-automated is not built beside the tests at \(binary.path)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-shots-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("shots"), data = folder.appendingPathComponent("data")
        let environment = ProcessInfo.processInfo.environment.merging(["NO_AT_BRIDGE": "1"]) { $1 }
        let run = try runProgram(binary.path, ["--data-dir", data.path, "--screenshot", output.path], environment: environment)
        XCTAssertEqual(run.status, 0, run.output)
        XCTAssertFalse(FileManager.default.fileExists(atPath: data.appendingPathComponent("config/settings.json").path),
                       "screenshots remember nothing of a person's settings")
        let names = try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
        let sections = ["facts", "feed", "gallery", "messages", "people"]
        let scenes = ["facts-detail-landscape", "facts-detail-portrait", "facts-search", "feed-viewer-image", "feed-viewer-video",
                      "feed-viewer-properties", "feed-viewer-zoomed", "gallery-chosen", "messages-detail", "messages-pane", "messages-search", "people-edit",
                      "people-narrow", "people-pane", "people-search"]
        let narrowest = sections.map { "\($0)-360" } + ["sidebar-360"]
        let windows = ["preferences", "preferences-storage"]
        XCTAssertEqual(names, (sections + scenes + narrowest + windows).flatMap { ["\($0)-dark.png", "\($0)-light.png"] }.sorted())
        var darkCorner: UInt32 = 0, lightCorner: UInt32 = 0, foldedCorner: UInt32 = 0
        for name in names {
            let image = try XCTUnwrap(Snapshot(pngAt: output.appendingPathComponent(name)), name)
            if name.contains("portrait") {
                XCTAssertGreaterThan(image.height, image.width, "\(name) is a portrait window")
            } else if name.contains("narrow") || name.contains("-360-") {
                XCTAssertLessThan(image.width, 700, "\(name) is a narrow window")
            } else if name.hasPrefix("preferences-") {
                XCTAssertTrue((preferencesWidth..<preferencesWidth + 40).contains(image.width),
                              "\(name) is the Preferences window alone (\(image.width) wide)")
            } else if name.contains("pane") {
                XCTAssertGreaterThanOrEqual(image.width, 1400, "\(name) is a wide window")
            } else {
                XCTAssertGreaterThanOrEqual(image.width, window.width, name)
                XCTAssertGreaterThanOrEqual(image.height, window.height, name)
                XCTAssertLessThan(image.width, window.width + 40, name)
            }
            XCTAssertGreaterThan(image.distinctColors(limit: 16), 8, "\(name) is not blank")
            // A point of the sidebar below its rows: the window's own background, never a
            // picture (the gallery's tiles reach the content's corner once their pictures load).
            let pixel = image.pixel(x: 30, y: image.height - 30)
            if name == "gallery-dark.png" { darkCorner = pixel }
            if name == "gallery-light.png" { lightCorner = pixel }
            if name == "sidebar-360-light.png" { foldedCorner = pixel }
        }
        XCTAssertEqual(foldedCorner, lightCorner, "the folded sidebar open over the gallery at 360 px")
        XCTAssertLessThan(luminance(darkCorner), luminance(lightCorner), "dark is darker than light")
    }

    private func luminance(_ argb: UInt32) -> Int {
        Int((argb >> 16) & 0xff) + Int((argb >> 8) & 0xff) + Int(argb & 0xff)
    }
}
