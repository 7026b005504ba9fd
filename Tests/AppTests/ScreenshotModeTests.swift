@testable import App
import Composition
import Foundation
import Gtk
import Logging
import Persistence
import XCTest

final class ScreenshotModeTests: AppTestCase {
    func testScreenshotModeWritesEverySectionAndSceneInBothVariants() throws {
        try onMain {
            let output = dataDirectory.appendingPathComponent("shots")
            let options = LaunchOptions(unique: false, screenshotDirectory: output, iconsFolder: CompositionRoot.iconsFolder,
                                        stylesheet: CompositionRoot.stylesheet())
            let app = TesseraApp(options: options, sections: CompositionRoot.sections(paths: AppPaths(root: dataDirectory), backend: nil),
                                 store: makeStore(), logger: Logger(label: "test"))
            let theme = ThemeSettings()
            let animations = theme.animationsEnabled
            defer { theme.animationsEnabled = animations }
            XCTAssertEqual(app.run(), 0)
            XCTAssertFalse(FileManager.default.fileExists(atPath: AppPaths(root: dataDirectory).settingsFile.path),
                           "an automated launch remembers nothing of a person's settings")
            let names = try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
            let sections = ["facts", "feed", "gallery", "messages", "people"]
            let scenes = ["facts-detail-landscape", "facts-detail-portrait", "facts-search", "feed-viewer-image", "feed-viewer-video",
                          "feed-viewer-zoomed", "gallery-chosen", "messages-detail", "messages-pane", "messages-search", "people-edit",
                          "people-narrow", "people-pane", "people-search"]
            let narrowest = sections.map { "\($0)-360" }
            let windows = ["preferences"]
            XCTAssertEqual(names, (sections + scenes + narrowest + windows).flatMap { ["\($0)-dark.png", "\($0)-light.png"] }.sorted())
            var darkCorner: UInt32 = 0, lightCorner: UInt32 = 0
            for name in names {
                let image = try XCTUnwrap(Snapshot(pngAt: output.appendingPathComponent(name)), name)
                if name.contains("portrait") {
                    XCTAssertGreaterThan(image.height, image.width, "\(name) is a portrait window")
                } else if name.contains("narrow") || name.contains("-360-") {
                    XCTAssertLessThan(image.width, 700, "\(name) is a narrow window")
                } else if name.hasPrefix("preferences-") {
                    XCTAssertTrue((PreferencesWindow.size.width..<PreferencesWindow.size.width + 40).contains(image.width),
                                  "\(name) is the Preferences window alone (\(image.width) wide)")
                } else if name.contains("pane") {
                    XCTAssertGreaterThanOrEqual(image.width, 1400, "\(name) is a wide window")
                } else {
                    XCTAssertGreaterThanOrEqual(image.width, TesseraApp.screenshotSize.width, name)
                    XCTAssertGreaterThanOrEqual(image.height, TesseraApp.screenshotSize.height, name)
                    XCTAssertLessThan(image.width, TesseraApp.screenshotSize.width + 40, name)
                }
                XCTAssertGreaterThan(image.distinctColors(limit: 16), 8, "\(name) is not blank")
                // A point of the sidebar below its rows: the window's own background, never a
                // picture (the gallery's tiles reach the content's corner once their pictures load).
                let pixel = image.pixel(x: 30, y: image.height - 30)
                if name == "gallery-dark.png" { darkCorner = pixel }
                if name == "gallery-light.png" { lightCorner = pixel }
            }
            XCTAssertLessThan(luminance(darkCorner), luminance(lightCorner), "dark is darker than light")
        }
    }

    private func luminance(_ argb: UInt32) -> Int {
        Int((argb >> 16) & 0xff) + Int((argb >> 8) & 0xff) + Int(argb & 0xff)
    }
}
